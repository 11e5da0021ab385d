"""Fitting text for a terminal: its width, long sentences wrapped, and wide tables folded into blocks
that each fit (the first columns repeated in every block, so each row can still be read across).

It lays out strings it is given; it computes no figure and never cuts a cell short.
"""

from __future__ import annotations

import shutil
import textwrap
from collections.abc import Sequence

FALLBACK = 100  # columns when there is no terminal to ask (a pipe, a file) and COLUMNS is not set
GAP = "  "


def width() -> int:
    """The terminal's width in columns (COLUMNS wins, as shutil reads it), at least 40."""
    return max(40, shutil.get_terminal_size((FALLBACK, 24)).columns)


def wrap(text: str, columns: int, indent: str = "") -> list[str]:
    """A long line as lines of at most `columns`, continuation lines indented by `indent` more than
    the first line's own indent; words longer than a line are left whole, never cut."""
    lead = text[: len(text) - len(text.lstrip(" "))]
    return textwrap.wrap(
        text.strip(),
        columns,
        initial_indent=lead,
        subsequent_indent=lead + indent,
        break_long_words=False,
        break_on_hyphens=False,
    ) or [""]


def _line(row: Sequence[str], chosen: Sequence[int], widths: Sequence[int], right: set[int]) -> str:
    cells = (row[j].rjust(widths[j]) if j in right else row[j].ljust(widths[j]) for j in chosen)
    return GAP.join(cells).rstrip()


def fold(
    rows: Sequence[Sequence[str]], columns: int, keep: int = 1, right: set[int] | None = None
) -> list[str]:
    """A table (its first row the header) as blocks of lines, each at most `columns` wide where the
    kept columns and any one other fit: the first `keep` columns start every block, the rest follow in
    order, as many as fit; blocks are separated by a blank line. `right` holds the indexes of columns
    aligned right."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    kept = list(range(keep))
    blocks: list[list[int]] = []
    for i in range(keep, len(widths)):
        if blocks and sum(widths[j] + len(GAP) for j in kept + blocks[-1]) + widths[i] <= columns:
            blocks[-1].append(i)
        else:
            blocks.append([i])
    lines: list[str] = []
    for n, block in enumerate(blocks or [[]]):
        lines += [""] if n else []
        lines += [_line(r, kept + block, widths, right or set()) for r in rows]
    return lines
