"""What the HTTP backends share: a `requests.Session` per worker thread, the constructor options, one
POST through the retry loop, the call itself (`complete`: time it, post, decode the JSON, take the
request id) and a defensive int reader for usage blocks.

A backend subclasses HTTPProvider and supplies `url`, `headers()`, `body()`, the header its request id
comes in, and `read()`, how to get the text, finish reason and usage out of a decoded reply; it never
builds a session or calls the retry loop itself.
"""

from __future__ import annotations

import threading
import time
from abc import abstractmethod
from collections.abc import Callable
from typing import Any

import requests

from kit.model.providers import retry
from kit.model.providers.base import Completion, Provider, ProviderError, Request, Stopped, Usage, scrub
from kit.model.providers.limiter import LIMITER, Limiter


def int_or_none(value: Any) -> int | None:
    """`value` if it is a real int (not a bool), else None: usage fields are read, never trusted."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class HTTPProvider(Provider):
    """A Provider that posts JSON over `requests`, one Session per worker thread."""

    request_id_header = "x-request-id"
    not_json = "the body is not JSON"  # what a 2xx body that does not decode is called

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None,
        session_factory: Callable[[], requests.Session] = requests.Session,
        timeout: tuple[float, float] = (10, 300),
        *,
        sleep: Callable[[float], object] | None = None,
        retry_options: dict[str, Any] | None = None,
        throttle: Limiter | None = LIMITER,
        retry_timeouts: bool = False,
    ) -> None:
        self.base_url = base_url
        self.model = model
        self._api_key = api_key
        self._session_factory = session_factory
        self.timeout = timeout
        self._stopped = threading.Event()
        # a wait between retries ends early on stop_sending
        self._sleep = self._stopped.wait if sleep is None else sleep
        self._retry_options = dict(retry_options or {})
        self._throttle = throttle
        self._retry_timeouts = retry_timeouts
        self._local = threading.local()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(base_url={self.base_url!r}, model={self.model!r})"

    @property
    @abstractmethod
    def url(self) -> str:
        """Where a call is posted."""

    @abstractmethod
    def headers(self) -> dict[str, str]:
        """The request headers, the key's auth header among them."""

    @abstractmethod
    def body(self, request: Request) -> dict[str, Any]:
        """The JSON body of the call `request` describes."""

    def format_refusal(self, body: dict[str, Any]) -> Callable[[requests.Response], str | None] | None:
        """What recognises an error reply to `body` that retrying cannot change (none by default)."""
        return None

    @abstractmethod
    def read(self, payload: Any, response: requests.Response, retries: int) -> tuple[str, str | None, Usage]:
        """The reply text, finish reason and usage of a decoded 2xx body; `self._malformed(...)` raised
        when the body is not a reply."""

    def complete(self, request: Request) -> Completion:
        """One call through the retry loop. The latency runs from before the first attempt until the
        reply was decoded (see Completion); a body that is not a reply is a ProviderError."""
        body = self.body(request)
        start = time.perf_counter()
        response, retries = self._post(body, self.format_refusal(body))
        try:
            payload = response.json()
        except ValueError:
            raise self._malformed(response, retries, self.not_json) from None
        latency_ms = (time.perf_counter() - start) * 1000.0
        text, finish_reason, usage = self.read(payload, response, retries)
        given = payload.get("id")
        header = response.headers.get(self.request_id_header)
        request_id = header or (given if isinstance(given, str) else None)
        return Completion(text, usage, latency_ms, finish_reason, request_id, retries)

    def _session(self) -> requests.Session:
        """This thread's session, made on first use (sessions are not shared between threads)."""
        session = getattr(self._local, "session", None)
        if session is None:
            session = self._session_factory()
            self._local.session = session
        return session

    def _post(
        self, body: dict[str, Any], refused: Callable[[requests.Response], str | None] | None = None
    ) -> tuple[requests.Response, int]:
        """POST `body` to `url` through the retry loop; returns (response, retries). `refused`
        recognises an error reply that retrying cannot change (see retry.call_with_retry)."""
        session = self._session()

        def send() -> requests.Response:
            if self._stopped.is_set():
                raise Stopped(f"not sent to {self.base_url}: buying was stopped")
            return session.post(self.url, json=body, headers=self.headers(), timeout=self.timeout)

        return self._retried(send, refused)

    def send(self, method: str, url: str, **kwargs: Any) -> tuple[requests.Response, int]:
        """Any other request to this provider (a batch API's upload, create, check or download) with
        its auth headers, through the same retry loop; `kwargs` go to `requests`. The JSON content
        type is sent only with a `json` body (a file upload sets its own)."""
        session = self._session()
        headers = {k: v for k, v in self.headers().items() if k.lower() != "content-type" or "json" in kwargs}

        def attempt() -> requests.Response:
            if self._stopped.is_set():
                raise Stopped(f"not sent to {self.base_url}: buying was stopped")
            return session.request(method, url, headers=headers, timeout=self.timeout, **kwargs)

        return self._retried(attempt, None)

    def _retried(
        self, send: Callable[[], requests.Response], refused: Callable[[requests.Response], str | None] | None
    ) -> tuple[requests.Response, int]:
        return retry.call_with_retry(
            send,
            sleep=self._sleep,
            where=self.base_url,
            secret=self._api_key,
            throttle=self._throttle,
            refused=refused,
            retry_timeouts=self._retry_timeouts,
            read_timeout=self.timeout[1],
            stopped=self._stopped.is_set,
            **self._retry_options,
        )

    def stop_sending(self) -> None:
        self._stopped.set()

    def _malformed(self, response: requests.Response, retries: int, what: str) -> ProviderError:
        """The error for a 2xx body the provider cannot read, quoting its start with the key scrubbed."""
        return ProviderError(
            f"{response.status_code} from {self.base_url}: {what} "
            f"(starts {scrub(response.text, self._api_key, limit=80)!r})",
            status=response.status_code,
            retries=retries,
        )
