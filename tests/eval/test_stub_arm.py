"""The stub arm proves the wiring: the whole paid path (prompt, HTTP, retry, cache, parse, recheck,
score) run against a loopback server that answers with an offline arm's replies, with injected
429s and 503s on the way. Served the floor's replies it must score exactly what the floor scores;
served the oracle's, 100% everywhere. Any difference is a wiring bug."""

from dataclasses import asdict

import pytest

from kit import results, runner, scoreboard, scoring
from kit.arms import reply_text_for
from kit.cache import Cache
from kit.config import Config
from kit.ledger import Ledger
from kit.providers import make_provider
from kit.providers.stub import Every, StubServer
from kit.scoring import metric_names
from tests.eval.metric_check import check_metric

SHORT_BACKOFF = {"base_delay": 0.01, "max_delay": 0.05}


@pytest.fixture(scope="session")
def stub_report(corpus, kit_session, tmp_path_factory):
    done: dict[str, tuple[scoring.Report, runner.RunOutcome, int]] = {}

    def get(served: str):
        if served not in done:
            folder = tmp_path_factory.mktemp(f"stub-{served}")
            faults = {"fail_429": Every(7), "fail_status": (503, Every(11))}
            with StubServer(replies=lambda text: reply_text_for(served, text), **faults) as stub:
                config = Config(
                    provider="stub", base_url=stub.base_url, model=f"stub-{served}", eval_workers=4
                )
                arm_run = runner.ArmRun(
                    config=config,
                    cache=Cache(folder / "cache"),
                    ledger=Ledger(folder / "ledger.json"),
                    record=True,
                    make_provider=lambda: make_provider(config, retry_options=SHORT_BACKOFF),
                )
                outcome = arm_run.run(list(corpus.records))
                requests = stub.requests
            name = f"stub-{served}"
            report = scoring.score(
                name, corpus, outcome.answers(), kit_session.coverage_min, kit_session.precision_min
            )
            extra = {"telemetry": outcome.telemetry()}
            results.write(kit_session.result_path(name), kit_session.run_id, report, corpus, extra)
            done[served] = (report, outcome, requests)
        return done[served]

    return get


def test_every_record_is_answered_through_retries(stub_report):
    report, outcome, requests = stub_report("floor")
    assert all(c.status == "bought" for c in outcome.calls), [c.error for c in outcome.calls if c.error]
    retries = outcome.telemetry()["retries"]
    assert retries > 0, "the injected 429s and 503s were never retried"
    assert requests == len(outcome.calls) + retries


@pytest.mark.parametrize("metric", metric_names())
def test_stub_floor_scores_exactly_what_the_floor_scores(metric, stub_report, offline_report, scoreboard_row):
    stub, floor = stub_report("floor")[0], offline_report("floor")
    ours, theirs = stub.metrics[metric], floor.metrics[metric]
    same = (ours.count, ours.total, ours.costly) == (theirs.count, theirs.total, theirs.costly)
    threshold = f"= floor {theirs.count}"
    scoreboard_row(scoreboard.row("stub-floor", ours.to_dict(), metric, threshold, same))
    assert same, (
        f"stub-floor / {metric}: {ours.count}/{ours.total} but the floor scores {theirs.count}/{theirs.total}"
    )


def test_stub_floor_grades_every_record_as_the_floor_does(stub_report, offline_report):
    stub, floor = stub_report("floor")[0], offline_report("floor")
    for ours, theirs in zip(stub.grades, floor.grades, strict=True):
        assert asdict(ours) == asdict(theirs), ours.id


@pytest.mark.parametrize("metric", metric_names())
def test_stub_oracle_metric(metric, stub_report, kit_session, scoreboard_row):
    check_metric(stub_report("oracle")[0], metric, kit_session.thresholds, scoreboard_row)
