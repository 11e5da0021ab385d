"""What a reply that stopped at the token limit was doing when it stopped, in words a person can act
on: how many complete element rows it holds and whether they repeat, whether it copied the prompt's
skeleton placeholders, whether its object is still open, and so whether more tokens would help.

A reply cut off at the token limit is reported as cut off whatever it holds. What is graded is the
parser's decision (kit.model.reply): an object that closed is read like any reply; an object still
open is not read at all, however many complete rows it holds, because its verdict, confidence and
reason were never written and a runaway's rows are no answer. `graded` says which, for the result file.

It reads text only; it grades nothing and never raises on any text.
"""

from __future__ import annotations

import json
import re
from collections import Counter

from kit.rules import elements

_ROW_START = re.compile(r'\{\s*"element"\s*:')
# An angle-bracket hole of the prompt's skeleton ("<one line copied from the record>", "<one line>"),
# given as a whole JSON string.
_HOLE_VALUE = re.compile(r'"(<[^<>"\n]{1,80}>)"')
_MAX_ROWS = 500


def complete_rows(text: str) -> list[str]:
    """The element name of every complete row object in the text, in order (nested or not)."""
    decoder = json.JSONDecoder()
    names: list[str] = []
    for match in _ROW_START.finditer(text):
        try:
            row, _ = decoder.raw_decode(text, match.start())
        except (ValueError, RecursionError):
            continue
        if isinstance(row, dict) and isinstance(row.get("element"), str):
            names.append(row["element"])
        if len(names) >= _MAX_ROWS:
            break
    return names


def placeholders(text: str) -> Counter:
    """How often each skeleton placeholder was copied as a value."""
    return Counter(_HOLE_VALUE.findall(text))


def describe(text: str, still_open: bool) -> tuple[str, bool]:
    """What a cut-off reply was doing, and whether raising MAX_TOKENS could help."""
    rows = complete_rows(text)
    four = len(elements.ELEMENTS)
    said: list[str] = []
    repeated = len(rows) > four or any(n > 1 for n in Counter(rows).values())
    if repeated:
        counts = ", ".join(f"{name} x{n}" for name, n in Counter(rows).items())
        said.append(f"rows repeated: {len(rows)} complete rows where {four} are expected ({counts})")
    elif len(rows) == four:
        said.append(f"its {four} rows were complete; it stopped after them")
    else:
        said.append(f"it stopped in row {len(rows) + 1} of {four}")
    copied = placeholders(text)
    if copied:
        listed = ", ".join(f'"{hole}" x{n}' for hole, n in copied.items())
        said.append(f"the skeleton's placeholder copied from the prompt: {listed}")
    if still_open:
        said.append("no closing brace: the object is still open where the reply stops")
    more_helps = not repeated and not copied
    return "; ".join(said), more_helps
