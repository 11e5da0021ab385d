"""The report's first screen: one table across the run's arms (records fully right, verdicts raw and
rechecked, findings, citations credited, order gaps softened, each as a rate with its Wilson
interval, then how many thresholds the arm passed, met as expected (an exact figure: not a mark of
quality) and failed, and the calibration of its stated confidence), and a plot of records fully
right per arm with its interval and threshold. An arm that bounds rather than answers (the
pool-matcher, kit.arms.BOUND_ARMS) gets a row of its own table with its label, and stays out of the
answering arms' table and plot.

Also the calibration block of one arm (Brier score, expected calibration error, the bins and the
reliability diagram). It lays out figures the arm sections already hold; it computes no metric but
calibration, which kit.measure.calibration computes from the per-record grades.
"""

from __future__ import annotations

from typing import Any

from markupsafe import Markup

from kit.arms import BOUND_ARMS
from kit.measure import calibration, scoreboard
from kit.measure.report import glossary, plots
from kit.measure.stats import wilson

COLUMNS = scoreboard.SUMMARY_COLUMNS  # the terminal's scoreboard ends with the same table
HEADLINE = scoreboard.HEADLINE


def _cell(metric: dict[str, Any] | None) -> dict[str, Any] | None:
    if metric is None:
        return None
    return {
        "count": metric["count"],
        "total": metric["total"],
        "rate": metric["rate"],
        "ci95": list(wilson(metric["count"], metric["total"])),
        "better": metric.get("better", "higher"),
    }


def calibration_of(data: dict[str, Any]) -> dict[str, Any] | None:
    """An arm's calibration, with its reliability diagram; None for an arm that states no confidence."""
    found = calibration.of_records(data.get("records", []))
    if found is None:
        return None
    out = found.to_dict()
    out["plot"] = plots.reliability(out["bins"], f"reliability: {data.get('arm', '?')}")
    return out


def calibration_rows(cal: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The two calibration figures as scoreboard rows: n/a for an arm that states no confidence; no
    threshold (a level of calibration to demand is the user's choice)."""
    rows = []
    for name in ("calibration.brier", "calibration.ece"):
        value = None if cal is None else cal[name.split(".")[1]]
        rows.append(
            {
                "name": name,
                "words": glossary.words(name),
                "value": value,
                "stated": None if cal is None else cal["stated"],
            }
        )
    return rows


def _passed(result: str) -> bool | None:
    """A scoreboard row's result as judged: True (pass), False (FAIL), None (n/a or not judged)."""
    return True if result == "pass" else False if result == "FAIL" else None


def table(arms: list[dict[str, Any]], files: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Rows of the summary table, its column heads, and the headline plot."""
    rows = []
    for arm in arms:
        metrics = files[arm["name"]].get("metrics", {})
        judged = [(_passed(r["result"]), r.get("pinned", False)) for r in arm["scoreboard"]]
        rows.append(
            {
                "name": arm["name"],
                "graded": HEADLINE in metrics,
                "bound": BOUND_ARMS.get(arm["name"]),
                "cells": [_cell(metrics.get(name)) for name, _ in COLUMNS],
                **scoreboard.tally(judged),
                "calibration": arm.get("calibration"),
            }
        )
    headline = [
        {
            "label": arm["name"],
            "rate": next(r["rate"] for r in arm["scoreboard"] if r["name"] == HEADLINE),
            "ci95": next(r["ci95"] for r in arm["scoreboard"] if r["name"] == HEADLINE),
            "marks": next(r["marks"] for r in arm["scoreboard"] if r["name"] == HEADLINE),
        }
        for arm in arms
        if any(r["name"] == HEADLINE for r in arm["scoreboard"]) and arm["name"] not in BOUND_ARMS
    ]
    title = "records fully right, with 95% interval"
    plot = plots.intervals(headline, title, width=620) if headline else Markup("")
    return {
        "columns": [{"id": name, "label": label, "words": glossary.words(name)} for name, label in COLUMNS],
        "rows": rows,
        "plot": plot,
        "any_failed": any(r["failed"] for r in rows),
    }
