"""Cost at volume (kit.measure.cost): a recorded run's measured tokens priced per record, per 1,000
and per 100,000 records, single calls against batch, cached prefix against none; a null rate is
unknown, never zero. The paid arm's result file carries it, and `kit compare` and the report show it."""

import json

import pytest

from kit import pipeline
from kit.arms import reply_text_for
from kit.corpus import load
from kit.measure import compare, compare_text, cost
from kit.measure.report import arms
from kit.model.config import Config
from kit.model.stub.server import StubServer

RATES = {"input_per_million": 2.0, "cached_input_per_million": 0.5, "output_per_million": 8.0,
         "batch_input_per_million": 1.0, "batch_cached_input_per_million": 0.25,
         "batch_output_per_million": 4.0}  # fmt: skip
# The stub's 60 oracle answers, as docs/cache-and-batch.md gives them: 300,402 input tokens, 276,300 of them
# cached, 14,317 output.
TOKENS = {"input": 300_402, "cached_input": 276_300, "output": 14_317}


def test_the_stub_oracle_run_priced_at_volume():
    seen = cost.at_volume(TOKENS, 60, "m", {"m": RATES})
    # by hand: 24,102 fresh x 2 + 276,300 cached x 0.5 + 14,317 out x 8 = 300,890 millionths of a dollar
    assert seen["usd"]["single_cached"]["per_record"] == pytest.approx(0.300890 / 60, abs=1e-6)
    assert seen["usd"]["single_cached"]["per_1000"] == pytest.approx(5.014833, abs=1e-5)
    assert seen["usd"]["single_cached"]["per_100000"] == pytest.approx(501.4833, abs=1e-3)
    # no cached prefix: all 300,402 input tokens at the full rate: 715,340 millionths
    assert seen["usd"]["single_no_cache"]["per_1000"] == pytest.approx(715.340 / 60, abs=1e-5)
    assert seen["usd"]["batch_cached"]["per_1000"] == pytest.approx(5.014833 / 2, abs=1e-5)
    assert seen["usd"]["batch_no_cache"]["per_1000"] == pytest.approx(715.340 / 120, abs=1e-5)
    assert seen["tokens_per_record"] == {"input": 5006.7, "cached_input": 4605.0, "output": 238.6}


def test_a_null_rate_is_unknown_not_zero():
    rates = {**RATES, "batch_output_per_million": None}
    seen = cost.at_volume(TOKENS, 60, "m", {"m": rates})
    assert seen["usd"]["batch_cached"] == {"per_record": None, "per_1000": None, "per_100000": None}
    assert seen["usd"]["single_cached"]["per_record"] is not None
    assert any("not priced" in line for line in cost.lines(seen))
    assert cost.at_volume(TOKENS, 0, "m", {"m": RATES}) is None
    assert cost.at_volume({"input": None, "output": 5}, 3, "m", {"m": RATES}) is None


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
    assert volume == cost.at_volume(tele["tokens"], 3, "stub-oracle", {"stub-oracle": RATES})
    assert volume["usd"]["single_cached"]["per_record"] == pytest.approx(tele["cost_usd"] / 3, abs=1e-6)
    assert written["settings"]["reasoning_effort"] == "provider default"
    header = dict(arms.header(written))
    assert header["cost at volume"].startswith(cost.lines(volume)[0])
    assert header["reasoning effort"] == "provider default"
    run = compare.load_run(done.path)
    shown = "\n".join(compare_text.render([run, run], compare.compare([run, run]), []))
    assert "cost at volume: single, cached: $" in shown
