"""The one assertion every metric test makes: a metric against its configured threshold, judged by
kit.measure.thresholds (as the HTML report judges it), with a one-line failure message that names
the metric, the value, the threshold and the records that cost it, and no traceback.

A metric that is not applicable (a figure pinned on another corpus than the one under test, or no
item of its kind on a corpus no pin was measured on) puts an n/a row on the scoreboard and is
skipped with the reason, never failed. A check that is not a metric and needs something the corpus
under test lacks (enough records, an ORDER-GAP record, a record to plant into) is skipped the same
way through `not_applicable`, with one line saying why; on the corpus the pinned figures were
measured on (the shipped one) nothing is n/a: there it fails instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict
from typing import NoReturn

import pytest

from kit.measure import calibration, scoreboard, thresholds
from kit.measure.metric import Metric
from kit.measure.scoring import Report
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
            report.arm, metric.to_dict(), name, verdict.threshold, verdict.passed, order, verdict.reason,
            verdict.pinned,
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


def arm_not_applicable(arm: str, name: str, reason: str, add_row) -> NoReturn:
    """An n/a row for a metric of an arm that was not run on this corpus (nothing measured: 0/0), and
    the test skipped with the reason."""
    empty = {"count": 0, "total": 0, "rate": None, "ci95": (0.0, 0.0)}
    add_row(scoreboard.row(arm, empty, name, "-", None, reason=reason))
    pytest.skip(f"n/a: {reason}")


def not_applicable(session: KitSession, reason: str) -> NoReturn:
    """Skip a check the corpus under test cannot support, as n/a with `reason` (what it needs and what
    the corpus has). On a corpus the pinned figures were measured on, every check must run and be
    able to fail, so there it fails, naming what was missing."""
    if session.corpus_hash in thresholds.measured_on(session.thresholds):
        pytest.fail(
            f"{reason}; no check may be n/a on the corpus the pinned figures were measured on", pytrace=False
        )
    pytest.skip(f"n/a: {reason}")


def calibration_line(report: Report) -> str:
    """The arm's calibration as a line under the scoreboard (Brier, ECE over fixed bins with the count
    in each): computed from the same grades the report's reliability diagram reads; n/a for an arm
    that states no confidence. No threshold: how calibrated is good enough is the user's choice."""
    found = calibration.of_records([asdict(g) for g in report.grades])
    if found is None:
        return f"calibration, {report.arm}: n/a (no confidence stated)"
    assert sum(b.count for b in found.bins) == found.stated and 0 <= found.ece <= 1 and 0 <= found.brier <= 1
    counts = " ".join(str(b.count) for b in found.bins)
    return (
        f"calibration, {report.arm}: Brier {found.brier:.3f}, ECE {found.ece:.3f} over {found.stated} stated "
        f"({found.unstated} without), accuracy {found.accuracy:.1%} at mean confidence "
        f"{found.mean_confidence:.1%}; records per bin {counts}; no threshold (your choice)"
    )
