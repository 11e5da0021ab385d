"""The on-disk record of batches submitted to a provider, under the answer cache's folder
(<cache>/batches/<batch id>.json), so a run killed while it waits can re-attach and a run on another
machine sharing the folder sees them. A live record holds, per key, the record id, repeat and the
cache-key fields of its request (so its answers can be filed by whichever run collects them); an
ended one keeps only each key's outcome (filed, or why not).

Records are written atomically; submitting and filing take a folder-wide lock (`Jobs.locked`), so
two processes never put one key in two live batches nor file one batch twice. It makes no network
call and never cancels or deletes a batch.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from kit.files import exclusive, write_json_atomic

FOLDER = "batches"
LIVE, ENDED = "live", "ended"


@dataclass
class Job:
    """One provider batch: its id, the wire it was sent on, where and with which model, when, and
    per key {"record", "repeat", "fields"} (live) or per key its outcome (ended)."""

    id: str
    wire: str
    endpoint: str | None
    model: str
    submitted_at: float
    requests: dict[str, dict[str, Any]] = field(default_factory=dict)
    state: str = LIVE
    outcome: dict[str, str] = field(default_factory=dict)


class Jobs:
    """The batch records of one answer cache folder."""

    def __init__(self, cache_root: Path) -> None:
        self.folder = Path(cache_root) / FOLDER

    def path(self, batch_id: str) -> Path:
        safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in batch_id)
        return self.folder / f"{safe}.json"

    @contextmanager
    def locked(self) -> Iterator[None]:
        """One process at a time decides what to submit and records it, or files an ended batch."""
        with exclusive(self.folder / ".jobs.lock"):
            yield

    def load(self, batch_id: str) -> Job | None:
        try:
            return Job(**json.loads(self.path(batch_id).read_text(encoding="utf-8")))
        except (OSError, ValueError, TypeError):
            return None

    def save(self, job: Job) -> None:
        write_json_atomic(self.path(job.id), asdict(job))

    def all(self) -> list[Job]:
        paths = sorted(self.folder.glob("*.json")) if self.folder.is_dir() else []
        read = [self.load(path.stem) for path in paths]  # one that cannot be read is left for a person
        return sorted((job for job in read if job is not None), key=lambda job: job.submitted_at)

    def live(self) -> list[Job]:
        return [job for job in self.all() if job.state == LIVE]

    def in_flight(self) -> dict[str, str]:
        """Every key in a live batch, with that batch's id."""
        return {key: job.id for job in self.live() for key in job.requests}

    def close(self, job: Job, outcome: dict[str, str]) -> None:
        """Mark `job` ended with each key's outcome ("filed" or why not); its request fields go."""
        job.state, job.outcome, job.requests = ENDED, outcome, {}
        self.save(job)
