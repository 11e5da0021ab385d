"""genai-prices (Pydantic's maintained price data), read offline: the snapshot bundled with the
installed package, which version it is and how recent its dated prices are, and a model's card on it
(dated prices, time-of-day windows, batch variants, cache read and write tiers).

It never updates the data: the package's `UpdatePrices` (which fetches over the network) is not used,
and the snapshot is built from the bundled data directly, so a custom snapshot another library set in
the process is not read either. Nothing here opens a connection.
"""

from __future__ import annotations

from datetime import date, datetime
from functools import cache
from importlib.metadata import version
from typing import Any

from kit.model.pricing import windows
from kit.model.pricing.price import Price, Window
from kit.model.providers.base import Usage

PACKAGE = "genai-prices"
BATCH = {"processing": "batch"}  # the price context genai-prices selects batch rates with


@cache
def snapshot() -> Any:
    """The package's bundled price data as a DataSnapshot, never auto-updated."""
    from genai_prices.data import providers
    from genai_prices.data_snapshot import DataSnapshot

    return DataSnapshot(providers=providers, from_auto_update=False)


@cache
def data_version() -> dict[str, Any]:
    """Which price data this is: the package and its version (which pins the bundled data), and the
    newest date a dated price in it starts on. The package records no date for its snapshot; the
    newest dated change may lie in the future (a price change announced ahead)."""
    from genai_prices.types import StartDateConstraint

    starts: list[date] = []
    for provider in snapshot().providers:
        for model in provider.models:
            conditions = [*(model.prices if isinstance(model.prices, list) else []),
                          *(model.price_variants or [])]  # fmt: skip
            starts += [c.constraint.start_date for c in conditions
                       if isinstance(c.constraint, StartDateConstraint)]  # fmt: skip
    return {
        "package": PACKAGE,
        "version": version(PACKAGE),
        "data": "the snapshot bundled with the package, read offline, never updated at run time",
        "newest_dated_price": max(starts).isoformat() if starts else None,
    }


def said() -> str:
    """The data version in words, for a bill."""
    seen = data_version()
    return (f"{PACKAGE} {seen['version']} (its bundled data, read offline; newest dated price in it: "
            f"{seen['newest_dated_price']})")  # fmt: skip


def usage_of(usage: Usage) -> Any:
    """The kit's token counts as genai-prices' Usage: input includes the cache reads and writes (as
    the kit counts it), which the card prices at their own tiers."""
    from genai_prices.types import Usage as GenaiUsage

    total = usage.input_tokens or 0
    read = min(usage.cached_input_tokens or 0, total)
    written = min(usage.cache_write_tokens or 0, total - read)
    return GenaiUsage(input_tokens=total, cache_read_tokens=read, cache_write_tokens=written,
                      output_tokens=usage.output_tokens or 0)  # fmt: skip


class GenaiCard:
    """A model's card in genai-prices: `provider` and `info` are the package's Provider and ModelInfo;
    `matched` says how the card was found (the endpoint, or the model name alone)."""

    def __init__(self, provider: Any, info: Any, matched: str) -> None:
        self.provider, self.info = provider, info
        self.source = f"{PACKAGE} {data_version()['version']}: {provider.name} {info.id} ({matched})"
        self.ident = {"from": PACKAGE, "provider": provider.id, "model": info.id}

    def has_batch(self, at: datetime) -> bool:
        """Whether the card has batch rates in force at `at` (the data dates them)."""
        return any(v.when == BATCH and (v.constraint is None or v.constraint.active(at))
                   for v in self.info.price_variants or ())  # fmt: skip

    def usd(self, usage: Usage, at: datetime, batch: bool = False) -> float:
        """The card's dollars for `usage` at `at` (batch rates under `batch`): genai-prices' own sum."""
        calc = self.info.calc_price(usage_of(usage), self.provider, genai_request_timestamp=at,
                                    price_context=BATCH if batch else None)  # fmt: skip
        return float(calc.total_price)

    def price(self, usage: Usage, at: datetime, batch: bool = False) -> Price:
        if usage.input_tokens is None or usage.output_tokens is None:
            return Price(None, "not priced: the provider reported no input or output token count")
        if batch and not self.has_batch(at):
            return Price(None, f"not priced: {PACKAGE} has no batch rate for {self.info.id} on {at:%Y-%m-%d}")
        return Price(self.usd(usage, at, batch))

    def windows(self, usage: Usage, at: datetime, batch: bool = False) -> Window | None:
        """Where `at` falls on this card's time-of-day prices, and the same tokens in the other window;
        None for a card with no time of day."""
        return windows.place(self.info, lambda moment: self.usd(usage, moment, batch), at)


BY_NAME = "matched by the model name"


def lookup(
    model: str, provider_id: str | None = None, api_url: str | None = None, by_name: str = BY_NAME
) -> GenaiCard | str:
    """The card of `model` at the provider named by `provider_id` or found from `api_url`; with
    neither (or an endpoint genai-prices does not know), found from the model name alone (`by_name`
    says so on the card). The reason in words when there is none."""
    data = snapshot()
    provider = None
    if provider_id or api_url:
        try:
            provider = data.find_provider(None, provider_id, api_url)
        except LookupError:
            provider = None
    if provider is not None:
        info = provider.find_model(model, all_providers=data.providers)
        if info is None:
            return f"{PACKAGE} has no card for {model} at {provider.name}"
        return GenaiCard(provider, info, f"at {provider.name}'s endpoint")
    try:
        provider, info = data.find_provider_model(model, None, None, None)
    except LookupError:
        return f"no card for {model} in your price table or in {PACKAGE} {data_version()['version']}"
    return GenaiCard(provider, info, by_name)


def by_ident(provider_id: str, model_id: str) -> GenaiCard | None:
    """The card a result file names (its provider and model ids), or None when this data lacks it."""
    data = snapshot()
    provider = next((p for p in data.providers if p.id == provider_id), None)
    info = provider.find_model(model_id, all_providers=data.providers) if provider else None
    if info is None or info.id != model_id:
        return None
    return GenaiCard(provider, info, "as the result file names it")
