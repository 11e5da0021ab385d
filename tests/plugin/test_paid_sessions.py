"""The paid arm's pytest plugin, exercised end to end: inner pytest sessions (subprocesses running
the real tests/eval/test_paid_arm.py) against a stub server on 127.0.0.1 serving the oracle's
replies. No outside network; backoff waits are shortened through the stub's tiny Retry-After."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kit import scoring
from kit.arms import arm, reply_text_for
from kit.corpus import load
from kit.providers.stub import StubServer
from tests.plugin.conftest import REPO, inner_args

PAID_TESTS = REPO / "tests" / "eval" / "test_paid_arm.py"
SENTINEL = "sk-SENTINEL-7f3a9c21d4"


def oracle(text: str) -> str:
    return reply_text_for("oracle", text)


@pytest.fixture(params=[(), ("-n", "2")], ids=["serial", "xdist"])
def spread(request):
    """Every plugin session runs once in one process and once spread over two xdist workers."""
    return request.param


@pytest.fixture
def session_args(tmp_path, spread):
    cache, results = tmp_path / "answers", tmp_path / "results"

    def args(*extra: str) -> list[str]:
        return [*spread, *inner_args(PAID_TESTS, results, "-m", "paid", f"--answers-cache={cache}", *extra)]

    args.cache, args.results = cache, results
    return args


@pytest.fixture
def stub_env(monkeypatch):
    def use(stub: StubServer, workers: int = 4) -> None:
        monkeypatch.setenv("PROVIDER", "stub")
        monkeypatch.setenv("BASE_URL", stub.base_url)
        monkeypatch.setenv("MODEL", "stub-oracle")
        monkeypatch.setenv("API_KEY", SENTINEL)
        monkeypatch.setenv("EVAL_WORKERS", str(workers))
        monkeypatch.delenv("MAX_CALLS_PER_DAY", raising=False)
        monkeypatch.setenv("KIT_DOTENV", "/nonexistent/.env")

    return use


def entries(cache: Path) -> int:
    return len(list(cache.glob("??/*.json")))


def scoreboard(text: str) -> str:
    return text.split("admission evidence kit: scoreboard", 1)[1].split("results:", 1)[0]


def test_record_then_replay_with_zero_requests(pytester, session_args, stub_env):
    with StubServer(replies=oracle) as stub:
        stub_env(stub)
        bought = pytester.runpytest_subprocess(*session_args("--record"))
        bought.assert_outcomes(passed=99)
        assert stub.requests == 60
        assert entries(session_args.cache) == 60
        replayed = pytester.runpytest_subprocess(*session_args())
        replayed.assert_outcomes(passed=99)
        assert stub.requests == 60, "a replay made HTTP requests"
    assert scoreboard(bought.stdout.str()) == scoreboard(replayed.stdout.str())


def test_a_replay_miss_fails_naming_the_buy_command(pytester, session_args, stub_env):
    with StubServer(replies=oracle) as stub:
        stub_env(stub)
        result = pytester.runpytest_subprocess(*session_args("-k", "ADM-0001 or records.fully_right"))
        assert stub.requests == 0
    result.assert_outcomes(failed=2)
    result.stdout.fnmatch_lines(["*ADM-0001: no cached answer; run `pytest -m paid --record` to buy it*"])


def test_an_interrupted_run_resumes_buying_only_what_is_missing(pytester, session_args, stub_env):
    with StubServer(replies=oracle, delay=0.15) as stub:
        stub_env(stub, workers=2)
        cmd = [sys.executable, "-m", "pytest", *session_args("--record")]
        proc = subprocess.Popen(
            cmd,
            cwd=pytester.path,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env=os.environ.copy(),
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while entries(session_args.cache) < 10 and time.monotonic() < deadline:
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        kept = entries(session_args.cache)
        assert 10 <= kept < 60, kept
        for entry in session_args.cache.glob("??/*.json"):
            assert json.loads(entry.read_text())["completion"]["text"], f"{entry} is half-written"
        before = stub.requests
        resumed = pytester.runpytest_subprocess(*session_args("--record"))
        resumed.assert_outcomes(passed=99)
        assert stub.requests - before == 60 - kept
    assert entries(session_args.cache) == 60


def test_429_with_retry_after_and_503_are_retried(pytester, session_args, stub_env):
    with StubServer(replies=oracle, fail_429=2, retry_after="0.05", fail_status=(503, 2)) as stub:
        stub_env(stub)
        result = pytester.runpytest_subprocess(*session_args("--record"))
        assert stub.requests == 64
    result.assert_outcomes(passed=99)


def test_a_reset_connection_is_retried_once_and_not_twice(pytester, session_args, stub_env):
    with StubServer(replies=oracle, reset=2) as stub:
        stub_env(stub, workers=1)
        result = pytester.runpytest_subprocess(*session_args("--record"))
        assert stub.requests == 61
    assert entries(session_args.cache) == 59
    failed = result.parseoutcomes()["failed"]
    assert failed >= 1
    assert re.search(r"ADM-\d{4}: .*(reset|onnection)", result.stdout.str())


def test_a_401_fails_fast_with_what_to_fix(pytester, session_args, stub_env):
    with StubServer(replies=oracle, status_401=True) as stub:
        stub_env(stub, workers=2)
        result = pytester.runpytest_subprocess(*session_args("--record"))
        assert stub.requests <= 2
    assert entries(session_args.cache) == 0
    result.stdout.fnmatch_lines(["*401*API key was rejected*"])


def test_the_key_is_in_no_file_the_run_wrote_and_in_none_of_its_output(pytester, session_args, stub_env):
    with StubServer(replies=oracle, fail_429=1) as stub:
        stub_env(stub)
        result = pytester.runpytest_subprocess(*session_args("--record"))
        assert stub.last_authorization == f"Bearer {SENTINEL}"
    assert SENTINEL not in result.stdout.str() + result.stderr.str()
    written = [p for d in (session_args.cache, session_args.results) for p in d.rglob("*") if p.is_file()]
    assert len(written) > 60
    leaked = [p for p in written if SENTINEL in p.read_text(encoding="utf-8", errors="replace")]
    assert not leaked


def test_a_daily_limit_refuses_with_a_clear_message(pytester, session_args, stub_env, monkeypatch):
    with StubServer(replies=oracle) as stub:
        stub_env(stub)
        monkeypatch.setenv("MAX_CALLS_PER_DAY", "5")
        first = pytester.runpytest_subprocess(*session_args("--record"))
        assert stub.requests == 5
        second = pytester.runpytest_subprocess(*session_args("--record"))
        assert stub.requests == 5
    assert entries(session_args.cache) == 5
    assert first.ret != 0
    second.stdout.fnmatch_lines(["*MAX_CALLS_PER_DAY (5) is spent for today*"])


def test_repeats_are_bought_separately_and_their_agreement_reported(pytester, session_args, stub_env):
    with StubServer(replies=oracle) as stub:
        stub_env(stub)
        result = pytester.runpytest_subprocess(*session_args("--record", "--repeat", "2"))
        assert stub.requests == 120
    result.assert_outcomes(passed=99)
    assert entries(session_args.cache) == 120
    (paid,) = session_args.results.glob("*/paid.json")
    agreement = json.loads(paid.read_text())["agreement"]
    assert agreement == {
        "records": 60,
        "repeats": 2,
        "admitting_order": 60,
        "stay_expectation": 60,
        "comorbidities": 60,
        "services_delivered": 60,
        "support": 60,
    }


def test_a_wrong_record_shows_the_answer_against_the_key(pytester, session_args, stub_env):
    with StubServer(replies=lambda text: reply_text_for("floor", text)) as stub:
        stub_env(stub)
        result = pytester.runpytest_subprocess(*session_args("--record", "-k", "test_record"))
    corpus = load.load(load.shipped_folder())
    floor = arm("floor")
    report = scoring.score("floor", corpus, {r.id: floor(r) for r in corpus.records})
    wrong = len(report.metrics["records.fully_right"].costly)
    assert 0 < wrong < 60
    outcomes = result.parseoutcomes()
    assert (outcomes["failed"], outcomes["passed"]) == (wrong, 60 - wrong)
    result.stdout.fnmatch_lines(
        ["*is not fully right:*", "*element*key*answered*citation*", "*support: key*"]
    )


def test_the_result_file_carries_telemetry_scan_and_prompt_sizes(pytester, session_args, stub_env):
    with StubServer(replies=oracle, fail_429=1) as stub:
        stub_env(stub)
        pytester.runpytest_subprocess(*session_args("--record")).assert_outcomes(passed=99)
    (paid,) = session_args.results.glob("*/paid.json")
    data = json.loads(paid.read_text())
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
    assert telemetry["scan"] == {"quarantine": False, "flagged_records": 0, "flags": {}}
    parts = data["prompt_chars"]["parts"]
    assert data["prompt_chars"]["static_prefix_share"] >= 0.85 and parts["record"] > 0
    assert data["guards"]["records"] == 60 and data["policy_id"] == "TM-2026"
