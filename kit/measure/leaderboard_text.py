"""How a leaderboard (kit.measure.leaderboard) is shown in a terminal: one row per run, best first
(each run named with when it was made), then the matrix of Holm-corrected McNemar p-values on records
fully right and the sentence saying which differences are significant. Everything fits the
terminal's width (kit.measure.textfit): a wide table folds into blocks that repeat its first columns,
a long sentence wraps. It formats; it computes nothing.
"""

from __future__ import annotations

from typing import Any

from kit.measure import textfit
from kit.measure.leaderboard import ALPHA, HEADLINE, Board, Entry

COLUMNS = (
    "#", "run", "when", "model", "fully right [95% CI]", "rechecked", "findings", "citations", "Brier",
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
        str(n), e.label, e.when, e.model or "-", _rate(e.metrics[HEADLINE], True),
        _rate(e.metrics["support.rechecked"]), _rate(e.metrics["findings"]),
        _rate(e.metrics["citations.credited"]), cal, money(per, 5),
        money(None if per is None else per * 1000, 2),
        f"{_ms(e.latency_ms['p50'])}/{_ms(e.latency_ms['p95'])}", str(e.parse_failures), tok,
    )  # fmt: skip


def render(board: Board, columns: int | None = None) -> list[str]:
    """The leaderboard as lines at most `columns` wide (default: the terminal's width)."""
    columns = columns or textfit.width()
    lines = [f"leaderboard: {len(board.entries)} run(s), sorted by records fully right"]
    rows = [COLUMNS, *(_cells(n, e) for n, e in enumerate(board.entries, start=1))]
    lines += textfit.fold(rows, columns, keep=2)
    if board.pareto:
        lines += textfit.wrap(f"cost/accuracy Pareto front: {', '.join(board.pareto)}", columns, "  ")
    if board.pairs:
        labels = [e.label for e in board.entries]
        lines += ["", *textfit.wrap("McNemar p on records fully right, Holm-corrected (raw p in brackets); "
                                    "rows and columns are the runs by their # above:", columns)]
        held = {(p.a, p.b): p for p in board.pairs}
        matrix = [("", *(f"[{n}]" for n in range(1, len(labels) + 1)))]
        for i, a in enumerate(labels):
            cells = []
            for j, b in enumerate(labels):
                pair = held.get((a, b)) or held.get((b, a))
                cells.append("" if i == j or pair is None else f"{pair.p_holm:.3g} ({pair.p:.3g})")
            matrix.append((f"[{i + 1}]", *cells))
        lines += textfit.fold(matrix, columns)
    lines += ["", *_significance(board, columns)]
    return lines


def _significance(board: Board, columns: int) -> list[str]:
    """The leaderboard's sentence as a terminal reads it best: its head, then one line per difference
    that survives Holm's correction, each run named by its # above, then the pairs left."""
    found = [p for p in board.pairs if p.significant]
    if not found:
        return textfit.wrap(board.sentence(), columns)
    number = {e.label: n for n, e in enumerate(board.entries, start=1)}
    lines = textfit.wrap(
        f"Of {len(board.pairs)} pair(s), {len(found)} differ on records fully right at alpha {ALPHA} after "
        f"Holm's correction for {len(board.pairs)} comparison(s):", columns
    )
    for p in found:
        win, lose = (p.a, p.b) if p.a_only > p.b_only else (p.b, p.a)
        said = (f"  [{number[win]}] beats [{number[lose]}]: {max(p.a_only, p.b_only)} to "
                f"{min(p.a_only, p.b_only)} records, Holm p = {p.p_holm:.3g}")  # fmt: skip
        lines += textfit.wrap(said, columns, "    ")
    rest = len(board.pairs) - len(found)
    return lines + ([f"the other {rest} pair(s) cannot be told apart."] if rest else [])
