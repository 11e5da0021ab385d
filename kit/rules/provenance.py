"""Provenance: where in the record a reading's citation lies, and what the rulebook says the reading
is worth when that is not the section the evidence must come from.

The rulebook's provenance table (policy.json "provenance", read through kit.rules.rulebook) names, per
element, the reading that counts from one section only: an `order-present` from ORDERS AND
AUTHENTICATION, a `documented` stay from ADMITTING PRACTITIONER DOCUMENTATION. A citation is located
section by section in the normalised text (the folding kit.rules.citation grades with), so a quote counts as
in a section when that section's body holds it word for word. A quote found in no section, or no quote
at all, is a breach too.

It locates and judges; it never edits the answer it is given (``worth`` returns a copy), never decides
a verdict (kit.rules.recheck does) and never raises on a malformed record: a text without the five
headings has no section to find anything in.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from kit.rules import citation, elements, record, rulebook
from kit.rules.answer import Answer


@dataclass(frozen=True)
class Breach:
    """One reading that does not come from where the rulebook says it must."""

    element: str
    finding: str
    section: str
    found_in: tuple[str, ...]
    worth: str
    cited: bool = True  # False when the reading quotes nothing at all

    @property
    def detail(self) -> str:
        if not self.cited:
            where = "it cites nothing"
        elif self.found_in:
            where = "its citation is in " + " and ".join(self.found_in)
        else:
            where = "its citation is in no section of the record"
        return f"{self.finding} must be cited from {self.section}, but {where}: {self.worth}"


def sections_holding(record_text: str, quote: str | None) -> tuple[str, ...]:
    """The record sections (in record order) whose normalised body holds the normalised quote."""
    needle = citation.norm(quote or "")
    if not needle:
        return ()
    return tuple(heading for heading, body in _normalised_sections(record_text) if needle in body)


SECTIONS_KEPT = 16384  # texts: a planted set is read through twice (flips, then utility), so the cache
# must hold a whole set, three quarters of the records; 4,096 thrashed at 6,000 records (339,276 misses
# for 64,162 texts, the injection phase 238 s against 195 s with room for all)


@lru_cache(maxsize=SECTIONS_KEPT)
def _normalised_sections(record_text: str) -> tuple[tuple[str, str], ...]:
    """(heading, normalised body) per section, in record order; none for a text not in the format.
    Kept per text: one record's provenance is asked about again and again (every reading of every
    answer, raw and rechecked, of every arm and planted set), and a text's sections never change."""
    try:
        bodies = record.sections(record_text)
    except record.RecordFormatError:
        return ()
    return tuple((heading, citation.norm(body)) for heading, body in bodies.items())


def breaches(answer: Answer, record_text: str) -> list[Breach]:
    """Every reading the provenance table governs whose citation is not located in its section."""
    found = []
    for element, rule in rulebook.provenance().items():
        row = answer.row(element)
        governed = elements.word(element, rule["reading"])
        if row is None or row.finding != governed:
            continue
        where = sections_holding(record_text, row.citation)
        if rule["section"] not in where:
            worth_word = elements.word(element, rule["elsewhere"])
            cited = bool(citation.norm(row.citation or ""))
            found.append(Breach(element, governed, rule["section"], where, worth_word, cited))
    return found


def worth(answer: Answer, found: list[Breach]) -> Answer:
    """A copy of the answer with each breached reading replaced by the word the rulebook says it is
    worth; its citation and values are kept, every other row is untouched."""
    if not found:
        return answer
    # Each row copied (its fields are text and numbers) and the answer around them: what deepcopy gave,
    # at a tenth of its cost in the measurements that recheck every planted record.
    rows = {element: replace(row) for element, row in answer.elements.items()}
    counted = replace(answer, elements=rows, problems=list(answer.problems))
    for breach in found:
        counted.elements[breach.element].finding = breach.worth
    return counted
