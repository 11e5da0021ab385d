"""A run's bill: its answered calls priced on a card (kit.model.pricing), each at the time it was
sent: the total as bought, the peak and off-peak split where the card has time-of-day prices (with
what the same tokens cost in the other window), the same calls all as single calls and all through a
batch API, and the cached input as measured against no cache at all. `project` prices the same
tokens on other models' cards, labelled as a projection (another model would use other token counts).

It reads a result file's per-call entries (usage, when sent, batch) and prices them; it calls no model
and changes no file. A figure the card cannot give is None with the reason, never 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from kit.model import Usage, pricing

ANSWERED = ("bought", "replayed")
WINDOWS = ("peak", "off-peak")
PROJECTION = "projection: this run's measured tokens on other models' cards (each would use other counts)"

Item = tuple[Usage, datetime, bool]


def items(calls: list[Mapping[str, Any]]) -> tuple[list[Item], int]:
    """(usage, when sent, bought in a batch) for every answered call of a result file's per-call list,
    and how many of them record no time (priced now instead)."""
    found, untimed = [], 0
    for call in calls:
        if call.get("status") not in ANSWERED or not call.get("usage"):
            continue
        at = pricing.when(call.get("requested_at") or (call.get("price") or {}).get("at"))
        untimed += at is None
        found.append((Usage(**call["usage"]), at or datetime.now(UTC), bool(call.get("batch"))))
    return found, untimed


def no_cache(usage: Usage) -> Usage:
    """The same tokens with nothing read from or written to the prompt cache."""
    return Usage(usage.input_tokens, 0, usage.output_tokens, usage.reasoning_tokens, 0)


def total(prices: list[pricing.Price]) -> tuple[float | None, str | None]:
    """The sum, or None and the first reason a price is missing; rounded to a millionth of a cent."""
    missing = next((p.why for p in prices if p.usd is None), None)
    return (None, missing) if missing else (round(sum(p.usd or 0.0 for p in prices), 8), None)


def _windows(card: pricing.Card, found: list[Item]) -> dict[str, dict[str, Any]] | None:
    """Per time-of-day window: its calls, their cost, and the same tokens at the other window's prices."""
    split: dict[str, dict[str, Any]] = {}
    for usage, at, batch in found:
        window = card.windows(usage, at, batch)
        if window is None:
            continue
        row = split.setdefault(window.name, {"calls": 0, "hours": window.hours, "other": window.other,
                                             "priced": [], "elsewhere": []})  # fmt: skip
        row["calls"] += 1
        row["priced"].append(card.price(usage, at, batch))
        row["elsewhere"].append(pricing.Price(window.other_usd))
    for row in split.values():
        row["usd"] = total(row.pop("priced"))[0]
        row["other_usd"] = total(row.pop("elsewhere"))[0]
    return split or None


def of_calls(calls: list[Mapping[str, Any]], card: pricing.Card) -> dict[str, Any]:
    """The bill of a result file's per-call entries on `card`."""
    found, untimed = items(calls)
    usd, why = total([card.price(u, at, batch) for u, at, batch in found])
    single, single_why = total([card.price(u, at) for u, at, _ in found])
    batch, batch_why = total([card.price(u, at, True) for u, at, _ in found])
    bare, bare_why = total([card.price(no_cache(u), at, b) for u, at, b in found])
    return {
        "source": card.source,
        "card": card.ident,
        "calls": len(found),
        "untimed": untimed,
        "usd": usd,
        "why": why,
        "windows": _windows(card, found) if usd is not None else None,
        "single_usd": single,
        "single_why": single_why,
        "batch_usd": batch,
        "batch_why": batch_why,
        "no_cache_usd": bare,
        "no_cache_why": bare_why,
    }


Calls = list[Mapping[str, Any]]


def project(calls: Calls, refs: list[str], table: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The run's tokens on each model's card named in `refs` ("model" or "provider:model")."""
    return [{"model": ref, **of_calls(calls, pricing.projected(ref, table))} for ref in refs]


def money(usd: float | None, why: str | None = None) -> str:
    """Dollars to six places, or `why` (else "not priced") when there is no figure."""
    return (why or "not priced") if usd is None else f"${usd:,.6f}"


def pairs(bill: Mapping[str, Any] | None, telemetry: Mapping[str, Any] | None = None,
          settings: Mapping[str, Any] | None = None) -> list[tuple[str, str]]:  # fmt: skip
    """The bill as (label, words) pairs, for the report's header and `kit cost`; with the run's
    telemetry and settings, its reasoning share and truncations too."""
    if not bill:
        return []
    when = "each priced at the time it was sent" + (
        f" ({bill['untimed']} recorded no time and were priced now)" if bill.get("untimed") else "")
    total_said = f"{bill['calls']} calls, {money(bill['usd'], bill['why'])}, {when}"
    said = [("card", bill["source"]), ("bill", total_said)]
    for name, row in (bill.get("windows") or {}).items():
        said.append((name, f"{row['calls']} calls ({row['hours']}), {money(row['usd'])}; the same tokens "
                           f"at {row['other']} prices: {money(row['other_usd'])}"))  # fmt: skip
    single = money(bill["single_usd"], bill.get("single_why"))
    batch = money(bill["batch_usd"], bill.get("batch_why"))
    said.append(("single or batch", f"as single calls: {single}; through a batch API: {batch}"))
    measured, bare = money(bill["usd"], bill["why"]), money(bill["no_cache_usd"], bill.get("no_cache_why"))
    said.append(("cache", f"cached input as measured: {measured}; with no cache: {bare}"))
    return said + run_pairs(telemetry, settings)


def lines(bill: Mapping[str, Any] | None, telemetry: Mapping[str, Any] | None = None,
          settings: Mapping[str, Any] | None = None) -> list[str]:  # fmt: skip
    """`pairs` as lines of text, a time-of-day window's indented under the bill."""
    found = pairs(bill, telemetry, settings)
    return [f"{'  ' if label in WINDOWS else ''}{label}: {text}" for label, text in found]


Pairs = list[tuple[str, str]]


def run_pairs(telemetry: Mapping[str, Any] | None, settings: Mapping[str, Any] | None) -> Pairs:
    """The reasoning share beside REASONING_EFFORT, and the replies stopped at MAX_TOKENS."""
    if not telemetry:
        return []
    tokens = telemetry.get("tokens") or {}
    effort = (settings or {}).get("reasoning_effort", "not recorded")
    share = telemetry.get("reasoning_share")
    reasoning = "not reported by the provider"
    if share is not None:
        reasoning = f"{tokens['reasoning']:,} of {tokens['output']:,} output tokens ({share:.1%})"
    cut = telemetry.get("truncated") or {}
    stopped = (f"{cut.get('count', 0)} of {cut.get('of', 0)} replies stopped at MAX_TOKENS "
               f"({cut.get('max_tokens')})") + (f": {cut['change']}" if cut.get("change") else "")
    return [("reasoning", f"{reasoning}; REASONING_EFFORT: {effort}"), ("truncated", stopped)]
