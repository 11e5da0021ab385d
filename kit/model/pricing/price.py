"""What a price is, whichever table it came from: the dollars for some tokens (or why there are none),
the time-of-day window a call fell in and what the same tokens cost in the other window, the card a
model is priced on (the `Card` protocol), the card of a model priced nowhere, and one bought call's
price as its result-file entry carries it.

It prices nothing itself and reads no table; a figure it cannot give is None with the reason, never 0.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from typing import Any, Protocol

from kit.model.providers.base import Usage


@dataclass(frozen=True)
class Price:
    """Dollars for some tokens, or None with `why` (it starts "not priced")."""

    usd: float | None
    why: str | None = None


@dataclass(frozen=True)
class Window:
    """A call's place on a card with time-of-day prices: its window ("peak" or "off-peak"), that
    window's hours, and what the same tokens cost in the other window."""

    name: str
    hours: str
    other: str
    other_hours: str
    other_usd: float | None


class Card(Protocol):
    """One model's prices: `source` says where they come from in words, `ident` names the card so a
    later reading of the result file finds the same one (kit.model.pricing.find.card_by_ident)."""

    source: str
    ident: dict[str, Any]

    def price(self, usage: Usage, at: datetime, batch: bool = False) -> Price: ...

    def windows(self, usage: Usage, at: datetime, batch: bool = False) -> Window | None: ...


class Unpriced:
    """The card of a model found neither in the user's table nor in the price data."""

    def __init__(self, model: str, why: str) -> None:
        self.model = model
        self.source = f"not priced: {why}"
        self.ident: dict[str, Any] = {"from": None, "model": model}

    def price(self, usage: Usage, at: datetime, batch: bool = False) -> Price:
        return Price(None, self.source)

    def windows(self, usage: Usage, at: datetime, batch: bool = False) -> None:
        return None


def when(text: str | None) -> datetime | None:
    """A call's ISO timestamp as a UTC datetime (a naive one is read as UTC); None when absent or
    unreadable."""
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def stamp(moment: datetime) -> str:
    """`moment` as the ISO text a result file carries: UTC, to the second."""
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def of_call(card: Card, usage: Usage, at: datetime, batch: bool = False) -> dict[str, Any]:
    """One bought call's price for its result-file entry: when it was priced, on which card, the
    dollars (or why none), and, on a card with time-of-day prices, its window and the other's cost."""
    price = card.price(usage, at, batch)
    window = card.windows(usage, at, batch) if price.usd is not None else None
    return {
        "at": stamp(at),
        "usd": price.usd,
        "source": card.source,
        "card": card.ident,
        "batch": batch,
        "why": price.why,
        "window": None if window is None else asdict(window),
    }
