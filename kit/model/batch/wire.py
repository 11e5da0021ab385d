"""The one small interface both batch APIs sit behind: turn a request into one line of a batch,
submit lines as a batch, read a batch's status, and read its rows once it has ended. Also the
providers' per-batch limits and the polling backoff, read from kit/data/batch.json.
Which format a provider speaks is kit.model.batch.formats' question, not this module's.

A wire builds each line's body with the provider's own `body()`, the code a single call uses, so a
batch asks exactly what a single call would. It refuses a provider it has no batch format for. It
keeps nothing on disk (kit.model.batch.jobs does that) and never puts the API key in a message.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from dataclasses import dataclass
from importlib import resources
from typing import Any

import requests

from kit.model.providers.base import Completion, Request
from kit.model.providers.http import HTTPProvider

SETTINGS: dict[str, Any] = json.loads(
    resources.files("kit").joinpath("data/batch.json").read_text(encoding="utf-8")
)


@dataclass(frozen=True)
class Limits:
    """How much one batch may hold: requests, and bytes of what is sent (after the margin)."""

    max_requests: int
    max_bytes: int

    @classmethod
    def of(cls, family: str) -> Limits:
        row = SETTINGS["limits"][family]
        return cls(int(row["max_requests"]), int(row["max_bytes"] * SETTINGS["byte_margin"]))


@dataclass(frozen=True)
class Status:
    """A batch as the provider last reported it: its own word for the state, whether it has ended
    (no row will change any more), its row counts, and what it said about a batch that failed whole."""

    state: str
    ended: bool
    total: int
    completed: int
    failed: int
    note: str = ""


@dataclass(frozen=True)
class Row:
    """One request's outcome in an ended batch: its completion, or why it has none."""

    key: str
    completion: Completion | None
    error: str | None = None


def count_of(counts: Any, name: str) -> int:
    """A row count from a batch's counts block; 0 when it is missing or not a whole number."""
    value = counts.get(name) if isinstance(counts, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def split(lines: list[tuple[str, dict[str, Any]]], limits: Limits) -> list[list[tuple[str, dict[str, Any]]]]:
    """`lines` (key, wire line) cut into consecutive groups that each stay within `limits`: at most
    max_requests lines and max_bytes of JSONL. A single line larger than max_bytes goes alone (the
    provider then says what it refuses)."""
    groups: list[list[tuple[str, dict[str, Any]]]] = []
    size = 0
    for item in lines:
        weight = len(json.dumps(item[1]).encode("utf-8")) + 1
        if not groups or len(groups[-1]) >= limits.max_requests or size + weight > limits.max_bytes:
            groups.append([])
            size = 0
        groups[-1].append(item)
        size += weight
    return groups


class Wire(ABC):
    """A batch API spoken through `provider` (its base URL, auth headers, retry loop and reply reader)."""

    family: str = ""

    def __init__(self, provider: HTTPProvider) -> None:
        self.provider = provider
        self.limits = Limits.of(self.family)

    @abstractmethod
    def line(self, key: str, request: Request) -> dict[str, Any]:
        """The request as one line of a batch, its custom_id the cache key."""

    @abstractmethod
    def submit(self, lines: list[dict[str, Any]]) -> str:
        """Send `lines` as one batch; its id."""

    @abstractmethod
    def status(self, batch_id: str) -> Status:
        """The batch's state and counts (ProviderError when it cannot be read)."""

    @abstractmethod
    def rows(self, batch_id: str, status: Status) -> list[Row]:
        """Every row the ended batch has an outcome for."""

    def json_of(self, method: str, url: str, **kwargs: Any) -> dict[str, Any]:
        """A JSON object from the provider; ProviderError when the reply is not one."""
        response, _ = self.provider.send(method, url, **kwargs)
        try:
            payload = response.json()
        except ValueError:
            payload = None
        if not isinstance(payload, dict):
            raise self.provider._malformed(response, 0, "the reply is not a JSON object")
        return payload

    def completion(self, body: Any, response: requests.Response, request_id: str | None) -> Completion:
        """A row's reply body read as a single call's reply is (latency set when it is filed)."""
        if not isinstance(body, dict):
            raise self.provider._malformed(response, 0, "a row's body is not a reply")
        text, finish, usage = self.provider.read(body, response, 0)
        given = body.get("id")
        rid = request_id or (given if isinstance(given, str) else None)
        return Completion(text, usage, 0.0, finish, rid)

    @staticmethod
    def jsonl(response: requests.Response) -> list[dict[str, Any]]:
        """The objects with a custom_id in a JSONL download; any other line is skipped (a row it was
        meant to be stays missing)."""
        out = []
        for raw in response.text.splitlines():
            try:
                item = json.loads(raw)
            except ValueError:
                continue
            if isinstance(item, dict) and isinstance(item.get("custom_id"), str):
                out.append(item)
        return out
