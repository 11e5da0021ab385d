"""What buying through a batch API saved, on the card the run is priced on (kit.model.pricing: the
user's table over genai-prices): the answers of a run that came from a batch, which batches, their cost
at the batch rates, what the same tokens cost as single calls, and the difference, each answer priced
at its own time. A rate the card lacks makes that figure unknown (None) with the reason, never zero. It
reads a finished outcome and the card; it buys and writes nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from kit.model import pricing
from kit.model.providers import Usage
from kit.model.runner import Call


def _total(prices: list[pricing.Price]) -> float | None:
    return None if any(p.usd is None for p in prices) else round(sum(p.usd or 0.0 for p in prices), 6)


def saving(calls: list[Call], card: pricing.Card) -> dict[str, Any]:
    """The batch answers among `calls` and what they cost against single calls."""
    batched = [c for c in calls if c.answered and c.completion and c.completion.get("batch")]
    priced = []
    for call in batched:
        at = pricing.when((call.price or {}).get("at")) or datetime.now(UTC)
        priced.append((Usage(**call.completion["usage"]), at) if call.completion else (Usage(), at))
    at_batch = [card.price(usage, at, batch=True) for usage, at in priced]
    at_single = [card.price(usage, at) for usage, at in priced]
    batch_usd, single_usd = _total(at_batch), _total(at_single)
    why = next((p.why for p in [*at_batch, *at_single] if p.usd is None), None)
    return {
        "answers": len(batched),
        "batches": sorted({str(c.completion["batch"]) for c in batched if c.completion}),
        "cost_usd": batch_usd,
        "single_call_cost_usd": single_usd,
        "saving_usd": None if batch_usd is None or single_usd is None else round(single_usd - batch_usd, 6),
        "source": card.source,
        "why": why,
    }


def said(figures: dict[str, Any]) -> str:
    """One line for the progress log."""
    if figures["saving_usd"] is None:
        return f"batch: {figures['answers']} answers; no cost: {figures['why']}"
    return (f"batch: {figures['answers']} answers cost ${figures['cost_usd']:.4f} at batch rates, "
            f"${figures['single_call_cost_usd']:.4f} as single calls: ${figures['saving_usd']:.4f} saved")
