"""How a leaderboard (kit.measure.leaderboard) is shown in a terminal: one row per run, best first,
then the matrix of Holm-corrected McNemar p-values on records fully right and the sentence saying
which differences are significant. It formats; it computes nothing.
"""

from __future__ import annotations

from typing import Any

from kit.measure.leaderboard import HEADLINE, Board, Entry

COLUMNS = (
    "#", "run", "model", "fully right [95% CI]", "rechecked", "findings", "citations", "Brier",
    "$/record", "$/1k records", "p50/p95 ms", "parse fail", "tokens in/out",
)  # fmt: skip


def _rate(m: dict[str, Any] | None, interval: bool = False) -> str:
    if m is None or m["rate"] is None:
        return "-"
    text = f"{m['count']}/{m['total']} {m['rate']:.1%}"
    return f"{text} [{m['ci95'][0]:.0%}-{m['ci95'][1]:.0%}]" if interval else text


def money(x: float | None, digits: int = 4) -> str:
    return "unknown" if x is None else f"${x:.{digits}f}"


def _ms(x: float | None) -> str:
    return "-" if x is None else f"{x:.0f}"


def _cells(n: int, e: Entry) -> tuple[str, ...]:
    per = e.cost_per_record
    cal = "n/a" if e.calibration is None else f"{e.calibration['brier']:.3f}"
    tokens = e.tokens
    tok = "-" if tokens.get("input") is None else f"{tokens['input']}/{tokens.get('output')}"
    return (
        str(n), e.label, e.model or "-", _rate(e.metrics[HEADLINE], True),
        _rate(e.metrics["support.rechecked"]), _rate(e.metrics["findings"]),
        _rate(e.metrics["citations.credited"]), cal, money(per, 5),
        money(None if per is None else per * 1000, 2),
        f"{_ms(e.latency_ms['p50'])}/{_ms(e.latency_ms['p95'])}", str(e.parse_failures), tok,
    )  # fmt: skip


def _table(rows: list[tuple[str, ...]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip() for r in rows]


def render(board: Board) -> list[str]:
    lines = [f"leaderboard: {len(board.entries)} run(s), sorted by records fully right"]
    lines += _table([COLUMNS, *(_cells(n, e) for n, e in enumerate(board.entries, start=1))])
    if board.pareto:
        lines.append(f"cost/accuracy Pareto front: {', '.join(board.pareto)}")
    if board.pairs:
        labels = [e.label for e in board.entries]
        lines += ["", "McNemar p on records fully right, Holm-corrected (raw p in brackets):"]
        held = {(p.a, p.b): p for p in board.pairs}
        rows = [("", *(f"[{n}]" for n in range(1, len(labels) + 1)))]
        for i, a in enumerate(labels):
            cells = []
            for j, b in enumerate(labels):
                pair = held.get((a, b)) or held.get((b, a))
                cells.append("" if i == j or pair is None else f"{pair.p_holm:.3g} ({pair.p:.3g})")
            rows.append((f"[{i + 1}] {a}", *cells))
        lines += _table(rows)
    lines += ["", board.sentence()]
    return lines
