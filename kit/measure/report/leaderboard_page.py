"""The leaderboard as one self-contained HTML page (`kit leaderboard ... -o FILE`, and `kit report RUN
--compare A B ...` with more than two runs): the table of runs best first, a forest plot of records
fully right with intervals, cost against accuracy with the Pareto front, the Holm-corrected McNemar
p-value matrix with its sentence, and a reliability diagram per run that states a confidence.

It lays out what kit.measure.leaderboard computed; like the report, it runs only the kit's own
stylesheet (allowed by hash), no script at all, and fetches nothing.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from kit.measure.leaderboard import HEADLINE, METRICS, Board
from kit.measure.report import glossary, page, plots, summary

LABELS = dict(summary.COLUMNS)
TITLE = "records fully right, with 95% interval"


def _plots(board: Board) -> dict[str, Any]:
    forest = [
        {"label": e.label, "rate": m["rate"], "ci95": m["ci95"], "marks": []}
        for e in board.entries
        if (m := e.metrics.get(HEADLINE))
    ]
    points = [
        {"label": e.label, "x": e.cost_per_record, "y": e.headline, "front": e.label in board.pareto}
        for e in board.entries
        if e.cost_per_record is not None and e.headline >= 0
    ]
    reliability = [
        (e.label, plots.reliability(e.calibration["bins"], f"reliability: {e.label}"))
        for e in board.entries
        if e.calibration is not None
    ]
    return {
        "forest": plots.intervals(forest, TITLE, width=680, label_width=220),
        "scatter": plots.scatter(points, "cost per record against records fully right", "dollars per record",
                                 "records fully right") if points else Markup(""),
        "unpriced": [e.label for e in board.entries if e.cost_per_record is None],
        "reliability": reliability,
    }  # fmt: skip


def render(board: Board, title: str = "Leaderboard") -> str:
    css = page.static("report.css")
    held = {(p.a, p.b): p for p in board.pairs} | {(p.b, p.a): p for p in board.pairs}
    labels = [e.label for e in board.entries]
    matrix = [[held.get((a, b)) if a != b else None for b in labels] for a in labels]
    return (
        page.environment()
        .get_template("leaderboard.html.j2")
        .render(
            title=title,
            board=board,
            entries=[(e, e.to_dict()) for e in board.entries],
            columns=[(m, LABELS[m], glossary.words(m)) for m in METRICS],
            headline=HEADLINE,
            matrix=matrix,
            labels=labels,
            plots=_plots(board),
            css=Markup(css),
            css_hash=page.csp_hash(css),
        )
    )
