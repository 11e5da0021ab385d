"""A measurement computed once per pytest session and shared by its xdist workers: the first worker
to ask for it computes it under a file lock and leaves it pickled in a folder every worker of the run
sees; the others load it. Each value is keyed by its name, the corpus's content hash, the kit's code
(every file of the package) and the settings it was scored with, so a value computed on other code,
another corpus or other settings is never handed back.

It measures nothing itself: a computation that writes a result file writes it once, in the worker
that computes. It keeps nothing past the session's temporary folders, and a value that cannot be
pickled is refused with its name.
"""

from __future__ import annotations

import functools
import hashlib
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from kit.files import exclusive

T = TypeVar("T")
PACKAGE = Path(__file__).resolve().parents[1]


@functools.lru_cache(maxsize=1)
def code_version() -> str:
    """A hash of every file of the kit package (its code and its data), caches left out."""
    digest = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(str(path.relative_to(PACKAGE)).encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


class Once:
    """Values computed once for every process that shares `folder`, keyed by `key_parts` (what the
    computations depend on besides their name: corpus hash, settings) and the kit's code version."""

    def __init__(self, folder: Path, *key_parts: Any) -> None:
        self.folder = folder
        self.key = repr((code_version(), *key_parts))
        self.done: dict[str, Any] = {}

    def path(self, name: str) -> Path:
        digest = hashlib.sha256(f"{name}\0{self.key}".encode()).hexdigest()[:20]
        return self.folder / f"{digest}.pickle"

    def get(self, name: str, compute: Callable[[], T]) -> T:
        """`compute()`'s value, computed by the first process to ask and loaded by the others."""
        if name not in self.done:
            saved = self.path(name)
            with exclusive(saved.with_suffix(".lock")):
                if saved.exists():
                    self.done[name] = pickle.loads(saved.read_bytes())
                else:
                    self.done[name] = compute()
                    _save(saved, name, self.done[name])
        return self.done[name]


def _save(path: Path, name: str, value: Any) -> None:
    try:
        body = pickle.dumps(value)
    except (pickle.PicklingError, TypeError, AttributeError) as err:
        raise TypeError(f"{name}: its value cannot be shared between workers ({err})") from err
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(body)
    tmp.replace(path)
