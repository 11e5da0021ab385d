"""The stub server's fault switches: when an injected fault fires (the first N requests that reach it,
or every Kth request, or every request naming one record), and how the command line spells them and
a port to listen on (`parse_port`, which `kit board --port` reads too). It decides; it sends nothing."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any

from kit.model.stub.reply import text_of

MAX_PORT = 65535
# What a server with a short context (vLLM, OpenAI) answers a request too long for it, with a 400.
CONTEXT_REFUSAL = (
    "This model's maximum context length is 8192 tokens. However, you requested 9117 tokens "
    "(5021 in the messages, 4096 in the completion). Please reduce the length of the messages or completion."
)


@dataclass(frozen=True)
class Every:
    """Apply a fault to every k-th request (k, 2k, 3k, ... counted over all chat requests)."""

    k: int

    def __post_init__(self) -> None:
        if self.k < 1:
            raise ValueError("Every(k) needs k >= 1")


When = int | Every


class _Fault:
    """Decides, per request, whether one fault fires. First-N faults count only the requests that
    reach them, so faults listed earlier in the check order and later ones chain: reset=1, fail_429=1
    gives a reset, then a 429, then success."""

    def __init__(self, when: When) -> None:
        self.when = when
        self.fired = 0

    def fires(self, number: int) -> bool:
        hit = number % self.when.k == 0 if isinstance(self.when, Every) else self.fired < self.when
        if hit:
            self.fired += 1
        return hit


def parse_port(text: str) -> int:
    """A TCP port from 0 (any free one) to 65535; anything else is a usage error saying so."""
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= MAX_PORT:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a port: give a whole number from 0 to {MAX_PORT} (0: any free port)"
        )
    return port


def parse_when(text: str) -> When:
    """ "3" -> first 3 requests; "every:5" -> every 5th request."""
    if text.startswith("every:"):
        return Every(int(text.split(":", 1)[1]))
    return int(text)


def parse_status(text: str) -> tuple[int, When]:
    """ "503:2" -> (503, 2); "502:every:4" -> (502, Every(4))."""
    code, _, when = text.partition(":")
    return int(code), parse_when(when or "1")


def names_record(body: Any, record: str | None) -> bool:
    """True when `record` (a record id, or any text) is in a user message of the chat request `body`."""
    messages = body.get("messages") if isinstance(body, dict) else None
    if not record or not isinstance(messages, list):
        return False
    users = [m.get("content") for m in messages if isinstance(m, dict) and m.get("role") == "user"]
    return any(record in text_of(content) for content in users)
