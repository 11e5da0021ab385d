"""A metric and its definition. A Metric is one counted figure: count of a denominator, which way is
better, and the records that cost it. A Definition is how one is counted: its name, which way is
better, which rows it counts over (a population and a filter) and what counts on each row (the
computation). A scorer keeps one table of definitions; its metric names and its figures are both read
from that table, so no metric can be computed without being listed, or listed without a computation.

Pure code: rows in, counts out. It grades nothing itself and decides no threshold (kit.measure.thresholds
does).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

from kit.measure.stats import wilson

Better = Literal["higher", "lower"]  # which way a metric improves
HIGHER: Literal["higher"] = "higher"
LOWER: Literal["lower"] = "lower"
DIRECTIONS: tuple[Better, ...] = (HIGHER, LOWER)
Row = TypeVar("Row")


@dataclass(frozen=True)
class Metric:
    """One counted figure: count of denominator, with the records that cost it."""

    name: str
    count: int
    total: int
    better: Better = HIGHER
    costly: tuple[str, ...] = ()

    @property
    def rate(self) -> float | None:
        return self.count / self.total if self.total else None

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.count, self.total)

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "count": self.count,
            "total": self.total,
            "rate": self.rate,
            "ci95": [low, high],
            "better": self.better,
            "costly_records": list(self.costly),
        }


def count_metric(
    name: str, hits: list[tuple[str, bool]], better: Better = HIGHER, unusable: frozenset[str] = frozenset()
) -> Metric:
    """A metric over (record id, counted?) pairs; costly records are the misses (or the hits, when
    lower is better). A record in `unusable` is wrong whatever its pair says: a miss, or a hit when
    lower is better."""
    hits = [(rid, better == LOWER if rid in unusable else hit) for rid, hit in hits]
    count = sum(1 for _, hit in hits if hit)
    costly = [rid for rid, hit in hits if (not hit if better == HIGHER else hit)]
    return Metric(name, count, len(hits), better, tuple(dict.fromkeys(costly)))


def every(_: object) -> bool:
    """The filter that keeps every row of a population."""
    return True


@dataclass(frozen=True)
class Definition(Generic[Row]):
    """One metric's definition: `over` names the population of (record id, row) pairs it counts,
    `where` keeps the rows it counts over, and `counted` says whether a kept row counts."""

    name: str
    better: Better
    over: str
    counted: Callable[[Row], bool]
    where: Callable[[Row], bool] = every

    def outcomes(self, rows: Iterable[tuple[str, Row]]) -> list[tuple[str, Row, bool]]:
        """(record id, row, counted?) for every row this metric counts over, in the rows' order."""
        return [(rid, row, bool(self.counted(row))) for rid, row in rows if self.where(row)]

    def measure(self, rows: Iterable[tuple[str, Row]], unusable: frozenset[str] = frozenset()) -> Metric:
        hits = [(rid, hit) for rid, _, hit in self.outcomes(rows)]
        return count_metric(self.name, hits, self.better, unusable)


def check(table: Sequence[Definition[Any]], populations: Collection[str]) -> None:
    """ValueError naming the first definition with no computation or filter, a direction other than
    higher or lower, a population not in `populations`, or a name another definition already has."""
    seen: set[str] = set()
    for d in table:
        if not d.name:
            raise ValueError(f"a metric definition has no name: {d!r}")
        if not callable(d.counted) or not callable(d.where):
            raise ValueError(f"metric {d.name}: its definition has no computation (counted and where)")
        if d.better not in DIRECTIONS:
            raise ValueError(f"metric {d.name}: better is {d.better!r}, not one of {', '.join(DIRECTIONS)}")
        if d.over not in populations:
            raise ValueError(f"metric {d.name}: counts over {d.over!r}, not one of {sorted(populations)}")
        if d.name in seen:
            raise ValueError(f"metric {d.name} is defined twice")
        seen.add(d.name)


def measure(
    table: Sequence[Definition[Any]],
    populations: Mapping[str, Sequence[tuple[str, Any]]],
    unusable: frozenset[str] = frozenset(),
) -> dict[str, Metric]:
    """Every metric of the table, in table order, over its population."""
    return {d.name: d.measure(populations[d.over], unusable) for d in table}
