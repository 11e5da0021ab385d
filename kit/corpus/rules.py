"""The per-record rules a corpus folder meets beyond parsing: the record's layout against its
records.json row, and where and how a gold citation sits in its record.

The label gate (tests/eval/test_label_gate.py) states the same rules on its own, importing nothing
from here; tests/integration/test_corpus_agreement.py holds the two to the same verdict. This module only
reports: it never repairs a record, moves a citation or guesses a value.
"""

from __future__ import annotations

import calendar
import re
from datetime import date
from typing import Any

from kit.rules import elements, record

LABEL_WIDTH = 30
FACT_FIELDS = (
    ("Encounter", "id"),
    ("Facility", "facility"),
    ("Service line", "service_line"),
    ("Admitting role", "admitting_role"),
)
AS_OF_LABEL = "Record assembled as at"
DATED_LINE = {
    record.ORDERS: re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}  \S"),
    record.SERVICES: re.compile(r"\d{4}-\d{2}-\d{2}  \S"),
    record.REVIEW: re.compile(r"\d{4}-\d{2}-\d{2}  \S"),
}
STAMP_START = re.compile(r"\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?  ")
SENTENCE_END = ".!?"
CLOSERS = "\"')"
MONTHS = tuple(calendar.month_name)[1:]
NUMBER_WORDS = (
    "zero", "one", "two", "three", "four", "five", "six", "seven",
    "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen",
)
ONE_NIGHT = (r"\bsingle\b", r"\bovernight\b", r"\ba night\b", r"\ba midnight\b")


def section_of_lines(lines: list[str]) -> list[str | None]:
    """For each line, the section it lies in (None above the first heading and on heading lines)."""
    owner: list[str | None] = []
    current = None
    for line in lines:
        if line in record.HEADINGS:
            current = line
            owner.append(None)
        else:
            owner.append(current)
    return owner


def layout_problems(rid: str, text: str, facts: dict[str, Any], as_of: str | None) -> list[str]:
    """The record's title line, headings, ENCOUNTER FACTS lines and dated lines against its
    records.json row (title and each fact checked only when the row gives it) and the manifest."""
    where = f"{rid}.txt:"
    problems = []
    lines = text.split("\n")
    title = facts.get("title")
    if title is not None and lines[0] != f"ADMISSION RECORD {rid} -- {title}":
        problems.append(f"{where} first line is {lines[0][:80]!r}, records.json's title gives "
                        f"'ADMISSION RECORD {rid} -- {title}'")
    if [line for line in lines if line in record.HEADINGS] != list(record.HEADINGS):
        problems.append(f"{where} each section heading must stand alone on its line, once, in order")
        return problems
    owners = section_of_lines(lines)
    stated: dict[str, str] = {}
    for line, section in zip(lines, owners, strict=True):
        if section == record.HEADINGS[0] and line.strip():
            label, value = line[2 : 2 + LABEL_WIDTH].rstrip(), line[2 + LABEL_WIDTH :]
            if not line.startswith("  ") or line[2] == " " or not value or value[0] == " ":
                problems.append(f"{where} fact line is not two spaces, a label padded to {LABEL_WIDTH}, "
                                f"then the value: {line[:80]!r}")
                continue
            stated[label] = value
        elif section in DATED_LINE and line.strip() and not (
            line.startswith("  ") and DATED_LINE[section].match(line[2:])
        ):
            problems.append(f"{where} line in {section} is not an indented dated line: {line[:80]!r}")
    for label, field in FACT_FIELDS:
        if field in facts and stated.get(label) != facts[field]:
            problems.append(f"{where} {_stated(label, stated)}, records.json says {facts[field]!r}")
    if as_of is not None and stated.get(AS_OF_LABEL) != as_of:
        problems.append(f"{where} {_stated(AS_OF_LABEL, stated)}, manifest says {as_of!r}")
    return problems


def _stated(label: str, stated: dict[str, str]) -> str:
    """What ENCOUNTER FACTS says for a label, or that it has no such line."""
    if label not in stated:
        return f"ENCOUNTER FACTS has no {label!r} line"
    return f"{label} is {stated[label]!r}"


def allowed_sections(element: str, klass: str) -> tuple[str, ...]:
    """Where a gold citation for this element may come from. An order intention written only in the
    practitioner's note is an ambiguous order; a documented stay is the practitioner's own words;
    only a stay that is not documented (a planner's provisional date) may sit in the review notes."""
    if element == elements.ADMITTING_ORDER:
        return (record.ORDERS, record.DOCUMENTATION) if klass == elements.AMBIGUOUS else (record.ORDERS,)
    if element == elements.STAY_EXPECTATION:
        return (record.DOCUMENTATION,) if klass == elements.PRESENT else (record.DOCUMENTATION, record.REVIEW)
    if element == elements.COMORBIDITIES:
        return (record.DOCUMENTATION,)
    return (record.SERVICES,)


def _whole_sentences(line: str, start: int, end: int) -> bool:
    """True when line[start:end] begins a sentence (at the line's start or after a sentence end and a
    space) and ends one (with . ! or ?, maybe a closing quote or bracket, then a space or the line end)."""
    before, quote = line[:start].rstrip().rstrip(CLOSERS), line[start:end]
    begins = (start == 0 or line[start - 1].isspace()) and (not before or before[-1] in SENTENCE_END)
    ends = quote.rstrip(CLOSERS)[-1:] in tuple(SENTENCE_END) and (end == len(line) or line[end].isspace())
    return bool(quote.strip()) and begins and ends


def citation_problem(element: str, klass: str, quote: str, text: str) -> str | None:
    """Why a gold citation is not acceptable, or None. It must be on one line, occur verbatim exactly
    once in the record, sit in a section the element is written in, and be a whole dated line
    (without its indent) or one or more whole sentences of a paragraph."""
    if "\n" in quote or "\r" in quote:
        return "spans more than one line"
    times = text.count(quote)
    if times != 1:
        return f"occurs {times} times in the record, wanted exactly once"
    at = text.index(quote)
    lines = text.split("\n")
    line_no = text.count("\n", 0, at)
    line, section = lines[line_no], section_of_lines(lines)[line_no]
    wanted = allowed_sections(element, klass)
    if section not in wanted:
        return f"sits in {section or 'no section'}, wanted {' or '.join(wanted)}"
    start = at - (text.rfind("\n", 0, at) + 1)
    if section in DATED_LINE or STAMP_START.match(quote):
        return None if line == "  " + quote else "is not a whole dated line (without its two-space indent)"
    if not _whole_sentences(line, start, start + len(quote)):
        return "is not one or more whole sentences: a single word or a cut-off phrase cannot be a gold line"
    return None


def _date_patterns(day: date) -> list[str]:
    month = MONTHS[day.month - 1]
    short, d, m = month[:3], day.day, day.month
    return [
        re.escape(day.isoformat()),
        rf"{month}\.? 0?{d}(?!\d)",
        rf"{short}\.? 0?{d}(?!\d)",
        rf"(?<!\d)0?{d}(st|nd|rd|th)? (of )?{month}",
        rf"(?<!\d)0?{d}(st|nd|rd|th)? (of )?{short}\b",
        rf"(?<!\d)0?{m}/0?{d}(?!\d)",
    ]


def _night_patterns(nights: int) -> list[str]:
    patterns = [rf"(?<!\d){nights}(?!\d)"]
    if nights < len(NUMBER_WORDS):
        patterns.append(rf"\b{NUMBER_WORDS[nights]}\b")
    return patterns + list(ONE_NIGHT) if nights == 1 else patterns


def value_written(norm_quote: str, discharge: str | None, nights: int | None) -> bool:
    """True when the stay value can be read off its (normalised) citation: the date in ISO, month-name
    or m/d form, or the night count in digits or words."""
    patterns = _date_patterns(date.fromisoformat(discharge)) if discharge else _night_patterns(nights or 0)
    return any(re.search(p, norm_quote, flags=re.IGNORECASE) for p in patterns)
