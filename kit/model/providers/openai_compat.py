"""A client for any OpenAI-compatible chat-completions endpoint (hosted, or a local vLLM, llama.cpp server,
Ollama, or the kit's stub).

It posts one non-streamed request per call through the retry loop, reads the reply defensively (missing
usage fields are None, not errors) and measures latency around the whole call. The schema goes as the
request's response format says: `json_schema` (OpenAI's form), `json_object` with the schema under `schema`
(llama.cpp's servers constrain to it; others ignore the key), or `none` (the prompt alone carries the
shape). A server that refuses that response format (a 400/422 naming it, or a 5xx whose body names
response_format, as llama-cpp-python's server answers) stops the purchase with the setting to change: no
retry can fix it. REASONING_EFFORT, when set, is one of OpenAI's reasoning_effort words and goes as
`reasoning_effort`; a batch goes through OpenAI's Batch API. It refuses to send the key anywhere but the
Authorization header, and refuses to treat a malformed body as an answer: that is a ProviderError, never
retried and never cached.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import requests

from kit.model.providers.base import Request, Usage
from kit.model.providers.http import HTTPProvider, int_or_none

SCHEMA_NAME = "admission_evidence"
REASONING_WORDS = ("none", "minimal", "low", "medium", "high")  # OpenAI's reasoning_effort values
FALLBACK = {
    "json_schema": "set RESPONSE_FORMAT=json_object (the schema goes along under `schema`) or "
    "RESPONSE_FORMAT=none (the schema only in the prompt)",
    "json_object": "set RESPONSE_FORMAT=none (the schema only in the prompt)",
}


def _dig(data: Any, *path: str) -> Any:
    for key in path:
        if not isinstance(data, dict):
            return None
        data = data.get(key)
    return data


def parse_usage(block: Any, timings: Any = None) -> Usage:
    """Usage from an OpenAI-style `usage` block; anything missing or mistyped is None. The cached
    prompt tokens come from `prompt_tokens_details.cached_tokens`, or else from llama.cpp's `timings`
    block (`cache_n`, the prompt tokens it reused), when the server sends either."""
    if not isinstance(block, dict):
        return Usage(None, None, None, None)
    cached = int_or_none(_dig(block, "prompt_tokens_details", "cached_tokens"))
    if cached is None:
        cached = int_or_none(_dig(timings, "cache_n"))
    return Usage(
        input_tokens=int_or_none(block.get("prompt_tokens")),
        cached_input_tokens=cached,
        output_tokens=int_or_none(block.get("completion_tokens")),
        reasoning_tokens=int_or_none(_dig(block, "completion_tokens_details", "reasoning_tokens")),
    )


class OpenAICompatProvider(HTTPProvider):
    name = "openai"
    batch_format = "openai"

    @classmethod
    def reasoning_effort(cls, value: str, max_tokens: int) -> str:
        """One of reasoning_effort's words, sent as given."""
        if value not in REASONING_WORDS:
            raise ValueError(f"must be one of {', '.join(REASONING_WORDS)} (or unset)")
        return value

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
        if request.reasoning_effort is not None:
            body["reasoning_effort"] = request.reasoning_effort
        if request.schema is not None and request.response_format == "json_schema":
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": SCHEMA_NAME, "schema": request.schema, "strict": False},
            }
        elif request.schema is not None and request.response_format == "json_object":
            body["response_format"] = {"type": "json_object", "schema": request.schema}
        return body

    def headers(self) -> dict[str, str]:
        headers = {"Content-Type": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        return headers

    def format_refusal(self, body: dict[str, Any]) -> Callable[[requests.Response], str | None]:
        """A hook for the retry loop: what to fix when the server refuses the response format `body`
        asked for (400/422 naming it, or a 5xx naming response_format), else None."""
        kind = _dig(body, "response_format", "type")

        def refused(response: requests.Response) -> str | None:
            if kind not in FALLBACK:
                return None
            text = (response.text or "").lower()
            status = response.status_code
            named = "response_format" in text or (status in (400, 422) and kind in text)
            if not named or not (status in (400, 422) or status >= 500):
                return None
            return f"the server refused response_format {kind}: {FALLBACK[kind]}"

        return refused

    def read(self, payload: Any, response: requests.Response, retries: int) -> tuple[str, str | None, Usage]:
        choice = _dig(payload, "choices")
        if not isinstance(choice, list) or not choice or not isinstance(choice[0], dict):
            raise self._malformed(response, retries, "the reply has no choices")
        first = choice[0]
        content = _dig(first, "message", "content")
        if isinstance(content, list):  # some servers return content parts
            content = "".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
        finish = first.get("finish_reason")
        text = content if isinstance(content, str) else ""
        usage = parse_usage(payload.get("usage"), payload.get("timings"))
        return text, finish if isinstance(finish, str) else None, usage
