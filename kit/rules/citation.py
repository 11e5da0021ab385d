"""Citation scoring by character intervals in the normalised record.

A quote is located by exact search after folding typographic quotes and dashes and collapsing
whitespace; a quote that is not found scores nothing, with no near-miss credit. This module does
not decide which line is the gold line: it is given the gold span.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

COVERAGE_MIN = 0.60
PRECISION_MIN = 0.30

_FOLDS = str.maketrans(
    {
        "\u2018": "'", "\u2019": "'", "\u201a": "'", "\u201b": "'", "\u2032": "'",
        "\u201c": '"', "\u201d": '"', "\u201e": '"', "\u201f": '"', "\u2033": '"',
        "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2015": "-",
        "\u2212": "-", "\u00a0": " ",
    }
)
_SPACE = re.compile(r"\s+")

CREDITED = "credited"
SHORT = "located-but-short"  # on the key's line, but covering too little of it or too much else
ELSEWHERE = "located-elsewhere"  # in the record, but not on the key's line at all (coverage 0)
NOT_FOUND = "not-found"


NORMS_KEPT = 8192  # distinct texts kept normalised: the same quotes are located again for every
# reading of every planted record (norm was an eighth of the forged-documentation measurement)


@lru_cache(maxsize=NORMS_KEPT)
def norm(text: str) -> str:
    """Fold typographic quotes and dashes to ASCII and collapse every whitespace run to one space."""
    return _SPACE.sub(" ", text.translate(_FOLDS)).strip()


def locate(norm_text: str, quote: str) -> tuple[int, int] | None:
    """The first interval of norm_text where the normalised quote occurs, or None."""
    needle = norm(quote)
    if not needle:
        return None
    start = norm_text.find(needle)
    if start < 0:
        return None
    return start, start + len(needle)


def span_of(norm_text: str, line: str) -> tuple[int, int]:
    """The interval of a line known to be in the record; ValueError when it is not there."""
    found = locate(norm_text, line)
    if found is None:
        raise ValueError(f"line not found in the record: {line[:80]!r}")
    return found


@dataclass(frozen=True)
class CitationGrade:
    outcome: str
    coverage: float
    precision: float

    @property
    def credited(self) -> bool:
        return self.outcome == CREDITED


def grade(
    norm_text: str,
    gold_span: tuple[int, int],
    quote: str,
    coverage_min: float = COVERAGE_MIN,
    precision_min: float = PRECISION_MIN,
) -> CitationGrade:
    """Credited, located but short (or too wide), located elsewhere (no character of the key's line:
    another line, or another sentence of its paragraph), or not found, with coverage and precision.

    A quote that occurs more than once in the record is graded at the occurrence nearest the gold
    line (the one overlapping it most), so a true quote is not marked wrong for repeating text."""
    found = locate(norm_text, quote)
    if found is None:
        return CitationGrade(NOT_FOUND, 0.0, 0.0)
    gold_start, gold_end = gold_span
    length = found[1] - found[0]
    needle = norm_text[found[0] : found[1]]
    starts, at = [], found[0]
    while at >= 0:
        starts.append(at)
        at = norm_text.find(needle, at + 1)
    start = max(starts, key=lambda a: min(a + length, gold_end) - max(a, gold_start))
    end = start + length
    overlap = max(0, min(end, gold_end) - max(start, gold_start))
    coverage = overlap / (gold_end - gold_start) if gold_end > gold_start else 0.0
    precision = overlap / (end - start)
    if overlap == 0:
        return CitationGrade(ELSEWHERE, 0.0, 0.0)
    outcome = CREDITED if coverage >= coverage_min and precision >= precision_min else SHORT
    return CitationGrade(outcome, coverage, precision)


def credit(
    norm_text: str,
    gold_span: tuple[int, int],
    quote: str,
    coverage_min: float = COVERAGE_MIN,
    precision_min: float = PRECISION_MIN,
) -> bool:
    """True when the quote is located and clears both floors."""
    return grade(norm_text, gold_span, quote, coverage_min, precision_min).credited
