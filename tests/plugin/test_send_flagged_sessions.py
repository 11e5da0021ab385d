"""The paid arm's pytest session withholds by default: an inner session runs the real
tests/eval/test_paid_arm.py against a loopback stub serving the oracle's replies, on a copy of the
shipped corpus whose ADM-0002 carries a planted attack line. By default the request bodies the stub
logged do not hold the line and paid.json names it as withheld (line, section, reasons), with each
guard's time in its telemetry and the report's header; `--send-flagged` and SEND_FLAGGED=verbatim send
it; `--quarantine` stops the session with one line saying what replaced it."""

from __future__ import annotations

import json
import shutil

import pytest

from kit.arms import reply_text_for
from kit.corpus import load
from kit.guard import scan
from kit.model.stub.server import StubServer
from tests.plugin.sessions import REPO, inner_args, stub_session_env
from tests.unit.model.test_withholding import PLANT

PAID_TESTS = REPO / "tests" / "eval" / "test_paid_arm.py"


@pytest.fixture(scope="module")
def planted_corpus(tmp_path_factory):
    """The shipped corpus with one attack line at the end of ADM-0002's review notes (its gold spans,
    all before it, still hold); returns the folder and the planted line's number."""
    folder = tmp_path_factory.mktemp("planted") / "corpus"
    shutil.copytree(load.shipped_folder(), folder)
    path = folder / "ADM-0002.txt"
    text = path.read_text(encoding="utf-8").rstrip("\n") + f"\n  2026-07-15  {PLANT}\n"
    path.write_text(text, encoding="utf-8")
    return folder, len(text.splitlines())


def oracle(text: str) -> str:
    return reply_text_for("oracle", text)


def run_session(pytester, monkeypatch, tmp_path, corpus, *extra: str, **env: str):
    """An inner paid session buying from a fresh stub; returns the session, the stub and paid.json."""
    results = tmp_path / "results"
    with StubServer(replies=oracle) as stub:
        for key, value in {**stub_session_env(stub.base_url, 4), **env}.items():
            monkeypatch.setenv(key, value)
        args = inner_args(PAID_TESTS, results, "-m", "paid", "--record", f"--answers-cache={tmp_path / 'a'}",
                          f"--corpus={corpus}", "-k", "ADM-0002 or records.fully_right", *extra)  # fmt: skip
        result = pytester.runpytest_inprocess(*args)
    written = list(results.glob("*/paid.json"))
    return result, stub, json.loads(written[0].read_text()) if written else None


def calls(paid: dict) -> dict[str, dict]:
    return {c["record"]: c for c in paid["telemetry"]["per_call"]}


def setting(paid: dict) -> tuple[str, str]:
    return paid["settings"]["send_flagged"], paid["settings"]["send_flagged_from"]


def test_by_default_the_planted_line_never_reaches_the_model_and_is_named_withheld(
    pytester, monkeypatch, tmp_path, planted_corpus, no_configuration
):
    corpus, line = planted_corpus
    result, stub, paid = run_session(pytester, monkeypatch, tmp_path, corpus, "--kit-report")
    result.assert_outcomes(passed=2)
    assert stub.requests == 60 and PLANT not in json.dumps(stub.bodies)
    assert sum(scan.MARKER in json.dumps(body) for body in stub.bodies) == 1
    planted = calls(paid)["ADM-0002"]
    reasons = list(scan.scan((corpus / "ADM-0002.txt").read_text())[0].reasons)
    assert planted["withheld"] == [{"line": line, "section": "UTILIZATION REVIEW NOTES", "reasons": reasons}]
    assert planted["sent"] == "all but 1 flagged unit, withheld"
    assert calls(paid)["ADM-0001"]["sent"] == "everything: the document scan flagged nothing"
    assert planted["guards"]["scan"]["flags"] == 1 and planted["guards"]["scan"]["ms"] >= 0
    guards = paid["telemetry"]["guards"]
    assert guards["scan"]["records"] == 60 and guards["scan"]["withheld"] == 1 and guards["gate"] is None
    assert setting(paid) == ("withhold", "default")
    (page,) = (tmp_path / "results").glob("*/report.html")
    html = page.read_text(encoding="utf-8")
    assert "1 record(s) flagged; flagged units withheld from the model (default), in 1 record(s)" in html
    assert "scan " in html and "ms over 60 record(s)" in html and "1 flags, 1 withheld" in html
    assert f"line {line}, UTILIZATION REVIEW NOTES: addressed to an automated reader" in html


@pytest.mark.parametrize(("extra", "env", "source"), [
    (("--send-flagged",), {}, "--send-flagged"),
    ((), {"SEND_FLAGGED": "verbatim"}, "SEND_FLAGGED=verbatim"),
])  # fmt: skip
def test_send_flagged_sends_the_planted_line_and_says_so(
    pytester, monkeypatch, tmp_path, planted_corpus, extra, env, source, no_configuration
):
    corpus, _ = planted_corpus
    result, stub, paid = run_session(pytester, monkeypatch, tmp_path, corpus, *extra, **env)
    result.assert_outcomes(passed=2)
    assert sum(PLANT in json.dumps(body) for body in stub.bodies) == 1
    planted = calls(paid)["ADM-0002"]
    assert planted["withheld"] == []
    assert planted["sent"] == "everything, 1 flagged unit included (sent verbatim)"
    assert setting(paid) == ("verbatim", source)


def test_quarantine_stops_the_session_saying_so(pytester, monkeypatch, tmp_path, planted_corpus):
    corpus, _ = planted_corpus
    result, stub, paid = run_session(pytester, monkeypatch, tmp_path, corpus, "--quarantine")
    assert stub.requests == 0 and paid is None
    assert "--quarantine is gone" in result.stderr.str() and "--send-flagged" in result.stderr.str()
