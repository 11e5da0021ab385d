"""The gate's own calendar-day counter: midnights as calendar-date changes, never hours."""

from __future__ import annotations

import re
from datetime import date, datetime

from tests.eval.label_gate.loader import by_id, rows_of
from tests.eval.label_gate.vocabulary import PRESENT, STAY, class_of_word

_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_DAY_TIME = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}")


def parse_admitted(value: object) -> datetime | None:
    """A strict 'YYYY-MM-DD HH:MM' admission stamp, or None when it is not one."""
    if not isinstance(value, str) or not _DAY_TIME.fullmatch(value):
        return None
    try:
        return datetime.strptime(value, "%Y-%m-%d %H:%M")
    except ValueError:
        return None


def parse_day(value: object) -> date | None:
    """A strict 'YYYY-MM-DD' date, or None when it is not one."""
    if not isinstance(value, str) or not _DAY.fullmatch(value):
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None


def is_night_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def count_midnights(admitted_at: object, discharge: object, nights: object) -> tuple[int | None, str | None]:
    """(midnights, complaint): calendar-date changes from the admission day to the discharge day,
    or the stated nights; (None, None) when neither is given; (None, why) when the input is bad."""
    if discharge is not None and nights is not None:
        return None, "both an expected discharge date and a night count"
    if nights is not None:
        return (
            (nights, None) if is_night_count(nights) else (None, f"night count {nights!r} is not an int >= 0")
        )
    if discharge is None:
        return None, None
    admitted = parse_admitted(admitted_at)
    if admitted is None:
        return None, f"admitted_at {admitted_at!r} is not 'YYYY-MM-DD HH:MM'"
    day = parse_day(discharge)
    if day is None:
        return None, f"expected_discharge {discharge!r} is not 'YYYY-MM-DD'"
    changes = day.toordinal() - admitted.date().toordinal()
    if changes < 0:
        return None, f"expected_discharge {discharge} is before the admission day {admitted_at}"
    return changes, None


def rederive_midnights(corpus: dict, rid: str, gold_row: dict) -> tuple[int | None, str | None]:
    """The gate's own midnight count for one record: None unless the stay row is PRESENT with a
    valid value, counted from records.json's admitted_at."""
    stay = rows_of(gold_row).get(STAY)
    if stay is None or class_of_word(STAY, stay.get("finding")) != PRESENT:
        return None, None
    admitted_at = by_id(corpus["records"]).get(rid, {}).get("admitted_at")
    return count_midnights(admitted_at, stay.get("expected_discharge"), stay.get("expected_nights"))
