"""A client for the Anthropic Messages API.

The static prompt prefix goes as a system text block marked `cache_control: ephemeral`, the record as
the user message. It refuses to send the key anywhere but the `x-api-key` header, and treats a
malformed body as a ProviderError (never retried, never cached). 529 (overloaded) is retried by the
shared retry loop like any 5xx. A Request's `schema` is not sent (this adapter asks for JSON through
the prompt only); it still separates cache entries.

Usage is normalised to the OpenAI convention so cost and telemetry read one shape: Anthropic reports
`input_tokens` WITHOUT the cache reads and writes, so input_tokens here is input_tokens +
cache_read_input_tokens + cache_creation_input_tokens, and cached_input_tokens is
cache_read_input_tokens. (Cache writes are billed above the base rate by Anthropic; the price table
has no column for that, so cost slightly understates a call that wrote the cache.)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import requests

from kit.providers import retry
from kit.providers.base import Completion, Provider, ProviderError, Request, Usage, scrub

DEFAULT_BASE_URL = "https://api.anthropic.com"
API_VERSION = "2023-06-01"


def _int_or_none(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def parse_usage(block: Any) -> Usage:
    if not isinstance(block, dict):
        return Usage(None, None, None, None)
    fresh = _int_or_none(block.get("input_tokens"))
    read = _int_or_none(block.get("cache_read_input_tokens"))
    written = _int_or_none(block.get("cache_creation_input_tokens"))
    total = None if fresh is None else fresh + (read or 0) + (written or 0)
    return Usage(
        input_tokens=total,
        cached_input_tokens=read,
        output_tokens=_int_or_none(block.get("output_tokens")),
        reasoning_tokens=None,
    )


class AnthropicProvider(Provider):
    name = "anthropic"

    def __init__(
        self,
        base_url: str | None,
        model: str,
        api_key: str | None,
        session_factory: Callable[[], requests.Session] = requests.Session,
        timeout: tuple[float, float] = (10, 300),
        *,
        sleep: Callable[[float], None] = time.sleep,
        retry_options: dict[str, Any] | None = None,
        throttle: retry.Throttle | None = retry.THROTTLE,
    ) -> None:
        self.base_url = (base_url or DEFAULT_BASE_URL).rstrip("/")
        if self.base_url.endswith("/v1"):
            self.base_url = self.base_url[: -len("/v1")]
        self.model = model
        self._api_key = api_key
        self._session_factory = session_factory
        self.timeout = timeout
        self._sleep = sleep
        self._retry_options = dict(retry_options or {})
        self._throttle = throttle
        self._local = threading.local()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(base_url={self.base_url!r}, model={self.model!r})"

    @property
    def url(self) -> str:
        return f"{self.base_url}/v1/messages"

    def _session(self) -> requests.Session:
        session = getattr(self._local, "session", None)
        if session is None:
            session = self._session_factory()
            self._local.session = session
        return session

    def body(self, request: Request) -> dict[str, Any]:
        body: dict[str, Any] = {
            "model": request.model or self.model,
            "max_tokens": request.max_tokens,
            "messages": [{"role": m["role"], "content": m["content"]} for m in request.user_messages()],
        }
        prefix = request.system_text()
        if prefix:
            body["system"] = [{"type": "text", "text": prefix, "cache_control": {"type": "ephemeral"}}]
        if request.temperature is not None:
            body["temperature"] = request.temperature
        return body

    def headers(self) -> dict[str, str]:
        headers = {"content-type": "application/json", "anthropic-version": API_VERSION}
        if self._api_key:
            headers["x-api-key"] = self._api_key
        return headers

    def complete(self, request: Request) -> Completion:
        body = self.body(request)
        session = self._session()

        def send() -> requests.Response:
            return session.post(self.url, json=body, headers=self.headers(), timeout=self.timeout)

        start = time.perf_counter()
        response, retries = retry.call_with_retry(
            send,
            sleep=self._sleep,
            where=self.base_url,
            secret=self._api_key,
            throttle=self._throttle,
            **self._retry_options,
        )
        try:
            payload = response.json()
        except ValueError:
            payload = None
        content = payload.get("content") if isinstance(payload, dict) else None
        if not isinstance(content, list):
            raise ProviderError(
                f"{response.status_code} from {self.base_url}: the reply is not a Messages response "
                f"(starts {scrub(response.text, self._api_key, limit=80)!r})",
                status=response.status_code,
                retries=retries,
            )
        latency_ms = (time.perf_counter() - start) * 1000.0
        text = "".join(
            str(block.get("text", ""))
            for block in content
            if isinstance(block, dict) and block.get("type") == "text"
        )
        stop = payload.get("stop_reason")
        request_id = response.headers.get("request-id") or (
            payload.get("id") if isinstance(payload.get("id"), str) else None
        )
        return Completion(
            text=text,
            usage=parse_usage(payload.get("usage")),
            latency_ms=latency_ms,
            finish_reason=stop if isinstance(stop, str) else None,
            request_id=request_id,
            retries=retries,
        )
