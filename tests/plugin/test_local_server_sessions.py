"""The local-server path (docs/local-servers.md) as a user runs it (issue 16): inner `pytest -m paid`
sessions on a small corpus the user brings, against a stub on 127.0.0.1 that behaves like
llama-cpp-python's server (refuses json_schema with a 500 naming response_format, cuts replies at
max_tokens). The sessions run in this process (`runpytest_inprocess`): nothing here depends on a
process of its own."""

from __future__ import annotations

import json
import shutil
import socket
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from kit.arms import reply_text_for
from kit.corpus import load
from kit.model.stub.server import StubServer
from tests.plugin.sessions import REPO, inner_args

PAID_TESTS = REPO / "tests" / "eval" / "test_paid_arm.py"
OWN = ("ADM-0006", "ADM-0012", "ADM-0031")


def oracle(text: str) -> str:
    return reply_text_for("oracle", text)


def small_corpus(folder: Path, ids: tuple[str, ...] = OWN) -> Path:
    """A corpus the user brings: a few shipped records with their rows and gold lines."""
    shipped = load.shipped_folder()
    folder.mkdir()
    for rid in ids:
        shutil.copy(shipped / f"{rid}.txt", folder / f"{rid}.txt")
    rows = [r for r in json.loads((shipped / "records.json").read_text()) if r["id"] in ids]
    (folder / "records.json").write_text(json.dumps(rows))
    lines = (shipped / "gold.jsonl").read_text().splitlines()
    gold = [line for line in lines if json.loads(line)["id"] in ids]
    (folder / "gold.jsonl").write_text("\n".join(gold) + "\n")
    return folder


@pytest.fixture
def local(tmp_path, monkeypatch, pytester, no_configuration):
    """Runs an inner paid session on a 3-record corpus with the given settings (EVAL_WORKERS unset,
    so the local default applies); returns (result, cache folder, results folder)."""
    corpus = small_corpus(tmp_path / "corpus")
    cache, results = tmp_path / "answers", tmp_path / "results"
    monkeypatch.setenv("KIT_DOTENV", "/nonexistent/.env")

    def run(base_url: str, *extra: str, **settings: str):
        monkeypatch.setenv("PROVIDER", "openai")
        monkeypatch.setenv("BASE_URL", base_url)
        monkeypatch.setenv("MODEL", "local-model")
        for name, value in settings.items():
            monkeypatch.setenv(name, value)
        where = (f"--corpus={corpus}", f"--answers-cache={cache}")
        return pytester.runpytest_inprocess(*inner_args(PAID_TESTS, results, "-m", "paid", *where, *extra))

    run.cache, run.results = cache, results
    return run


def paid_json(results: Path) -> dict:
    newest = max(results.glob("*/paid.json"), key=lambda p: p.stat().st_mtime)
    return json.loads(newest.read_text())


def entries(cache: Path) -> int:
    return len(list(cache.glob("??/*.json")))


def test_json_schema_refused_once_then_json_object_buys_replays_free_and_reports_na(local):
    with StubServer(replies=oracle, refuse_json_schema=True) as stub:
        refused = local(stub.base_url, "--record")
        assert stub.requests == 1, "the refused response format was sent more than once"
        assert entries(local.cache) == 0
        assert not (local.cache / "recorded.json").exists(), "recorded.json written though nothing was bought"
        refused.stdout.fnmatch_lines(["*500 from http://127.0.0.1:*: the server refused response_format "
                                      "json_schema: set RESPONSE_FORMAT=json_object*"])
        refused.stdout.fnmatch_lines(["*not sent: 500 from*"])

        bought = local(stub.base_url, "--record", RESPONSE_FORMAT="json_object", MAX_TOKENS="1024")
        assert stub.requests == 4
        bought.stdout.fnmatch_lines([
            "*paid arm: buying 3 calls with 1 worker*",
            "*[[]1/3] ADM-* r0 bought in *s (finish_reason=stop,*",
        ])
        outcomes = bought.parseoutcomes()
        assert outcomes.get("failed", 0) == 0 and outcomes["skipped"] > 0
        bought.stdout.fnmatch_lines([
            "SKIPPED * n/a: no item of this kind on this corpus (0/0)",
            "*arm: paid  (40 metrics, 0 below threshold, * n/a)*",
            "*  n/a (*): no item of this kind on this corpus (0/0)",
        ])
        assert json.loads((local.cache / "recorded.json").read_text()) == {
            "provider": "openai", "model": "local-model", "endpoint": urlsplit(stub.base_url).netloc}
        settings = paid_json(local.results)["settings"]
        assert settings == {"response_format": "json_object", "max_tokens": 1024, "timeout_s": 300.0,
                            "retry_timeouts": False, "eval_workers": 1,
                            "eval_workers_from": "default for a local server", "redact": "off",
                            "redact_from": "default for a local server",
                            "reasoning_effort": "provider default", "send_flagged": "withhold",
                            "send_flagged_from": "default"}

        replayed = local(stub.base_url, RESPONSE_FORMAT="json_object", MAX_TOKENS="1024")
        assert stub.requests == 4, "a replay sent a request"
    assert replayed.parseoutcomes() == outcomes


def test_a_reply_cut_off_at_max_tokens_is_explained_in_the_failure_and_the_result_file(local):
    with StubServer(replies=oracle) as stub:
        result = local(stub.base_url, "--record", "-k", "test_record", MAX_TOKENS="60")
        assert stub.requests == 3
    assert entries(local.cache) == 3, "a cut-off reply is still the server's answer and is cached"
    result.assert_outcomes(failed=3)
    result.stdout.fnmatch_lines([
        "*ADM-0006 is not fully right (cut off at the token limit (finish_reason=length, 60 tokens): it "
        "stopped in row ? of 4; no closing brace*; raise MAX_TOKENS; the parser found: reply: the JSON "
        "object is not terminated (was the reply cut off?))*",
    ])
    for entry in paid_json(local.results)["telemetry"]["per_call"]:
        assert entry["finish_reason"] == "length"
        assert entry["explanation"].startswith("cut off at the token limit (finish_reason=length, 60 tokens)")
        assert "reply: the JSON object is not terminated (was the reply cut off?)" in entry["problems"]


def test_a_record_that_bought_nothing_leaves_recorded_json_alone(local):
    with StubServer(replies=oracle) as stub:
        local(stub.base_url, "--record", "-k", "test_record").assert_outcomes(passed=3)
        (local.cache / "recorded.json").unlink()
        local(stub.base_url, "--record", "-k", "test_record").assert_outcomes(passed=3)
        assert stub.requests == 3
    assert not (local.cache / "recorded.json").exists()


def test_no_server_running_says_nothing_is_listening(local):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    result = local(f"http://127.0.0.1:{port}/v1", "--record", "-k", "test_record")
    result.assert_outcomes(failed=3)
    result.stdout.fnmatch_lines([
        f"*nothing is listening at http://127.0.0.1:{port}/v1 — is the server running?*",
    ])
    assert "attempt(s)" not in result.stdout.str()
