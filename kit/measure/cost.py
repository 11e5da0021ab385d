"""Cost at volume: what a recorded run's measured tokens would cost per record, per 1,000 and per
100,000 records, on the card the run is priced on (kit.model.pricing: the user's table over
genai-prices), as single calls and through a batch API, with the static prefix served from the
provider's prompt cache as measured and with no cached prefix at all. Each call is priced at the time
it was sent, so a card's time-of-day prices weigh in as the run met them.

`at_volume(calls, card)` is the one public computation (`from_telemetry` takes a result file's
telemetry); the result file, `kit compare` and the report show what it gives. A record here is one
answer (one call): a run with --repeat N costs N of them per record. It reads no file and never
guesses a rate: a rate the card lacks makes that figure None (not priced), never zero.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kit.measure import bill
from kit.model import pricing

VOLUMES = {"per_record": 1, "per_1000": 1_000, "per_100000": 100_000}
SCENARIOS = (  # name, batch rates?, cached prefix as measured?
    ("single_cached", False, True),
    ("single_no_cache", False, False),
    ("batch_cached", True, True),
    ("batch_no_cache", True, False),
)
SAID = {"single_cached": "single, cached", "single_no_cache": "single, no cache",
        "batch_cached": "batch, cached", "batch_no_cache": "batch, no cache"}  # fmt: skip


def at_volume(calls: bill.Calls, card: pricing.Card) -> dict[str, Any] | None:
    """Mean tokens per answer over the answered calls among `calls` (a result file's per-call
    entries), and the dollars per record, per 1,000 and per 100,000 records in each scenario; None
    when there is no answer or no input/output count to go by."""
    found, _ = bill.items(calls)
    if not found or any(u.input_tokens is None or u.output_tokens is None for u, _, _ in found):
        return None
    answers = len(found)
    usd: dict[str, dict[str, float | None]] = {}
    reasons: dict[str, str] = {}
    for name, batch, with_cache in SCENARIOS:
        spent, why = bill.total([card.price(u if with_cache else bill.no_cache(u), at, batch)
                                 for u, at, _ in found])  # fmt: skip
        usd[name] = {
            volume: None if spent is None else round(spent / answers * n, 6) for volume, n in VOLUMES.items()
        }
        if why:
            reasons[name] = why
    totals = {
        "input": sum(u.input_tokens or 0 for u, _, _ in found),
        "cached_input": sum(min(u.cached_input_tokens or 0, u.input_tokens or 0) for u, _, _ in found),
        "output": sum(u.output_tokens or 0 for u, _, _ in found),
    }
    return {
        "card": card.source,
        "answers": answers,
        "tokens_per_record": {k: round(v / answers, 1) for k, v in totals.items()},
        "usd": usd,
        "why": reasons,
    }


def from_telemetry(telemetry: Mapping[str, Any], card: pricing.Card) -> dict[str, Any] | None:
    """`at_volume` on a run's telemetry summary (kit.model.telemetry.summary): its per-call entries."""
    return at_volume(telemetry.get("per_call") or [], card)


def priced(summary: Mapping[str, Any], card: pricing.Card) -> dict[str, Any]:
    """What a paid arm's result file carries about money besides its telemetry: which price data, the
    bill (kit.measure.bill) and the cost at volume, all on `card`."""
    calls = summary.get("per_call") or []
    return {
        "price_data": pricing.data_version(),
        "bill": bill.of_calls(calls, card),
        "cost_at_volume": at_volume(calls, card),
    }


def lines(volume: Mapping[str, Any] | None) -> list[str]:
    """The figures in words, one line per scenario, for the report and `kit compare`."""
    if not volume:
        return []
    per = volume["tokens_per_record"]
    said = [
        f"{per['input']:,.0f} input tokens a record ({per['cached_input']:,.0f} cached), "
        f"{per['output']:,.0f} output"
    ]
    for name, _, _ in SCENARIOS:
        figures = volume["usd"][name]
        if figures["per_record"] is None:
            said.append(f"{SAID[name]}: {(volume.get('why') or {}).get(name, 'not priced')}")
            continue
        said.append(
            f"{SAID[name]}: ${figures['per_record']:.4f} a record, ${figures['per_1000']:,.2f} "
            f"per 1,000, ${figures['per_100000']:,.0f} per 100,000"
        )
    return said
