"""What the HTTP backends share: a `requests.Session` per worker thread, the constructor options, one
POST through the retry loop, and a defensive int reader for usage blocks.

A backend subclasses HTTPProvider and supplies `url`, `headers()` and how to read the reply; it
never builds a session or calls the retry loop itself.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import requests

from kit.providers import retry
from kit.providers.base import Provider, ProviderError, scrub
from kit.providers.limiter import LIMITER, Limiter


def int_or_none(value: Any) -> int | None:
    """`value` if it is a real int (not a bool), else None: usage fields are read, never trusted."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class HTTPProvider(Provider):
    """A Provider that posts JSON over `requests`, one Session per worker thread."""

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str | None,
        session_factory: Callable[[], requests.Session] = requests.Session,
        timeout: tuple[float, float] = (10, 300),
        *,
        sleep: Callable[[float], None] = time.sleep,
        retry_options: dict[str, Any] | None = None,
        throttle: Limiter | None = LIMITER,
    ) -> None:
        self.base_url = base_url
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
        raise NotImplementedError

    def headers(self) -> dict[str, str]:
        raise NotImplementedError

    def _session(self) -> requests.Session:
        """This thread's session, made on first use (sessions are not shared between threads)."""
        session = getattr(self._local, "session", None)
        if session is None:
            session = self._session_factory()
            self._local.session = session
        return session

    def _post(self, body: dict[str, Any]) -> tuple[requests.Response, int]:
        """POST `body` to `url` through the retry loop; returns (response, retries)."""
        session = self._session()

        def send() -> requests.Response:
            return session.post(self.url, json=body, headers=self.headers(), timeout=self.timeout)

        return retry.call_with_retry(
            send,
            sleep=self._sleep,
            where=self.base_url,
            secret=self._api_key,
            throttle=self._throttle,
            **self._retry_options,
        )

    def _malformed(self, response: requests.Response, retries: int, what: str) -> ProviderError:
        """The error for a 2xx body the provider cannot read, quoting its start with the key scrubbed."""
        return ProviderError(
            f"{response.status_code} from {self.base_url}: {what} "
            f"(starts {scrub(response.text, self._api_key, limit=80)!r})",
            status=response.status_code,
            retries=retries,
        )
