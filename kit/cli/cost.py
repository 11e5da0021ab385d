"""`kit cost`: a recorded run's bill, and its tokens projected onto other models' cards.

  kit cost RUN [--arm ARM] [--models A,B,...] [--prices FILE] [--json]

RUN is a run folder (every result file in it that made calls) or one result file. Each answered call
is priced at the time it was sent, on the card its result file names (the user's table, --prices or
PRICES_FILE, first; then genai-prices' bundled data, read offline). --models prices the same measured
tokens on each named card ("model" or "provider:model", e.g. deepseek:deepseek-chat), labelled as a
projection: another model would have used other token counts. A model priced nowhere reads "not
priced", never $0.

Exit status: 0 done; 2 input that cannot be used, one line saying what and what to do. It calls no
model and writes no file.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

from kit.measure import bill, compare
from kit.model import ConfigError, pricing


def add_parser(commands: Any) -> None:
    """Add `kit cost` to the `kit` argument parser's subparsers."""
    cost = commands.add_parser("cost", help="a run's bill, and its tokens priced on other models' cards")
    cost.add_argument("run", type=Path, help="a run folder (results/<run-id>) or one result file")
    cost.add_argument("--arm", help="the arm's file in the run folder (default: every arm that made calls)")
    cost.add_argument(
        "--models", help="comma-separated models to project the run's tokens onto (model or provider:model)"
    )
    cost.add_argument("--prices", type=Path, help="your price table (default: PRICES_FILE, else none)")
    cost.add_argument("--json", action="store_true", help="print the bill and projections as JSON")


def table(given: Path | None) -> dict[str, dict[str, Any]]:
    """The user's price table: `given`, else PRICES_FILE, else the kit's own (which holds no rate)."""
    chosen = given or (Path(os.environ["PRICES_FILE"]) if os.environ.get("PRICES_FILE") else None)
    try:
        return pricing.load_table(chosen)
    except ConfigError as err:
        raise compare.CompareError(f"--prices: {err}") from None


def _runs(source: Path, arm: str | None) -> list[compare.Run]:
    if source.is_dir() and arm is None:
        runs = [compare.load_run(p, label=f"{source.name}/{p.stem}") for p in sorted(source.glob("*.json"))
                if _made_calls(p)]  # fmt: skip
        if not runs:
            raise compare.CompareError(f"{source}: holds no result file of an arm that made calls")
        return runs
    run = compare.load_run(source, arm, f"{source.name}/{arm}" if arm else str(source))
    if not (run.data.get("telemetry") or {}).get("per_call"):
        raise compare.CompareError(f"{run.path}: this arm answered offline and made no call to price")
    return [run]


def _made_calls(path: Path) -> bool:
    try:
        return bool((compare.load_run(path).data.get("telemetry") or {}).get("per_call"))
    except compare.CompareError:
        return False


def priced(run: compare.Run, table: dict[str, Any], models: list[str]) -> dict[str, Any]:
    """One run's bill on its own card and its projections onto `models`."""
    calls = run.data["telemetry"]["per_call"]
    named = next((c["price"].get("card") for c in calls if c.get("price")), None)
    recorded = next((c["price"].get("source") for c in calls if c.get("price")), None)
    card = pricing.by_ident(named, str(run.data.get("model") or ""), table, recorded)
    return {
        "run": run.label,
        "provider": run.data.get("provider"),
        "model": run.data.get("model"),
        "bill": bill.of_calls(calls, card),
        "projections": bill.project(calls, models, table),
    }


def render(seen: dict[str, Any], run: compare.Run) -> list[str]:
    said = [f"{seen['run']}: {seen['provider']} {seen['model']}"]
    data = run.data
    said += [f"  {line}" for line in bill.lines(seen["bill"], data.get("telemetry"), data.get("settings"))]
    if seen["projections"]:
        said.append(f"  {bill.PROJECTION}:")
    for other in seen["projections"]:
        if other["usd"] is None and other["card"].get("from") is None:
            said.append(f"    {other['model']}: {other['why']}")
            continue
        said.append(
            f"    {other['model']}: {bill.money(other['usd'], other['why'])} as this run bought "
            f"(single {bill.money(other['single_usd'], other['single_why'])}, batch "
            f"{bill.money(other['batch_usd'], other['batch_why'])}, no cache "
            f"{bill.money(other['no_cache_usd'], other['no_cache_why'])}); card: {other['source']}"
        )
    return said


def main(args: argparse.Namespace) -> int:
    try:
        prices = table(args.prices)
        runs = _runs(args.run, args.arm)
    except compare.CompareError as err:
        print(f"kit cost: {err}", file=sys.stderr)
        return 2
    models = [m.strip() for m in (args.models or "").split(",") if m.strip()]
    seen = [priced(run, prices, models) for run in runs]
    if args.json:
        print(json.dumps({"price_data": pricing.data_version(), "runs": seen}, indent=2))
        return 0
    print(f"price data: {pricing.said()}")
    for one, run in zip(seen, runs, strict=True):
        print("\n".join(render(one, run)))
    return 0
