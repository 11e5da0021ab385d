"""Calibration of the confidence an answer states (the prompt asks for one, 0 to 1) against whether
the record came out fully right: the Brier score, the expected calibration error over fixed bins
with the count in each bin, and the bins a reliability diagram draws.

It reads per-record grades (a result file's "records", each with its "confidence" and its outcome)
and computes; records without a stated confidence are left out and counted. An arm that states no
confidence at all has no calibration (None), never a zero. No threshold lives here: whether a Brier
score is good enough is the user's choice.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from kit.measure.compare import grade_of

BINS = 10


@dataclass(frozen=True)
class Bin:
    low: float
    high: float
    count: int
    mean_confidence: float | None
    accuracy: float | None


@dataclass(frozen=True)
class Calibration:
    stated: int  # records with a confidence
    unstated: int  # records without one (left out)
    brier: float
    ece: float
    accuracy: float
    mean_confidence: float
    bins: tuple[Bin, ...]

    def to_dict(self) -> dict[str, Any]:
        return {**asdict(self), "bins": [asdict(b) for b in self.bins]}


def brier(pairs: list[tuple[float, bool]]) -> float:
    """Mean squared difference between stated confidence and outcome (1 right, 0 wrong)."""
    return sum((c - float(y)) ** 2 for c, y in pairs) / len(pairs)


def binned(pairs: list[tuple[float, bool]], bins: int = BINS) -> list[Bin]:
    """Fixed, equal-width bins over [0, 1]; a confidence of exactly 1 falls in the last bin."""
    out = []
    for i in range(bins):
        low, high = i / bins, (i + 1) / bins
        inside = [(c, y) for c, y in pairs if low <= c < high or (i == bins - 1 and c == 1.0)]
        n = len(inside)
        out.append(
            Bin(
                low,
                high,
                n,
                sum(c for c, _ in inside) / n if n else None,
                sum(1 for _, y in inside if y) / n if n else None,
            )
        )
    return out


def ece(pairs: list[tuple[float, bool]], bins: int = BINS) -> float:
    """Expected calibration error: the count-weighted mean gap between a bin's mean confidence and
    its accuracy."""
    total = len(pairs)
    return sum(
        b.count / total * abs(b.mean_confidence - b.accuracy)
        for b in binned(pairs, bins)
        if b.count and b.mean_confidence is not None and b.accuracy is not None
    )


def of_pairs(pairs: list[tuple[float, bool]], unstated: int = 0, bins: int = BINS) -> Calibration | None:
    if not pairs:
        return None
    return Calibration(
        stated=len(pairs),
        unstated=unstated,
        brier=brier(pairs),
        ece=ece(pairs, bins),
        accuracy=sum(1 for _, y in pairs if y) / len(pairs),
        mean_confidence=sum(c for c, _ in pairs) / len(pairs),
        bins=tuple(binned(pairs, bins)),
    )


def of_records(records: list[dict[str, Any]], bins: int = BINS) -> Calibration | None:
    """Calibration of a result file's graded records against "record fully right"; None when no
    record states a confidence (an arm that gives none)."""
    graded = [r for r in records if "elements" in r]
    pairs = [
        (float(r["confidence"]), grade_of(r).fully_right)
        for r in graded
        if isinstance(r.get("confidence"), int | float) and not isinstance(r.get("confidence"), bool)
    ]
    return of_pairs(pairs, len(graded) - len(pairs), bins)
