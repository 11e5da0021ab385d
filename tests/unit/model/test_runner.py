from kit.arms import reply_text_for
from kit.corpus import load
from kit.model import runner, telemetry
from kit.model.providers import Limiter
from kit.model.stub.server import StubServer
from kit.pipeline import stub_buyer

RECORDS = load.load(load.shipped_folder()).records


def buy(stub, folder, records, limiter, lines):
    return stub_buyer(stub.base_url, "stub-oracle", folder, 1, limiter, lines.append).run(records)


def test_a_purchase_reports_its_own_429s_pauses_and_concurrency(tmp_path):
    limiter, lines = Limiter(1), []
    with StubServer(replies=lambda t: reply_text_for("oracle", t), fail_429=1, retry_after="0.2") as stub:
        first = buy(stub, tmp_path / "a", RECORDS[:3], limiter, lines)
        second = buy(stub, tmp_path / "b", RECORDS[3:5], limiter, [])
    figures = telemetry.summary(first)["rate_limit"]
    assert (figures["refused_429"], figures["paused_s"], figures["concurrency"]) == (1, 0.2, 1)
    assert "seconds" not in figures
    assert (figures["pace_per_min"], figures["paced_by"]) == (None, None)  # one 429 is not a rate limit
    assert telemetry.summary(first)["purchase_s"] >= 0.2  # the purchase's wall time, not the limiter's
    # the same limiter, counted per purchase
    assert telemetry.summary(second)["rate_limit"]["refused_429"] == 0
    assert lines[0] == "buying 3 calls with 1 worker"
    assert all(line.endswith("; 429s 1, paused 0.2s, concurrency 1") for line in lines[1:]), lines


def test_no_429_no_note_and_the_outcome_keeps_its_figures_through_a_file(tmp_path):
    lines = []
    with StubServer(replies=lambda t: reply_text_for("oracle", t)) as stub:
        outcome = buy(stub, tmp_path, RECORDS[:2], Limiter(1), lines)
    assert not any("429s" in line for line in lines)
    assert outcome.rate_limit["refused_429"] == 0 and outcome.rate_limit["pace_per_min"] is None
    outcome.save(tmp_path / "outcome.json")
    loaded = runner.RunOutcome.load(tmp_path / "outcome.json")
    written = telemetry.summary(loaded)
    assert {**written["rate_limit"], "seconds": written["purchase_s"]} == outcome.rate_limit


def test_a_record_refused_with_a_400_fails_alone_and_the_others_are_still_bought(tmp_path):
    """Issue 39: one record answered "maximum context length" used to make every later call "not sent"."""
    lines = []
    refused = RECORDS[1].id
    with StubServer(replies=lambda t: reply_text_for("oracle", t), refuse_record=refused) as stub:
        outcome = buy(stub, tmp_path, RECORDS[:6], Limiter(1), lines)
        assert stub.requests == 6  # the refused request once (never retried), every other record once
    calls = outcome.by_record()
    assert calls[refused].status == "failed" and refused not in outcome.answers()
    assert calls[refused].error.startswith("400 from http://127.0.0.1:")
    assert "this one request was refused" in calls[refused].error
    assert "maximum context length" in calls[refused].error
    others = [c for rid, c in calls.items() if rid != refused]
    assert [c.status for c in others] == ["bought"] * 5
    assert not any("not sent" in line for line in lines), lines
    line = telemetry.per_call(calls[refused])
    assert (line["status"], line["graded"]) == ("failed", "nothing: no reply")
