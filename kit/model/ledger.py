"""A per-day call ledger enforcing MAX_CALLS_PER_DAY across threads and processes.

The ledger file holds {"YYYY-MM-DD": calls} by UTC date; every read-modify-write happens under an
exclusive `fcntl.flock` on a sibling lock file and lands by atomic replace, so two processes never lose
a count. It refuses to spend past the limit (DailyLimitReached) and is POSIX only. Replays never
spend: only a call about to be bought is recorded here.
"""

from __future__ import annotations

import fcntl
import json
import os
import threading
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path


class DailyLimitReached(RuntimeError):
    """Today's MAX_CALLS_PER_DAY would be exceeded."""


def utc_today() -> str:
    return datetime.now(UTC).date().isoformat()


class Ledger:
    """The daily call ledger at `path`: the calls each UTC day bought, and DailyLimitReached past
    `limit` (MAX_CALLS_PER_DAY; None for no limit)."""

    def __init__(self, path: Path, limit: int | None = None, *, today: Callable[[], str] = utc_today) -> None:
        self.path = Path(path)
        self.limit = limit
        self._today = today
        self._lock_path = self.path.with_name(self.path.name + ".lock")
        self._thread_lock = threading.Lock()

    @contextmanager
    def _locked(self) -> Iterator[None]:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self._thread_lock:
            fd = os.open(self._lock_path, os.O_CREAT | os.O_RDWR, 0o600)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                yield
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)
                os.close(fd)

    def _read(self) -> dict[str, int]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except ValueError as exc:
            raise RuntimeError(
                f"call ledger {self.path} is not valid JSON ({exc}); fix or delete it"
            ) from None
        return {k: int(v) for k, v in data.items()} if isinstance(data, dict) else {}

    def _write(self, counts: dict[str, int]) -> None:
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.{uuid.uuid4().hex}.tmp")
        with open(tmp, "w", encoding="utf-8") as handle:
            json.dump(counts, handle, indent=2, sort_keys=True)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, self.path)

    def spent_today(self) -> int:
        with self._locked():
            return self._read().get(self._today(), 0)

    def remaining(self) -> int | None:
        return None if self.limit is None else max(0, self.limit - self.spent_today())

    def spend(self, n: int = 1) -> None:
        """Record `n` calls for today, or raise DailyLimitReached (recording nothing) if that would
        pass the limit."""
        if n < 0:
            raise ValueError("cannot spend a negative number of calls")
        with self._locked():
            counts = self._read()
            today = self._today()
            used = counts.get(today, 0)
            if self.limit is not None and used + n > self.limit:
                raise DailyLimitReached(
                    f"MAX_CALLS_PER_DAY={self.limit} is spent for {today} (UTC): {used} calls made, "
                    f"{n} more requested. Raise MAX_CALLS_PER_DAY, wait for the next UTC day, or replay "
                    f"the cache without --record (replays cost nothing)."
                )
            counts[today] = used + n
            self._write(counts)
