"""The stub server's rate-limit mode: a token bucket that admits or refuses each request and says,
in the headers a real rate-limited endpoint sends, when to come back. It keeps no request data."""

from __future__ import annotations

import math
import time


class TokenBucket:
    """A token bucket: `per_minute` requests a minute, holding at most `burst`, full at the start.

    `take()` admits a request (taking a token) or refuses it, with the headers the answer carries:
    Retry-After on a refusal (whole seconds until the next token, rounded up, as HTTP writes it) and,
    with `headers`, x-ratelimit-limit/remaining/reset-requests on every answer. OpenAI's meaning is
    kept: the limit is the most the bucket holds, the reset the time until it is whole again."""

    def __init__(self, per_minute: int, burst: int, headers: bool) -> None:
        if per_minute < 1 or burst < 1:
            raise ValueError("a rate limit needs at least one call a minute and a burst of one")
        self.rate = per_minute / 60.0
        self.burst = burst
        self.headers = headers
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> tuple[bool, dict[str, str]]:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        admitted = self.tokens >= 1
        if admitted:
            self.tokens -= 1
        headers: dict[str, str] = {}
        if not admitted:
            headers["Retry-After"] = str(max(1, math.ceil((1 - self.tokens) / self.rate)))
        if self.headers:
            headers["x-ratelimit-limit-requests"] = str(self.burst)
            headers["x-ratelimit-remaining-requests"] = str(int(self.tokens))
            whole_in_ms = math.ceil((self.burst - self.tokens) / self.rate * 1000)
            headers["x-ratelimit-reset-requests"] = f"{whole_in_ms}ms"
        return admitted, headers
