"""The gate's own text normaliser and span finder."""

from __future__ import annotations

import re

_FOLD = {ch: "'" for ch in "\u2018\u2019\u201a\u201b\u2032"}
_FOLD.update({ch: '"' for ch in "\u201c\u201d\u201e\u201f\u2033"})
_FOLD.update({ch: "-" for ch in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"})
_FOLD["\u00a0"] = " "
_FOLD_TABLE = str.maketrans(_FOLD)
_WHITESPACE_RUN = re.compile(r"\s+")


def normalise(text: str) -> str:
    """Typographic quotes and dashes to ASCII, NBSP to space, whitespace runs to one space, stripped."""
    return _WHITESPACE_RUN.sub(" ", text.translate(_FOLD_TABLE)).strip()


def find_spans(normal_text: str, quote: str) -> list[tuple[int, int]]:
    """Every (possibly overlapping) [start, end) where the normalised quote sits in normal_text."""
    needle = normalise(quote)
    if not needle:
        return []
    spans, start = [], normal_text.find(needle)
    while start >= 0:
        spans.append((start, start + len(needle)))
        start = normal_text.find(needle, start + 1)
    return spans
