"""The paid arm: a real model through a provider, one call per record, through the answer cache.

`pytest -m paid --record` buys what the cache lacks; `pytest -m paid` replays it for free and fails
every record it has no answer for, naming the command that buys it. One test per record shows the
answer against the key element by element; one test per metric gates the run on its threshold.
"""

import pytest

from kit.corpus import load
from kit.measure.scoring import metric_names
from kit.model.runner import plural
from kit.model.telemetry import explain
from kit.plugin.fixtures import corpus_folder
from kit.plugin.hooks import NOTE_KEY
from tests.eval.metric_check import calibration_line, check_metric

pytestmark = pytest.mark.paid


def pytest_generate_tests(metafunc):
    if "record_id" in metafunc.fixturenames:
        try:
            ids = [r.id for r in load.load(corpus_folder(metafunc.config)).records]
        except load.CorpusError:
            ids = []
        metafunc.parametrize("record_id", ids)


def _unanswered(paid_run) -> list[str]:
    return [f"{c.record_id} (repeat {c.repeat}): {c.error}" for c in paid_run.outcome.calls if not c.answered]


def _diff(grade) -> str:
    lines = [f"{'element':<20} {'key':<16} {'answered':<16} citation"]
    for e in grade.elements:
        mark = "" if e.finding_right else "   <-- finding"
        value = "" if e.value_right in (None, True) else "   <-- expectation value"
        said = e.answered or "(none)"
        lines.append(f"{e.element:<20} {e.gold_finding:<16} {said:<16} {e.citation}{mark}{value}")
    lines.append(f"support: key {grade.gold_support}, answered {grade.raw_support}, rechecked "
                 f"{grade.rechecked_support} ({grade.rechecked_rule})")
    if grade.taxonomy:
        lines.append("failure kinds: " + ", ".join(grade.taxonomy))
    return "\n".join(lines)


def test_record(record_id, paid_run):
    call = paid_run.outcome.by_record(0)[record_id]
    if not call.answered:
        pytest.fail(f"{record_id}: {call.error}", pytrace=False)
    grade = next(g for g in paid_run.report.grades if g.id == record_id)
    why = explain(call)
    if not grade.fully_right:
        because = f" ({why})" if why else ""
        pytest.fail(f"{record_id} is not fully right{because}:\n{_diff(grade)}", pytrace=False)


@pytest.mark.parametrize("metric", metric_names())
def test_metric(metric, paid_run, kit_session, scoreboard_row):
    missing = _unanswered(paid_run)
    if missing:
        pytest.fail(
            f"paid / {metric}: cannot be evaluated, {plural(len(missing), 'call')} without an answer; "
            f"first: {missing[0]}",
            pytrace=False,
        )
    check_metric(paid_run.report, metric, kit_session, scoreboard_row)


def test_calibration_is_reported(paid_run, record_property):
    """The model's stated confidence against "record fully right", under the scoreboard."""
    record_property(NOTE_KEY, calibration_line(paid_run.report))
