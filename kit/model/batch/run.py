"""The batch path of a run (`--record --batch`), a sibling of the runner's single-call buying loop:
every key the cache lacks goes into provider batches instead of single calls. Before it submits, it
re-attaches to the live batches of the cache folder (kit.model.batch.jobs) and never submits a key that is
cached or already in one; it records each new batch before it waits; it checks with backoff, saying
how many rows are submitted, completed and failed and how long it has waited, and files each ended
batch into the cache (kit.model.batch.collect). `wait_s` bounds the wait (0: submit, check once, return);
what is still in flight is reported missing with the command that collects it. Ctrl-C stops the
waiting and cancels nothing. The per-day ledger counts every row submitted.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from kit.corpus import Record
from kit.model.batch.collect import FILED, file_batch
from kit.model.batch.formats import wire_for
from kit.model.batch.jobs import ENDED, Job, Jobs
from kit.model.batch.saving import said, saving
from kit.model.batch.wire import SETTINGS, Status, Wire, split
from kit.model.cache import key_fields
from kit.model.ledger import DailyLimitReached
from kit.model.providers import Completion, ProviderError, Request
from kit.model.runner import COLLECT_COMMAND, ArmRun, Call, plural

Todo = tuple[Record, Request, str]


def waits(first: float | None) -> Callable[[int], float]:
    """The wait before check n+1: kit/data/batch.json's backoff, scaled so it starts at `first`."""
    poll = SETTINGS["poll"]
    scale = 1.0 if first is None else first / poll["first_s"]
    return lambda n: scale * min(poll["max_s"], poll["first_s"] * poll["factor"] ** n)


def batches(count: int) -> str:
    return "1 batch" if count == 1 else f"{count} batches"


def clock(seconds: float) -> str:
    """ "42s", "3m05s", "2h10m"."""
    whole = int(seconds)
    if whole < 60:
        return f"{seconds:.1f}s" if seconds < 10 else f"{whole}s"
    if whole < 3600:
        return f"{whole // 60}m{whole % 60:02d}s"
    return f"{whole // 3600}h{whole % 3600 // 60:02d}m"


@dataclass
class BatchArmRun(ArmRun):
    """An ArmRun that buys through the provider's batch API; `wait_s` None waits until every batch
    it needs has ended."""

    wait_s: float | None = None
    sleep: Callable[[float], object] = time.sleep
    _filed: dict[str, Completion] = field(default_factory=dict, init=False)
    _failed: dict[str, str] = field(default_factory=dict, init=False)

    def _outside_batches(self, todo: list[Todo]) -> tuple[list[Todo], list[Call]]:
        return todo, []  # a key in a live batch is this path's to collect

    def _buy(self, todo: list[Todo]) -> list[Call]:
        jobs = Jobs(self.cache.root)
        wire = wire_for(self.make_provider())
        refused: dict[str, str] = {}
        with jobs.locked():
            live = jobs.live()
            in_flight = {key for job in live for key in job.requests}
            ours = {key for _, _, key in todo}
            attached = [job for job in live if ours & set(job.requests)]
            unique: dict[str, Todo] = {}
            for item in todo:  # one text twice is one request (a batch refuses a repeated custom_id)
                unique.setdefault(item[2], item)
            fresh = [item for key, item in unique.items() if key not in in_flight and key not in self.cache]
            fresh, refused = self._allowed(fresh)
            submitted = self._submit(jobs, wire, fresh)
        if attached:
            keys = sum(len(job.requests) for job in attached)
            self.progress(f"batch: re-attached to {batches(len(attached))} in flight ({keys} rows)")
        self._wait(jobs, wire, attached + submitted)
        calls = [self._call(rec, request, key, refused, jobs) for rec, request, key in todo]
        if self._filed:
            self.progress(said(saving(calls, self.card)))
        return calls

    def _allowed(self, fresh: list[Todo]) -> tuple[list[Todo], dict[str, str]]:
        """What today's call limit lets this run submit (each row counts as a call), and why the rest not."""
        left = self.ledger.remaining()
        allowed = len(fresh) if left is None else min(len(fresh), left)
        try:
            self.ledger.spend(allowed)
        except DailyLimitReached as err:
            return [], {key: str(err) for _, _, key in fresh}
        why = f"MAX_CALLS_PER_DAY ({self.ledger.limit}) is spent for today; not submitted"
        return fresh[:allowed], {key: why for _, _, key in fresh[allowed:]}

    def _submit(self, jobs: Jobs, wire: Wire, fresh: list[Todo]) -> list[Job]:
        """Send `fresh` in as many batches as the provider's limits need, each recorded as it is made."""
        lines = [(key, wire.line(key, request)) for _, request, key in fresh]
        meta = {key: (rec.id, request) for rec, request, key in fresh}
        made: list[Job] = []
        groups = split(lines, wire.limits)
        for n, group in enumerate(groups):
            try:
                batch_id = wire.submit([line for _, line in group])
            except ProviderError as err:  # the rest would be refused alike: none is sent
                unsent = [key for rest in groups[n:] for key, _ in rest]
                self._failed.update({key: f"not submitted: {err}" for key in unsent})
                self.progress(f"batch: {plural(len(unsent), 'request')} not submitted: {err}")
                break
            requests = {
                key: {
                    "record": meta[key][0],
                    "repeat": meta[key][1].repeat,
                    "fields": key_fields(meta[key][1], self.config.provider),
                }
                for key, _ in group
            }
            job = Job(batch_id, wire.family, self.config.endpoint, self.config.model, time.time(), requests)
            jobs.save(job)
            made.append(job)
        if made:
            ids = ", ".join(job.id for job in made)
            sent = plural(sum(len(job.requests) for job in made), "request")
            self.progress(f"batch: submitted {sent} in {batches(len(made))} ({ids})")
        return made

    def _wait(self, jobs: Jobs, wire: Wire, pending: list[Job]) -> None:
        """Check the batches with backoff until all have ended or `wait_s` has passed, filing each as
        it ends. Ctrl-C stops the waiting (nothing is cancelled) and says how to collect later."""
        started, n = time.monotonic(), 0
        delay = waits(self.config.batch_poll_s)
        seen: dict[str, Status] = {}
        try:
            while pending:
                for job in list(pending):
                    status = self._check(wire, job)
                    if status is None:
                        continue
                    seen[job.id] = status
                    if status.ended and self._file(jobs, wire, job, status):
                        pending.remove(job)
                elapsed = time.monotonic() - started
                left = None if self.wait_s is None else self.wait_s - elapsed
                nap = delay(n) if left is None else min(delay(n), left)
                self.progress(self._line(seen, pending, elapsed, nap if pending and nap > 0 else None))
                if not pending or nap <= 0:
                    break
                self.sleep(nap)
                n += 1
        except KeyboardInterrupt:
            self.progress(
                f"Ctrl-C: stopped waiting; nothing was cancelled: {batches(len(pending))} still run "
                f"at the provider ({', '.join(job.id for job in pending)}). Collect them later with "
                f"`{COLLECT_COMMAND}`"
            )
            raise
        if pending:
            self.progress(
                f"batch: stopped waiting after {clock(time.monotonic() - started)}; {batches(len(pending))} "
                f"in flight; collect later with `{COLLECT_COMMAND}`"
            )

    def _check(self, wire: Wire, job: Job) -> Status | None:
        try:
            return wire.status(job.id)
        except ProviderError as err:
            self.progress(f"batch: could not check {job.id} ({err}); checking again later")
            return None

    def _file(self, jobs: Jobs, wire: Wire, job: Job, status: Status) -> bool:
        """File the ended `job`, unless another process sharing the folder has (its answers then
        replay from the cache); False when its results could not be read (it stays in flight)."""
        with jobs.locked():
            current = jobs.load(job.id)
            if current is not None and current.state == ENDED:
                self._failed.update({key: why for key, why in current.outcome.items() if why != FILED})
                return True
            try:
                rows = wire.rows(job.id, status)
            except ProviderError as err:
                self.progress(f"batch: could not read the results of {job.id} ({err}); it stays in flight")
                return False
            asked = dict(job.requests)  # filing closes the record, which then keeps only the outcomes
            outcome, filed = file_batch(self.cache, jobs, job, rows, status)
        self._filed.update(filed)
        self._failed.update({key: why for key, why in outcome.items() if why != FILED})
        for key, why in outcome.items():
            if why != FILED:
                meta = asked.get(key) or {}
                self.progress(f"batch: {meta.get('record', key[:12])} r{meta.get('repeat', 0)} failed: {why}")
        return True

    @staticmethod
    def _line(seen: dict[str, Status], pending: list[Job], elapsed: float, nap: float | None) -> str:
        total = sum(s.total for s in seen.values())
        done = sum(s.completed for s in seen.values())
        failed = sum(s.failed for s in seen.values())
        after = f"; next check in {clock(nap)}" if nap is not None else ""
        return (
            f"batch: {batches(len(seen))}, {total} submitted, {done} completed, {failed} failed, "
            f"{len(pending)} in flight, {clock(elapsed)} elapsed{after}"
        )

    def _call(self, rec: Record, request: Request, key: str, refused: dict[str, str], jobs: Jobs) -> Call:
        if key in self._filed:
            return self._done(rec.id, request.repeat, key, "bought", self._filed[key].to_dict())
        if key in self._failed or key in refused:
            return Call(rec.id, request.repeat, key, "failed", error=self._failed.get(key) or refused[key])
        hit = self.cache.get(key)  # filed meanwhile by another process sharing the folder
        if hit is not None:
            return self._done(rec.id, request.repeat, key, "replayed", hit.to_dict())
        where = jobs.in_flight().get(key, "a batch")
        return Call(
            rec.id,
            request.repeat,
            key,
            "missing",
            error=f"in {where}, not ended yet; run `{COLLECT_COMMAND}` to collect it",
        )
