"""The scoreboard a person reads: one table per arm, metric by metric, then one short table across
arms (the report's first table: the headline rates and each arm's thresholds tallied), fitted to the
terminal's width.

Rows arrive as plain dicts (from metric tests, possibly on xdist workers); this module only
formats them. It computes no metric, judges no threshold and writes no file. An arm that bounds rather
than answers (kit.arms.BOUND_ARMS: the pool-matcher) is printed after the answering arms, under its
own heading and label, never among them.
"""

from __future__ import annotations

from typing import Any

from kit.arms import BOUND_ARMS
from kit.measure import textfit
from kit.measure.scoring import metric_names

COLUMNS = ("metric", "count", "rate", "95% CI", "threshold", "result")
# The table across arms, here and as the report's first table (kit.measure.report.summary).
SUMMARY_COLUMNS = (
    ("records.fully_right", "records fully right"),
    ("support.raw", "verdict offered"),
    ("support.rechecked", "verdict re-checked"),
    ("findings", "findings"),
    ("citations.credited", "citations credited"),
    ("taxonomy.order_gap_softened", "order gaps softened"),
)
HEADLINE = SUMMARY_COLUMNS[0][0]
Calibration = dict[str, tuple[float, float] | None]  # arm -> (Brier, ECE), None: no confidence stated


def row(
    arm: str,
    metric: dict[str, Any],
    name: str,
    threshold: str,
    passed: bool | None,
    order: int | None = None,
    reason: str = "",
    pinned: bool = False,
) -> dict[str, Any]:
    """A scoreboard row, JSON-serialisable so it can travel from an xdist worker. `passed` is None for
    a metric not applicable (n/a), and `reason` says why (printed once per arm and reason). `order`
    places metrics the scorer does not list (injection, scan); scorer metrics sort in the scorer's
    order. `pinned`: the threshold is an exact figure (kit.measure.thresholds.Verdict.pinned), so
    meeting it says the arm scored as expected, not that it did well."""
    return {
        "order": order,
        "arm": arm,
        "metric": name,
        "count": metric["count"],
        "total": metric["total"],
        "rate": metric["rate"],
        "ci95": metric["ci95"],
        "threshold": threshold,
        "passed": passed,
        "reason": reason,
        "pinned": pinned,
    }


def _cells(r: dict[str, Any]) -> tuple[str, ...]:
    rate = "-" if r["rate"] is None else f"{r['rate']:.1%}"
    low, high = r["ci95"]
    return (
        r["metric"],
        f"{r['count']}/{r['total']}",
        rate,
        f"{low:.0%}-{high:.0%}",
        r["threshold"],
        "n/a" if r["passed"] is None else "pass" if r["passed"] else "FAIL",
    )


BOUNDS_HEADING = "apart from the answering arms, the upper bounds:"


def render(rows: list[dict[str, Any]]) -> list[str]:
    """Text lines: a table per arm, answering arms by name (the same with or without xdist), metrics in
    scorer order; then, apart under their heading, the bound arms, each with its label."""
    named = {r["arm"] for r in rows}
    answering = sorted(named - set(BOUND_ARMS))
    bounds = [arm for arm in BOUND_ARMS if arm in named]
    lines = _tables(answering, rows)
    if bounds:
        lines.append(BOUNDS_HEADING)
        lines += _tables(bounds, rows)
    return lines


def _tables(arms: list[str], rows: list[dict[str, Any]]) -> list[str]:
    order = {name: n for n, name in enumerate(metric_names())}
    lines: list[str] = []
    for arm in arms:
        mine = sorted(
            (r for r in rows if r["arm"] == arm),
            key=lambda r: (order.get(r["metric"], r.get("order") or 0), r["metric"]),
        )
        cells = [COLUMNS, *(_cells(r) for r in mine)]
        widths = [max(len(c[i]) for c in cells) for i in range(len(COLUMNS))]
        failed = sum(1 for r in mine if r["passed"] is False)
        skipped = sum(1 for r in mine if r["passed"] is None)
        na = f", {skipped} n/a" if skipped else ""
        if arm in BOUND_ARMS:
            lines.append(f"{arm}: {BOUND_ARMS[arm]}")
        lines.append(f"arm: {arm}  ({len(mine)} metrics, {failed} below threshold{na})")
        for c in cells:
            lines.append(
                "  "
                + "  ".join(
                    v.ljust(w) if i == 0 else v.rjust(w)
                    for i, (v, w) in enumerate(zip(c, widths, strict=True))
                ).rstrip()
            )
        reasons = [r.get("reason") or "not applicable" for r in mine if r["passed"] is None]
        for reason in dict.fromkeys(reasons):
            lines.append(f"  n/a ({reasons.count(reason)}): {reason}")
        lines.append("")
    return lines


def failed(rows: list[dict[str, Any]]) -> list[str]:
    """One line per metric below its threshold (arm, metric, figure, threshold), arms by name;
    nothing when every metric passed or was n/a."""
    below = sorted((r for r in rows if r["passed"] is False), key=lambda r: (r["arm"], r["metric"]))
    if not below:
        return []
    lines = [f"{len(below)} metric(s) below threshold:"]
    for r in below:
        rate = "" if r["rate"] is None else f" ({r['rate']:.1%})"
        figure = f"{r['count']}/{r['total']}{rate}"
        lines.append(f"  {r['arm']} / {r['metric']}: {figure}, threshold {r['threshold']}")
    return lines


def tally(results: list[tuple[bool | None, bool]]) -> dict[str, int]:
    """(passed, pinned) per metric counted as the summaries say them: a bar cleared is "passed", an
    exact figure met is "as expected" (always-present's 0/60 fully right is a figure met, not a pass)."""
    return {
        "passed": sum(1 for passed, pinned in results if passed and not pinned),
        "expected": sum(1 for passed, pinned in results if passed and pinned),
        "failed": sum(1 for passed, _ in results if passed is False),
        "unjudged": sum(1 for passed, _ in results if passed is None),
    }


def tally_words(counts: dict[str, int]) -> str:
    """"12 passed, 27 as expected, 1 failed, 3 n/a", leaving out what is none (but never all of it)."""
    words = (("passed", "passed"), ("expected", "as expected"), ("failed", "failed"), ("unjudged", "n/a"))
    said = [f"{counts[key]} {word}" for key, word in words if counts[key]]
    return ", ".join(said) or "0 judged"


def _figure(r: dict[str, Any] | None) -> str:
    if r is None:
        return "-"
    rate = "-" if r["rate"] is None else f"{r['rate']:.1%}"
    low, high = r["ci95"]
    return f"{rate} {r['count']}/{r['total']} [{low:.0%}-{high:.0%}]"


def _calibration(arm: str, found: Calibration) -> str:
    if arm not in found:
        return "-"
    figures = found[arm]
    return "n/a" if figures is None else f"{figures[0]:.3f} / {figures[1]:.3f}"


def summary(rows: list[dict[str, Any]], calibration: Calibration, columns: int | None = None) -> list[str]:
    """The short table across arms that ends the scoreboard, as the report's first table has it: per
    arm that grades records the headline rates with their intervals, its thresholds tallied (passed,
    as expected, failed, n/a) and its calibration (Brier / ECE); then the measurement arms (injection,
    scan, redaction) with their thresholds. Folded to `columns` (default: the terminal's width)."""
    if not rows:
        return []  # a session that only noted figures has no arm to sum up
    columns = columns or textfit.width()
    by_arm: dict[str, dict[str, dict[str, Any]]] = {}
    for r in rows:
        by_arm.setdefault(r["arm"], {})[r["metric"]] = r
    graded = [arm for arm in sorted(by_arm) if HEADLINE in by_arm[arm]]
    others = [arm for arm in sorted(by_arm) if arm not in graded]

    def judged(arm: str) -> str:
        return tally_words(tally([(r["passed"], r.get("pinned", False)) for r in by_arm[arm].values()]))

    lines = ["summary across arms (the report's first table):"]
    if graded:
        head = ("arm", *(label for _, label in SUMMARY_COLUMNS), "thresholds", "Brier / ECE")
        table = [head] + [
            (arm, *(_figure(by_arm[arm].get(name)) for name, _ in SUMMARY_COLUMNS), judged(arm),
             _calibration(arm, calibration))
            for arm in graded
        ]  # fmt: skip
        lines += textfit.fold(table, columns)
    if others:
        table = [("measurement arm", "thresholds"), *((arm, judged(arm)) for arm in others)]
        lines += ["", *textfit.fold(table, columns)]
    return lines
