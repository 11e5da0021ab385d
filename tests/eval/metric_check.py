"""The one assertion every metric test makes: a metric against its configured threshold, judged by
kit.measure.thresholds (as the HTML report judges it), with a one-line failure message that names
the metric, the value, the threshold and the records that cost it, and no traceback.

A metric that is not applicable (a figure pinned on another corpus than the one under test, or no
item of its kind on a corpus no pin was measured on) puts an n/a row on the scoreboard and is
skipped with the reason, never failed.
"""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from kit.measure import scoreboard, thresholds
from kit.measure.scoring import Metric, Report
from kit.plugin.session import KitSession


def check_metric(
    report: Report,
    name: str,
    session: KitSession,
    add_row,
    order: int | None = None,
    peers: Mapping[str, Mapping[str, Metric]] | None = None,
) -> None:
    metric = report.metrics[name]
    verdict = thresholds.judge(session.thresholds, report.arm, metric, session.corpus_hash, peers)
    add_row(
        scoreboard.row(
            report.arm, metric.to_dict(), name, verdict.threshold, verdict.passed, order, verdict.reason
        )
    )
    if verdict.passed is None:
        pytest.skip(f"n/a: {verdict.reason}")
    if not verdict.passed:
        costly = ", ".join(metric.costly[:15]) + (" ..." if len(metric.costly) > 15 else "")
        pytest.fail(
            f"{report.arm} / {name}: {metric.count}/{metric.total} does not meet {verdict.threshold} "
            f"({verdict.reason}); records that cost it: {costly or 'none'}",
            pytrace=False,
        )
