"""How a comparison of runs (kit.measure.compare) is shown: a text table for a person and a JSON document for
a machine. The text fits the terminal's width (kit.measure.textfit): the table folds into blocks that
each start with the metric, and long lists of records wrap. It formats what kit.measure.compare
computed and computes nothing itself."""

from __future__ import annotations

import json
from typing import Any

from kit.measure import cost, textfit
from kit.measure.compare import ALPHA, Paired, Regression, Row, Run, fig, short


def to_json(runs: list[Run], rows: list[Row], found: list[Regression]) -> dict[str, Any]:
    """The comparison as a JSON document: the baseline's label, each run's header, every metric row
    and the regressions found."""
    return {
        "baseline": runs[0].label,
        "runs": [run.header() for run in runs],
        "metrics": [row.to_dict() for row in rows],
        "regressions": [{"metric": r.metric, "run": r.run, "message": r.message} for r in found],
    }


def _cell(f: dict[str, Any] | None) -> str:
    if f is None:
        return "-"
    low, high = f["ci95"]
    return f"{fig(f)} [{low:.0%}-{high:.0%}]"


def _p(paired: Paired | None) -> tuple[str, str]:
    if paired is None:
        return "", ""
    return f"{len(paired.worse)}/{len(paired.better)}", f"{paired.p:.3g}"


def render(
    runs: list[Run], rows: list[Row], found: list[Regression], columns: int | None = None
) -> list[str]:
    """Text lines at most `columns` wide (default: the terminal's width; a record id or path longer than
    a line is left whole): who is compared, one table row per metric, then the items that changed."""
    columns = columns or textfit.width()
    out = []
    for line in _lines(runs, rows, found, columns):
        out += textfit.wrap(line, columns, "    ") if len(line) > columns else [line]
    return out


def _lines(runs: list[Run], rows: list[Row], found: list[Regression], columns: int) -> list[str]:
    lines = ["runs (the first is the baseline):"]
    for n, run in enumerate(runs):
        h = run.header()
        extra = "".join(f"  {k} {h[k]}" for k in ("provider", "model") if h.get(k))
        lines.append(f"  [{n}] {run.label}: arm {run.arm}, run {h['run_id']}{extra}")
        if h.get("settings"):
            lines.append(f"      settings {json.dumps(h['settings'], sort_keys=True)}")
        lines += [f"      cost at volume: {line}" for line in cost.lines(h.get("cost_at_volume"))]
    base = runs[0].data
    lines.append(
        f"same corpus {short(base['corpus_hash'])} ({base.get('dataset_version')}), policy "
        f"{base.get('policy_id')} {short(base['policy_hash'])}"
    )
    head = ["metric", *(f"[{n}]" for n in range(len(runs)))]
    for n in range(1, len(runs)):
        head += [f"[{n}]-[0]", f"worse/better [{n}]", f"p [{n}]"]
    table = [head]
    for row in rows:
        cells = [row.metric, *(_cell(f) for f in row.figures)]
        for n in range(1, len(runs)):
            d = row.diff(n)
            cells += ["-" if d is None else f"{d * 100:+.1f}pp", *_p(row.paired[n])]
        table.append(cells)
    lines.append("")
    lines += textfit.fold(table, columns)
    for n in range(1, len(runs)):
        changed = [
            (row.metric, paired)
            for row in rows
            if (paired := row.paired[n]) is not None and (paired.worse or paired.better)
        ]
        lines += [
            "",
            f"items that changed, [{n}] against the baseline [0]:"
            if changed
            else f"no item changed, [{n}] against [0]",
        ]
        for metric, paired in changed:
            for word, items in (("worse", paired.worse), ("better", paired.better)):
                if items:
                    lines.append(f"  {metric}: {word} on {len(items)}: {', '.join(items)}")
    if found:
        lines += ["", f"{len(found)} regression(s) (worse than the baseline with p < {ALPHA}):"]
        lines += [f"  {r.message}" for r in found]
    return lines
