"""Redacting one record: the identifiers kit.guard.redact.finder finds become typed, numbered placeholders
(`[PATIENT-1]`, `[MRN-1]`, `[PHONE-2]` ...), one per identifier throughout the record, an age over 89
reads "90 or older", and every other date moves by the record's whole-week offset. What it returns
keeps, in memory, each replaced piece with its original, so quotes can be mapped back
(kit.guard.redact.restore) and the record restored exactly.

Identifier candidates that overlap are joined into one replacement, typed by the longest of them, and
between equally long ones by the labelled value (a "Fax" number is a FAX, not a PHONE); between an
identifier and a date the longest wins. Placeholders are numbered per type in order of first appearance.
It is deterministic: the same text, record id and salt give the same result on every machine. It
writes nothing and logs nothing.
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from dataclasses import dataclass

from kit.guard.redact import ages, dates, finder, lexicon
from kit.guard.redact.spans import NAMED, Span

DATE = "DATE"
_BETWEEN = re.compile(r"[ \t]+([^\W\d_A-Z]{1,3})[ \t]+")  # one short word in lower case between two spans


@dataclass(frozen=True)
class Piece:
    """One replaced stretch: where it was in the original, where its replacement is in the redacted
    text, and both texts."""

    start: int
    end: int
    at: int
    kind: str
    original: str
    replacement: str

    @property
    def stop(self) -> int:
        return self.at + len(self.replacement)


@dataclass(frozen=True)
class Redacted:
    """One record as a hosted model sees it, and the map back (held in memory only)."""

    record_id: str
    original: str
    text: str
    pieces: tuple[Piece, ...]
    shift_days: int

    def counts(self) -> Counter[str]:
        """Replaced spans per type (DATE for a shifted date)."""
        return Counter(p.kind for p in self.pieces)

    def placeholders(self) -> dict[str, list[str]]:
        """Each placeholder and the distinct original spellings it stands for, in record order."""
        found: dict[str, list[str]] = {}
        for piece in self.pieces:
            if piece.kind != DATE and piece.original not in found.setdefault(piece.replacement, []):
                found[piece.replacement].append(piece.original)
        return found


def _merged(spans: list[Span]) -> list[Span]:
    """Identifier spans that overlap joined into one, which takes the type and identity of its longest
    part (a lower rank first among equals): a name found inside a number's token, or a firm's words
    beside its plan number, go with it, so no part of either is left behind. A known person's name
    inside a longer span of its type (a person's field replaced whole) gives the whole its identity."""
    groups: list[list[Span]] = []
    for span in sorted(spans, key=lambda s: (s.start, -s.end)):
        if groups and span.start < max(g.end for g in groups[-1]):
            groups[-1].append(span)
        else:
            groups.append([span])
    out = []
    for group in groups:
        best = min(group, key=lambda s: (-(s.end - s.start), s.rank, s.start))
        named = [g for g in group if g.rank == NAMED and g.kind == best.kind]
        key = min(named, key=lambda s: (-(s.end - s.start), s.start)).key if named else best.key
        out.append(Span(group[0].start, max(g.end for g in group), best.kind, key, best.rank))
    return out


def _short_of_apart(text: str, spans: list[Span], dated: list[Span]) -> list[Span]:
    """Each identifier span that runs into a date or an age over 89 written after it ("Vaskeld Jan" of
    "Vaskeld Jan 4, 2026", "Hilario, noventa" of "Hilario, noventa y tres años") cut short where the
    date or age starts, so the date is shifted and the age generalised whole, and the name before it is
    still replaced (the longer of the two would otherwise win and the other be dropped whole)."""
    out = []
    for span in spans:
        cut = min((d.start for d in dated if span.start < d.start < span.end < d.end), default=None)
        if cut is not None:
            end = max(span.start, len(text[:cut].rstrip(" \t,")))
            span = Span(span.start, end, span.kind, span.key, span.rank)
        if span.end > span.start:
            out.append(span)
    return out


def _bridged(text: str, spans: list[Span]) -> list[Span]:
    """Two spans of letters with one short word in lower case between them that is no common English
    word ("Cnoc na Gréine", "Mohamed ould Cheikh"): a name's or a place's particle, taken with both, so
    the word is not left standing between two placeholders; "Ana and Luis" stays two names."""
    by_start: dict[int, list[Span]] = {}
    for span in spans:
        by_start.setdefault(span.start, []).append(span)
    bridges = []
    for left in spans:
        gap = _BETWEEN.match(text, left.end)
        if not gap or lexicon.function_word(gap.group(1)) or re.search(r"\d", text[left.start : left.end]):
            continue
        for right in by_start.get(gap.end(), []):
            if not re.search(r"\d", text[right.start : right.end]):
                longer = max(left, right, key=lambda s: (s.end - s.start, -s.rank))
                bridges.append(Span(left.start, right.end, longer.kind, longer.key, longer.rank))
    return spans + bridges


def _choose(spans: list[Span], text: str) -> list[Span]:
    """Non-overlapping spans: overlapping identifiers joined (_merged), none running into a date or an
    age after it; between one and a date or an age over 89, the longest first, a date first among equals
    (a number written exactly as a date is shifted as one), then a lower rank; in text order."""
    apart = [s for s in spans if s.day is not None or s.kind == ages.KIND]
    named = [s for s in spans if s.day is None and s.kind != ages.KIND]
    candidates = _merged(_bridged(text, _short_of_apart(text, named, apart))) + apart
    kept: list[Span] = []
    for span in sorted(candidates, key=lambda s: (-(s.end - s.start), s.day is None, s.rank, s.start)):
        if all(span.end <= k.start or span.start >= k.end for k in kept):
            kept.append(span)
    return sorted(kept, key=lambda s: s.start)


def _placeholders(chosen: list[Span]) -> dict[tuple[str, str], str]:
    """Identity key -> placeholder. An identity takes the type of its best-ranked spelling and is
    numbered within that type by where it first appears."""
    kind_of: dict[tuple[str, str], tuple[int, str]] = {}
    for span in chosen:
        if span.kind == ages.KIND:
            continue
        if span.day is None and (span.key not in kind_of or span.rank < kind_of[span.key][0]):
            kind_of[span.key] = (span.rank, span.kind)
    numbered: Counter[str] = Counter()
    names: dict[tuple[str, str], str] = {}
    for span in chosen:
        if span.day is None and span.kind != ages.KIND and span.key not in names:
            kind = kind_of[span.key][1]
            numbered[kind] += 1
            names[span.key] = f"[{kind}-{numbered[kind]}]"
    return names


def redact(text: str, record_id: str, salt: str) -> Redacted:
    """`text` with every identifier found replaced and every date shifted (see the module docstring)."""
    return _redacted(text, record_id, salt)


@functools.lru_cache(maxsize=1024)
def _redacted(text: str, record_id: str, salt: str) -> Redacted:
    """`redact`, worked out once per process for each text, id and salt (the result is immutable):
    runs of several arms over one corpus redact each record once."""
    chosen = _choose(finder.candidates(text), text)
    days = dates.offset_days(salt, record_id, {s.day.day for s in chosen if s.day is not None})
    names = _placeholders(chosen)
    out: list[str] = []
    pieces: list[Piece] = []
    at = cursor = 0
    for span in chosen:
        out.append(text[cursor : span.start])
        at += span.start - cursor
        if span.day is not None:
            replacement, kind = dates.shift(span.day, days), DATE
        elif span.kind == ages.KIND:
            replacement, kind = ages.REPLACEMENT, ages.KIND
        else:
            replacement = names[span.key]
            kind = replacement[1:].split("-")[0]
        pieces.append(Piece(span.start, span.end, at, kind, text[span.start : span.end], replacement))
        out.append(replacement)
        at += len(replacement)
        cursor = span.end
    out.append(text[cursor:])
    return Redacted(record_id, text, "".join(out), tuple(pieces), days)
