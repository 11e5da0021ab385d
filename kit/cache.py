"""The answer cache: one readable JSON file per bought completion, keyed by what changes the output.

The key is a sha256 of canonical JSON of provider, model, messages, max_tokens, temperature, schema,
response format and repeat index. It never includes the API key, timeouts (TIMEOUT_S), retry
settings or worker count, and no entry stores the key. Writes are atomic (unique temp file in the
same directory, fsync, os.replace), so concurrent threads and processes never see a half-written entry.

Refused: errors are never cached (callers only put successes), and `put` also refuses a completion
with empty text or a finish_reason of "content_filter" or "refusal", because replaying a refusal would
freeze a transient outcome into every later run. A corrupt entry reads as a miss with a warning.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import threading
import uuid
import warnings
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from kit.providers.base import Completion, Request

REFUSED_FINISH = frozenset({"content_filter", "refusal"})


class CacheWarning(UserWarning):
    """A cache entry could not be read and was treated as a miss."""


class Uncacheable(ValueError):
    """A completion the cache refuses to store (empty text, content filter, refusal)."""


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def key_fields(request: Request, provider: str) -> dict[str, Any]:
    return {
        "provider": provider,
        "model": request.model,
        "messages": request.messages,
        "max_tokens": request.max_tokens,
        "temperature": request.temperature,
        "schema": request.schema,
        "response_format": request.response_format,
        "repeat": request.repeat,
    }


def cache_key(request: Request, provider: str) -> str:
    """sha256 hex of the canonical JSON of everything that changes the output."""
    return hashlib.sha256(canonical_json(key_fields(request, provider)).encode()).hexdigest()


def refusal_reason(completion: Completion) -> str | None:
    if not completion.text.strip():
        return "the reply text is empty"
    if completion.finish_reason in REFUSED_FINISH:
        return f"finish_reason is {completion.finish_reason!r}"
    return None


class Cache:
    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def path(self, key: str) -> Path:
        if len(key) < 3 or not all(c in "0123456789abcdef" for c in key):
            raise ValueError(f"not a cache key: {key!r}")
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> Completion | None:
        """The stored completion with cached=True and the latency measured when it was bought."""
        path = self.path(key)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        try:
            entry = json.loads(text)
            completion = Completion.from_dict(entry["completion"])
            if entry.get("key") != key:
                raise ValueError("the entry's key does not match its file name")
        except (ValueError, KeyError, TypeError) as exc:
            warnings.warn(f"cache entry {path} is unreadable ({exc}); treating it as a miss", CacheWarning,
                          stacklevel=2)
            return None
        completion.cached = True
        completion.retries = 0
        return completion

    def put(
        self,
        key: str,
        completion: Completion,
        *,
        request: Request | None = None,
        provider: str | None = None,
    ) -> Path:
        """Store a successful completion atomically; raises Uncacheable for refusals and empty text."""
        reason = refusal_reason(completion)
        if reason is not None:
            raise Uncacheable(f"not caching {key[:12]}: {reason}")
        stored = completion.to_dict()
        stored.pop("cached", None)
        stored.pop("retries", None)
        entry: dict[str, Any] = {
            "key": key,
            "provider": provider,
            "model": request.model if request is not None else None,
            "request": key_fields(request, provider or "") if request is not None else None,
            "completion": stored,
            "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
        }
        target = self.path(key)
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.parent / f".{key}.{os.getpid()}.{threading.get_ident()}.{uuid.uuid4().hex}.tmp"
        data = (json.dumps(entry, indent=2, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8")
        try:
            fd = os.open(tmp, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
            try:
                view = memoryview(data)
                while view:
                    written = os.write(fd, view)
                    view = view[written:]
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(tmp, target)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                os.unlink(tmp)
            raise
        return target

    def __contains__(self, key: str) -> bool:
        return self.path(key).is_file()

    def count(self) -> int:
        if not self.root.is_dir():
            return 0
        return sum(1 for p in self.root.glob("??/*.json") if not p.name.startswith("."))
