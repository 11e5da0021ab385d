"""The provider seam: the request a model call is made from, the completion it returns, and the
errors it may raise.

Nothing here talks to the network. A completion carries the reply text, token usage, latency and the
provider's request id; it never carries the API key, and no error message built in this package may
contain one.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import asdict, dataclass
from typing import Any, Literal

# How the reply's JSON shape is asked for (RESPONSE_FORMAT): the OpenAI `json_schema` form;
# `json_object` carrying the schema under `schema` (llama.cpp's servers read it, others ignore it); or
# nothing but the prompt.
ResponseFormat = Literal["json_schema", "json_object", "none"]


@dataclass
class Request:
    """One chat call. messages[0] is the system message (the static prompt prefix), messages[1] the
    user message (the record). `response_format` says how an OpenAI-compatible server is asked for
    the schema (json_schema, json_object or none; see kit.model.config). `repeat` only separates
    independent answers in the cache key. `reasoning_effort` (REASONING_EFFORT) is how much provider-side
    reasoning to ask for: None sends nothing (the provider's default); see kit.model.config."""

    messages: list[dict]
    model: str
    max_tokens: int = 4096
    temperature: float | None = 0.0
    schema: dict | None = None
    repeat: int = 0
    response_format: ResponseFormat = "json_schema"
    reasoning_effort: str | None = None

    def system_text(self) -> str:
        return "".join(str(m.get("content", "")) for m in self.messages if m.get("role") == "system")

    def user_messages(self) -> list[dict]:
        return [m for m in self.messages if m.get("role") != "system"]


@dataclass
class Usage:
    """Token counts as the provider reported them; None where it reported nothing. Input includes the
    cached input (read from the provider's prompt cache) and, where the provider reports them, the
    cache writes (`cache_write_tokens`, Anthropic's cache_creation_input_tokens); output includes the
    reasoning tokens."""

    input_tokens: int | None = None
    cached_input_tokens: int | None = None
    output_tokens: int | None = None
    reasoning_tokens: int | None = None
    cache_write_tokens: int | None = None


@dataclass
class Completion:
    """One model reply as the caller saw it.

    `latency_ms` is the wall time of the whole `complete()` call: from just before the first attempt
    until the successful reply had been read and parsed, so it INCLUDES every failed attempt and every
    backoff or Retry-After sleep between attempts. That is deliberate: it is what the user waited for
    the answer. It does not include waiting for the limiter (a slot, a pause, the pace) before it began. A
    call that needed no retry (`retries == 0`) measures a single round trip. A replayed cache entry
    reports the latency measured when it was bought. `batch` is the id of the provider batch an answer
    was bought in (kit.model.batch; its latency is then the batch's wait), None for a single call.
    `requested_at` is when the call was sent (ISO, UTC), the moment its price is read at; None until
    the runner notes it.
    """

    text: str
    usage: Usage
    latency_ms: float
    finish_reason: str | None
    request_id: str | None
    retries: int = 0
    cached: bool = False
    batch: str | None = None
    requested_at: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Completion:
        usage = data.get("usage") or {}
        return cls(
            text=data["text"],
            usage=Usage(
                input_tokens=usage.get("input_tokens"),
                cached_input_tokens=usage.get("cached_input_tokens"),
                output_tokens=usage.get("output_tokens"),
                reasoning_tokens=usage.get("reasoning_tokens"),
                cache_write_tokens=usage.get("cache_write_tokens"),
            ),
            latency_ms=float(data["latency_ms"]),
            finish_reason=data.get("finish_reason"),
            request_id=data.get("request_id"),
            retries=int(data.get("retries", 0)),
            cached=bool(data.get("cached", False)),
            batch=data.get("batch"),
            requested_at=data.get("requested_at"),
        )


class ProviderError(Exception):
    """A call that produced no usable completion."""

    def __init__(self, message: str, *, status: int | None = None, retries: int = 0) -> None:
        super().__init__(message)
        self.status = status
        self.retries = retries


class FatalProviderError(ProviderError):
    """A failure that retrying cannot fix (bad key, no access, wrong URL or model, bad request,
    exhausted quota). The message says what to fix."""


class RequestRefused(FatalProviderError):
    """A refusal of this one request that retrying cannot fix (too long for the model's context, too
    large, invalid for this record, content-filtered): the other requests of a run may still be
    answered, so this stops nothing but the call that raised it (kit.model.providers.refusals)."""


class RetryExhausted(ProviderError):
    """A retryable failure that was still failing when the retry budget ran out."""


class Stopped(ProviderError):
    """A request that was never sent because the run was told to stop buying (Ctrl-C)."""


def scrub(text: str, secret: str | None, limit: int = 300) -> str:
    """Cut `text` to `limit` characters and blank out every occurrence of `secret` (and of any
    8+ character run of it, in case a provider echoes part of the key). The secret is also looked
    for as Python's repr would escape it, because library messages often quote values with `!r`."""
    out = text
    if secret:
        forms = [secret]
        escaped = repr(secret)[1:-1]
        if escaped != secret:
            forms.append(escaped)
        for form in forms:
            out = out.replace(form, "[redacted]")
        for form in forms:
            if len(form) < 8:
                continue
            for n in range(len(form) - 1, 7, -1):
                for i in range(0, len(form) - n + 1):
                    piece = form[i : i + n]
                    if piece in out:
                        out = out.replace(piece, "[redacted]")
    if len(out) > limit:
        out = out[:limit] + "..."
    return out


class Provider(ABC):
    """A backend that turns one Request into one Completion or raises ProviderError. What it knows of
    its API beyond one call sits here too, so a new provider is its class and one registry row:
    `batch_format` names the batch API it speaks (a Wire's `family` in kit.model.batch; None: it has
    none) and `reasoning_effort` reads the REASONING_EFFORT values it takes."""

    name: str = "provider"
    batch_format: str | None = None

    @classmethod
    def reasoning_effort(cls, value: str, max_tokens: int) -> str:
        """REASONING_EFFORT as this provider takes it: `value` is set, stripped and lower case (unset or
        `default` never gets here: nothing is sent). Returns what goes into Request.reasoning_effort and
        the cache key, or raises ValueError saying what it takes. This default takes nothing."""
        raise ValueError("cannot be set for this provider; leave it unset")

    @abstractmethod
    def complete(self, request: Request) -> Completion:
        """Make the call (with retries) and return the completion."""

    @abstractmethod
    def stop_sending(self) -> None:
        """From now on start no request, a retry included (those raise Stopped); a request already
        on the wire may finish. Safe to call from any thread."""
