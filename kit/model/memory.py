"""An answer cache and a call ledger that live in memory, for the free runs against the loopback stub
(the stub arms and the stub-served injection arm): their calls cost nothing and are thrown away when
the session ends, so writing each one to disk (an entry, a claim lock, a ledger rewrite, each with an
fsync) only filled a shared folder, 58 files per record at the last count.

Same keys and the same rules as the disk cache: `put` refuses what Cache.put refuses and stores the
entry exactly as Cache.put would write it, and `get` reads it back through the same check, so the
paid path's wiring is proven up to the file system. It refuses to be used where answers are bought
for money: nothing here survives the process, and a purchase must be resumable.
"""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Iterator
from pathlib import Path

from kit.model.cache import Cache, _completion, entry_for
from kit.model.ledger import Ledger
from kit.model.providers.base import Completion, Request


class MemoryCache(Cache):
    """A Cache whose entries are kept in a dict. `root` names no folder that is ever written (a live
    batch is looked for under it and, as nothing is there, none is found)."""

    def __init__(self, root: Path = Path("memory-cache")) -> None:
        super().__init__(root)
        self._entries: dict[str, str] = {}
        self._lock = threading.Lock()

    def get(self, key: str) -> Completion | None:
        with self._lock:
            stored = self._entries.get(key)
        return None if stored is None else _completion(json.loads(stored), key)

    def put(
        self,
        key: str,
        completion: Completion,
        *,
        request: Request | None = None,
        provider: str | None = None,
    ) -> Path:
        entry = entry_for(key, completion, request, provider)
        with self._lock:
            self._entries[key] = json.dumps(entry)
        return self.path(key)

    @contextlib.contextmanager
    def claim(self, key: str) -> Iterator[None]:
        yield  # one process, and the runner buys each key once

    def __contains__(self, key: str) -> bool:
        with self._lock:
            return key in self._entries

    def count(self) -> int:
        with self._lock:
            return len(self._entries)


class MemoryLedger(Ledger):
    """A ledger with no limit whose count is kept in memory."""

    def __init__(self) -> None:
        super().__init__(Path("memory-ledger.json"))
        self.spent = 0

    def spent_today(self) -> int:
        with self._thread_lock:
            return self.spent

    def spend(self, n: int = 1) -> None:
        if n < 0:
            raise ValueError("cannot spend a negative number of calls")
        with self._thread_lock:
            self.spent += n
