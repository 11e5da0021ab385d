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
from kit.providers.limiter import LIMITER, Limiter
from kit.providers.openai_compat import OpenAICompatProvider
from kit.providers.retry import call_with_retry

if TYPE_CHECKING:
    from kit.config import Config

__all__ = [
    "LIMITER",
    "AnthropicProvider",
    "Completion",
    "FatalProviderError",
    "Limiter",
    "OpenAICompatProvider",
    "Provider",
    "ProviderError",
    "Request",
    "RetryExhausted",
    "Usage",
    "call_with_retry",
    "make_provider",
]


def make_provider(config: Config, **options: object) -> Provider:
    """The backend for `config.provider`; `options` go to the provider's constructor (tests pass a
    short `sleep` or `retry_options`)."""
    from kit.config import ConfigError, needs_key

    if needs_key(config) and not config.api_key:
        where = config.base_url or "the Anthropic API"
        raise ConfigError(f"PROVIDER={config.provider} at {where} is hosted and needs API_KEY; none is set")
    if config.provider in ("openai", "stub"):
        if not config.base_url:
            hint = "start a stub server, pass its base_url" if config.provider == "stub" else "set BASE_URL"
            raise ConfigError(f"PROVIDER={config.provider} needs BASE_URL: {hint}")
        return OpenAICompatProvider(config.base_url, config.model, config.api_key, **options)  # type: ignore[arg-type]
    if config.provider == "anthropic":
        return AnthropicProvider(config.base_url, config.model, config.api_key, **options)  # type: ignore[arg-type]
    raise ConfigError(f"unknown PROVIDER {config.provider!r}")
