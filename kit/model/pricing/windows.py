"""Time-of-day prices on a genai-prices card (DeepSeek's off-peak hours, say): which window a moment
falls in, each window's hours, and what the same tokens cost in the other window.

A card says only "these prices between these UTC times"; which is peak is read from the prices: the
cheapest window is "off-peak", and every dearer one "peak". The windows are those of the moment's own
UTC day, so a card's dated price changes still apply. It reads a card and prices nothing itself (the
caller passes what the tokens cost at a moment).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time
from typing import Any

from kit.model.pricing.price import Window

OFF_PEAK, PEAK = "off-peak", "peak"


@dataclass
class _Group:
    """Moments of one day that resolve to the same prices, and the card's hours that give them."""

    prices: Any
    moment: datetime
    hours: list[str] = field(default_factory=list)


def _on(day: date, moment: time) -> datetime:
    zone = moment.tzinfo or UTC
    return datetime.combine(day, moment.replace(tzinfo=zone)).astimezone(UTC)


def _hours(constraint: Any) -> str:
    return f"{constraint.start_time:%H:%M}-{constraint.end_time:%H:%M} UTC"


def _reference(prices: Any) -> float:
    """A tie-break between windows whose cost is the same for these tokens: input plus output rate."""

    def rate(value: Any) -> float:
        return float(getattr(value, "base", value) or 0)

    return rate(getattr(prices, "input_mtok", None)) + rate(getattr(prices, "output_mtok", None))


def place(info: Any, usd_at: Callable[[datetime], float], at: datetime) -> Window | None:
    """The window of `at` on the card `info` (a genai-prices ModelInfo), given what the tokens cost
    at a moment (`usd_at`); None for a card with no time-of-day prices, or whose windows all cost the
    same on that day."""
    from genai_prices.types import TimeOfDateConstraint

    conditions = info.prices if isinstance(info.prices, list) else []
    spans = [c.constraint for c in conditions if isinstance(c.constraint, TimeOfDateConstraint)]
    if not spans:
        return None
    at = at.astimezone(UTC)
    groups: list[_Group] = []

    def group_of(moment: datetime) -> _Group:
        prices = info.get_prices(moment)
        found = next((g for g in groups if g.prices == prices), None)
        if found is None:
            found = _Group(prices, moment)
            groups.append(found)
        return found

    for span in spans:
        group_of(_on(at.date(), span.start_time)).hours.append(_hours(span))
        group_of(_on(at.date(), span.end_time))
    own = group_of(at)
    if len(groups) < 2:
        return None
    cost = {id(g): usd_at(g.moment) for g in groups}
    ranked = sorted(groups, key=lambda g: (cost[id(g)], _reference(g.prices)))
    cheapest, dearest = ranked[0], ranked[-1]
    other = dearest if own is cheapest else cheapest

    def hours(group: _Group) -> str:
        if group.hours:
            return ", ".join(group.hours)
        rest = [h for g in groups if g is not group for h in g.hours]
        return "outside " + ", ".join(rest)

    return Window(
        name=OFF_PEAK if own is cheapest else PEAK,
        hours=hours(own),
        other=PEAK if own is cheapest else OFF_PEAK,
        other_hours=hours(other),
        other_usd=cost[id(other)],
    )
