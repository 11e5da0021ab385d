"""What a replay says when the cache has no answer under this run's settings: whether answers to the
same prompt are cached under other settings (endpoint, provider, model, response format, token
limit), and which setting replays them, instead of advising a purchase the cache does not need.

An entry stores the request fields it was keyed on (kit.model.cache.key_fields) but not the endpoint;
the endpoint is recovered by re-keying the entry with each endpoint this cache has noted (endpoints.json,
recorded.json) and the provider's own (None) until the key matches. The cache is read once, on the
first miss. This module only reads the cache; it never buys, moves or rewrites an entry.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kit.model.cache import BUY_COMMAND, ENDPOINTS, RECORDED, canonical_json, key_fields
from kit.model.providers.base import Request

# The request fields a user can change, and the setting that changes each.
SETTINGS = (
    ("endpoint", "BASE_URL"),
    ("provider", "PROVIDER"),
    ("model", "MODEL"),
    ("response_format", "RESPONSE_FORMAT"),
    ("max_tokens", "MAX_TOKENS"),
)
UNNOTED = "an endpoint this cache did not note"


def _digest(value: Any) -> str:
    return hashlib.sha256(canonical_json(value).encode()).hexdigest()


def _shown(name: str, value: Any) -> str:
    if name == "endpoint":
        return f"from {value}" if value else "from the provider's own endpoint"
    return f"with {dict(SETTINGS)[name]}={value}"


@dataclass(frozen=True)
class Elsewhere:
    """Answers to this prompt cached under other settings: the settings (name, value) they differ
    in, in words, and how many answers."""

    differs: tuple[tuple[str, Any], ...]
    count: int

    @property
    def where(self) -> str:
        return ", ".join(_shown(name, value) for name, value in self.differs) or "under other settings"

    @property
    def fix(self) -> str:
        names = [dict(SETTINGS).get(name) for name, _ in self.differs]
        return "set " + " and ".join(n for n in names if n) if any(names) else "the reply schema differs"


class Finder:
    """Looks up answers cached for the same prompt under other settings, in one cache folder."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)
        self._index: dict[str, list[tuple[str, dict[str, Any]]]] | None = None

    def _endpoints(self) -> list[str | None]:
        noted: list[str | None] = [None]
        for name, field in ((ENDPOINTS, None), (RECORDED, "endpoint")):
            try:
                found = json.loads((self.root / name).read_text(encoding="utf-8-sig"))
            except (OSError, ValueError):
                continue
            found = found.get(field) if field and isinstance(found, dict) else found
            for endpoint in found if isinstance(found, list) else [found]:
                if isinstance(endpoint, str) and endpoint not in noted:
                    noted.append(endpoint)
        return noted

    def _entries(self) -> dict[str, list[tuple[str, dict[str, Any]]]]:
        """Every readable entry's key fields with its endpoint recovered, by prompt (messages)."""
        if self._index is None:
            self._index = {}
            endpoints = self._endpoints()
            for path in sorted(self.root.glob("??/*.json")):
                try:
                    entry = json.loads(path.read_text(encoding="utf-8-sig"))
                    fields, key = entry["request"], entry["key"]
                    prompt = _digest(fields["messages"])
                except (OSError, ValueError, KeyError, TypeError):
                    continue
                endpoint = next((e for e in endpoints if _digest({**fields, "endpoint": e}) == key), UNNOTED)
                self._index.setdefault(prompt, []).append((key, {**fields, "endpoint": endpoint}))
        return self._index

    def lookup(self, request: Request, provider: str, endpoint: str | None) -> list[Elsewhere]:
        """The answers to this request's prompt (at its repeat index) cached under other settings,
        grouped by the settings they differ in."""
        wanted = {**key_fields(request, provider), "endpoint": endpoint}
        groups: Counter[tuple[tuple[str, Any], ...]] = Counter()
        for _, fields in self._entries().get(_digest(request.messages), []):
            if fields.get("repeat") != request.repeat:
                continue
            differs = tuple((n, fields.get(n)) for n, _ in SETTINGS if fields.get(n) != wanted[n])
            groups[differs] += 1
        return [Elsewhere(differs, n) for differs, n in groups.most_common()]


def miss_message(found: list[Elsewhere]) -> str:
    """The error of one missing call: where its answers are, or the command that buys one."""
    if not found:
        return f"no cached answer; run `{BUY_COMMAND}` to buy it"
    best = found[0]
    one = best.count == 1
    answers, are, them = ("1 answer", "is", "it") if one else (f"{best.count} answers", "are", "them")
    return (
        f"no cached answer under these settings, but {answers} for this prompt {are} cached {best.where}; "
        f"{best.fix} to replay {them} (or `{BUY_COMMAND}` buys one under these settings)"
    )


def summary(best: list[Elsewhere]) -> str:
    """One line for the run, from the best group of each missing call: how many missing answers are
    cached under which other settings, and what replays them."""
    counts = Counter(group.differs for group in best)
    lines = []
    for differs, n in counts.most_common():
        group = Elsewhere(differs, n)
        answers, them = ("1 answer cached for this prompt", "it") if n == 1 else (
            f"{n} answers cached for these prompts", "them")
        lines.append(f"{answers} {group.where}; {group.fix} to replay {them}")
    return "; ".join(lines)
