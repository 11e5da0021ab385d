"""The short table across arms that ends the terminal's scoreboard (the report's first table): each
arm's headline figures as its rows give them, its thresholds tallied with exact figures met counted
"as expected" and bars cleared "passed", its calibration, the measurement arms apart, and every line
within the width it is given. Before: no such table; a run over 11 arms ended after ~770 lines of
per-arm tables."""

from __future__ import annotations

import pytest

from kit.measure import scoreboard, stats
from kit.measure.scoring import Metric


def row(arm: str, name: str, count: int, total: int, passed: bool | None, pinned: bool) -> dict:
    metric = Metric(name, count, total).to_dict()
    return scoreboard.row(arm, metric, name, "= x" if pinned else ">= 50%", passed, pinned=pinned)


ROWS = [
    row("always-present", "records.fully_right", 0, 60, True, True),
    row("always-present", "findings", 167, 240, True, True),
    row("always-present", "support.raw", 0, 60, False, True),
    row("paid", "records.fully_right", 51, 60, True, False),
    row("paid", "findings", 230, 240, True, False),
    row("paid", "support.raw", 50, 60, None, False),
    row("scan", "scan.detected", 40, 40, True, False),
]


@pytest.mark.parametrize("columns", [60, 100, 200])
def test_the_table_across_arms(columns):
    lines = scoreboard.summary(ROWS, {"always-present": None, "paid": (0.1234, 0.0456)}, columns)
    assert lines[0] == "summary across arms (the report's first table):"
    assert max(len(line) for line in lines) <= columns
    arms = ("always-present", "paid", "scan")
    said = {arm: " ".join(x for x in lines if x.startswith(f"{arm} ")) for arm in arms}
    low, high = stats.wilson(51, 60)
    assert f"85.0% 51/60 [{low:.0%}-{high:.0%}]" in said["paid"]
    assert "2 as expected, 1 failed" in said["always-present"] and "passed" not in said["always-present"]
    assert "2 passed, 1 n/a" in said["paid"] and "0.123 / 0.046" in said["paid"]
    assert " n/a" in said["always-present"].split("failed", 1)[1]  # states no confidence
    assert said["scan"].split() == ["scan", "1", "passed"]
    assert lines.index(next(x for x in lines if x.startswith("measurement arm"))) > lines.index(
        next(x for x in lines if x.startswith("paid "))
    )


def test_no_rows_no_table():
    assert scoreboard.summary([], {}, 80) == []
