"""What a response's rate-limit headers say, read into numbers: the request budget left and when it
refills (OpenAI's `x-ratelimit-*` with resets like "6m0s", Anthropic's `anthropic-ratelimit-*` with
RFC 3339 times), and, for a 429 without Retry-After, how long the spent limits say to wait.

It only reads headers; what to do with the figures is kit.model.providers.limiter's and
kit.model.providers.retry's business. An unreadable or negative value reads as absent, never as a guess.
"""

from __future__ import annotations

import math
import re
import time
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

_HEADER_SETS = (
    ("x-ratelimit-remaining-requests", "x-ratelimit-reset-requests", "x-ratelimit-limit-requests"),
    (
        "anthropic-ratelimit-requests-remaining",
        "anthropic-ratelimit-requests-reset",
        "anthropic-ratelimit-requests-limit",
    ),
)
_HINT_SETS = (
    *_HEADER_SETS,
    ("x-ratelimit-remaining-tokens", "x-ratelimit-reset-tokens", "x-ratelimit-limit-tokens"),
    (
        "anthropic-ratelimit-tokens-remaining",
        "anthropic-ratelimit-tokens-reset",
        "anthropic-ratelimit-tokens-limit",
    ),
)
_DURATION_PART = re.compile(r"(\d+(?:\.\d+)?)(h|ms|m|s|us|µs|ns)")
_UNIT_SECONDS = {"h": 3600.0, "m": 60.0, "s": 1.0, "ms": 1e-3, "us": 1e-6, "µs": 1e-6, "ns": 1e-9}


def parse_duration(text: str) -> float | None:
    """Seconds in a duration as OpenAI writes its resets ("1s", "6m0s", "120ms", "1h2m3.5s"), or a bare
    number of seconds; None if unreadable."""
    text = text.strip()
    try:
        return max(0.0, float(text))
    except ValueError:
        pass
    parts = _DURATION_PART.findall(text)
    if not parts or "".join(n + u for n, u in parts) != text:
        return None
    return sum(float(n) * _UNIT_SECONDS[u] for n, u in parts)


def parse_reset(text: str, wall_now: float) -> float | None:
    """Seconds until a reset given as a duration (OpenAI) or as an RFC 3339 time (Anthropic)."""
    seconds = parse_duration(text)
    if seconds is not None:
        return seconds
    try:
        when = datetime.fromisoformat(text.strip())
    except ValueError:
        return None
    if when.tzinfo is None:
        return None
    return max(0.0, when.timestamp() - wall_now)


def _number(text: str | None) -> float | None:
    if text is None:
        return None
    try:
        value = float(text)
    except ValueError:
        return None
    return value if math.isfinite(value) and value >= 0 else None


@dataclass(frozen=True)
class Budget:
    """What a response's rate-limit headers said about requests: `remaining` left, the bucket whole
    again in `reset` seconds, and its size `limit` where the server gave it."""

    remaining: float
    reset: float
    limit: float | None


def read_budget(headers: Mapping[str, str], wall_now: float | None = None) -> Budget | None:
    """The request budget from OpenAI- or Anthropic-style headers; None when they are absent."""
    lower = {str(k).lower(): v for k, v in headers.items()}
    now = time.time() if wall_now is None else wall_now
    for remaining_name, reset_name, limit_name in _HEADER_SETS:
        remaining = _number(lower.get(remaining_name))
        raw_reset = lower.get(reset_name)
        reset = parse_reset(raw_reset, now) if raw_reset is not None else None
        if remaining is not None and reset is not None:
            return Budget(remaining, reset, _number(lower.get(limit_name)))
    return None


def reset_hint(headers: Mapping[str, str], wall_now: float | None = None) -> float | None:
    """For a 429 without Retry-After: the longest reset among the rate limits the headers show spent
    (remaining 0), requests or tokens; None when no spent limit names a reset."""
    lower = {str(k).lower(): v for k, v in headers.items()}
    now = time.time() if wall_now is None else wall_now
    waits = []
    for remaining_name, reset_name, _ in _HINT_SETS:
        raw_reset = lower.get(reset_name)
        if _number(lower.get(remaining_name)) == 0 and raw_reset is not None:
            wait = parse_reset(raw_reset, now)
            if wait is not None:
                waits.append(wait)
    return max(waits) if waits else None
