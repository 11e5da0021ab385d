"""kit.pipeline called directly, as a report command would: one arm's run scored and written, the
model arm bought once for every process sharing a folder, a replay keyed by the endpoint, the
configuration a replay keys with, and each reply parsed once."""

from __future__ import annotations

import json
from pathlib import Path

from kit import pipeline
from kit.arms import arm, reply_text_for
from kit.measure import scoring
from kit.model import reply, runner, telemetry
from kit.model.cache import RECORDED, Cache
from kit.model.config import Config
from kit.model.stub.server import StubServer

SOME = 3  # records the model-arm tests buy


def settings(tmp_path: Path, **changes) -> pipeline.RunSettings:
    return pipeline.RunSettings(
        run_id="r1", results_dir=tmp_path / "results", answers_cache=tmp_path / "answers", **changes
    )


def oracle(text: str) -> str:
    return reply_text_for("oracle", text)


def test_run_scores_an_arm_and_writes_its_result_file(corpus, tmp_path):
    done = pipeline.run(corpus, pipeline.OfflineArm("floor"), settings(tmp_path))
    floor = arm("floor")
    direct = scoring.score("floor", corpus, {r.id: floor(r) for r in corpus.records})
    assert done.path == tmp_path / "results" / "r1" / "floor.json"
    written = json.loads(done.path.read_text())
    assert written["run_id"] == "r1" and written["arm"] == "floor"
    assert written["metrics"] == {name: m.to_dict() for name, m in direct.metrics.items()}
    assert done.report.metrics == direct.metrics


def test_the_model_arm_buys_once_for_every_process_sharing_its_folder(corpus, tmp_path):
    records = corpus.records[:SOME]
    with StubServer(replies=oracle) as stub:
        config = Config(provider="stub", base_url=stub.base_url, model="stub-oracle", eval_workers=2)
        run = settings(tmp_path, record=True)
        first = pipeline.ModelArm(config, run, tmp_path / "shared").outcome(records)
        second = pipeline.ModelArm(config, run, tmp_path / "shared").outcome(records)
        assert stub.requests == SOME
    assert [c.status for c in first.calls] == ["bought"] * SOME
    assert second.calls == first.calls
    noted = json.loads((tmp_path / "answers" / RECORDED).read_text())
    assert noted == {"provider": "stub", "model": "stub-oracle", "endpoint": config.endpoint}


def test_a_replay_finds_only_what_was_bought_from_the_same_endpoint(corpus, tmp_path):
    records = corpus.records[:SOME]
    with StubServer(replies=oracle) as bought_from, StubServer(replies=oracle) as other:
        def outcome(base_url: str, folder: str, record: bool) -> runner.RunOutcome:
            config = Config(provider="stub", base_url=base_url, model="stub-oracle", eval_workers=2)
            model = pipeline.ModelArm(config, settings(tmp_path, record=record), tmp_path / folder)
            return model.outcome(records)

        outcome(bought_from.base_url, "buy", record=True)
        same = outcome(bought_from.base_url, "same", record=False)
        elsewhere = outcome(other.base_url, "elsewhere", record=False)
        assert (bought_from.requests, other.requests) == (SOME, 0)
    assert [c.status for c in same.calls] == ["replayed"] * SOME
    assert [c.status for c in elsewhere.calls] == ["missing"] * SOME


def test_a_replay_without_model_keys_with_what_the_cache_remembers(tmp_path, monkeypatch, no_configuration):
    cache = Cache(tmp_path / "answers")
    bought = Config(provider="openai", base_url="http://10.1.2.3:8080/v1", model="m1")
    cache.remember(bought)
    dotenv = tmp_path / "no.env"
    replay = pipeline.model_config(dotenv, cache, record=False)
    assert (replay.provider, replay.model, replay.endpoint) == ("openai", "m1", "10.1.2.3:8080")
    assert pipeline.model_config(dotenv, cache, record=True).model == "stub"
    monkeypatch.setenv("MODEL", "mine")
    assert pipeline.model_config(dotenv, cache, record=False).model == "mine"


def test_each_reply_is_parsed_once(corpus, monkeypatch):
    calls = [
        runner.Call(r.id, 0, "k", "replayed", {"text": oracle(r.text), "latency_ms": 1.0, "usage": {}})
        for r in corpus.records[:SOME]
    ]
    outcome = runner.RunOutcome(calls)
    parsed: list[str] = []
    real = reply.parse

    def counting(text):
        parsed.append(text)
        return real(text)

    monkeypatch.setattr(reply, "parse", counting)
    first = outcome.answers()
    assert outcome.answers() == first and telemetry.summary(outcome)["calls"] == SOME
    assert len(parsed) == SOME


def test_through_the_stub_the_served_arm_answers_as_it_does_directly(corpus, tmp_path):
    records = corpus.records[:SOME]
    outcome, requests = pipeline.through_stub("floor", records, tmp_path, fail_429=1)
    assert requests == SOME + 1
    floor = arm("floor")
    for rid, answer in outcome.answers().items():
        direct = floor(next(r for r in records if r.id == rid))
        assert (answer.elements, answer.support) == (direct.elements, direct.support)
