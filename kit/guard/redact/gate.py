"""The egress gate: defence in depth after redaction. Before a record goes to a hosted endpoint, every
word and digit run of every identifier the record's own fields name is looked for in the outgoing
text, in any case, with any spacing or punctuation between its characters and in any order; if one
is still there, the call must not be made.

Which identifiers: the people named in labelled fields, in prose after a relation word or behind a
title (kit.guard.redact.finder's `people`: each name word of two letters or more, name particles such
as "van" or "de" aside), every capitalised word at the start of a person's field in the facts layout
(so a name the parser could not read still stops the call), every number in a person's field, and
every value the labelled pattern rows find (record numbers, SSN, phone, fax, pager, ZIP: the whole
digit string with any separators, and each run of five digits or more; an address: its house number
and street name).

What it refuses to do: it never returns or logs a value, only the record's identifier types that
survive; it finds nothing the record's fields do not name (a relative named only in prose is the
redactor's job, not the gate's); it replaces nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from kit.guard.redact import dates, facts, finder, lexicon, patterns
from kit.rules import record

DIGIT_RUN = 5  # a digit run of this many or more is looked for on its own (four would be a year or a dose)
_SEPARATOR = r"[^0-9A-Za-z]{0,3}"
_STREET_WORD = r"[A-Za-z][A-Za-z'’-]+"
_HOUSE_AND_STREET = re.compile(rf"\d{{1,5}}[A-Za-z]?[ \t]+(?:{_STREET_WORD}[ \t]+){{0,3}}{_STREET_WORD}")
_LETTERS = r"[^\W\d_]"
_PLACEHOLDER = re.compile(r"\[[A-Z]+-\d+\]")


class EgressRefused(Exception):
    """A record whose outgoing text still carries an identifier its fields name; the message names the
    record and the types, never the value."""

    def __init__(self, record_id: str, kinds: list[str]) -> None:
        self.record_id = record_id
        self.kinds = kinds
        super().__init__(
            f"not sent: egress gate: {', '.join(kinds)} named in the fields of {record_id} is still in "
            "the redacted text"
        )


def _field_words(value: str) -> list[str]:
    """The capitalised words among the first four of a person's field value that starts with one,
    before any number, parenthesis or sentence end, a relation word or a label after the first word
    aside: what the gate looks for even when the name parser could not read the name ("DE LA O, Dawn")."""
    head = re.split(r"\d|\(|[.;:!?](?:\s|$)", value.strip())[0]
    words = re.findall(rf"{_LETTERS}+", head)[:4]
    if not words or not words[0][0].isupper():
        return []
    return [w for i, w in enumerate(words) if w[0].isupper() and w not in patterns.NOT_NAMES
            and w not in patterns.TITLES and not re.fullmatch(patterns.RELATIONS, w.lower())
            and not (i and facts.label_word(w))]  # "ANTHONY ESPOSITO SON  TEL 828-...": the next label


def _name_probe(part: str) -> str:
    """A name word alone, in any case; a name that is also an English word ("Ray", "Hope") only as a
    name is written, capitalised or in capitals, so "first-ray resection" does not stop a record."""
    if lexicon.english(part):
        title, upper = part[:1].upper() + part[1:].lower(), part.upper()
        return rf"(?<!{_LETTERS})(?:{re.escape(title)}|{re.escape(upper)})(?!{_LETTERS})"
    return rf"(?<!{_LETTERS})(?i:{re.escape(part)})(?!{_LETTERS})"


def _name_probes(text: str) -> Iterator[tuple[str, str]]:
    named = [(p.kind, p.words + p.aliases) for p in finder.people(text)]
    named += [(kind, _field_words(value)) for _, kind, value in finder.label_fields(text, columns_only=True)]
    for kind, words in named:
        for word in words:
            for part in re.findall(rf"{_LETTERS}{{2,}}", word):
                if part.lower() not in patterns.PARTICLES | patterns.SUFFIXES:
                    yield kind, _name_probe(part)


def _digits(value: str) -> str:
    return re.sub(r"\D", "", value)


def _spaced(chars: str) -> str:
    return _SEPARATOR.join(map(re.escape, chars))


def _value_probes(text: str) -> Iterator[tuple[str, str]]:
    for span in finder.field_numbers(text):
        yield span.kind, rf"(?<!\d){_spaced(_digits(text[span.start : span.end]))}(?!\d)"
    for kind, pattern in patterns.FREE:
        for match in pattern.finditer(text):
            value = match.group("v")
            if kind in ("EMAIL", "URL", "IP"):
                yield kind, rf"(?<![\w.])(?i:{re.escape(value)})(?![\w])"
            elif kind != "ADDRESS":
                yield kind, rf"(?<!\d){_spaced(_digits(value))}(?!\d)"
    for kind, pattern in patterns.LABELLED:
        for match in pattern.finditer(text):
            value = match.group("v")
            if kind == "ADDRESS":
                street = _HOUSE_AND_STREET.match(value.strip())
                if street:
                    words = re.findall(r"[0-9A-Za-z'’-]+", street.group())
                    joined = r"[^0-9A-Za-z]{1,3}".join(map(re.escape, words))
                    yield kind, rf"(?<![0-9A-Za-z])(?i:{joined})(?![0-9A-Za-z])"
                continue
            digits = _digits(value)
            if len(digits) >= DIGIT_RUN:
                yield kind, rf"(?<!\d){_spaced(digits)}(?!\d)"
            for run in re.findall(rf"\d{{{DIGIT_RUN},}}", value):
                yield kind, rf"(?<!\d){run}(?!\d)"


# The record's own section headings, each at the start of its line.
_HEADINGS = re.compile(rf"^(?:{'|'.join(map(re.escape, record.HEADINGS))})", re.MULTILINE)


def without_dates(text: str) -> str:
    """`text` with every date blanked out: "June" in "27 June 2023" is a month, not a name."""
    out = list(text)
    for found in dates.find(text, finder.anchor_year(text)):
        out[found.start : found.end] = " " * (found.end - found.start)
    return "".join(out)


def leaks(original: str, outgoing: str) -> list[str]:
    """The identifier types named in `original`'s fields that `outgoing` still carries (its dates set
    aside), sorted; empty when the text may go."""
    outgoing = _PLACEHOLDER.sub(" ", without_dates(outgoing))  # "[PHONE-1]" is the redactor's, no name
    outgoing = _HEADINGS.sub(" ", outgoing)  # the record's own "SERVICES DELIVERED" names no one
    probes: dict[str, list[str]] = {}
    for kind, probe in (*_name_probes(original), *_value_probes(original)):
        probes.setdefault(kind, []).append(probe)
    return sorted(kind for kind, found in probes.items()  # one pattern per type
                  if re.compile("|".join(f"(?:{p})" for p in dict.fromkeys(found))).search(outgoing))


def check(record_id: str, original: str, outgoing: str) -> None:
    """Raise EgressRefused when `outgoing` carries an identifier `original`'s fields name."""
    kinds = leaks(original, outgoing)
    if kinds:
        raise EgressRefused(record_id, kinds)
