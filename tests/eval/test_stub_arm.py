"""The stub arm proves the wiring: the whole paid path (prompt, HTTP, retry, cache, parse, recheck,
score) run against a loopback server that answers with an offline arm's replies, with injected
429s and 503s on the way. Served the floor's replies it must score exactly what the floor scores on
the same records; served the oracle's, 100% everywhere. Any difference is a wiring bug. On a corpus
of more than a few hundred records they run on its fixed seeded sample (kit.corpus.sample), and the
scoreboard says so."""

from dataclasses import asdict

import pytest

from kit.corpus import sample
from kit.measure import scoring
from kit.measure.scoring import metric_names
from kit.model import telemetry
from kit.plugin.fixtures import STUB_FAULTS
from tests.eval.metric_check import check_metric, not_applicable

FIRST_FAULT = min(STUB_FAULTS["fail_429"].k, STUB_FAULTS["fail_status"][1].k)  # the first request hit


@pytest.fixture(scope="module")
def floor_on_wiring(wiring_corpus, offline_answers, kit_session):
    """The floor scored on the records the stub arms answered (the whole corpus, or its sample)."""
    ids = {r.id for r in wiring_corpus.records}
    answers = {rid: a for rid, a in offline_answers("floor").items() if rid in ids}
    return scoring.score("floor", wiring_corpus, answers, kit_session.coverage_min, kit_session.precision_min)


def _too_few_for_faults(wiring_corpus, kit_session, what: str) -> None:
    """n/a when the stub arms make fewer requests than the first one the stub's faults hit."""
    records = len(wiring_corpus.records)
    if records < FIRST_FAULT:
        not_applicable(
            kit_session,
            f"{what}: the stub injects a 429 on every {STUB_FAULTS['fail_429'].k}th request and a 503 on "
            f"every {STUB_FAULTS['fail_status'][1].k}th; {records} record(s) make {records} request(s), "
            f"so no fault is injected (it needs {FIRST_FAULT} records)",
        )


def test_every_record_is_answered_through_retries(
    stub_report, corpus, wiring_corpus, record_property, kit_session
):
    run = stub_report("floor")
    outcome, requests = run.outcome, run.requests
    assert all(c.status == "bought" for c in outcome.calls), [c.error for c in outcome.calls if c.error]
    assert [c.record_id for c in outcome.calls] == [r.id for r in wiring_corpus.records]
    retries = telemetry.summary(outcome)["retries"]
    assert requests == len(outcome.calls) + retries
    said = sample.note("stub-floor, stub-oracle", wiring_corpus, corpus)
    if said:
        record_property("kit_note", said)
    _too_few_for_faults(wiring_corpus, kit_session, "the stub arms' retries")
    assert retries > 0, "the injected 429s and 503s were never retried"


def test_isolated_faults_do_not_pace_the_stub_arms(stub_report, wiring_corpus, kit_session):
    # The stub's faults (a 429 on every 7th request, a 503 on every 11th) hit a few records; they are
    # not a rate limit, so the limiter pauses for each 429's hint and never paces the purchase.
    for served in ("floor", "oracle"):
        seen = telemetry.summary(stub_report(served).outcome)["rate_limit"]
        assert (seen["pace_per_min"], seen["paced_by"]) == (None, None), seen
    _too_few_for_faults(wiring_corpus, kit_session, "the stub's isolated 429s")
    for served in ("floor", "oracle"):
        seen = telemetry.summary(stub_report(served).outcome)["rate_limit"]
        assert seen["refused_429"] > 0, seen


@pytest.mark.parametrize("metric", metric_names())
def test_stub_floor_scores_exactly_what_the_floor_scores(
    metric, stub_report, floor_on_wiring, kit_session, scoreboard_row
):
    """Judged by the stub-floor table's `same-as = "floor"` (pyproject.toml), as the report judges it,
    against the floor on the same records (the wiring sample, on a large corpus)."""
    peers = {"floor": floor_on_wiring.metrics}
    check_metric(stub_report("floor").report, metric, kit_session, scoreboard_row, peers=peers)


def test_stub_floor_grades_every_record_as_the_floor_does(stub_report, floor_on_wiring):
    stub, floor = stub_report("floor").report, floor_on_wiring
    for ours, theirs in zip(stub.grades, floor.grades, strict=True):
        assert asdict(ours) == asdict(theirs), ours.id


@pytest.mark.parametrize("metric", metric_names())
def test_stub_oracle_metric(metric, stub_report, kit_session, scoreboard_row):
    check_metric(stub_report("oracle").report, metric, kit_session, scoreboard_row)
