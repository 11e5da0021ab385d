"""The paid arm's pytest plugin, exercised end to end: inner pytest sessions running the real
tests/eval/test_paid_arm.py against a stub server on 127.0.0.1 serving the oracle's replies. No
outside network; backoff waits are shortened through the stub's tiny Retry-After.

Only the purchase spread over xdist workers (each call bought once, under the lock) and the session
killed mid-purchase run as subprocesses; every other session runs in this process
(`runpytest_inprocess`). Sessions that only replay read one cache bought per test process by
calling kit.pipeline directly (`bought`).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from kit import pipeline
from kit.arms import arm, reply_text_for
from kit.corpus import load
from kit.measure import scoring
from kit.model.config import Config
from kit.model.stub.server import StubServer
from tests.plugin.sessions import REPO, inner_args

PAID_TESTS = REPO / "tests" / "eval" / "test_paid_arm.py"
SENTINEL = "sk-SENTINEL-7f3a9c21d4"


def oracle(text: str) -> str:
    return reply_text_for("oracle", text)


@pytest.fixture
def stub_env(monkeypatch, no_configuration):
    def use(stub: StubServer, workers: int = 4) -> None:
        monkeypatch.setenv("PROVIDER", "stub")
        monkeypatch.setenv("BASE_URL", stub.base_url)
        monkeypatch.setenv("MODEL", "stub-oracle")
        monkeypatch.setenv("API_KEY", SENTINEL)
        monkeypatch.setenv("EVAL_WORKERS", str(workers))
        monkeypatch.setenv("KIT_DOTENV", "/nonexistent/.env")

    return use


def paid_args(cache: Path, results: Path, *extra: str) -> list[str]:
    return inner_args(PAID_TESTS, results, "-m", "paid", f"--answers-cache={cache}", *extra)


@pytest.fixture
def session(pytester, tmp_path):
    """Runs an inner paid session in this process with its own cache and results folders."""
    cache, results = tmp_path / "answers", tmp_path / "results"

    def run(*extra: str):
        return pytester.runpytest_inprocess(*paid_args(cache, results, *extra))

    run.cache, run.results = cache, results
    return run


def entries(cache: Path) -> int:
    return len(list(cache.glob("??/*.json")))


def paid_json(results: Path) -> dict:
    (paid,) = results.glob("*/paid.json")
    return json.loads(paid.read_text())


@dataclass
class Bought:
    stub: StubServer
    cache: Path
    report: scoring.Report


@pytest.fixture(scope="session")
def bought(tmp_path_factory) -> Iterator[Bought]:
    """The oracle's answers to the whole corpus, bought once per test process through kit.pipeline
    (no pytest session) from a stub that stays up, so a replay reaches the endpoint they came from."""
    folder = tmp_path_factory.mktemp("bought")
    corpus = load.load(load.shipped_folder())
    with StubServer(replies=oracle) as stub:
        config = Config(provider="stub", base_url=stub.base_url, model="stub-oracle")
        settings = pipeline.RunSettings(
            run_id="bought", results_dir=folder / "results", answers_cache=folder / "answers", record=True
        )
        done = pipeline.run(corpus, pipeline.ModelArm(config, settings, folder / "shared"), settings)
        yield Bought(stub, settings.answers_cache, done.report)


def test_under_xdist_every_call_is_bought_once_through_429s_and_503s(pytester, tmp_path, stub_env, bought):
    cache, results = tmp_path / "answers", tmp_path / "results"
    with StubServer(replies=oracle, fail_429=2, retry_after="0.05", fail_status=(503, 2)) as stub:
        stub_env(stub)
        result = pytester.runpytest_subprocess("-n", "2", *paid_args(cache, results, "--record"))
        assert stub.requests == 60 + 2 + 2
    result.assert_outcomes(passed=101)
    assert entries(cache) == 60
    written = paid_json(results)
    assert written["metrics"] == {name: m.to_dict() for name, m in bought.report.metrics.items()}
    assert (written["telemetry"]["bought"], written["telemetry"]["retries"]) == (60, 4)
    assert SENTINEL not in result.stdout.str() + result.stderr.str()
    files = [p for d in (cache, results, pytester.path) for p in d.rglob("*") if p.is_file()]
    assert not [p for p in files if SENTINEL in p.read_text(encoding="utf-8", errors="replace")]
    (log,) = results.glob("*/paid-progress.log")
    last = log.read_text().splitlines()[-1]
    assert f"paid arm: {last} (all progress: {log})" in result.stdout.str(), "the controller repeats it"


def test_a_replay_makes_no_request_and_scores_what_was_bought(pytester, tmp_path, stub_env, bought):
    stub_env(bought.stub)
    before = bought.stub.requests
    replayed = pytester.runpytest_inprocess(*paid_args(bought.cache, tmp_path / "results"))
    replayed.assert_outcomes(passed=101)
    assert bought.stub.requests == before, "a replay made HTTP requests"
    written = paid_json(tmp_path / "results")
    assert written["metrics"] == {name: m.to_dict() for name, m in bought.report.metrics.items()}
    assert written["telemetry"]["replayed"] == 60


def test_a_second_repeat_is_bought_on_its_own_and_agreement_reported(pytester, tmp_path, stub_env, bought):
    stub_env(bought.stub)
    cache, results = tmp_path / "answers", tmp_path / "results"
    shutil.copytree(bought.cache, cache)
    before = bought.stub.requests
    result = pytester.runpytest_inprocess(*paid_args(cache, results, "--record", "--repeat", "2"))
    assert bought.stub.requests - before == 60, "only the second repeat is bought"
    result.assert_outcomes(passed=101)
    assert entries(cache) == 120
    assert paid_json(results)["agreement"] == {
        "records": 60,
        "repeats": 2,
        "admitting_order": 60,
        "stay_expectation": 60,
        "comorbidities": 60,
        "services_delivered": 60,
        "support": 60,
    }


def test_the_key_is_in_no_file_the_run_wrote_and_in_none_of_its_output(session, stub_env):
    with StubServer(replies=oracle, fail_429=1) as stub:
        stub_env(stub)
        result = session("--record")
        assert stub.last_authorization == f"Bearer {SENTINEL}"
    assert SENTINEL not in result.stdout.str() + result.stderr.str()
    written = [p for d in (session.cache, session.results) for p in d.rglob("*") if p.is_file()]
    assert len(written) > 60
    leaked = [p for p in written if SENTINEL in p.read_text(encoding="utf-8", errors="replace")]
    assert not leaked


def test_the_result_file_carries_telemetry_scan_and_prompt_sizes(session, stub_env):
    with StubServer(replies=oracle, fail_429=1) as stub:
        stub_env(stub)
        session("--record").assert_outcomes(passed=101)
    data = paid_json(session.results)
    telemetry = data["telemetry"]
    assert (telemetry["calls"], telemetry["bought"], telemetry["failures"], telemetry["retries"]) == (
        60,
        60,
        0,
        1,
    )
    assert telemetry["latency_ms"]["p50"] <= telemetry["latency_ms"]["p95"] <= telemetry["latency_ms"]["max"]
    assert telemetry["tokens"]["input"] > telemetry["tokens"]["cached_input"] > 0
    assert len(telemetry["per_call"]) == 60
    assert telemetry["scan"] == {"send_flagged": "withhold", "send_flagged_from": "default",
                                 "flagged_records": 0, "withheld_records": 0, "flags": {}}  # fmt: skip
    assert telemetry["guards"]["scan"]["records"] == 60 and telemetry["guards"]["redaction"] is None
    parts = data["prompt_chars"]["parts"]
    assert data["prompt_chars"]["static_prefix_share"] >= 0.85 and parts["record"] > 0
    assert data["guards"]["records"] == 60 and data["policy_id"] == "TM-2026"


def test_a_replay_miss_fails_naming_the_buy_command(session, stub_env):
    with StubServer(replies=oracle) as stub:
        stub_env(stub)
        result = session("-k", "ADM-0001 or records.fully_right")
        assert stub.requests == 0
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines(["*ADM-0001: no cached answer; run `pytest -m paid --record` to buy it*"])


def test_an_interrupted_run_resumes_buying_only_what_is_missing(session, stub_env, tmp_path):
    with StubServer(replies=oracle, delay=0.15) as stub:
        stub_env(stub, workers=2)
        cmd = [sys.executable, "-m", "pytest", *paid_args(session.cache, session.results, "--record")]
        proc = subprocess.Popen(
            cmd,
            cwd=tmp_path,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=os.environ.copy(),
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while entries(session.cache) < 10 and time.monotonic() < deadline:
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        kept = entries(session.cache)
        assert 10 <= kept < 60, kept
        for entry in session.cache.glob("??/*.json"):
            assert json.loads(entry.read_text())["completion"]["text"], f"{entry} is half-written"
        before = stub.requests
        stub.delay = 0.0  # the slow replies were only there to catch the first run mid-purchase
        resumed = session("--record")
        resumed.assert_outcomes(passed=101)
        assert stub.requests - before == 60 - kept
    assert entries(session.cache) == 60


def test_a_reset_connection_is_retried_once_and_not_twice(session, stub_env):
    with StubServer(replies=oracle, reset=2) as stub:
        stub_env(stub, workers=1)
        result = session("--record")
        assert stub.requests == 61
    assert entries(session.cache) == 59
    failed = result.parseoutcomes()["failed"]
    assert failed >= 1
    assert re.search(r"ADM-\d{4}: .*(reset|onnection)", result.stdout.str())


def test_a_record_refused_with_a_400_is_named_and_every_other_record_is_bought(session, stub_env):
    """Issue 39: a 400 "maximum context length" for one record used to leave the rest "not sent"."""
    with StubServer(replies=oracle, refuse_record="ADM-0007") as stub:
        stub_env(stub, workers=1)
        result = session("--record")
        assert stub.requests == 60
    assert entries(session.cache) == 59
    result.stdout.fnmatch_lines(["*ADM-0007: 400 from *this one request was refused*maximum context length*"])
    assert "not sent" not in result.stdout.str()
    telemetry = paid_json(session.results)["telemetry"]
    assert (telemetry["bought"], telemetry["failures"]) == (59, 1)
    (refused,) = [c for c in telemetry["per_call"] if c["status"] == "failed"]
    assert (refused["record"], refused["graded"]) == ("ADM-0007", "nothing: no reply")


def test_a_401_fails_fast_with_what_to_fix(session, stub_env):
    with StubServer(replies=oracle, status_401=True) as stub:
        stub_env(stub, workers=2)
        result = session("--record")
        assert stub.requests <= 2
    assert entries(session.cache) == 0
    result.stdout.fnmatch_lines(["*401*API key was rejected*"])


def test_a_daily_limit_refuses_with_a_clear_message(session, stub_env, monkeypatch):
    with StubServer(replies=oracle) as stub:
        stub_env(stub)
        monkeypatch.setenv("MAX_CALLS_PER_DAY", "5")
        first = session("--record")
        assert stub.requests == 5
        second = session("--record")
        assert stub.requests == 5
    assert entries(session.cache) == 5
    assert first.ret != 0
    second.stdout.fnmatch_lines(["*MAX_CALLS_PER_DAY (5) is spent for today*"])


def test_a_wrong_record_shows_the_answer_against_the_key(session, stub_env):
    with StubServer(replies=lambda text: reply_text_for("floor", text)) as stub:
        stub_env(stub)
        result = session("--record", "-k", "test_record")
    corpus = load.load(load.shipped_folder())
    floor = arm("floor")
    report = scoring.score("floor", corpus, {r.id: floor(r) for r in corpus.records})
    wrong = len(report.metrics["records.fully_right"].costly)
    assert 0 < wrong < 60
    outcomes = result.parseoutcomes()
    assert (outcomes["failed"], outcomes["passed"]) == (wrong, 60 - wrong)
    result.stdout.fnmatch_lines(
        ["*is not fully right*:", "*element*key*answered*citation*", "*support: key*"]
    )
