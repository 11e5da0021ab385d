"""REASONING_EFFORT, the setting that asks a provider for more or less reasoning of its own: how the
setting is read. Unset (or `default`), nothing is sent and the provider's default applies; otherwise
the configured provider's client class says which values it takes (Provider.reasoning_effort: for
OpenAI-compatible endpoints reasoning_effort's words, for Anthropic `off` or a thinking budget), found
through its row in kit.model.providers.registry. No provider is named here.

It only reads and checks the value; kit.model.providers put it into the request body, and the cache
key carries it. It refuses a value the configured provider cannot take, rather than send it.
"""

from __future__ import annotations

from kit.model.providers.registry import ConfigError, kind


def reasoning_effort(raw: str | None, provider: str, max_tokens: int) -> str | None:
    """REASONING_EFFORT for `provider`: None when unset or `default` (nothing sent), else the value its
    client class takes; ConfigError naming the provider and what it takes otherwise."""
    value = (raw or "").strip().lower()
    if not value or value == "default":
        return None
    try:
        return kind(provider).client.reasoning_effort(value, max_tokens)
    except ValueError as err:
        raise ConfigError(f"REASONING_EFFORT for {provider} {err}; got {raw!r}") from None
