"""Cost at volume (kit.measure.cost): a recorded run's measured tokens priced per record, per 1,000
and per 100,000 records, single calls against batch, cached prefix against none, each call at the time
it was sent; a null rate is unknown, never zero. The paid arm's result file carries it, and `kit
compare` and the report show it."""

import json

import pytest

from kit import pipeline
from kit.arms import reply_text_for
from kit.corpus import load
from kit.measure import compare, compare_text, cost
from kit.measure.report import arms
from kit.model import pricing
from kit.model.config import Config
from kit.model.stub.server import StubServer

RATES = {"input_per_million": 2.0, "cached_input_per_million": 0.5, "output_per_million": 8.0,
         "batch_input_per_million": 1.0, "batch_cached_input_per_million": 0.25,
         "batch_output_per_million": 4.0}  # fmt: skip
# 60 answers of 5,000 input tokens (4,600 of them cached) and 240 output, each sent at noon UTC.
CALL = {"status": "bought", "requested_at": "2026-11-18T12:00:00+00:00",
        "usage": {"input_tokens": 5_000, "cached_input_tokens": 4_600, "output_tokens": 240}}  # fmt: skip
CALLS = [CALL] * 60


def test_a_run_priced_at_volume():
    seen = cost.at_volume(CALLS, pricing.TableCard("m", RATES))
    # by hand, a record: 400 fresh x 2 + 4,600 cached x 0.5 + 240 out x 8 = 5,020 millionths of a dollar
    assert seen["usd"]["single_cached"]["per_record"] == pytest.approx(0.00502, abs=1e-9)
    assert seen["usd"]["single_cached"]["per_1000"] == pytest.approx(5.02)
    assert seen["usd"]["single_cached"]["per_100000"] == pytest.approx(502.0)
    # no cached prefix: all 5,000 input tokens at the full rate: 11,920 millionths
    assert seen["usd"]["single_no_cache"]["per_1000"] == pytest.approx(11.92)
    assert seen["usd"]["batch_cached"]["per_1000"] == pytest.approx(5.02 / 2)
    assert seen["usd"]["batch_no_cache"]["per_1000"] == pytest.approx(11.92 / 2)
    assert seen["tokens_per_record"] == {"input": 5000.0, "cached_input": 4600.0, "output": 240.0}


def test_time_of_day_weighs_in_as_the_run_met_it():
    """deepseek-chat: peak 00:30-16:30 UTC (0.27 in, 0.07 cached, 1.1 out), off-peak 0.135, 0.035, 0.55.
    Half the calls at noon, half at 20:00: the mean of the two prices."""
    night = {**CALL, "requested_at": "2026-11-18T20:00:00+00:00"}
    card = pricing.find("deepseek-chat", {}, "openai", "https://api.deepseek.com/v1")
    seen = cost.at_volume([CALL] * 30 + [night] * 30, card)
    peak = (400 * 0.27 + 4_600 * 0.07 + 240 * 1.1) / 1e6
    off = (400 * 0.135 + 4_600 * 0.035 + 240 * 0.55) / 1e6
    assert seen["usd"]["single_cached"]["per_1000"] == pytest.approx((peak + off) / 2 * 1000, abs=1e-6)
    assert seen["usd"]["batch_cached"]["per_record"] is None  # DeepSeek's card has no batch rate
    assert "no batch rate for deepseek-chat" in seen["why"]["batch_cached"]


def test_a_null_rate_is_unknown_not_zero():
    rates = {**RATES, "batch_output_per_million": None}
    seen = cost.at_volume(CALLS, pricing.TableCard("m", rates))
    assert seen["usd"]["batch_cached"] == {"per_record": None, "per_1000": None, "per_100000": None}
    assert seen["usd"]["single_cached"]["per_record"] is not None
    assert any("batch, cached: not priced: your price table: m leaves batch_output_per_million empty" in line
               for line in cost.lines(seen))  # fmt: skip
    assert cost.at_volume([], pricing.TableCard("m", RATES)) is None
    no_input = {**CALL, "usage": {"input_tokens": None, "output_tokens": 5}}
    assert cost.at_volume([no_input], pricing.TableCard("m", RATES)) is None


def test_the_paid_result_file_compare_and_report_show_it(tmp_path):
    corpus = load.load(load.shipped_folder())
    records = corpus.records[:3]
    small = corpus.__class__(corpus.folder, tuple(records), corpus.manifest)
    with StubServer(replies=lambda text: reply_text_for("oracle", text)) as stub:
        config = Config(provider="stub", base_url=stub.base_url, model="stub-oracle", eval_workers=2,
                        prices={"stub-oracle": RATES})
        settings = pipeline.RunSettings(run_id="r1", results_dir=tmp_path / "results",
                                        answers_cache=tmp_path / "answers", record=True)
        done = pipeline.run(small, pipeline.ModelArm(config, settings, tmp_path / "shared"), settings)
    written = json.loads(done.path.read_text())
    volume = written["cost_at_volume"]
    tele = written["telemetry"]
    assert volume == cost.at_volume(tele["per_call"], pricing.TableCard("stub-oracle", RATES))
    assert volume["usd"]["single_cached"]["per_record"] == pytest.approx(tele["cost_usd"] / 3, abs=1e-6)
    assert written["settings"]["reasoning_effort"] == "provider default"
    header = dict(arms.header(written))
    assert header["cost at volume"].startswith(cost.lines(volume)[0])
    assert header["reasoning effort"] == "provider default"
    run = compare.load_run(done.path)
    shown = "\n".join(compare_text.render([run, run], compare.compare([run, run]), []))
    assert "cost at volume: single, cached: $" in shown
