"""The one assertion every metric test makes: a metric against its configured threshold, with a
failure message that names the metric, the value, the threshold and the records that cost it."""

from __future__ import annotations

from kit import scoreboard, thresholds
from kit.scoring import Report


def check_metric(report: Report, name: str, tables, add_row, order: int | None = None) -> None:
    metric = report.metrics[name]
    verdict = thresholds.judge(tables, report.arm, metric)
    add_row(scoreboard.row(report.arm, metric.to_dict(), name, verdict.threshold, verdict.passed, order))
    costly = ", ".join(metric.costly[:15]) + (" ..." if len(metric.costly) > 15 else "")
    assert verdict.passed, (
        f"{report.arm} / {name}: {metric.count}/{metric.total} does not meet {verdict.threshold} "
        f"({verdict.reason}); records that cost it: {costly or 'none'}"
    )
