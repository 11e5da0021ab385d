"""`kit cost` on small result files written here: your table's card and a projection by hand, a call
recorded without a time (an older file) priced now and said so, and what it refuses with one line and
exit status 2 (an offline arm, an unreadable price table, a folder with no arm that made calls)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kit.cli import main

USAGE = {"input_tokens": 10_000, "cached_input_tokens": 6_000, "output_tokens": 1_000,
         "reasoning_tokens": 600}  # fmt: skip
MINE = {"input_per_million": 2.0, "cached_input_per_million": 0.5, "output_per_million": 8.0}


def result(folder: Path, arm: str, calls: list[dict] | None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    data = {"arm": arm, "metrics": {}, "model": "my-model", "provider": "openai",
            "settings": {"reasoning_effort": "low"}}  # fmt: skip
    if calls is not None:
        tokens = {"input": 20_000, "cached_input": 12_000, "output": 2_000, "reasoning": 1_200}
        truncated = {"count": 0, "of": 2, "max_tokens": 4096, "change": None}
        data["telemetry"] = {"per_call": calls, "tokens": tokens, "reasoning_share": 0.6,
                             "truncated": truncated}  # fmt: skip
    path = folder / f"{arm}.json"
    path.write_text(json.dumps(data))
    return path


def call(when: str | None) -> dict:
    return {"record": "A", "status": "bought", "usage": USAGE, "requested_at": when, "batch": None}


def test_your_table_and_a_projection_by_hand(tmp_path, capsys):
    prices = tmp_path / "prices.json"
    prices.write_text(json.dumps({"my-model": MINE}))
    path = result(tmp_path / "run", "paid", [call("2026-11-18T12:00:00+00:00"), call(None)])
    asked = ["--prices", str(prices), "--models", "deepseek:deepseek-chat", "--json"]
    assert main(["cost", str(path), *asked]) == 0
    seen = json.loads(capsys.readouterr().out)["runs"][0]
    # a call: 4,000 fresh x 2 + 6,000 cached x 0.5 + 1,000 out x 8 = 19,000 millionths; two calls
    assert seen["bill"]["usd"] == pytest.approx(0.038)
    assert seen["bill"]["source"] == "your price table: my-model"
    assert seen["bill"]["untimed"] == 1 and seen["bill"]["windows"] is None
    assert seen["bill"]["no_cache_usd"] == pytest.approx(2 * (10_000 * 2 + 1_000 * 8) / 1e6)
    # deepseek-chat at noon UTC (peak 0.27 / 0.07 / 1.1): the timed call; the untimed one is priced now
    chat = seen["projections"][0]
    assert chat["model"] == "deepseek:deepseek-chat" and chat["source"].endswith("(at Deepseek's endpoint)")
    peak = (4_000 * 0.27 + 6_000 * 0.07 + 1_000 * 1.1) / 1e6
    off = (4_000 * 0.135 + 6_000 * 0.035 + 1_000 * 0.55) / 1e6
    assert chat["usd"] == pytest.approx(2 * peak) or chat["usd"] == pytest.approx(peak + off)
    assert main(["cost", str(path), "--prices", str(prices)]) == 0
    printed = capsys.readouterr().out
    assert "(1 recorded no time and were priced now)" in printed
    assert "reasoning: 1,200 of 2,000 output tokens (60.0%); REASONING_EFFORT: low" in printed
    assert "truncated: 0 of 2 replies stopped at MAX_TOKENS (4096)" in printed


def test_what_it_refuses(tmp_path, capsys):
    offline = result(tmp_path / "run", "floor", None)
    assert main(["cost", str(offline)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"kit cost: {offline}: this arm answered offline and made no call to price")
    assert main(["cost", str(tmp_path / "run")]) == 2
    assert "holds no result file of an arm that made calls" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    assert main(["cost", str(offline), "--prices", str(bad)]) == 2
    assert capsys.readouterr().err.startswith(f"kit cost: --prices: {bad} is not valid JSON")
