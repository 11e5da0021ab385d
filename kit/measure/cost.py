"""Cost at volume: what a recorded run's measured tokens would cost per record, per 1,000 and per
100,000 records, from the user's price table (kit/data/prices.json or PRICES_FILE), as single calls
and through a batch API, with the static prefix served from the provider's prompt cache as measured
and with no cached prefix at all.

`at_volume(tokens, answers, model, prices)` is the one public computation (`from_telemetry` reads its
inputs from a result file's telemetry); the result file, `kit compare` and the report show what it
gives. A record here is one answer (one call): a run with --repeat N costs N of them per record.
It reads no file and never guesses a rate: a rate the table leaves null makes that figure None
(unknown), never zero.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kit.model import Usage, config

VOLUMES = {"per_record": 1, "per_1000": 1_000, "per_100000": 100_000}
SCENARIOS = (  # name, batch rates?, cached prefix as measured?
    ("single_cached", False, True),
    ("single_no_cache", False, False),
    ("batch_cached", True, True),
    ("batch_no_cache", True, False),
)


def at_volume(
    tokens: Mapping[str, int | None], answers: int, model: str, prices: Mapping[str, Mapping]
) -> dict[str, Any] | None:
    """Mean tokens per answer from `tokens` (totals: input, cached_input, output) over `answers`, and
    the dollars per record, per 1,000 and per 100,000 records in each scenario; None when there is no
    answer or no input/output count to go by."""
    total_in, total_out = tokens.get("input"), tokens.get("output")
    if not answers or total_in is None or total_out is None:
        return None
    cached = min(tokens.get("cached_input") or 0, total_in)
    mean = {"input": total_in / answers, "cached_input": cached / answers, "output": total_out / answers}
    usd: dict[str, dict[str, float | None]] = {}
    for name, batch, with_cache in SCENARIOS:
        usage = Usage(total_in, cached if with_cache else 0, total_out, None)
        spent = config.cost_usd(usage, model, prices, batch)
        usd[name] = {
            volume: None if spent is None else round(spent / answers * n, 6) for volume, n in VOLUMES.items()
        }
    return {
        "model": model,
        "answers": answers,
        "tokens_per_record": {k: round(v, 1) for k, v in mean.items()},
        "usd": usd,
    }


def from_telemetry(
    telemetry: Mapping[str, Any], model: str, prices: Mapping[str, Mapping]
) -> dict[str, Any] | None:
    """`at_volume` on a run's telemetry summary (kit.model.telemetry.summary): its token totals over
    its answered calls."""
    answers = int(telemetry.get("bought") or 0) + int(telemetry.get("replayed") or 0)
    return at_volume(telemetry.get("tokens") or {}, answers, model, prices)


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
            said.append(f"{name.replace('_', ', ')}: not priced (a rate in the price table is null)")
            continue
        said.append(
            f"{name.replace('_', ', ')}: ${figures['per_record']:.4f} a record, ${figures['per_1000']:,.2f} "
            f"per 1,000, ${figures['per_100000']:,.0f} per 100,000"
        )
    return said
