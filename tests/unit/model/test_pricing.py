"""Prices (kit.model.pricing): the user's own table over genai-prices' bundled data, read offline. Every
expected figure is worked by hand from the rates written here, copied from the cards in genai-prices
0.2.3 (and from the user's table in the test), never from what the kit printed."""

import json
from datetime import UTC, datetime
from importlib.metadata import version
from pathlib import Path

import pytest

from kit.model import load_config, pricing
from kit.model.providers.base import Usage

# 1,000,000 tokens in, 400,000 of them read from the cache, 500,000 out: per-million rates read as dollars.
USAGE = Usage(input_tokens=1_000_000, cached_input_tokens=400_000, output_tokens=500_000, reasoning_tokens=2)
LOCAL = "http://127.0.0.1:8000/v1"


def at(text: str) -> datetime:
    return datetime.fromisoformat(text).replace(tzinfo=UTC)


# deepseek-chat's card: off-peak is the unconstrained price, peak "UTC 00:30-16:30".
CHAT_PEAK = (0.27, 0.07, 1.1)  # input, cache read, output; $ per million
CHAT_OFF_PEAK = (0.135, 0.035, 0.55)


def by_hand(rates: tuple[float, float, float], usage: Usage = USAGE) -> float:
    fresh = usage.input_tokens - usage.cached_input_tokens
    return (fresh * rates[0] + usage.cached_input_tokens * rates[1] + usage.output_tokens * rates[2]) / 1e6


def test_a_deepseek_call_is_priced_in_its_own_window_and_told_the_other():
    card = pricing.find("deepseek-chat", {}, "openai", "https://api.deepseek.com/v1")
    assert card.ident == {"from": "genai-prices", "provider": "deepseek", "model": "deepseek-chat"}
    assert "at Deepseek's endpoint" in card.source
    peak, off = by_hand(CHAT_PEAK), by_hand(CHAT_OFF_PEAK)  # 0.966 and 0.483
    noon = pricing.of_call(card, USAGE, at("2026-11-18T12:00:00"))
    assert noon["usd"] == pytest.approx(peak) and noon["at"] == "2026-11-18T12:00:00+00:00"
    assert noon["window"] == {"name": "peak", "hours": "00:30-16:30 UTC", "other": "off-peak",
                              "other_hours": "outside 00:30-16:30 UTC", "other_usd": pytest.approx(off)}
    night = pricing.of_call(card, USAGE, at("2026-11-18T20:00:00"))
    assert night["usd"] == pytest.approx(off) and night["window"]["name"] == "off-peak"
    assert night["window"]["other_usd"] == pytest.approx(peak)
    # the window's edges: 16:30 is off-peak already, 00:30 peak again
    assert card.price(USAGE, at("2026-11-18T16:30:00")).usd == pytest.approx(off)
    assert card.price(USAGE, at("2026-11-19T00:30:00")).usd == pytest.approx(peak)


def test_dated_prices_are_read_at_the_calls_date():
    """deepseek-v4-flash: flat before 2026-08-17, a new rate from then, V4.1's from 2026-09-10 (all at
    noon UTC, outside the peak hours 01:00-04:00 and 06:00-10:00)."""
    card = pricing.find("deepseek-v4-flash", {}, "openai", "https://api.deepseek.com")
    assert card.price(USAGE, at("2026-08-01T12:00:00")).usd == pytest.approx(by_hand((0.14, 0.0028, 0.28)))
    assert card.price(USAGE, at("2026-09-01T12:00:00")).usd == pytest.approx(by_hand((0.22, 0.007, 0.66)))
    assert card.price(USAGE, at("2026-11-18T12:00:00")).usd == pytest.approx(by_hand((0.15, 0.003, 0.6)))
    peak = card.windows(USAGE, at("2026-11-18T07:00:00"))
    assert (peak.name, peak.hours) == ("peak", "01:00-04:00 UTC, 06:00-10:00 UTC")
    assert card.price(USAGE, at("2026-11-18T07:00:00")).usd == pytest.approx(by_hand((0.3, 0.006, 1.2)))


def test_batch_and_the_cache_write_tier_on_an_anthropic_card():
    """claude-haiku-4-5: input 1, cache read 0.1, cache write 1.25, output 5; batch rates (half) from
    2026-10-14, none before."""
    card = pricing.find("claude-haiku-4-5", {}, "anthropic")
    usage = Usage(input_tokens=100_000, cached_input_tokens=20_000, output_tokens=10_000,
                  cache_write_tokens=30_000)
    # 50,000 fresh x 1 + 20,000 read x 0.1 + 30,000 written x 1.25 + 10,000 out x 5, in millionths
    single = (50_000 * 1 + 20_000 * 0.1 + 30_000 * 1.25 + 10_000 * 5) / 1e6
    assert card.price(usage, at("2026-11-18T12:00:00")).usd == pytest.approx(single)
    assert card.price(usage, at("2026-11-18T12:00:00"), batch=True).usd == pytest.approx(single / 2)
    before = card.price(usage, at("2026-10-01T12:00:00"), batch=True)
    assert before.usd is None and "no batch rate for claude-haiku-4-5 on 2026-10-01" in before.why
    assert card.windows(usage, at("2026-11-18T12:00:00")) is None  # no time of day on this card


def test_your_table_wins_over_genai_prices_and_has_no_time_of_day(tmp_path):
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps({
        "_comment": "negotiated",
        "deepseek-chat": {"input_per_million": 2.0, "cached_input_per_million": 0.5,
                          "output_per_million": 8.0},
        "half": {"input_per_million": 1.0, "cached_input_per_million": None, "output_per_million": 1.0},
    }))
    config = load_config({"PRICES_FILE": str(mine)}, dotenv_path=tmp_path / "none")
    assert "_comment" not in config.prices
    card = pricing.find("deepseek-chat", config.prices, "openai", "https://api.deepseek.com/v1")
    assert card.source == "your price table: deepseek-chat"
    # 600k fresh x 2 + 400k cached x 0.5 + 500k out x 8 (reasoning already inside output), day or night
    for moment in ("2026-11-18T12:00:00", "2026-11-18T20:00:00"):
        assert card.price(USAGE, at(moment)).usd == pytest.approx(1.2 + 0.2 + 4.0)
    assert card.windows(USAGE, at("2026-11-18T12:00:00")) is None
    half = pricing.find("half", config.prices).price(USAGE, at("2026-11-18T12:00:00"))
    assert half.usd is None and "cached_input_per_million" in half.why
    batch = card.price(USAGE, at("2026-11-18T12:00:00"), batch=True)
    assert batch.usd is None and "batch_input_per_million" in batch.why
    assert pricing.find("deepseek-chat", config.prices).price(Usage(), at("2026-11-18T12:00:00")).usd is None


def test_a_model_in_neither_table_is_not_priced_never_free():
    card = pricing.find("stub-oracle", {}, "stub", LOCAL)
    price = card.price(USAGE, at("2026-11-18T12:00:00"))
    assert price.usd is None
    assert price.why == "not priced: no card for stub-oracle in your price table or in genai-prices 0.2.3"
    assert pricing.of_call(card, USAGE, at("2026-11-18T12:00:00"))["usd"] is None
    elsewhere = pricing.find("no-such-model", {}, "openai", "https://api.openai.com/v1")
    assert elsewhere.price(USAGE, at("2026-11-18T12:00:00")).why == (
        "not priced: genai-prices has no card for no-such-model at OpenAI")


def test_a_local_server_is_matched_by_the_model_name_and_says_so():
    card = pricing.find("deepseek-chat", {}, "openai", LOCAL)
    assert card.ident["model"] == "deepseek-chat"
    assert "matched by the model name; the calls went to a local server" in card.source


def test_the_shipped_table_holds_no_vendor_rate():
    raw = json.loads((Path(pricing.__file__).parents[2] / "data" / "prices.json").read_text())
    assert "_comment" in raw
    for model, entry in raw.items():
        if not model.startswith("_"):
            assert set(entry) == set(pricing.FIELDS) | set(pricing.BATCH_FIELDS)
            assert all(v is None for v in entry.values()), model
    table = pricing.load_table()
    noon = at("2026-11-18T12:00:00")
    assert table
    assert all(pricing.find(m, table).price(USAGE, noon, b).usd is None for m in table for b in (0, 1))


def test_the_data_version_is_the_installed_package_and_its_newest_dated_price():
    seen = pricing.data_version()
    assert seen["version"] == version("genai-prices")
    # the cards above carry dated changes on 2026-09-10 and 2026-10-14; the newest is no earlier
    assert seen["newest_dated_price"] >= "2026-10-14"
    assert pricing.said().startswith(f"genai-prices {seen['version']} (its bundled data, read offline")


