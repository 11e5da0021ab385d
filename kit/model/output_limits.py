"""The MAX_TOKENS default when MAX_TOKENS is unset, per endpoint and model, from the providers'
documented output limits (kit/data/output_limits.json: each row's default, the documented limit, why,
and where the figure comes from), so a reasoning model is not cut off by the kit's default and an
older model is not sent a limit it refuses.

It reads the data file and matches a row; it sends nothing and never overrides a MAX_TOKENS the user set.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from kit.model.providers.registry import is_local_url, kind


@dataclass(frozen=True)
class Limit:
    """One row: the default, the documented limit, why, and the source of the figure."""

    max_tokens: int
    why: str
    limit: Any
    source: str | None

    def said(self) -> str:
        where = f" ({self.source})" if self.source else ""
        return f"documented limit: {self.limit}{where}" if self.limit is not None else self.why


@cache
def _table() -> dict[str, Any]:
    return json.loads(resources.files("kit").joinpath("data/output_limits.json").read_text(encoding="utf-8"))


def _matches(row: dict[str, Any], provider: str, host: str, local: bool, model: str) -> bool:
    return (
        row.get("local", local) == local
        and row.get("provider", provider) == provider
        and row.get("host", host) == host
        and model.startswith(row.get("model_prefix", ""))
    )


def _limit(row: dict[str, Any]) -> Limit:
    return Limit(int(row["max_tokens"]), row["why"], row.get("limit"), row.get("source"))


def default_for(provider: str, base_url: str | None, model: str) -> Limit:
    """The row for PROVIDER `provider` at `base_url` serving `model`: the first that matches, else
    the file's `otherwise`."""
    local = kind(provider).key == "never" or is_local_url(base_url)
    host = (urlsplit(base_url).hostname or "").lower() if base_url else ""
    for row in _table()["rows"]:
        if _matches(row, provider, host, local, model.lower()):
            return _limit(row)
    return _limit(_table()["otherwise"])
