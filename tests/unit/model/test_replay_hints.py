"""A replay miss says where the answers are when the cache holds them under other settings (endpoint,
model, response format), naming the setting that replays them, instead of advising a purchase; and a
replay prints one line of where its answers came from.

Before: recorded with BASE_URL=http://127.0.0.1:PORT/v1, replayed with no BASE_URL, every record
failed with "no cached answer; run `pytest -m paid --record` to buy it", and a replay printed no
tally."""

from __future__ import annotations

from pathlib import Path

import pytest

from kit import pipeline
from kit.arms import reply_text_for
from kit.model import runner
from kit.model.config import Config
from kit.model.stub.server import StubServer

SOME = 3


def _oracle(text: str) -> str:
    return reply_text_for("oracle", text)


def _settings(tmp_path: Path, record: bool) -> pipeline.RunSettings:
    return pipeline.RunSettings(
        run_id="r1", results_dir=tmp_path / "results", answers_cache=tmp_path / "answers", record=record
    )


def _run(tmp_path: Path, records, config: Config, record: bool, folder: str, lines: list[str]):
    arm = pipeline.ModelArm(config, _settings(tmp_path, record), tmp_path / folder, lines.append)
    return arm.outcome(records)


@pytest.fixture
def bought(corpus, tmp_path):
    """SOME records bought from a stub at 127.0.0.1:PORT; the endpoint (host:port)."""
    with StubServer(replies=_oracle) as stub:
        config = Config(provider="stub", base_url=stub.base_url, model="stub-oracle", eval_workers=2)
        _run(tmp_path, corpus.records[:SOME], config, True, "buy", [])
        return config


def test_a_replay_under_another_endpoint_says_where_the_answers_are(corpus, tmp_path, bought):
    lines: list[str] = []
    replay = Config(provider="stub", base_url=None, model="stub-oracle")
    outcome = _run(tmp_path, corpus.records[:SOME], replay, False, "replay", lines)
    assert [c.status for c in outcome.calls] == ["missing"] * SOME
    for call in outcome.calls:
        said = f"1 answer for this prompt is cached from {bought.endpoint}; set BASE_URL to replay it"
        assert said in call.error
        assert not call.error.startswith("no cached answer; run")
    assert lines == [
        f"replayed 0, bought 0, missing {SOME}; {SOME} answers cached for these prompts from "
        f"{bought.endpoint}; set BASE_URL to replay them"
    ]


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"model": "other-model"}, "cached with MODEL=stub-oracle; set MODEL to replay it"),
        ({"response_format": "json_object"}, "cached with RESPONSE_FORMAT=json_schema; set RESPONSE_FORMAT"),
        ({"max_tokens": 1024}, "cached with MAX_TOKENS=4096; set MAX_TOKENS to replay it"),
    ],
)
def test_a_replay_under_another_setting_names_it(corpus, tmp_path, bought, change, said):
    replay = Config(**{"provider": "stub", "base_url": bought.base_url, "model": "stub-oracle", **change})
    outcome = _run(tmp_path, corpus.records[:1], replay, False, "replay", [])
    assert said in outcome.calls[0].error


def test_a_prompt_cached_nowhere_still_names_the_purchase(corpus, tmp_path, bought):
    lines: list[str] = []
    replay = Config(provider="stub", base_url=bought.base_url, model="stub-oracle")
    outcome = _run(tmp_path, corpus.records[SOME : SOME + 1], replay, False, "replay", lines)
    assert outcome.calls[0].error == "no cached answer; run `pytest -m paid --record` to buy it"
    assert lines == ["replayed 0, bought 0, missing 1"]


def test_a_full_replay_prints_its_tally(corpus, tmp_path, bought):
    lines: list[str] = []
    outcome = _run(tmp_path, corpus.records[:SOME], bought, False, "replay", lines)
    assert [c.status for c in outcome.calls] == ["replayed"] * SOME
    assert lines == [f"replayed {SOME}, bought 0, missing 0"]
    assert runner.tally(outcome.calls) == lines[0]
