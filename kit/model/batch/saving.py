"""What buying through a batch API saved, from the user's price table (kit/data/prices.json): the
answers of a run that came from a batch, which batches, their cost at the batch_* rates, what the
same tokens cost as single calls, and the difference. A rate left null makes that figure unknown
(None), never zero. It reads a finished outcome and the table; it buys and writes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kit.model.config import cost_usd
from kit.model.providers import Usage
from kit.model.runner import Call


def _total(costs: list[float | None]) -> float | None:
    return round(sum(c for c in costs if c is not None), 6) if all(c is not None for c in costs) else None


def saving(calls: list[Call], model: str, prices: Mapping[str, Mapping]) -> dict[str, Any]:
    """The batch answers among `calls` and what they cost against single calls."""
    batched = [c for c in calls if c.answered and c.completion and c.completion.get("batch")]
    usages = [Usage(**c.completion["usage"]) for c in batched if c.completion]
    at_batch = _total([cost_usd(u, model, prices, batch=True) for u in usages])
    at_single = _total([cost_usd(u, model, prices) for u in usages])
    return {
        "answers": len(batched),
        "batches": sorted({str(c.completion["batch"]) for c in batched if c.completion}),
        "cost_usd": at_batch,
        "single_call_cost_usd": at_single,
        "saving_usd": None if at_batch is None or at_single is None else round(at_single - at_batch, 6),
    }


def said(figures: dict[str, Any], model: str) -> str:
    """One line for the progress log."""
    if figures["saving_usd"] is None:
        return (f"batch: {figures['answers']} answers; no cost: the price table lacks the single or batch_* "
                f"rates for {model}")
    return (f"batch: {figures['answers']} answers cost ${figures['cost_usd']:.4f} at batch rates, "
            f"${figures['single_call_cost_usd']:.4f} as single calls: ${figures['saving_usd']:.4f} saved")
