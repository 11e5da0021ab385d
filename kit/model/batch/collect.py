"""Filing an ended batch's answers into the answer cache: each answered row becomes the entry a
single call would have written for its key (same key, same request fields, same completion shape),
plus the batch id, with the batch's wait as its latency. Rows that errored, expired, were refused by
the cache or never came back are not filed: their reason goes into the batch's record and the key
stays missing for a later --record to buy. It asks the provider nothing.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from kit.model.batch.jobs import Job, Jobs
from kit.model.batch.wire import Row, Status
from kit.model.cache import Cache, Uncacheable
from kit.model.providers.base import Completion, Request

FILED = "filed"


def request_of(fields: dict[str, Any]) -> Request:
    """The Request whose cache-key fields (kit.model.cache.key_fields) are `fields`."""
    return Request(
        messages=fields["messages"],
        model=fields["model"],
        max_tokens=fields["max_tokens"],
        temperature=fields["temperature"],
        schema=fields["schema"],
        repeat=fields["repeat"],
        response_format=fields["response_format"],
    )


def file_batch(
    cache: Cache, jobs: Jobs, job: Job, rows: list[Row], status: Status
) -> tuple[dict[str, str], dict[str, Completion]]:
    """File the rows of the ended `job` and close its record; returns each key's outcome ("filed" or
    why not) and the completions filed."""
    waited_ms = max(0.0, (time.time() - job.submitted_at) * 1000.0)
    answered = {row.key: row for row in rows if row.key in job.requests}
    ended = f"in batch {job.id} ({status.state}" + (f"; {status.note})" if status.note else ")")
    outcome: dict[str, str] = {}
    filed: dict[str, Completion] = {}
    for key, meta in job.requests.items():
        row = answered.get(key)
        if row is None or row.completion is None:
            outcome[key] = f"{ended}: " + (row.error if row is not None and row.error else "no answer for it")
            continue
        completion = replace(row.completion, latency_ms=waited_ms, batch=job.id)
        fields = meta["fields"]
        try:
            cache.put(key, completion, request=request_of(fields), provider=fields["provider"])
        except Uncacheable as err:
            outcome[key] = f"{ended}: {err}"
            continue
        outcome[key], filed[key] = FILED, completion
    jobs.close(job, outcome)
    return outcome, filed
