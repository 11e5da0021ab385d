"""The MAX_TOKENS default (kit.model.output_limits, kit/data/output_limits.json): chosen per endpoint and
model from the providers' documented output limits, each row saying why and where the figure comes
from; a MAX_TOKENS the user sets always wins."""

import json
from pathlib import Path

import pytest

from kit.model import load_config, output_limits

LIMITS = Path(output_limits.__file__).parents[1] / "data" / "output_limits.json"
NO_ENV = Path("/nonexistent/.env")


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"PROVIDER": "stub"}, 4096),
        ({"PROVIDER": "openai", "BASE_URL": "http://127.0.0.1:8000/v1", "MODEL": "qwen3"}, 4096),
        ({"PROVIDER": "openai", "BASE_URL": "http://ollama:11434/v1", "MODEL": "deepseek-r1:7b"}, 4096),
        ({"PROVIDER": "anthropic", "MODEL": "claude-sonnet-4-5"}, 32000),
        ({"PROVIDER": "anthropic", "MODEL": "claude-3-5-haiku-latest"}, 8192),
        ({"PROVIDER": "anthropic", "MODEL": "claude-3-haiku-20240307"}, 4096),
        ({"PROVIDER": "openai", "BASE_URL": "https://api.openai.com/v1", "MODEL": "o3"}, 32000),
        ({"PROVIDER": "openai", "BASE_URL": "https://api.openai.com/v1", "MODEL": "gpt-5-mini"}, 32000),
        ({"PROVIDER": "openai", "BASE_URL": "https://api.openai.com/v1", "MODEL": "gpt-4o-mini"}, 16384),
        ({"PROVIDER": "openai", "BASE_URL": "https://api.openai.com/v1", "MODEL": "gpt-4-turbo"}, 4096),
        ({"PROVIDER": "openai", "BASE_URL": "https://api.deepseek.com", "MODEL": "deepseek-reasoner"}, 32768),
        ({"PROVIDER": "openai", "BASE_URL": "https://api.deepseek.com", "MODEL": "deepseek-chat"}, 8192),
        ({"PROVIDER": "openai", "BASE_URL": "https://openrouter.ai/api/v1", "MODEL": "x/y"}, 4096),
    ],
)
def test_the_default_follows_the_endpoint_and_the_model(env, expected):
    assert load_config({"API_KEY": "k", **env}, dotenv_path=NO_ENV).max_tokens == expected


def test_a_max_tokens_the_user_sets_wins():
    env = {"PROVIDER": "anthropic", "MODEL": "claude-sonnet-4-5", "API_KEY": "k", "MAX_TOKENS": "2000"}
    assert load_config(env, dotenv_path=NO_ENV).max_tokens == 2000


def test_every_row_says_why_and_where_its_figure_comes_from():
    table = json.loads(LIMITS.read_text())
    for row in [*table["rows"], table["otherwise"]]:
        assert isinstance(row["max_tokens"], int) and row["max_tokens"] > 0
        assert len(row["why"]) > 40
        if row.get("limit") is not None and not row.get("local"):
            assert str(row["source"]).startswith("https://"), row
        if isinstance(row.get("limit"), int):
            assert row["max_tokens"] <= row["limit"], "a default above the documented limit is refused"
    hosted = output_limits.default_for("anthropic", None, "claude-opus-4-1")
    assert hosted.said().startswith("documented limit: 32,000 (Opus 4, 4.1)")
    assert "the kit cannot know" in output_limits.default_for("stub", None, "stub").why
