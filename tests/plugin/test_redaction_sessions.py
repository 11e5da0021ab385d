"""Redaction in a whole paid session: an inner `pytest -m paid --record` on a corpus with identifiers
written in, buying from a stub on 127.0.0.1 that serves the floor's reading of whatever it is sent,
with REDACT=on (a local server redacts only when told to). Every request body the stub received,
every file the session wrote and every line it printed is searched for every planted identifier.
Then the warning for a hosted endpoint with REDACT=off, which needs no request: a replay of an empty
cache sends nothing."""

import json

from kit import pipeline
from kit.arms.served import served_replies
from kit.corpus import load
from kit.measure.redaction_ledger import FOLDER
from kit.model.config import Config
from kit.model.stub.server import StubServer
from tests.identifiers import identifiers_corpus, leaked
from tests.plugin.sessions import REPO, inner_args, stub_session_env

PAID_TESTS = REPO / "tests" / "eval" / "test_paid_arm.py"


def test_a_redacted_paid_session_leaks_no_identifier_anywhere(pytester, tmp_path, monkeypatch):
    folder, written = identifiers_corpus(tmp_path / "corpus")
    cache, results = tmp_path / "answers", tmp_path / "results"
    with StubServer(replies=served_replies("floor", [])) as stub:
        for name, value in stub_session_env(stub.base_url, 4, "stub-floor").items():
            monkeypatch.setenv(name, value)
        monkeypatch.setenv("REDACT", "on")
        monkeypatch.setenv("REDACT_SALT", "session-salt")
        paid = ("-m", "paid", "--record", f"--answers-cache={cache}", f"--corpus={folder}")
        args = inner_args(PAID_TESTS, results, *paid)
        result = pytester.runpytest_inprocess(*args)
    assert stub.requests == 60
    (paid,) = results.glob("*/paid.json")
    data = json.loads(paid.read_text())
    assert data["settings"]["redact"] == "on" and data["redaction"]["from"] == "REDACT=on"
    assert data["metrics"]["records.fully_right"]["count"] == 36, "the floor's figure, through redaction"
    assert (paid.parent / FOLDER / "paid.json").is_file()
    output = result.stdout.str() + result.stderr.str()
    assert "records.fully_right" in output
    files = [p for d in (cache, results) for p in d.rglob("*") if p.is_file()]
    texts = [output, *(json.dumps(b) for b in stub.bodies), *(p.read_text(encoding="utf-8") for p in files)]
    planted = sorted({s for strings in written.values() for s in strings})
    leaks = sorted({s for text in texts for s in leaked(planted, text)})
    assert not leaks


def test_redact_off_for_a_hosted_endpoint_warns_once_per_run_and_says_so_in_the_result_file(tmp_path):
    config = Config(provider="openai", base_url="https://api.example.com/v1", model="m", redact="off")
    settings = pipeline.RunSettings(run_id="off", results_dir=tmp_path / "r", answers_cache=tmp_path / "c")
    said: list[str] = []
    arm = pipeline.ModelArm(config, settings, tmp_path / "shared", said.append)
    corpus = load.load(load.shipped_folder())
    done = pipeline.run(corpus, arm, settings)
    arm.outcome(corpus.records[:3])
    assert said == [
        "warning: REDACT=off: records go to the hosted endpoint api.example.com:443 as they are, identifiers "
        "and dates included",
        "replayed 0, bought 0, missing 60",  # each replay's own tally line, not a warning
        "replayed 0, bought 0, missing 3",
    ]
    data = json.loads(done.path.read_text())
    assert data["redaction"] == {"on": False, "from": "REDACT=off", "warning": said[0]}
    assert data["settings"]["redact"] == "off"
    assert all(c.status == "missing" for c in done.outcome.calls)
