"""The one assertion every metric test makes: a metric against its configured threshold, with a
failure message that names the metric, the value, the threshold and the records that cost it.

A metric with no items (0/0) on a corpus the user brought (--corpus naming another folder) is not
applicable: its row says n/a and the test is skipped, since a small corpus may hold no record of that
kind. On the shipped corpus every metric is gated, 0/0 or not.
"""

from __future__ import annotations

import pytest

from kit.measure import scoreboard, thresholds
from kit.measure.scoring import Report
from kit.plugin.session import KitSession


def check_metric(report: Report, name: str, session: KitSession, add_row, order: int | None = None) -> None:
    metric = report.metrics[name]
    if metric.total == 0 and session.own_corpus:
        add_row(scoreboard.row(report.arm, metric.to_dict(), name, "n/a", None, order))
        pytest.skip(f"{report.arm} / {name}: n/a, your corpus has no item of this kind (0/0)")
    verdict = thresholds.judge(session.thresholds, report.arm, metric)
    add_row(scoreboard.row(report.arm, metric.to_dict(), name, verdict.threshold, verdict.passed, order))
    costly = ", ".join(metric.costly[:15]) + (" ..." if len(metric.costly) > 15 else "")
    assert verdict.passed, (
        f"{report.arm} / {name}: {metric.count}/{metric.total} does not meet {verdict.threshold} "
        f"({verdict.reason}); records that cost it: {costly or 'none'}"
    )
