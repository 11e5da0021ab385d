"""The provider seam: `make_provider(config)` builds the backend named by PROVIDER, from its row in
kit.model.providers.registry.

"openai" is any OpenAI-compatible chat-completions endpoint, "anthropic" the Messages API, and "stub"
the same OpenAI-compatible client pointed at a stub server on this machine. This module refuses to
build a hosted provider without a key, and never includes the key in what it reports. It imports
nothing from kit.model.config at run time (a Config is only read).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kit.model.providers.anthropic import AnthropicProvider
from kit.model.providers.base import (
    Completion,
    FatalProviderError,
    Provider,
    ProviderError,
    Request,
    RequestRefused,
    RetryExhausted,
    Usage,
)
from kit.model.providers.limiter import LIMITER, Limiter
from kit.model.providers.openai_compat import OpenAICompatProvider
from kit.model.providers.registry import ConfigError, kind, needs_key
from kit.model.providers.retry import call_with_retry

CONNECT_TIMEOUT_S = 10.0

if TYPE_CHECKING:
    from kit.model.config import Config

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
    "RequestRefused",
    "RetryExhausted",
    "Usage",
    "call_with_retry",
    "make_provider",
]


def make_provider(config: Config, **options: Any) -> Provider:
    """The backend for `config.provider`; `options` go to the provider's constructor (tests pass a
    short `sleep` or `retry_options`). The read timeout is TIMEOUT_S, and a timed-out call is retried
    only with RETRY_TIMEOUTS set, unless `options` say otherwise."""
    row = kind(config.provider)
    if needs_key(config.provider, config.base_url) and not config.api_key:
        where = config.base_url or row.default_endpoint
        raise ConfigError(f"PROVIDER={config.provider} at {where} is hosted and needs API_KEY; none is set")
    if row.base_url != "optional" and not config.base_url:
        raise ConfigError(f"PROVIDER={config.provider} needs BASE_URL: {row.base_url_hint}")
    options.setdefault("timeout", (CONNECT_TIMEOUT_S, config.timeout_s))
    options.setdefault("retry_timeouts", config.retry_timeouts)
    # BASE_URL is set here unless the row makes it optional; "" then means the client's own default
    return row.client(config.base_url or "", config.model, config.api_key, **options)
