"""A client for any OpenAI-compatible chat-completions endpoint (hosted, or a local vLLM,
llama.cpp server, Ollama, or the kit's stub).

It posts one non-streamed request per call through the retry loop, reads the reply defensively
(missing usage fields are None, not errors) and measures latency around the whole call. It refuses
to send the key anywhere but the Authorization header, and refuses to treat a malformed body as an
answer: that is a ProviderError, never retried and never cached.
"""

from __future__ import annotations

import time
from typing import Any

from kit.providers.base import Completion, Request, Usage
from kit.providers.http import HTTPProvider, int_or_none

SCHEMA_NAME = "admission_evidence"


def _dig(data: Any, *path: str) -> Any:
    for key in path:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


def parse_usage(block: Any) -> Usage:
    """Usage from an OpenAI-style `usage` block; anything missing or mistyped is None."""
    if not isinstance(block, dict):
        return Usage(None, None, None, None)
    return Usage(
        input_tokens=int_or_none(block.get("prompt_tokens")),
        cached_input_tokens=int_or_none(_dig(block, "prompt_tokens_details", "cached_tokens")),
        output_tokens=int_or_none(block.get("completion_tokens")),
        reasoning_tokens=int_or_none(_dig(block, "completion_tokens_details", "reasoning_tokens")),
    )


class OpenAICompatProvider(HTTPProvider):
    name = "openai"

    def __init__(
        self, base_url: str, model: str, api_key: str | None = None, *args: Any, **kwargs: Any
    ) -> None:
        """Other arguments as HTTPProvider (session_factory, timeout, sleep, retry_options, throttle)."""
        super().__init__(base_url.rstrip("/"), model, api_key, *args, **kwargs)

    @property
    def url(self) -> str:
        return f"{self.base_url}/chat/completions"

    def body(self, request: Request) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": request.model or self.model,
            "messages": request.messages,
            "max_tokens": request.max_tokens,
        }
        if request.temperature is not None:
            body["temperature"] = request.temperature
        if request.schema is not None:
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": SCHEMA_NAME, "schema": request.schema, "strict": False},
            }
        return body

    def headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        return headers

    def complete(self, request: Request) -> Completion:
        body = self.body(request)
        start = time.perf_counter()
        response, retries = self._post(body)
        try:
            payload = response.json()
        except ValueError:
            raise self._malformed(response, retries, "the body is not JSON") from None
        latency_ms = (time.perf_counter() - start) * 1000.0
        choice = _dig(payload, "choices")
        if not isinstance(choice, list) or not choice or not isinstance(choice[0], dict):
            raise self._malformed(response, retries, "the reply has no choices")
        first = choice[0]
        content = _dig(first, "message", "content")
        if isinstance(content, list):  # some servers return content parts
            content = "".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
        request_id = response.headers.get("x-request-id") or (
            payload.get("id") if isinstance(payload.get("id"), str) else None
        )
        return Completion(
            text=content if isinstance(content, str) else "",
            usage=parse_usage(payload.get("usage")),
            latency_ms=latency_ms,
            finish_reason=first.get("finish_reason") if isinstance(first.get("finish_reason"), str) else None,
            request_id=request_id,
            retries=retries,
        )
