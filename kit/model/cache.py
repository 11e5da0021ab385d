"""The answer cache: one readable JSON file per bought completion, keyed by what changes the output.

The key is a sha256 of canonical JSON of provider, model, messages, max_tokens, temperature, schema,
response format and repeat index, and the endpoint's host and port (two servers serving different
weights under one model name are two sources of answers). It never includes the API key, timeouts
(TIMEOUT_S), retry settings or worker count, and no entry stores the key or the endpoint. Writes are
atomic (unique temp file in the same directory, fsync, os.replace), so concurrent threads and
processes never see a half-written entry; and a buyer holds the key's claim (`claim`, a file lock
under .claims/) while it buys, so two processes sharing the folder never buy one key twice: the
second waits, then finds the answer. An answer bought through a batch API also notes the batch id, and
a single call the time it was sent (`requested_at`, which its price is read at; an older entry without
it is priced at its `created_at`).
Beside the entries, recorded.json notes the provider, model and endpoint (host:port) the last
purchase used, so a replay with no configuration of its own keys its lookups the same way
(`remember`, `replay_config`), and endpoints.json every endpoint a purchase used (for the hint a
replay miss gives, kit.model.elsewhere). REASONING_EFFORT joins the key when it is set.

Refused: errors are never cached (callers only put successes), and `put` also refuses a completion
with empty text or a finish_reason of "content_filter" or "refusal", because replaying a refusal would
freeze a transient outcome into every later run. `get` checks every entry against what `put` would
have written; anything else (corrupt, wrong shape or types, a refused reply) reads as a miss with a
warning naming the file and the reason.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import threading
import uuid
import warnings
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from kit.files import exclusive, write_json_atomic
from kit.model.config import PROVIDERS, Config, ConfigError
from kit.model.output_limits import default_for
from kit.model.providers.base import Completion, Request

REFUSED_FINISH = frozenset({"content_filter", "refusal"})
RECORDED = "recorded.json"
ENDPOINTS = "endpoints.json"  # every endpoint (host:port, or null) a purchase into this cache used
BUY_COMMAND = "pytest -m paid --record"
CLAIMS = ".claims"



def entry_for(
    key: str, completion: Completion, request: Request | None, provider: str | None
) -> dict[str, Any]:
    """What the cache keeps for one answer (on disk or in memory); Uncacheable for a refusal or an
    empty text, which are never kept."""
    reason = refusal_reason(completion)
    if reason is not None:
        raise Uncacheable(f"not caching {key[:12]}: {reason}")
    stored = completion.to_dict()
    stored.pop("cached", None)
    stored.pop("retries", None)
    if stored.get("batch") is None:
        stored.pop("batch", None)  # a single call's entry is as it always was
    if stored.get("requested_at") is None:
        stored.pop("requested_at", None)
    return {
        "key": key,
        "provider": provider,
        "model": request.model if request is not None else None,
        "request": key_fields(request, provider or "") if request is not None else None,
        "completion": stored,
        "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }

class CacheWarning(UserWarning):
    """A cache entry could not be read and was treated as a miss."""


class Uncacheable(ValueError):
    """A completion the cache refuses to store (empty text, content filter, refusal)."""


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def key_fields(request: Request, provider: str) -> dict[str, Any]:
    """The request's part of the key, as an entry stores it. REASONING_EFFORT joins it only when set,
    so the keys of requests that send none are what they always were."""
    effort = {} if request.reasoning_effort is None else {"reasoning_effort": request.reasoning_effort}
    return {
        **effort,
        "provider": provider,
        "model": request.model,
        "messages": request.messages,
        "max_tokens": request.max_tokens,
        "temperature": request.temperature,
        "schema": request.schema,
        "response_format": request.response_format,
        "repeat": request.repeat,
    }


def cache_key(request: Request, provider: str, endpoint: str | None = None) -> str:
    """sha256 hex of the canonical JSON of everything that changes the output: the request's fields and
    the endpoint (Config.endpoint: host:port, None for the provider's default) it is sent to."""
    fields = {**key_fields(request, provider), "endpoint": endpoint}
    return hashlib.sha256(canonical_json(fields).encode()).hexdigest()


def refusal_reason(completion: Completion) -> str | None:
    if not completion.text.strip():
        return "the reply text is empty"
    if completion.finish_reason in REFUSED_FINISH:
        return f"finish_reason is {completion.finish_reason!r}"
    return None


USAGE_FIELDS = (
    "input_tokens", "cached_input_tokens", "output_tokens", "reasoning_tokens", "cache_write_tokens",
)  # fmt: skip


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _completion(entry: Any, key: str) -> Completion:
    """The completion a stored entry holds; ValueError saying what is wrong when it is not one that
    `put` would have written."""
    if not isinstance(entry, dict):
        raise ValueError(f"the entry is a JSON {type(entry).__name__}, not an object")
    if entry.get("key") != key:
        raise ValueError("the entry's key does not match its file name")
    stored = entry.get("completion")
    if not isinstance(stored, dict):
        raise ValueError(f"'completion' is {_shown(stored)}, not an object")
    text, usage, latency = stored.get("text"), stored.get("usage"), stored.get("latency_ms")
    if not isinstance(text, str):
        raise ValueError(f"the reply text is {_shown(text)}, not text")
    if not isinstance(usage, dict):
        raise ValueError(f"'usage' is {_shown(usage)}, not an object")
    unknown = sorted(set(usage) - set(USAGE_FIELDS))
    if unknown:
        raise ValueError(f"usage has fields no provider reports: {_shown(unknown)}")
    for name in USAGE_FIELDS:
        if usage.get(name) is not None and not _is_count(usage[name]):
            raise ValueError(f"usage {name} is {_shown(usage[name])}, not a whole number >= 0")
    if isinstance(latency, bool) or not isinstance(latency, int | float) or not 0 <= latency < float("inf"):
        raise ValueError(f"latency_ms is {_shown(latency)}, not a number >= 0")
    for name in ("finish_reason", "request_id", "batch", "requested_at"):
        if stored.get(name) is not None and not isinstance(stored[name], str):
            raise ValueError(f"{name} is {_shown(stored[name])}, not text")
    # An entry from before calls noted their time is priced at when it was written (just after the call).
    sent = stored.get("requested_at") or entry.get("created_at")
    completion = Completion.from_dict({**stored, "retries": 0, "cached": True, "requested_at": sent})
    reason = refusal_reason(completion)
    if reason is not None:
        raise ValueError(f"{reason}, which is never cached")
    return completion


class Cache:
    """The answer cache under `root`: one JSON file per request key (cache_key), written in
    one step, read back with the latency measured when the answer was bought."""

    def __init__(self, root: Path) -> None:
        self.root = Path(root)

    def path(self, key: str) -> Path:
        if len(key) < 3 or not all(c in "0123456789abcdef" for c in key):
            raise ValueError(f"not a cache key: {key!r}")
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> Completion | None:
        """The stored completion with cached=True and the latency measured when it was bought. An
        entry that is not one `put` would have written (unreadable, not JSON, a wrong shape, a value
        of the wrong type, or a reply `put` refuses) is reported with a CacheWarning naming the file
        and the reason, and counts as a miss."""
        path = self.path(key)
        if not path.exists() and not path.is_symlink():
            return None
        try:
            if not path.is_file():
                raise ValueError("it is not a regular file")
            completion = _completion(json.loads(path.read_text(encoding="utf-8-sig")), key)
        except UnicodeDecodeError:
            reason = "not UTF-8 text"
        except OSError as exc:
            reason = exc.strerror or str(exc)
        except ValueError as exc:
            reason = str(exc)
        else:
            return completion
        warnings.warn(f"cache entry {path} is unreadable ({reason}); treating it as a miss", CacheWarning,
                      stacklevel=2)
        return None

    def put(
        self,
        key: str,
        completion: Completion,
        *,
        request: Request | None = None,
        provider: str | None = None,
    ) -> Path:
        """Store a successful completion atomically; raises Uncacheable for refusals and empty text."""
        entry = entry_for(key, completion, request, provider)
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

    @contextlib.contextmanager
    def claim(self, key: str) -> Iterator[None]:
        """Hold `key`'s buying claim for the block, waiting while another thread or process holds it;
        a buyer then looks in the cache again before it spends. The lock files stay (removing one
        would race a buyer waiting on it)."""
        with exclusive(self.root / CLAIMS / key[:2] / f"{self.path(key).stem}.lock"):
            yield

    def __contains__(self, key: str) -> bool:
        return self.path(key).is_file()

    def count(self) -> int:
        if not self.root.is_dir():
            return 0
        return sum(1 for p in self.root.glob("??/*.json") if not p.name.startswith("."))

    def remember(self, config: Config) -> None:
        """Note which provider, model and endpoint (host:port, never the key or the whole URL) the cache
        was bought from, so a later replay on a machine with no configuration finds the same entries.
        The answers are cached whether or not the note can be written, so a failure here is a
        warning, not an error."""
        path = self.root / RECORDED
        noted = {"provider": config.provider, "model": config.model, "endpoint": config.endpoint}
        try:
            write_json_atomic(path, noted)
            self._note_endpoint(config.endpoint)
        except OSError as err:
            warnings.warn(
                f"could not note the provider and model in {path} ({err.strerror or err}); a replay "
                f"of this cache needs PROVIDER and MODEL set to {config.provider} and {config.model}",
                CacheWarning,
                stacklevel=2,
            )

    def _note_endpoint(self, endpoint: str | None) -> None:
        """Add the endpoint to endpoints.json, so a replay miss can say where this cache's answers came
        from (kit.model.elsewhere); under the lock every writer of the note takes."""
        path = self.root / ENDPOINTS
        with exclusive(self.root / CLAIMS / "endpoints.lock"):
            try:
                known = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                known = []
            known = known if isinstance(known, list) else []
            if endpoint not in known:
                write_json_atomic(path, [*known, endpoint])

    def replay_config(self, config: Config, configured: bool) -> Config:
        """The configuration a replay keys its lookups with: the user's own if they set MODEL, otherwise
        the provider, model and endpoint the cache remembers from its last recording (its base_url
        then names only that host and port: a replay sends nothing). ConfigError when that note is
        there but unusable, saying how to go on."""
        path = self.root / RECORDED
        if configured or not (path.exists() or path.is_symlink()):
            return config
        fix = (
            f"it should name the provider and model this cache was recorded with. Set PROVIDER and MODEL "
            f"to those (in the environment or .env), or delete {path} and record again with `{BUY_COMMAND}`"
        )
        try:
            noted = json.loads(path.read_text(encoding="utf-8-sig"))
        except UnicodeDecodeError:
            raise ConfigError(f"{path} is not UTF-8 text; {fix}") from None
        except OSError as err:
            raise ConfigError(f"{path} cannot be read ({err.strerror or err}); {fix}") from None
        except ValueError as err:
            raise ConfigError(f"{path} is not valid JSON ({err}); {fix}") from None
        fields = noted if isinstance(noted, dict) else {}
        provider, model, endpoint = fields.get("provider"), fields.get("model"), fields.get("endpoint")
        if provider not in PROVIDERS or not isinstance(model, str) or not model.strip():
            raise ConfigError(f"{path} holds {str(noted)[:80]!r}, not a known provider and a model; {fix}")
        if endpoint is not None and (not isinstance(endpoint, str) or not endpoint.strip()):
            raise ConfigError(f"{path} holds endpoint {str(endpoint)[:40]!r}, not a host:port; {fix}")
        base_url = f"http://{endpoint}" if endpoint else None
        return Config(  # no key: a replay buys nothing
            provider=provider,
            base_url=base_url,
            model=model,
            max_tokens=default_for(provider, base_url, model).max_tokens,  # as a purchase with it unset
            eval_workers=config.eval_workers,
            max_calls_per_day=config.max_calls_per_day,
            prices=config.prices,
            redact=config.redact,  # a replay redacts as the purchase did, so its keys are the same
            redact_salt=config.redact_salt,
            reasoning_effort=config.reasoning_effort,
            send_flagged=config.send_flagged,  # and withholds as it did, for the same reason
            send_flagged_from=config.send_flagged_from,
        )
