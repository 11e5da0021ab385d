"""Checks of the key's citations against the record text: placement, spans, and the stay value
written in its own citation."""

from __future__ import annotations

import re
from datetime import date

from tests.eval.label_gate.days import is_night_count, parse_day
from tests.eval.label_gate.key_checks import row_class
from tests.eval.label_gate.layout import DATED_LINE, STAMP_START, allowed_sections, section_map
from tests.eval.label_gate.loader import key_rows, rows_of
from tests.eval.label_gate.spans import find_spans, normalise
from tests.eval.label_gate.vocabulary import STAY

_SENTENCE_END = (".", "!", "?")
_CLOSERS = "\"')"


def whole_sentences(line: str, start: int, end: int) -> bool:
    """True when [start, end) of a prose line is one or more whole sentences: it starts at the line's
    start or after a sentence's closing mark and a space, and ends with . ! or ? (a closing quote or
    bracket may follow) at the line's end or before a space. One word cut out of a sentence is not."""
    before, cited = line[:start].rstrip().rstrip(_CLOSERS), line[start:end]
    starts = (start == 0 or line[start - 1].isspace()) and (not before or before.endswith(_SENTENCE_END))
    ends = cited.rstrip(_CLOSERS).endswith(_SENTENCE_END) and (end == len(line) or line[end].isspace())
    return bool(cited.strip()) and starts and ends


def check_citation_placement(corpus: dict) -> list[str]:
    """Each cited line is verbatim in the record exactly once, in a section that element is written in."""
    problems = []
    for rid, key in key_rows(corpus):
        text = corpus["texts"].get(rid)
        if text is None:
            problems.append(f"{rid}: no record text {rid}.txt to find its citations in")
            continue
        lines = text.split("\n")
        owners = section_map(lines)
        for element, row in rows_of(key).items():
            cited = row.get("citation")
            if not isinstance(cited, str):
                continue
            if "\n" in cited:
                problems.append(f"{rid}: {element} citation spans more than one line: {cited!r}")
                continue
            times = text.count(cited)
            if times != 1:
                problems.append(
                    f"{rid}: {element} citation occurs {times} times in the record text, "
                    f"wanted once: {cited!r}"
                )
                continue
            at = text.index(cited)
            line_no = text.count("\n", 0, at)
            line, section = lines[line_no], owners[line_no]
            wanted = allowed_sections(element, row_class(element, row))
            if section not in wanted:
                problems.append(
                    f"{rid}: {element} citation sits in {section!r}, wanted {' or '.join(wanted)}: {cited!r}"
                )
            start = at - (text.rfind("\n", 0, at) + 1)
            if section in DATED_LINE or STAMP_START.match(cited):
                if line != "  " + cited:
                    problems.append(
                        f"{rid}: {element} citation is not a whole dated line minus its indent: {cited!r}"
                    )
            elif not whole_sentences(line, start, start + len(cited)):
                problems.append(f"{rid}: {element} citation is not whole sentences of its prose: {cited!r}")
    return problems


def check_spans(corpus: dict) -> list[str]:
    """The recorded span, cut from the normalised record, is the normalised citation, and it is
    the one place the gate's own span finder puts it."""
    problems = []
    for rid, key in key_rows(corpus):
        text = corpus["texts"].get(rid)
        if text is None:
            continue
        normal = normalise(text)
        for element, row in rows_of(key).items():
            cited, span = row.get("citation"), row.get("span")
            if not isinstance(cited, str) or span is None:
                continue
            if not (
                isinstance(span, list)
                and len(span) == 2
                and all(isinstance(n, int) and not isinstance(n, bool) for n in span)
                and 0 <= span[0] < span[1] <= len(normal)
            ):
                problems.append(
                    f"{rid}: {element} span {span!r} is not [start, end) inside the normalised text"
                )
                continue
            cut = normal[span[0] : span[1]]
            if cut != normalise(cited):
                problems.append(
                    f"{rid}: {element} span {span} cuts {cut!r}, not the citation {normalise(cited)!r}"
                )
            found = find_spans(normal, cited)
            if len(found) != 1:
                problems.append(
                    f"{rid}: {element} citation is found {len(found)} times in the normalised text"
                )
            elif list(found[0]) != span:
                problems.append(
                    f"{rid}: {element} span {span} but the gate finds the citation at {list(found[0])}"
                )
    return problems


_NUMBER_WORDS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
]
_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


def _date_patterns(day: date) -> list[str]:
    month, short = _MONTHS[day.month - 1], _MONTHS[day.month - 1][:3]
    d, m = day.day, day.month
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
    if nights < len(_NUMBER_WORDS):
        patterns.append(rf"\b{_NUMBER_WORDS[nights]}\b")
    if nights == 1:
        patterns += [r"\bsingle\b", r"\bovernight\b", r"\ba night\b", r"\ba midnight\b"]
    return patterns


def check_value_in_citation(corpus: dict) -> list[str]:
    """The stay value is readable off its own citation: the date or the night count is written there."""
    problems = []
    for rid, key in key_rows(corpus):
        stay = rows_of(key).get(STAY)
        if stay is None or not isinstance(stay.get("citation"), str):
            continue
        cited = normalise(stay["citation"])
        day, nights = parse_day(stay.get("expected_discharge")), stay.get("expected_nights")
        if day is not None:
            patterns, shown = _date_patterns(day), day.isoformat()
        elif is_night_count(nights):
            patterns, shown = _night_patterns(nights), f"{nights} nights"
        else:
            continue
        if not any(re.search(p, cited, flags=re.IGNORECASE) for p in patterns):
            problems.append(f"{rid}: stay value {shown} is not written in its citation {cited!r}")
    return problems
