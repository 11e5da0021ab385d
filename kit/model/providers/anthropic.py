"""A client for the Anthropic Messages API.

The static prompt prefix goes as a system text block marked `cache_control: ephemeral`, the record as
the user message. It refuses to send the key anywhere but the `x-api-key` header, and treats a
malformed body as a ProviderError (never retried, never cached). 529 (overloaded) is retried by the
shared retry loop like any 5xx. A Request's `schema` is not sent (this adapter asks for JSON through
the prompt only); it still separates cache entries. REASONING_EFFORT is `off` (extended thinking
disabled) or a thinking budget in tokens (thinking enabled, and then no temperature is sent: the API
allows none but the default with thinking on); the thinking blocks of a reply are not its text. A
batch goes through Anthropic's Message Batches API.

Usage is normalised to the OpenAI convention so cost and telemetry read one shape: Anthropic reports
`input_tokens` WITHOUT the cache reads and writes, so input_tokens here is input_tokens +
cache_read_input_tokens + cache_creation_input_tokens, and cached_input_tokens is
cache_read_input_tokens, and cache_write_tokens is cache_creation_input_tokens (billed above the base
rate: kit.model.pricing prices it at the card's cache-write tier).
"""

from __future__ import annotations

from typing import Any

import requests

from kit.model.providers.base import Request, Usage
from kit.model.providers.http import HTTPProvider, int_or_none

DEFAULT_BASE_URL = "https://api.anthropic.com"
API_VERSION = "2023-06-01"
THINKING_BUDGET_MIN = 1024  # the smallest extended-thinking budget the API takes


def parse_usage(block: Any) -> Usage:
    if not isinstance(block, dict):
        return Usage(None, None, None, None)
    fresh = int_or_none(block.get("input_tokens"))
    read = int_or_none(block.get("cache_read_input_tokens"))
    written = int_or_none(block.get("cache_creation_input_tokens"))
    total = None if fresh is None else fresh + (read or 0) + (written or 0)
    return Usage(
        input_tokens=total,
        cached_input_tokens=read,
        output_tokens=int_or_none(block.get("output_tokens")),
        reasoning_tokens=None,
        cache_write_tokens=written,
    )


class AnthropicProvider(HTTPProvider):
    name = "anthropic"
    batch_format = "anthropic"
    request_id_header = "request-id"
    not_json = "the reply is not a Messages response"

    def __init__(
        self, base_url: str | None, model: str, api_key: str | None, *args: Any, **kwargs: Any
    ) -> None:
        """`base_url` defaults to the public API and loses a trailing /v1; the rest as HTTPProvider."""
        root = (base_url or DEFAULT_BASE_URL).rstrip("/")
        if root.endswith("/v1"):
            root = root[: -len("/v1")]
        super().__init__(root, model, api_key, *args, **kwargs)

    @classmethod
    def reasoning_effort(cls, value: str, max_tokens: int) -> str:
        """`off` (also `none`, `0`), or a thinking budget in tokens from THINKING_BUDGET_MIN to below
        `max_tokens` (the budget is part of the reply's tokens)."""
        if value in ("off", "none", "0"):
            return "off"
        budget = value.isdigit() and int(value)
        if not budget or not THINKING_BUDGET_MIN <= budget < max_tokens:
            raise ValueError(
                f"must be off or a thinking budget in tokens from {THINKING_BUDGET_MIN} to below "
                f"MAX_TOKENS ({max_tokens})"
            )
        return str(budget)

    @property
    def url(self) -> str:
        return f"{self.base_url}/v1/messages"

    def body(self, request: Request) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": request.model or self.model,
            "max_tokens": request.max_tokens,
            "messages": [{"role": m["role"], "content": m["content"]} for m in request.user_messages()],
        }
        prefix = request.system_text()
        if prefix:
            body["system"] = [{"type": "text", "text": prefix, "cache_control": {"type": "ephemeral"}}]
        effort = request.reasoning_effort
        if effort == "off":
            body["thinking"] = {"type": "disabled"}
        elif effort is not None:
            body["thinking"] = {"type": "enabled", "budget_tokens": int(effort)}
        if request.temperature is not None and body.get("thinking", {}).get("type") != "enabled":
            body["temperature"] = request.temperature  # extended thinking takes no temperature but 1
        return body

    def headers(self) -> dict[str, str]:
        headers = {"content-type": "application/json", "anthropic-version": API_VERSION}
        if self._api_key:
            headers["x-api-key"] = self._api_key
        return headers

    def read(self, payload: Any, response: requests.Response, retries: int) -> tuple[str, str | None, Usage]:
        content = payload.get("content") if isinstance(payload, dict) else None
        if not isinstance(content, list):
            raise self._malformed(response, retries, self.not_json)
        text = "".join(
            str(block.get("text", ""))
            for block in content
            if isinstance(block, dict) and block.get("type") == "text"
        )
        stop = payload.get("stop_reason")
        return text, stop if isinstance(stop, str) else None, parse_usage(payload.get("usage"))
