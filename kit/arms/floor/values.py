"""The floor's reading of a stay value: how a date or a count of nights is written in one line,
the words that tie it to the stay, and the extraction of the one value a cited line gives.

It reads one line at a time and never decides whose expectation the value is (that is
kit.arms.floor.stay_expectation's job). Dates are read in the benchmark's own formats.
"""

from __future__ import annotations

import re
from datetime import date, datetime

from kit.rules import benchmark

_I = re.IGNORECASE

ISO_DATE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")

# Number words a clinician writes out for a night count ("two more nights"), in counting order.
NUMERALS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
NUMBER_WORDS = {**{word: n for n, word in enumerate(NUMERALS, start=1)}, "a single": 1}
# A number as a pattern alternative: up to two digits or a written numeral.
NUMBER = r"\d{1,2}|" + "|".join(NUMERALS)

NIGHT_COUNT = re.compile(
    rf"\b(\d{{1,2}}|{'|'.join(NUMBER_WORDS)})"
    r"(?:\s+(?:more|further|additional|extra|inpatient|hospital|consecutive))*"
    r"\s+(?:mid-?nights?|nights?)\b",
    _I,
)

# Words tying a date or count to the stay: discharge, going home, leaving, length of stay, EDD,
# "in hospital", "with us", "on the ward".
STAY_WORDS = re.compile(
    r"\bdischarg\w*|\bhome\b|\bleav(?:e|ing)\b|\bstay\b|\blength of stay\b|\bLOS\b|\bEDD\b|\bTCI\b"
    r"|\bremain\w*\b|\bin (?:hospital|house)\b|\bwith us\b|\bon the ward\b|\bgo(?:ing)? out\b"
    r"|\bstep[- ]down\b|\bmid-?nights?\b",
    _I,
)

# A night count that is a habit, not a stay ("works three nights a week").
NIGHT_HABIT = re.compile(r"\bnights? (?:a|per|each|every) (?:week|month|fortnight)\b|\bnights? weekly\b", _I)

# A range of nights or days is a gesture, not a number ("two to three nights", "2-3 nights"); the
# upper end is above one.
NIGHT_RANGE = re.compile(
    rf"\b(?:{NUMBER})\s*(?:-|to|or)\s*"
    rf"(?:\d{{1,2}}|{'|'.join(NUMERALS[1:])})\s+(?:more |further )?(?:mid-?)?nights?\b",
    _I,
)

# The practitioner is speaking of the current stay: expect, anticipate, estimate, plan, target, EDD.
EXPECT_WORDS = re.compile(
    r"\bexpect\w*|\banticipat\w*|\bestimat\w*|\bpredict\w*|\bplan\w*|\btarget\w*|\blikely\b|\bEDD\b"
    r"|\bforesee\w*|\bshould\b|\bwill\b|\bintend\w*|\bneed\w*\b|\brequire\w*|\bproject\w*",
    _I,
)


def _parse_date(value: str) -> date | None:
    try:
        return datetime.strptime(value, benchmark.DATE_FORMAT).date()
    except ValueError:
        return None


def admission_date(admitted_at: str) -> date | None:
    try:
        return datetime.strptime(admitted_at, benchmark.ADMITTED_FORMAT).date()
    except (TypeError, ValueError):
        return None


def extract_value(text: str, admitted: date | None) -> tuple[str | None, int | None]:
    """The expected discharge date or night count written in ONE cited line (never both).

    A date is preferred to a count; of several dates, the first after a discharge/stay word. A date
    that is not a real calendar date, or falls before the admission date, is not an expectation, and
    neither is a range of nights.
    """
    dates = [(m.start(), m.group(1)) for m in ISO_DATE.finditer(text)]
    if dates:
        anchor = STAY_WORDS.search(text) or EXPECT_WORDS.search(text)
        after = [d for pos, d in dates if anchor and pos >= anchor.start()]
        chosen = after[0] if after else dates[-1][1]
        parsed = _parse_date(chosen)
        if parsed is None or (admitted is not None and parsed < admitted):
            return None, None
        return chosen, None
    if NIGHT_RANGE.search(text) or NIGHT_HABIT.search(text):
        return None, None
    match = NIGHT_COUNT.search(text)
    if match:
        token = match.group(1).lower()
        nights = int(token) if token.isdigit() else NUMBER_WORDS.get(token)
        return None, nights
    return None, None
