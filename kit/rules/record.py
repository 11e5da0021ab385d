"""Reading the five-section admission record format: headings, section bodies, encounter facts,
dated lines and prose sentences.

It parses layout only. It never interprets clinical content and never guesses a missing heading:
a record without its five headings in order is refused with RecordFormatError naming what is wrong.
"""

from __future__ import annotations

import re

HEADINGS: tuple[str, ...] = (
    "ENCOUNTER FACTS",
    "ORDERS AND AUTHENTICATION",
    "ADMITTING PRACTITIONER DOCUMENTATION",
    "SERVICES DELIVERED",
    "UTILIZATION REVIEW NOTES",
)
ORDERS, DOCUMENTATION, SERVICES, REVIEW = HEADINGS[1:]
_FACT = re.compile(r"^  (\S.*?)\s{2,}(\S.*)$")
_DATED = re.compile(r"^\s*(\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2})?)\s{2,}(\S.*)$")
# Titles and Latin abbreviations whose full stop does not end a sentence.
ABBREVIATIONS: tuple[str, ...] = (
    "Dr.", "Mr.", "Mrs.", "Ms.", "Prof.", "e.g.", "i.e.", "vs.", "No.", "St.", "approx.", "etc.", "cf.",
)  # fmt: skip
# A sentence ends at . ! or ? (with any closing quotes or brackets), or where a markup comment or a
# chat-template token closes, followed by white space and something that can open a sentence.
_SENTENCE_END = re.compile(
    r"(?:(?<=[.!?])[\"'\u201d\u2019)\]]*|(?<=-->)|(?<=\|>)|(?<=/INST\]))\s+(?=[\"'\u201c\u2018(\[<#*A-Z0-9])"
)
FACT_LABELS = {
    "Encounter": "id",
    "Admitted": "admitted_at",
    "Facility": "facility",
    "Service line": "service_line",
    "Admitting role": "admitting_role",
    "Record assembled as at": "assembled_as_at",
}


class RecordFormatError(ValueError):
    """The text is not in the five-section record format."""


def sections(text: str) -> dict[str, str]:
    """Each heading's body (the lines between it and the next heading), in record order."""
    lines = text.splitlines()
    found: list[tuple[str, int]] = []
    for heading in HEADINGS:
        index = next((i for i, line in enumerate(lines) if line.strip() == heading), None)
        if index is None:
            raise RecordFormatError(f"missing the section heading {heading!r}")
        found.append((heading, index))
    order = [index for _, index in found]
    if order != sorted(order):
        raise RecordFormatError("the five section headings are not in the expected order")
    bodies = {}
    for n, (heading, index) in enumerate(found):
        end = found[n + 1][1] if n + 1 < len(found) else len(lines)
        bodies[heading] = "\n".join(lines[index + 1 : end]).strip("\n")
    return bodies


def encounter_facts(text: str) -> dict[str, str]:
    """The ENCOUNTER FACTS block as a dict keyed like records.json (id, admitted_at, ...)."""
    facts = {}
    for line in sections(text)["ENCOUNTER FACTS"].splitlines():
        match = _FACT.match(line)
        if match and match.group(1) in FACT_LABELS:
            facts[FACT_LABELS[match.group(1)]] = match.group(2).strip()
    return facts


def admitted_at(text: str) -> str:
    """The Admitted value from ENCOUNTER FACTS; RecordFormatError when there is none."""
    value = encounter_facts(text).get("admitted_at")
    if value is None:
        raise RecordFormatError("ENCOUNTER FACTS has no 'Admitted' line")
    return value


def dated_lines(body: str) -> list[str]:
    """The dated lines of a section body, without their indentation."""
    return [line.strip() for line in body.splitlines() if _DATED.match(line)]


def dated_text(line: str) -> str:
    """A dated line's text after its date stamp."""
    match = _DATED.match(line)
    return match.group(2) if match else line.strip()


def sentences(text: str) -> list[str]:
    """Prose split into sentences, each an exact substring of one line, stripped: at every line break,
    and after a sentence end that does not close one of ABBREVIATIONS. A decimal (38.9) never splits."""
    out: list[str] = []
    for line in text.splitlines():
        start = 0
        for match in _SENTENCE_END.finditer(line):
            if line[start : match.start()].endswith(ABBREVIATIONS):
                continue
            piece = line[start : match.end()].strip()
            if piece:
                out.append(piece)
            start = match.end()
        tail = line[start:].strip()
        if tail:
            out.append(tail)
    return out
