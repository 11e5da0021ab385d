"""`pytest -m paid --record --batch`, end to end: inner pytest sessions of the real
tests/eval/test_paid_arm.py and test_paid_injection.py against a stub on 127.0.0.1 that serves the
oracle's replies through its batch endpoints (a batch ends over several checks, one check answered
503), with the stub's checks made tiny through BATCH_POLL_S. Only the session killed while it polls
runs as a subprocess; the others run in this process.

Request counts: `stub.requests` is single chat calls, `stub.batches.seen` the batch routes, and
`stub.batches.rows` the batch rows the stub answered (each a call bought).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from kit import pipeline
from kit.arms import reply_text_for
from kit.corpus import load
from kit.model.batch.jobs import Jobs
from kit.model.config import Config
from kit.model.stub.batch import BatchFaults
from kit.model.stub.server import StubServer
from tests.plugin.sessions import REPO, inner_args, stub_session_env

PAID = REPO / "tests" / "eval" / "test_paid_arm.py"
INJECTION = REPO / "tests" / "eval" / "test_paid_injection.py"
POLL = "0.002"


def oracle(text: str) -> str:
    return reply_text_for("oracle", text)


def entries(cache: Path) -> set[str]:
    return {p.stem for p in cache.glob("??/*.json")}


def paid_json(results: Path, name: str = "paid") -> dict:
    (found,) = results.glob(f"*/{name}.json")
    return json.loads(found.read_text())


@pytest.fixture
def batch_env(monkeypatch, no_configuration):
    def use(stub: StubServer) -> None:
        for name, value in stub_session_env(stub.base_url, 4).items():
            monkeypatch.setenv(name, value)
        monkeypatch.setenv("BATCH_POLL_S", POLL)

    return use


def session(pytester, test_file: Path, cache: Path, results: Path, *extra: str):
    return pytester.runpytest_inprocess(
        *inner_args(test_file, results, "-m", "paid", f"--answers-cache={cache}", *extra)
    )


def test_a_batch_recording_has_the_keys_of_a_single_call_one_and_replays_to_the_same_grades(
    pytester, tmp_path, batch_env
):
    cache, single = tmp_path / "batched", tmp_path / "single"
    with StubServer(replies=oracle, batch=BatchFaults(polls=3, check_5xx=1)) as stub:
        batch_env(stub)
        recorded = session(pytester, PAID, cache, tmp_path / "r1", "--record", "--batch")
        recorded.assert_outcomes(passed=101)
        assert stub.requests == 0 and stub.batches.rows == 60
        assert (stub.batches.seen["upload"], stub.batches.seen["create"]) == (1, 1)
        seen = sum(stub.batches.seen.values())
        settings = pipeline.RunSettings(
            run_id="single", results_dir=tmp_path / "r0", answers_cache=single, record=True
        )
        config = Config(provider="stub", base_url=stub.base_url, model="stub-oracle")
        corpus = load.load(load.shipped_folder())
        bought = pipeline.run(corpus, pipeline.ModelArm(config, settings, tmp_path / "shared"), settings)
        assert stub.requests == 60
        replayed = session(pytester, PAID, cache, tmp_path / "r2")
        replayed.assert_outcomes(passed=101)
        assert stub.requests == 60 and sum(stub.batches.seen.values()) == seen, "the replay sent nothing"
    assert entries(cache) == entries(single) and len(entries(cache)) == 60
    written = paid_json(tmp_path / "r2")
    assert written["metrics"] == {name: m.to_dict() for name, m in bought.report.metrics.items()}
    assert written["telemetry"]["from_batch"] == 60 and written["telemetry"]["replayed"] == 60
    assert written["batch"]["answers"] == 60 and len(written["batch"]["batches"]) == 1
    assert paid_json(tmp_path / "r1")["telemetry"]["bought"] == 60


def test_the_injection_run_batches_too_and_replays_with_no_request(pytester, tmp_path, batch_env):
    cache = tmp_path / "answers"
    with StubServer(replies=oracle, batch=BatchFaults(polls=2)) as stub:
        batch_env(stub)
        recorded = session(pytester, INJECTION, cache, tmp_path / "r1", "--record", "--batch")
        assert recorded.parseoutcomes().get("failed", 0) == 0 and recorded.parseoutcomes()["passed"] > 0
        rows, created = stub.batches.rows, stub.batches.seen["create"]
        assert stub.requests == 0 and rows == len(entries(cache)) > 60
        replayed = session(pytester, INJECTION, cache, tmp_path / "r2")
        assert replayed.parseoutcomes() == recorded.parseoutcomes()
        assert stub.requests == 0 and stub.batches.rows == rows and stub.batches.seen["create"] == created
    first, again = paid_json(tmp_path / "r1", "injection-paid"), paid_json(tmp_path / "r2", "injection-paid")
    assert first["metrics"] == again["metrics"]
    print(f"injection batches: {created} batches, {rows} rows, routes {dict(stub.batches.seen)}")


def test_a_run_killed_while_polling_resumes_without_resubmitting(pytester, tmp_path, batch_env):
    cache, results = tmp_path / "answers", tmp_path / "results"
    with StubServer(replies=oracle, batch=BatchFaults(polls=10**6)) as stub:
        env = {**stub_session_env(stub.base_url, 4), "BATCH_POLL_S": POLL}
        args = inner_args(PAID, results, "-m", "paid", f"--answers-cache={cache}", "--record", "--batch")
        proc = subprocess.Popen(
            [sys.executable, "-m", "pytest", *args],
            cwd=tmp_path,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while stub.batches.seen["check"] < 3 and time.monotonic() < deadline:
            time.sleep(0.02)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        (job,) = Jobs(cache).live()
        assert len(job.requests) == 60 and entries(cache) == set()
        stub.batches.faults.polls = 1  # the provider finishes the batch while nobody is waiting
        batch_env(stub)
        resumed = session(pytester, PAID, cache, results, "--record", "--batch")
        resumed.assert_outcomes(passed=101)
        assert (stub.batches.seen["upload"], stub.batches.seen["create"]) == (1, 1), "nothing resubmitted"
        assert stub.requests == 0 and stub.batches.rows == 60
    resumed.stdout.fnmatch_lines(["*re-attached to 1 batch in flight (60 rows)*"])
    assert entries(cache) == set(job.requests) and Jobs(cache).live() == []
    spent = sum(json.loads((results / "ledger.json").read_text()).values())
    assert spent == 60, "the killed run's submission is the only one counted"


def test_submit_and_exit_then_collect(pytester, tmp_path, batch_env):
    cache = tmp_path / "answers"
    with StubServer(replies=oracle, batch=BatchFaults(polls=2)) as stub:
        batch_env(stub)
        submitted = session(pytester, PAID, cache, tmp_path / "r1", "--record", "--batch", "--batch-wait=0")
        assert submitted.parseoutcomes()["failed"] == 100
        submitted.stdout.fnmatch_lines(["*not ended yet; run `pytest -m paid --record --batch` to collect*"])
        collected = session(pytester, PAID, cache, tmp_path / "r2", "--record", "--batch")
        collected.assert_outcomes(passed=101)
        assert stub.batches.seen["create"] == 1 and stub.batches.rows == 60 and stub.requests == 0
    shutil.rmtree(cache / "batches")
    assert len(entries(cache)) == 60
