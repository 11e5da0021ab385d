"""REASONING_EFFORT, the setting that asks a provider for more or less reasoning of its own: which
values each provider kind takes and how the setting is read. OpenAI's reasoning models take
`reasoning_effort` as a word; Anthropic's extended thinking is off, or on with a budget of tokens.
Unset, nothing is sent and the provider's default applies.

It only reads and checks the value; kit.model.providers put it into the request body, and the cache
key carries it. It refuses a value the configured provider cannot take, rather than send it.
"""

from __future__ import annotations

from kit.model.providers.registry import ConfigError

REASONING_WORDS = ("none", "minimal", "low", "medium", "high")  # OpenAI's reasoning_effort values
REASONING_BUDGET_MIN = 1024  # Anthropic's smallest extended-thinking budget


def reasoning_effort(raw: str | None, provider: str, max_tokens: int) -> str | None:
    """REASONING_EFFORT: unset for the provider's default (nothing sent). An OpenAI-compatible endpoint
    takes reasoning_effort's words; Anthropic takes `off` (extended thinking disabled) or a thinking
    budget in tokens, at least 1024 and below MAX_TOKENS (the budget is part of the reply's tokens)."""
    value = (raw or "").strip().lower()
    if not value or value == "default":
        return None
    if provider == "anthropic":
        if value in ("off", "none", "0"):
            return "off"
        budget = value.isdigit() and int(value)
        if not budget or not REASONING_BUDGET_MIN <= budget < max_tokens:
            raise ConfigError(
                f"REASONING_EFFORT for anthropic must be off or a thinking budget in tokens from "
                f"{REASONING_BUDGET_MIN} to below MAX_TOKENS ({max_tokens}); got {raw!r}"
            )
        return str(budget)
    if value not in REASONING_WORDS:
        words = ", ".join(REASONING_WORDS)
        raise ConfigError(f"REASONING_EFFORT must be one of {words} (or unset); got {raw!r}")
    return value
