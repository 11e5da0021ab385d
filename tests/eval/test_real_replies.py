"""A real model's replies, replayed in CI: fixtures/realserver/ holds what a real llama-cpp-python server
answered (recorded by `scripts/realserver.py --fixture`, with the server, model file and settings
that produced them). Each reply goes through the answer cache, the paid arm's replay, the parser, the
recheck, the grading, the result file and the report, with no model and no network, so the defects a
real server showed (a runaway reply, placeholders copied, unknown token figures) stay fixed."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from kit import pipeline
from kit.corpus import load
from kit.measure import report
from kit.model import reply, runner
from kit.model.cache import Cache, cache_key
from kit.model.config import Config
from kit.model.providers import Completion
from kit.model.providers.base import Usage
from kit.model.reply import cutoff
from kit.model.reply.locate import NOT_TERMINATED

FIXTURES = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "realserver").glob("*.json"))
BASE_URL = "http://127.0.0.1:9/v1"  # never contacted: a replay sends nothing


RECORDINGS = {f.stem: json.loads(f.read_text(encoding="utf-8")) for f in FIXTURES}
# The recordings made with a schema that bounds the rows to four (others keep a real runaway).
FOUR_ROWS = sorted(name for name, r in RECORDINGS.items() if "maxItems 4" in r["schema_rows"])


def fixture_ids() -> list[str]:
    return [f.stem for f in FIXTURES]


@pytest.fixture(scope="module", params=FIXTURES, ids=fixture_ids())
def recording(request) -> dict:
    return json.loads(request.param.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def replayed(recording, tmp_path_factory):
    """The paid arm replaying the recorded replies: its scored run and result file."""
    folder = tmp_path_factory.mktemp("real-replies")
    settings_of = recording["settings"]
    config = Config(
        provider="openai",
        base_url=BASE_URL,
        model=settings_of["MODEL"],
        response_format=settings_of["RESPONSE_FORMAT"],
        max_tokens=int(settings_of["MAX_TOKENS"]),
    )
    shipped = load.load(load.shipped_folder())
    ids = [r["record"] for r in recording["replies"]]
    corpus = dataclasses.replace(shipped, records=tuple(r for r in shipped.records if r.id in ids))
    cache = Cache(folder / "cache")
    for entry in recording["replies"]:
        record = shipped.by_id()[entry["record"]]
        request = runner.request_for(record.text, config, 0, reply.schema())
        completion = Completion(
            entry["text"], Usage(**entry["usage"]), entry["latency_ms"], entry["finish_reason"], None
        )
        cache.put(
            cache_key(request, config.provider, config.endpoint),
            completion,
            request=request,
            provider="openai",
        )
    settings = pipeline.RunSettings(
        run_id="real", results_dir=folder / "results", answers_cache=folder / "cache"
    )
    arm = pipeline.ModelArm(config, settings, folder / "shared")
    (folder / "shared").mkdir()
    scored = pipeline.run(corpus, arm, settings)
    return scored, json.loads(scored.path.read_text()), corpus


def test_the_recording_says_what_produced_it(recording):
    assert recording["server"]["version"] and recording["model"]["sha256"]
    assert recording["settings"]["RESPONSE_FORMAT"] == "json_object"
    assert recording["json_schema_probe"]["status"], "what the server says to json_schema is kept"
    assert recording["replies"] and recording["schema_rows"]


def test_a_replay_sends_nothing_and_marks_its_latencies_recorded(replayed, recording):
    _, data, _ = replayed
    tele = data["telemetry"]
    assert (tele["bought"], tele["replayed"], tele["missing"]) == (0, len(recording["replies"]), 0)
    assert tele["latency_ms"]["measured"] == "recorded when bought (this run replayed them)"
    assert {c["latency_from"] for c in tele["per_call"]} == {"recorded"}


def test_every_reply_is_parsed_into_what_it_holds(recording):
    for entry in recording["replies"]:
        answer = reply.parse(entry["text"])
        details = [f"{p.field}: {p.detail}" for p in answer.problems]
        rows = cutoff.complete_rows(entry["text"])
        if rows:
            assert not any("no JSON object" in d for d in details), (entry["record"], details)
        for hole in cutoff.placeholders(entry["text"]):
            if not answer.said_nothing:
                assert any("placeholder of the prompt's reply skeleton" in d and hole in d for d in details)


def test_there_is_a_recording_under_the_four_row_schema():
    assert FOUR_ROWS, "no fixture was recorded with a schema bounding the rows to four"


@pytest.mark.parametrize("name", FOUR_ROWS)
def test_a_schema_of_four_rows_held_the_model_to_four_rows(name):
    recording = RECORDINGS[name]
    validator = Draft202012Validator(reply.schema())
    for entry in recording["replies"]:
        assert entry["finish_reason"] == "stop", entry["record"]
        assert len(cutoff.complete_rows(entry["text"])) == 4, entry["record"]
        errors = [e.message for e in validator.iter_errors(json.loads(entry["text"]))]
        # a number's bounds are the one thing llama.cpp's grammar does not hold (docs/local-servers.md)
        assert all("greater than the maximum" in m for m in errors), (entry["record"], errors)


def test_a_cut_off_reply_says_what_it_was_doing(replayed, recording):
    """The runaway a schema without a row bound let through (16 complete rows, the placeholder copied,
    cut off at 700 tokens) is told as that, and its rows are not graded."""
    _, data, _ = replayed
    texts = {r["record"]: r["text"] for r in recording["replies"]}
    for call in data["telemetry"]["per_call"]:
        if call["finish_reason"] != "length":
            continue
        why = call["explanation"]
        assert why.startswith("cut off at the token limit") and "no JSON object" not in why, why
        rows = cutoff.complete_rows(texts[call["record"]])
        if len(rows) > 4:
            assert f"rows repeated: {len(rows)} complete rows" in why and "raise MAX_TOKENS" not in why
        still_open = any(p.detail == NOT_TERMINATED for p in reply.parse(texts[call["record"]]).problems)
        if still_open:
            assert call["graded"].startswith("nothing: cut off before its object closed"), call["graded"]


def test_an_answer_that_said_nothing_scores_nothing(replayed):
    scored, _, _ = replayed
    empty = {g.id for g in scored.report.grades if not g.usable}
    over_every_record = [
        "records.fully_right", "support.raw", "support.rechecked", "support.overturned",
        "provenance.verdict_changed", "taxonomy.no_usable_answer",
    ]  # fmt: skip
    for name in over_every_record:
        assert empty <= set(scored.report.metrics[name].costly), name


def test_the_report_renders_the_run_with_its_unknown_figures(replayed):
    scored, data, corpus = replayed
    tokens = data["telemetry"]["tokens"]
    page = report.render(scored.path, corpus)
    assert page.startswith("<!DOCTYPE html>")
    if tokens["cached_input"] is None:
        assert "not reported" in page
