"""Two-midnight arithmetic: midnights are calendar-date changes, never hours.

Inputs are the structured admission date-time (YYYY-MM-DD HH:MM) and either an expected discharge
date (YYYY-MM-DD) or a stated number of further nights. Bad input raises BenchmarkError with the
bad value named; this module never guesses a value and never reads prose.
"""

from __future__ import annotations

from datetime import date, datetime
from functools import lru_cache

from kit.rules import rulebook

ADMITTED_FORMAT = "%Y-%m-%d %H:%M"
DATE_FORMAT = "%Y-%m-%d"
PARSED_KEPT = 4096  # distinct date texts kept parsed: a corpus has one admission per record, and the
# measurements recheck each record's readings tens of thousands of times (strptime was a sixth of it)


class BenchmarkError(ValueError):
    """An input to the midnight count is malformed or contradictory."""


def parse_admitted(admitted_at: object) -> datetime:
    """The admission date-time, strictly YYYY-MM-DD HH:MM; BenchmarkError for anything else (the
    value may come straight from a file, so it need not be text)."""
    if not isinstance(admitted_at, str):
        raise BenchmarkError(f"admitted_at must be text 'YYYY-MM-DD HH:MM', got {admitted_at!r}")
    return _admitted(admitted_at)


@lru_cache(maxsize=PARSED_KEPT)
def _admitted(admitted_at: str) -> datetime:
    try:
        parsed = datetime.strptime(admitted_at, ADMITTED_FORMAT)
    except ValueError:
        raise BenchmarkError(f"admitted_at {admitted_at!r} is not 'YYYY-MM-DD HH:MM'") from None
    if parsed.strftime(ADMITTED_FORMAT) != admitted_at:
        raise BenchmarkError(f"admitted_at {admitted_at!r} is not 'YYYY-MM-DD HH:MM'")
    return parsed


def parse_discharge(expected_discharge: str) -> date:
    """An expected discharge date, strictly YYYY-MM-DD."""
    if not isinstance(expected_discharge, str):
        raise BenchmarkError(f"expected_discharge must be text 'YYYY-MM-DD', got {expected_discharge!r}")
    return _discharge(expected_discharge)


@lru_cache(maxsize=PARSED_KEPT)
def _discharge(expected_discharge: str) -> date:
    try:
        parsed = datetime.strptime(expected_discharge, DATE_FORMAT).date()
    except ValueError:
        raise BenchmarkError(f"expected_discharge {expected_discharge!r} is not 'YYYY-MM-DD'") from None
    if parsed.isoformat() != expected_discharge:
        raise BenchmarkError(f"expected_discharge {expected_discharge!r} is not 'YYYY-MM-DD'")
    return parsed


def parse_nights(expected_nights: object) -> int:
    """A night count: a non-negative integer (bool and float are refused)."""
    if isinstance(expected_nights, bool) or not isinstance(expected_nights, int):
        raise BenchmarkError(f"expected_nights must be a whole number, got {expected_nights!r}")
    if expected_nights < 0:
        raise BenchmarkError(f"expected_nights must not be negative, got {expected_nights!r}")
    return expected_nights


def midnights(
    admitted_at: object, expected_discharge: str | None = None, expected_nights: int | None = None
) -> int | None:
    """Midnights between admission and the expectation; None when no expectation is given."""
    admitted = parse_admitted(admitted_at)
    if expected_discharge is not None and expected_nights is not None:
        raise BenchmarkError(
            f"give an expected discharge date or a night count, not both "
            f"(got {expected_discharge!r} and {expected_nights!r})"
        )
    if expected_nights is not None:
        return parse_nights(expected_nights)
    if expected_discharge is None:
        return None
    discharge = parse_discharge(expected_discharge)
    count = (discharge - admitted.date()).days
    if count < 0:
        raise BenchmarkError(
            f"expected_discharge {expected_discharge!r} is before the admission date {admitted_at!r}"
        )
    return count


def meets(count: int | None) -> bool:
    """True when a midnight count reaches the rulebook's threshold; None never meets it."""
    return count is not None and count >= rulebook.threshold()


def _hour_range(admitted: datetime, discharge: date) -> tuple[int, int]:
    start = datetime.combine(discharge, datetime.min.time())
    earliest = max(0.0, (start - admitted).total_seconds() / 3600)
    return round(earliest), round(earliest + 24)


def explain(
    admitted_at: str, expected_discharge: str | None = None, expected_nights: int | None = None
) -> str:
    """One line a person can check by hand, e.g. for the late-evening clock edge."""
    count = midnights(admitted_at, expected_discharge, expected_nights)
    plural = "midnight" if count == 1 else "midnights"
    if expected_nights is not None:
        nights = "night" if count == 1 else "nights"
        return f"admitted {admitted_at}, {count} further {nights} stated: {count} {plural}"
    if expected_discharge is None:
        return f"admitted {admitted_at}, no expected discharge documented: no midnight count"
    low, high = _hour_range(parse_admitted(admitted_at), parse_discharge(expected_discharge))
    return (
        f"admitted {admitted_at}, discharge expected {expected_discharge}: {count} {plural}, "
        f"about {low} to {high} hours depending on the hour of discharge"
    )
