"""The user's own price table (PRICES_FILE, else kit/data/prices.json): rates in US dollars per million
tokens for a model by its exact name, for a private deployment or a negotiated rate. An entry here
wins over genai-prices for that model, whole: its rates, its batch rates, and no time of day.

It reads the file and prices tokens on an entry; it guesses no rate: a rate the entry leaves null
makes that figure "not priced", never zero.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import Any

from kit.model.pricing.price import Price
from kit.model.providers.base import Usage
from kit.model.providers.registry import ConfigError

FIELDS = ("input_per_million", "cached_input_per_million", "output_per_million")
BATCH_FIELDS = tuple(f"batch_{name}" for name in FIELDS)  # the rates of a batch API
SHIPPED = "kit/data/prices.json"
SOURCE = "your price table"


def load_table(path: Path | None = None) -> dict[str, dict[str, Any]]:
    """The price table: `path` (PRICES_FILE) if given, else the kit's own kit/data/prices.json, which
    ships with no rate. Keys starting with '_' are comments and dropped. ConfigError when the file
    cannot be read or is not a JSON object keyed by model name."""
    if path is None:
        text = resources.files("kit").joinpath("data/prices.json").read_text(encoding="utf-8")
        where = SHIPPED
    else:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"PRICES_FILE {path}: cannot read it ({exc.strerror})") from None
        where = str(path)
    try:
        table = json.loads(text)
    except ValueError as exc:
        raise ConfigError(f"{where} is not valid JSON: {exc}") from None
    if not isinstance(table, dict):
        raise ConfigError(f"{where} must hold a JSON object keyed by model name")
    return {k: v for k, v in table.items() if not k.startswith("_") and isinstance(v, dict)}


def _rate(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


class TableCard:
    """One model's entry in the user's table: three rates, and three more for a batch API."""

    def __init__(self, model: str, entry: Mapping[str, Any]) -> None:
        self.model = model
        self.entry = dict(entry)
        self.source = f"{SOURCE}: {model}"
        self.ident = {"from": "price table", "model": model}

    def price(self, usage: Usage, at: datetime, batch: bool = False) -> Price:
        """Dollars for `usage`, the cached input at the cached rate and the rest of the input at the
        full rate; reasoning tokens are inside output_tokens (as providers report them) and not added.
        `at` changes nothing: a table has no time of day."""
        names = BATCH_FIELDS if batch else FIELDS
        rates = [_rate(self.entry.get(name)) for name in names]
        if any(r is None for r in rates):
            blank = ", ".join(n for n, r in zip(names, rates, strict=True) if r is None)
            return Price(None, f"not priced: {self.source} leaves {blank} empty")
        if usage.input_tokens is None or usage.output_tokens is None:
            return Price(None, "not priced: the provider reported no input or output token count")
        input_rate, cached_rate, output_rate = (r or 0.0 for r in rates)
        cached = min(usage.cached_input_tokens or 0, usage.input_tokens)
        fresh = usage.input_tokens - cached
        return Price((fresh * input_rate + cached * cached_rate + usage.output_tokens * output_rate) / 1e6)

    def windows(self, usage: Usage, at: datetime, batch: bool = False) -> None:
        """A user's entry has no time of day."""
        return None
