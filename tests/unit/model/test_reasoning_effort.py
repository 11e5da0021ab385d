"""REASONING_EFFORT: read and checked per provider, sent in the request body of both provider kinds
(against the stub, which keeps every body it received), part of the cache key only when set, and
written to the result file's settings."""

from pathlib import Path

import pytest

from kit.arms import reply_text_for
from kit.corpus import load
from kit.model import Config, ConfigError, load_config, make_provider, reply
from kit.model.cache import cache_key, canonical_json, key_fields
from kit.model.runner import request_for
from kit.model.stub.server import StubServer

ANTHROPIC = {"PROVIDER": "anthropic", "MODEL": "claude-x", "API_KEY": "k"}
NO_ENV = Path("/nonexistent/.env")
RECORD = load.load(load.shipped_folder()).records[0]


def oracle(text: str) -> str:
    return reply_text_for("oracle", text)


def sent(config: Config) -> dict:
    """The body the stub received for one call of `config`'s provider on one record."""
    with StubServer(replies=oracle) as stub:
        base = stub.base_url if config.provider != "anthropic" else stub.base_url.removesuffix("/v1")
        config.base_url = base
        provider = make_provider(config)
        completion = provider.complete(request_for(RECORD.text, config, 0, reply.schema()))
        assert reply.parse(completion.text).support  # the reply came back whole
        (body,) = stub.bodies
        return body


@pytest.mark.parametrize("effort", ["low", "high", "minimal", "none"])
def test_openai_compatible_bodies_carry_reasoning_effort(effort):
    config = load_config({"PROVIDER": "stub", "REASONING_EFFORT": effort}, dotenv_path=NO_ENV)
    assert sent(config)["reasoning_effort"] == effort


def test_no_setting_sends_nothing():
    config = load_config({"PROVIDER": "stub"}, dotenv_path=NO_ENV)
    assert config.reasoning_effort is None and config.settings()["reasoning_effort"] == "provider default"
    assert "reasoning_effort" not in sent(config)
    anthropic = load_config({**ANTHROPIC}, dotenv_path=NO_ENV)
    assert "thinking" not in sent(anthropic)


def test_anthropic_bodies_turn_extended_thinking_on_with_its_budget_or_off():
    on = load_config({**ANTHROPIC, "REASONING_EFFORT": "2048"}, dotenv_path=NO_ENV)
    body = sent(on)
    assert body["thinking"] == {"type": "enabled", "budget_tokens": 2048}
    assert "temperature" not in body  # the API takes no temperature with thinking on
    off = load_config({**ANTHROPIC, "REASONING_EFFORT": "off"}, dotenv_path=NO_ENV)
    body = sent(off)
    assert body["thinking"] == {"type": "disabled"} and body["temperature"] == 0.0


@pytest.mark.parametrize(
    ("provider", "value"),
    [("stub", "extreme"), ("stub", "2048"), ("anthropic", "high"), ("anthropic", "512"),
     ("anthropic", "32000")],  # not below Anthropic's MAX_TOKENS default (kit/data/output_limits.json)
)
def test_values_a_provider_cannot_take_are_refused(provider, value):
    with pytest.raises(ConfigError, match="REASONING_EFFORT"):
        env = {"PROVIDER": provider, "MODEL": "m", "API_KEY": "k", "REASONING_EFFORT": value}
        load_config(env, dotenv_path=NO_ENV)


def test_the_setting_is_in_the_cache_key_only_when_set():
    plain = load_config({"PROVIDER": "stub"}, dotenv_path=NO_ENV)
    low = load_config({"PROVIDER": "stub", "REASONING_EFFORT": "low"}, dotenv_path=NO_ENV)
    high = load_config({"PROVIDER": "stub", "REASONING_EFFORT": "high"}, dotenv_path=NO_ENV)
    keys = {
        name: cache_key(request_for(RECORD.text, config, 0, None), "stub")
        for name, config in (("plain", plain), ("low", low), ("high", high))
    }
    assert len(set(keys.values())) == 3
    unset = request_for(RECORD.text, plain, 0, None)
    assert unset.reasoning_effort is None
    # a request that sets none keys as before the setting existed: a recorded cache still replays
    assert "reasoning_effort" not in canonical_json(key_fields(unset, "stub"))
