"""The injection arm on the paid model: the planted sets (and the same with the scan's quarantine on),
bought under --record through the same cache and replayed for free after. Each set is sent as it is
(the paid path's own withholding off): the quarantined sets come withheld by the injection arm, so
both figures are measured as before. The control is the paid arm's own answer on the clean record,
reused, never bought twice."""

import pytest

from kit.measure import injection_scoring
from kit.measure.scoring import Report
from kit.model.runner import plural
from kit.pipeline import run_injection
from tests.eval.metric_check import check_metric

pytestmark = pytest.mark.paid
INJECTION_METRICS = injection_scoring.metric_names()


@pytest.fixture(scope="session")
def paid_injection(corpus, kit_session, paid_run, paid_arm):
    control = paid_run.outcome.answers(0)
    unanswered: list[str] = []

    def answer(records):
        outcome = paid_arm(records, verbatim=True)  # the quarantined sets come withheld already
        unanswered.extend(f"{c.record_id}: {c.error}" for c in outcome.calls if not c.answered)
        return outcome.answers(0)

    extra = {"settings": paid_arm.config.settings()}
    report = run_injection("injection-paid", corpus, control, answer, kit_session, extra)
    return Report(report.arm, report.metrics, [], {}, 0.0, 0.0), unanswered


@pytest.mark.parametrize("metric", INJECTION_METRICS)
def test_paid_under_injection(metric, paid_injection, kit_session, scoreboard_row):
    report, unanswered = paid_injection
    if unanswered:
        pytest.fail(
            f"injection-paid / {metric}: cannot be evaluated, {plural(len(unanswered), 'planted record')} "
            f"without an answer; first: {unanswered[0]}",
            pytrace=False,
        )
    check_metric(report, metric, kit_session, scoreboard_row, INJECTION_METRICS.index(metric))
