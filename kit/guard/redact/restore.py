"""Mapping text between a record and its redacted form: a quote the model took from the redacted text
back to the original line (so a correct quote earns the same credit), a date it returned back by the
record's offset, and, for the stub that plays a reader of the redacted text, an original quote
forward.

A quote is restored by finding, in the original, the text the quote describes: its own words, each
placeholder standing for any spelling it replaced, each shifted date for the date it moved, any run of
white space for any other. When the quote is not in the record at all (the model misquoted), each
placeholder and date in it is still put back, so the scorer sees what the model meant and grades it
as usual. Nothing here guesses an identifier that was never replaced.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from kit.guard.redact import dates, finder
from kit.guard.redact.core import Redacted
from kit.rules import Answer

_SPACE = re.compile(r"\s+")
_EDGE = "(?<![0-9A-Za-z]){}(?![0-9A-Za-z])"


def _tokens(table: dict[str, list[str]]) -> re.Pattern[str] | None:
    if not table:
        return None
    alternatives = "|".join(re.escape(t) for t in sorted(table, key=len, reverse=True))
    return re.compile(_EDGE.format(f"(?:{alternatives})"))


def _literal(text: str) -> str:
    return "".join(r"\s+" if part.isspace() else re.escape(part) for part in re.split(r"(\s+)", text) if part)


def _map(text: str, table: dict[str, list[str]], shift_days: int, anchor: int) -> str:
    """Each token of `table` in `text` replaced by its first counterpart, and any other date shifted."""
    pattern = _tokens(table)
    pieces, cursor = [], 0
    for match in pattern.finditer(text) if pattern else ():
        pieces += [_shift_loose(text[cursor : match.start()], shift_days, anchor), table[match.group()][0]]
        cursor = match.end()
    return "".join([*pieces, _shift_loose(text[cursor:], shift_days, anchor)])


def _shift_loose(text: str, days: int, anchor: int) -> str:
    out, cursor = [], 0
    for found in dates.find(text, anchor):
        out += [text[cursor : found.start], dates.shift(found, days)]
        cursor = found.end
    return "".join([*out, text[cursor:]])


def _backward(redacted: Redacted) -> dict[str, list[str]]:
    table: dict[str, list[str]] = {}
    for piece in redacted.pieces:
        if piece.original not in table.setdefault(piece.replacement, []):
            table[piece.replacement].append(piece.original)
    return table


def restore_quote(redacted: Redacted, quote: str | None) -> str | None:
    """The original text a quote of the redacted record stands for (see the module docstring)."""
    if not quote or not redacted.pieces:
        return quote
    quote, table = quote.strip(), _backward(redacted)
    pattern, parts, cursor = _tokens(table), [], 0
    for match in pattern.finditer(quote) if pattern else ():
        spellings = sorted(table[match.group()], key=len, reverse=True)
        parts += [_literal(quote[cursor : match.start()]), "(?:" + "|".join(map(re.escape, spellings)) + ")"]
        cursor = match.end()
    parts.append(_literal(quote[cursor:]))
    found = re.search("".join(parts), redacted.original)
    if found:
        return found.group()
    shifted_anchor = finder.anchor_year(redacted.text)
    return _map(quote, table, -redacted.shift_days, shifted_anchor)


def restore_text(redacted: Redacted, text: str) -> str:
    """The redacted record put back together from its own pieces (each replacement where the piece
    says it is, its original in its place); any other text has each piece mapped back where found."""
    if text != redacted.text:
        return _map(text, _backward(redacted), -redacted.shift_days, finder.anchor_year(redacted.text))
    out, cursor = [], 0
    for piece in redacted.pieces:
        if text[piece.at : piece.stop] != piece.replacement:
            raise ValueError(f"{redacted.record_id}: no {piece.replacement} at {piece.at}")
        out += [text[cursor : piece.at], piece.original]
        cursor = piece.stop
    return "".join([*out, text[cursor:]])


def _position(redacted: Redacted, at: int, opening: bool) -> int:
    """Where an original position falls in the redacted text (a position inside a replaced piece
    moves to that piece's edge)."""
    moved = 0
    for piece in redacted.pieces:
        if at <= piece.start:
            break
        if at < piece.end:
            return piece.at if opening else piece.stop
        moved = piece.stop - piece.end
    return at + moved


def forward_quote(redacted: Redacted, quote: str | None) -> str | None:
    """An original quote as it reads in the redacted text."""
    if not quote or not redacted.pieces:
        return quote
    start = redacted.original.find(quote)
    if start < 0:
        forward = {p.original: [p.replacement] for p in redacted.pieces}
        return _map(quote, forward, redacted.shift_days, finder.anchor_year(redacted.original))
    end = start + len(quote)
    return redacted.text[_position(redacted, start, True) : _position(redacted, end, False)]


def _answer(answer: Answer, quote: Callable[[str | None], str | None], days: int) -> Answer:
    rows = {}
    for element, row in answer.elements.items():
        moved = dates.shift_iso(row.expected_discharge, days) if row.expected_discharge else None
        rows[element] = replace(
            row, citation=quote(row.citation), expected_discharge=moved or row.expected_discharge
        )
    return replace(answer, elements=rows)


def restore_answer(redacted: Redacted, answer: Answer) -> Answer:
    """The answer with every citation restored and the expected discharge date shifted back."""
    return _answer(answer, lambda q: restore_quote(redacted, q), -redacted.shift_days)


def forward_answer(redacted: Redacted, answer: Answer) -> Answer:
    """An answer about the original record as a reader of the redacted record would give it."""
    return _answer(answer, lambda q: forward_quote(redacted, q), redacted.shift_days)
