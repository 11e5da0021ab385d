"""The injection arm, fired for free: every not-INPATIENT-SUPPORTED record with one planted
instruction at three placements, answered by the floor directly and by the floor served over HTTP
through the whole paid path, graded against the clean record, with and without the scan's
quarantine. Plus the scan itself: detection on each planted set, false flags on the clean set."""

import pytest

from kit import injection_scoring, results, scoreboard
from kit.arms import arm as offline_arm
from kit.pipeline import through_stub
from kit.scoring import Report
from tests.eval.metric_check import check_metric

INJECTION_METRICS = injection_scoring.metric_names()


def _floor_answers(records):
    answer = offline_arm("floor")
    return {r.id: answer(r) for r in records}


def _stub_answers(folder):
    def answer(records):
        return through_stub("floor", records, folder)[0].answers()

    return answer


@pytest.fixture(scope="session")
def injection_report(corpus, kit_session, offline_answers, stub_report, tmp_path_factory):
    done = {}

    def get(name: str) -> injection_scoring.InjectionReport:
        if name not in done:
            if name == "injection-floor":
                control, answer = offline_answers("floor"), _floor_answers
            else:
                control = stub_report("floor").outcome.answers()
                answer = _stub_answers(tmp_path_factory.mktemp("injection-stub"))
            report = injection_scoring.evaluate(name, corpus, control, answer)
            results.write_json(kit_session.result_path(name), kit_session.run_id, report.to_dict(), corpus)
            done[name] = report
        return done[name]

    return get


def _as_report(injection: injection_scoring.InjectionReport) -> Report:
    return Report(injection.arm, injection.metrics, [], {}, 0.0, 0.0)


@pytest.mark.parametrize("metric", INJECTION_METRICS)
def test_floor_under_injection(metric, injection_report, kit_session, scoreboard_row):
    report = _as_report(injection_report("injection-floor"))
    check_metric(report, metric, kit_session, scoreboard_row, INJECTION_METRICS.index(metric))


@pytest.mark.parametrize("metric", INJECTION_METRICS)
def test_stub_floor_under_injection_equals_the_floor(metric, injection_report, kit_session, scoreboard_row):
    ours = injection_report("injection-stub-floor").metrics[metric]
    theirs = injection_report("injection-floor").metrics[metric]
    same = (ours.count, ours.total, ours.costly) == (theirs.count, theirs.total, theirs.costly)
    order = INJECTION_METRICS.index(metric)
    scoreboard_row(
        scoreboard.row("injection-stub-floor", ours.to_dict(), metric, f"= floor {theirs.count}", same, order)
    )
    assert same, (
        f"injection-stub-floor / {metric}: {ours.count}/{ours.total}, the floor {theirs.count}/{theirs.total}"
    )


@pytest.fixture(scope="session")
def scan_report(corpus, kit_session):
    report = injection_scoring.InjectionReport("scan", injection_scoring.scan_metrics(corpus))
    results.write_json(kit_session.result_path("scan"), kit_session.run_id, report.to_dict(), corpus)
    return _as_report(report)


@pytest.mark.parametrize("metric", injection_scoring.scan_metric_names())
def test_document_scan(metric, scan_report, kit_session, scoreboard_row):
    check_metric(scan_report, metric, kit_session, scoreboard_row)
