"""A number found as an identifier is completed to the whole identifier it is part of: the rest of its
token ("QH" before "44180 2271", "-304" after a unit letter, "IP-" inside "BCN-IP-0404-99812") and a
short capitalised prefix of one or two codes written in front of it ("DPS 2026-0118-3347", "PMP-SN
3318-7720-44", "CZ-5LMX 1182047", "CDL CO 19-447-0382"), which is a series or issuer code and
identifies as much as the digits do (before six digits or more, any capitals; before fewer, capitals
that are no clinical or English word, or two codes joined by a hyphen before four digits or more,
"EMT-PASS 44190"), and the groups written after it a space apart ("C-22 419 808",
"RLA 771024 G", "3-EMS 1147"), and a docket's year written before its letters ("2024 D 001187").

It adds a longer candidate beside the one found (kit.guard.redact.core keeps the longest); it never
touches dates, ages, addresses (whose digits are several numbers: "SERVICES DELIVERED" is no prefix of
"1 Larkspur Avenue, ... 02139") or spans of fewer than three digits, and before a short number never takes a
prefix the clinical lexicon knows ("BP", "HR", "INR"), so a value keeps its name.
"""

from __future__ import annotations

import re

from kit.guard.redact import lexicon, shapes
from kit.guard.redact.spans import Span

_NOT_COMPLETED = frozenset({"DATE", "DOB", "AGE", "ADDRESS"})  # an address is no code: its digits are apart
# What of the token is written before the span: runs of letters and digits, one mark between two, one
# at the end. Written so that no two ways of splitting a run exist (nested repeats backtrack for
# seconds on a long word followed by a space).
_LEFT = re.compile(r"[A-Za-z0-9]+(?:[-./#][A-Za-z0-9]+)*[-./#]?\Z")
_RIGHT = re.compile(r"^(?:[-/#]?[A-Za-z0-9]+)+")  # and after it
# A code: capitals and digits from a capital ("CDL", "PICC"), or from a digit with a capital after it
# ("5D" of "LRX 5D 220981"), or capitals with small letters between them ("CoC 556120"), in up to three
# parts joined by hyphens ("ZB-HEMI-LOT 44817-A").
_CODE = r"(?:[A-Z][A-Z0-9]{0,9}|\d[A-Z][A-Z0-9]{0,8}|[A-Z][a-z]?[A-Z][A-Za-z0-9]{0,7})(?:-[A-Z0-9]{1,6}){0,2}"
_PREFIX = re.compile(rf"(?<![\w./-])((?:{_CODE}[ \t])?{_CODE})[ \t-]\Z")  # "CDL CO", "PICC LOT": two at most
# A docket's year written before its letters and number ("2024 D 001187", "24 CV 10077").
_YEAR_BEFORE = re.compile(r"(?<![\w./:-])(?:\d{2}|(?:19|20)\d{2})[ \t-]\Z")
_DOCKET_LETTERS = re.compile(r"([A-Z]{1,2})[ \t-]\d")  # one or two letters, no cue ("1430 ID 12345")
# A group written after the number, a space apart: three digits or more ("C-22 419 808"), or a short
# group or one capital letter that closes the identifier ("RLA 771024 G)", "W 2847 7109 2").
_GROUP_AFTER = re.compile(
    r"[ \t](?:\d{3,6}(?![\w,/:]|\.\d)|(?:\d{1,2}|[A-Z])(?=[,;)\]]|\.?[ \t]*$|\.[ \t]))", re.MULTILINE
)
# Capitals that close a code a space after its digits ("AL 7788 BH", "552 118 04S"): one to three
# capitals or a short group of capitals and digits that is no word.
_CLOSING = re.compile(r"[ \t]((?=[A-Z0-9]{1,4}(?![\w-]))(?=[A-Z0-9]*[A-Z])[A-Z0-9]{1,4})(?![\w-])")
# Capitals closing a number where the clause ends are part of it even when a word ("hull ID ME 4471 BX,"):
# "MRN 1234567 BP 120/80" goes on, so "BP" stays.
_CLAUSE_END = re.compile(r"[ \t]*(?:[,;)]|\.(?:[ \t]|$)|$)", re.MULTILINE)
_CAPITAL_CODE = re.compile(r"[A-Z]{2,6}")  # a code in capitals found alone ("RTL" before "401 882 17 G")
_MIXED_CODE = re.compile(r"(?=[A-Z-]*\d)[A-Z0-9]+-[A-Z0-9]+")  # or with a digit: "3-EMS" before "1147"
_GROUP = re.compile(r"[ \t]\d{2,6}(?![\w,/:]|\.\d)")  # after such a code, groups of two digits or more
_NUMBERED = frozenset({"ID", "MRN", "SSN", "ACCOUNT", "MEMBER", "ENCOUNTER", "CSN", "PAGER"})
MIN_DIGITS = 3
GROUP_MIN_DIGITS = 2  # a shorter number ("C-22", cued) still takes the groups written after it
LONG_DIGITS = 6  # in front of this many digits, capitals are a code even when a word ("UHC", "LAC", "AS")
HYPHENED_DIGITS = 4  # in front of this many, two codes joined by a hyphen are a series code ("EMT-PASS")
REACH = 30  # characters looked at on either side


def _coded(prefix: str) -> bool:
    """A series or issuer code: capital letters that are no clinical or English word."""
    return not any(lexicon.clinical(part) or lexicon.english(part) for part in re.split(r"[ \t-]", prefix))


def _closed(text: str, end: int) -> int:
    """Where a number ends with the groups written after it and the capitals closing it ("AV21 KPT")."""
    while group := _GROUP_AFTER.match(text, end):
        end = group.end()
    closing = _CLOSING.match(text, end)
    word = closing.group(1) if closing else ""
    closes = closing is not None and _CLAUSE_END.match(text, closing.end()) is not None  # "ME 4471 BX,"
    if closing and (closes or not (lexicon.english(word) or lexicon.clinical(word))):
        end = closing.end()
    return end


def _extended(text: str, span: Span) -> tuple[int, int]:
    start, end = span.start, span.end
    left = _LEFT.search(text[max(0, start - REACH) : start])
    if left:
        start -= len(left.group())
    right = _RIGHT.match(text[end : end + REACH])
    if right:
        end += right.end()
    end = _closed(text, end)
    prefix = _PREFIX.search(text[max(0, start - 24) : start])
    digits = sum(c.isdigit() for c in text[start:end])
    hyphened = prefix and "-" in prefix.group(1) and digits >= HYPHENED_DIGITS
    if prefix and (digits >= LONG_DIGITS or hyphened or _coded(prefix.group(1))):
        start -= len(prefix.group())
    docket = _DOCKET_LETTERS.match(text, start)
    docket = docket if docket and not shapes.CUE.search(docket.group(1) + " ") else None
    year = _YEAR_BEFORE.search(text[max(0, start - 8) : start]) if docket else None
    return start - (len(year.group()) if year else 0), end


def _grouped(text: str, end: int) -> int:
    """Where a code in capitals ends: through the digit groups after it, and the capitals closing it."""
    at = end
    while group := _GROUP.match(text, at):
        at = group.end()
    closing = _CLOSING.match(text, at) if at > end else None
    closes = closing is not None and _CLAUSE_END.match(text, closing.end()) is not None
    return closing.end() if closing and (closes or not lexicon.english(closing.group(1))) else at


def completed(text: str, spans: list[Span]) -> list[Span]:
    """A longer candidate for each number span that is part of a longer identifier; none for the rest."""
    found = []
    for span in spans:
        if span.kind in _NOT_COMPLETED or span.day is not None:
            continue
        digits = sum(c.isdigit() for c in text[span.start : span.end])
        token = text[span.start : span.end]
        code = span.kind in _NUMBERED and (_CAPITAL_CODE.fullmatch(token) or _MIXED_CODE.fullmatch(token))
        if digits < GROUP_MIN_DIGITS and code:
            end = _grouped(text, span.end)
            if end > span.end:
                found.append(Span(span.start, end, span.kind, span.key, span.rank))
            continue
        if digits < GROUP_MIN_DIGITS:
            continue
        if digits < MIN_DIGITS:
            start, end = span.start, _closed(text, span.end)
        else:
            start, end = _extended(text, span)
        if (start, end) != (span.start, span.end):
            found.append(Span(start, end, span.kind, span.key, span.rank))
    return found
