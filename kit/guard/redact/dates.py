"""Dates in a record's text, and shifting them by whole weeks: finding every date the kit knows how
to write (ISO, with or without a time; "9 August 2026", "Aug 9, 2026", "9th of Aug"; 08/09/2026 and
09.08.2026), moving one by a number of days and writing it back in the very style it was found in.

A shift of whole weeks keeps every weekday and every calendar-day difference, so every midnight count
is unchanged. The time of a date-time is never part of a found date, so a time of day is never
touched. The per-record offset is drawn from a secret salt (HMAC of the record id); the offset itself
is never written anywhere. It refuses to guess: a string that is not a real calendar date is left
alone, and a slash date is read month first (as the kit's own key rules read m/d) unless its first
number cannot be a month.
"""

from __future__ import annotations

import calendar
import hashlib
import hmac
import re
from dataclasses import dataclass
from datetime import date, timedelta

MONTHS = tuple(calendar.month_name)[1:]
_ABBR = {m[:3]: i for i, m in enumerate(MONTHS, start=1)} | {"Sept": 9}
_FULL = {m: i for i, m in enumerate(MONTHS, start=1)}
_MONTH = "|".join(sorted([*_FULL, *_ABBR], key=len, reverse=True))
_SUFFIX = r"(?P<suf>st|nd|rd|th)?"
_YEAR = r"(?:(?P<comma>,)? (?P<y>\d{4}))?"
STYLES: dict[str, re.Pattern[str]] = {
    "iso": re.compile(r"(?<![\d-])(?P<y>\d{4})-(?P<m>\d{2})-(?P<d>\d{2})(?![\d-])"),
    "dmy": re.compile(
        rf"(?<!\d)(?<!\d\.)(?P<d>\d{{1,2}}){_SUFFIX}(?P<of> of)? (?P<mon>{_MONTH})(?P<dot>\.)?{_YEAR}(?![\w])"
    ),
    "mdy": re.compile(rf"\b(?P<mon>{_MONTH})(?P<dot>\.)? (?P<d>\d{{1,2}}){_SUFFIX}{_YEAR}(?![\w])"),
    "num": re.compile(
        r"(?<![\d/])(?<!\d\.)(?P<a>\d{1,2})(?P<sep>[/.])(?P<b>\d{1,2})(?P=sep)(?P<y>\d{4}|\d{2})(?![\d/]|\.\d)"
    ),
}
FIRST_YEAR = 1850  # no date in a record is older
MIN_WEEKS, SPAN_WEEKS = 53, 208  # a shift of one to five years back, never zero


@dataclass(frozen=True)
class Found:
    """One date in a text: where, what it says, and how it was written."""

    start: int
    end: int
    text: str
    day: date
    style: str
    parts: dict[str, str | None]


def _month(name: str) -> int:
    return _FULL.get(name) or _ABBR[name]


def _year_near(month: int, day: int, anchor: int) -> int | None:
    """The year of a date written without one: the anchor year (the admission's), or the year either
    side of it when that puts the date nearer the middle of the anchor year."""
    middle = date(anchor, 7, 1)
    options = []
    for year in (anchor - 1, anchor, anchor + 1):
        try:
            options.append((abs((date(year, month, day) - middle).days), year))
        except ValueError:
            continue
    return min(options)[1] if options else None


def _century(two: int, anchor: int) -> int:
    return 2000 + two if 2000 + two <= anchor + 5 else 1900 + two


def _read(style: str, parts: dict[str, str | None], anchor: int) -> date | None:
    """The date written, or None when it is none (no such day, or a year before FIRST_YEAR: "26/08/0455"
    after "case no." is a number)."""
    day = _day(style, parts, anchor)
    return day if day is None or day.year >= FIRST_YEAR else None


def _day(style: str, parts: dict[str, str | None], anchor: int) -> date | None:
    try:
        if style == "iso":
            return date(int(parts["y"] or ""), int(parts["m"] or ""), int(parts["d"] or ""))
        if style == "num":
            a, b, written = int(parts["a"] or ""), int(parts["b"] or ""), parts["y"] or ""
            month, day = (b, a) if parts["sep"] == "." or a > 12 else (a, b)
            return date(_century(int(written), anchor) if len(written) == 2 else int(written), month, day)
        month, day = _month(parts["mon"] or ""), int(parts["d"] or 0)
        year = int(parts["y"]) if parts["y"] else _year_near(month, day, anchor)
        return None if year is None else date(year, month, day)
    except ValueError:
        return None


def find(text: str, anchor: int) -> list[Found]:
    """Every real date in `text`, in text order, none overlapping (the longest wins); `anchor` is the
    year a date written without one is placed near."""
    found: list[Found] = []
    for style, pattern in STYLES.items():
        for match in pattern.finditer(text):
            parts = match.groupdict()
            day = _read(style, parts, anchor)
            if day is not None:
                found.append(Found(match.start(), match.end(), match.group(), day, style, parts))
    found.sort(key=lambda f: (f.start, -(f.end - f.start)))
    kept: list[Found] = []
    for f in found:
        if not kept or f.start >= kept[-1].end:
            kept.append(f)
    return kept


def _ordinal(day: int) -> str:
    return "th" if 10 <= day % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


def _padded(old: str | None, value: int) -> str:
    return f"{value:02d}" if old and len(old) == 2 and old.startswith("0") else str(value)


def render(found: Found, day: date) -> str:
    """`day` written the way `found` was written (its style, padding, month spelling, punctuation)."""
    p = found.parts
    if found.style == "iso":
        return day.isoformat()
    if found.style == "num":
        year = f"{day.year % 100:02d}" if len(p["y"] or "") == 2 else str(day.year)
        day_first = p["sep"] == "." or int(p["a"] or 0) > 12
        first, second = (day.day, day.month) if day_first else (day.month, day.day)
        return f"{_padded(p['a'], first)}{p['sep']}{_padded(p['b'], second)}{p['sep']}{year}"
    name = MONTHS[day.month - 1]
    written = p["mon"] or ""
    mon = name if written in _FULL else ("Sept" if written == "Sept" and day.month == 9 else name[:3])
    dot = p["dot"] or ""
    suffix = _ordinal(day.day) if p["suf"] else ""
    year = f"{p['comma'] or ''} {day.year}" if p["y"] else ""
    number = f"{_padded(p['d'], day.day)}{suffix}"
    if found.style == "dmy":
        return f"{number}{p['of'] or ''} {mon}{dot}{year}"
    return f"{mon}{dot} {number}{year}"


def shift(found: Found, days: int) -> str:
    """The found date moved by `days`, written in its own style."""
    return render(found, found.day + timedelta(days=days))


def shift_iso(value: str, days: int) -> str | None:
    """A YYYY-MM-DD value moved by `days`; None when it is not one."""
    try:
        day = date.fromisoformat(value)
    except (TypeError, ValueError):
        return None
    if day.isoformat() != value:
        return None
    return (day + timedelta(days=days)).isoformat()


def offset_days(salt: str, record_id: str, originals: set[date]) -> int:
    """The record's shift in days: a whole number of weeks back, 53 to 260, drawn from HMAC-SHA256 of
    the record id under `salt`; the next week along when a shifted date would land on a date the
    record already holds, so no original date can reappear in the shifted text."""
    digest = hmac.new(salt.encode("utf-8"), record_id.encode("utf-8"), hashlib.sha256).digest()
    weeks = MIN_WEEKS + int.from_bytes(digest[:8], "big") % SPAN_WEEKS
    while {d - timedelta(weeks=weeks) for d in originals} & originals:
        weeks += 1
    return -7 * weeks


def anchor_year(text: str) -> int:
    """The year a date written without one is placed near: the first year written in full."""
    found = re.search(r"(?<!\d)(?:19|20)\d{2}(?!\d)", text)
    return int(found.group()) if found else date.today().year
