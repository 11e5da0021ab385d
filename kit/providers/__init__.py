"""The provider seam: `make_provider(config)` picks the backend named by PROVIDER.

"openai" is any OpenAI-compatible chat-completions endpoint, "anthropic" the Messages API, and "stub"
the same OpenAI-compatible client pointed at a stub server on this machine. This module refuses to
build a hosted provider without a key, and never includes the key in what it reports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kit.providers.anthropic import AnthropicProvider
from kit.providers.base import (
    Completion,
    FatalProviderError,
    Provider,
    ProviderError,
    Request,
    RetryExhausted,
    Usage,
)
from kit.providers.openai_compat import OpenAICompatProvider
from kit.providers.retry import THROTTLE, Throttle, call_with_retry

CONNECT_TIMEOUT_S = 10.0

if TYPE_CHECKING:
    from kit.config import Config

__all__ = [
    "THROTTLE",
    "AnthropicProvider",
    "Completion",
    "FatalProviderError",
    "OpenAICompatProvider",
    "Provider",
    "ProviderError",
    "Request",
    "RetryExhausted",
    "Throttle",
    "Usage",
    "call_with_retry",
    "make_provider",
]


def make_provider(config: Config, **options: object) -> Provider:
    """The backend for `config.provider`; `options` go to the provider's constructor (tests pass a
    short `sleep` or `retry_options`). The read timeout is TIMEOUT_S, and a timed-out call is retried
    only with RETRY_TIMEOUTS set, unless `options` say otherwise."""
    from kit.config import ConfigError, needs_key

    if needs_key(config) and not config.api_key:
        where = config.base_url or "the Anthropic API"
        raise ConfigError(f"PROVIDER={config.provider} at {where} is hosted and needs API_KEY; none is set")
    options.setdefault("timeout", (CONNECT_TIMEOUT_S, config.timeout_s))
    options.setdefault("retry_timeouts", config.retry_timeouts)
    if config.provider in ("openai", "stub"):
        if not config.base_url:
            hint = "start a stub server, pass its base_url" if config.provider == "stub" else "set BASE_URL"
            raise ConfigError(f"PROVIDER={config.provider} needs BASE_URL: {hint}")
        return OpenAICompatProvider(config.base_url, config.model, config.api_key, **options)  # type: ignore[arg-type]
    if config.provider == "anthropic":
        return AnthropicProvider(config.base_url, config.model, config.api_key, **options)  # type: ignore[arg-type]
    raise ConfigError(f"unknown PROVIDER {config.provider!r}")
