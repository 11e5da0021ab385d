"""Runs a model arm over a corpus: one call per record (and per repeat), through the cache.

With `record=True` it buys what the cache lacks, and only that, so a run killed part-way resumes
where it stopped; with `record=False` it replays and makes no request at all, and a record with no
cached answer is reported as missing with the command that buys it. Purchases run concurrently
(EVAL_WORKERS), respect the per-day ledger and the shared rate limiter, and report progress, one
line per call with that call's own latency (and the limiter's 429s, pauses and concurrency once the
server has refused). A failure wrong for every request (a rejected key, no access, a wrong URL,
an exhausted quota, a refused response format, nothing listening) stops the purchase: the calls not
yet sent fail "not sent"; the refusal of one request (kit.model.providers.refusals) is that record's
failed call only, and the others are still bought. Every reply goes through kit.model.reply.parse,
once per call; nothing here grades, judges or sums up a run (kit.model.telemetry does that from the
outcome). With a redactor (kit.guard.redact) each record is redacted before its prompt is built, so
the cache key and the cache file see only the redacted request, and the outcome maps every answer
back to the record before anyone reads it; a record whose redacted text still carries an identifier
its fields name is refused by the egress gate and not sent (a failed call naming the record and the
types, never the value). Before any call the units the document scan flags are withheld, unless the
configuration sends them verbatim (SEND_FLAGGED); what each record's guards did, what was withheld
and why, and how long each guard took, go into the outcome (kit.model.outgoing).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from functools import cached_property
from pathlib import Path
from typing import Any

from kit.corpus import Record
from kit.files import write_json_atomic
from kit.guard import Redactor, scan
from kit.model import outgoing, pricing, prompt, reply
from kit.model.batch.jobs import Jobs
from kit.model.cache import BUY_COMMAND, Cache, Uncacheable, cache_key
from kit.model.config import Config
from kit.model.elsewhere import Elsewhere, Finder, miss_message, summary
from kit.model.flagged import DEFAULT_FROM, WITHHOLD
from kit.model.ledger import DailyLimitReached, Ledger
from kit.model.providers import (
    LIMITER,
    FatalProviderError,
    Limiter,
    Provider,
    ProviderError,
    Request,
    RequestRefused,
    Usage,
)
from kit.model.providers.limiter import Mark
from kit.rules import Answer

COLLECT_COMMAND = f"{BUY_COMMAND} --batch"


def tally(calls: list[Call]) -> str:
    """ "replayed 58, bought 0, missing 2": where this run's answers came from."""
    counts = {status: sum(c.status == status for c in calls) for status in ("replayed", "bought", "missing")}
    failed = sum(c.status == "failed" for c in calls)
    return ", ".join(f"{s} {n}" for s, n in counts.items()) + (f", failed {failed}" if failed else "")


def plural(count: int, word: str) -> str:
    """ "1 call", "2 calls"."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


@dataclass
class Call:
    """One record's call at one repeat index: where the answer came from and what it cost (`price`:
    when it was priced, on which card, and its time-of-day window; kit.model.pricing.of_call)."""

    record_id: str
    repeat: int
    key: str
    status: str  # "bought", "replayed", "missing", "failed"
    completion: dict[str, Any] | None = None
    error: str | None = None
    cost_usd: float | None = None
    retries: int = 0
    price: dict[str, Any] | None = None

    @property
    def answered(self) -> bool:
        return self.status in ("bought", "replayed")

    @cached_property
    def answer(self) -> Answer | None:
        """The reply as parsed, once per call; None for a call with no reply."""
        return reply.parse(self.completion["text"]) if self.answered and self.completion else None


@dataclass
class RunOutcome:
    """Every call of a run, what the run did with flagged units (SEND_FLAGGED and where that came from),
    the scan's flags and each record's log of what was sent (kit.model.outgoing) by record id, and the
    rate limiter's figures."""

    calls: list[Call] = field(default_factory=list)
    send_flagged: str = WITHHOLD
    send_flagged_from: str = DEFAULT_FROM
    flags: dict[str, list[str]] = field(default_factory=dict)
    sent: dict[str, dict[str, Any]] = field(default_factory=dict)
    rate_limit: dict[str, Any] = field(default_factory=dict)
    # Maps a parsed answer back to the original record (kit.guard.redact); in memory only, never saved.
    restore: Callable[[str, Answer], Answer] | None = field(default=None, repr=False, compare=False)

    def save(self, path: Path) -> None:
        """Write the outcome as JSON (atomically), so another xdist worker can load it."""
        body = {
            "calls": [asdict(c) for c in self.calls],
            "send_flagged": self.send_flagged,
            "send_flagged_from": self.send_flagged_from,
            "flags": self.flags,
            "sent": self.sent,
            "rate_limit": self.rate_limit,
        }
        write_json_atomic(path, body)

    @classmethod
    def load(cls, path: Path) -> RunOutcome:
        body = json.loads(path.read_text(encoding="utf-8"))
        return cls([Call(**c) for c in body.pop("calls")], **body)

    def answers(self, repeat: int = 0) -> dict[str, Answer]:
        """Parsed answers at one repeat index, for the records that have one (restored when redacted)."""
        found = {c.record_id: c.answer for c in self.calls if c.repeat == repeat and c.answer is not None}
        return found if self.restore is None else {rid: self.restore(rid, a) for rid, a in found.items()}

    def by_record(self, repeat: int = 0) -> dict[str, Call]:
        return {c.record_id: c for c in self.calls if c.repeat == repeat}


def request_for(text: str, config: Config, repeat: int, schema: dict | None) -> Request:
    """The request for one record text: the static prefix as the system message, the record as the
    user one; token limit, response format and reasoning effort from the configuration."""
    return Request(
        messages=prompt.build(text).messages(),
        model=config.model,
        max_tokens=config.max_tokens,
        temperature=0.0,
        schema=schema,
        repeat=repeat,
        response_format=config.response_format,
        reasoning_effort=config.reasoning_effort,
    )


@dataclass
class ArmRun:
    """Everything one run of a model arm needs; `provider` is only built when a call is bought."""

    config: Config
    cache: Cache
    ledger: Ledger
    record: bool
    make_provider: Callable[[], Provider]
    repeat: int = 1
    use_schema: bool = True
    progress: Callable[[str], None] = lambda line: None
    limiter: Limiter = LIMITER
    redactor: Redactor | None = None  # redact each record before its prompt is built (kit.guard.redact)
    clock: Callable[[], datetime] = lambda: datetime.now(UTC)  # when a call is sent, for its price
    _fatal: str | None = field(default=None, init=False)
    _stopping: bool = field(default=False, init=False)
    _rate_limit: dict[str, Any] = field(default_factory=dict, init=False)

    def _outgoing(self, rec: Record, outcome: RunOutcome) -> outgoing.Outgoing:
        """The record through the guards before any call (redaction when the run redacts, the document
        scan withholding what it flags unless the configuration sends it verbatim, the egress gate);
        its flags and its log of what was sent go into the outcome."""
        out = outgoing.prepare(rec.id, rec.text, self.redactor, self.config.withholds)
        if out.flags:
            outcome.flags[rec.id] = scan.report(out.flags)
        outcome.sent[rec.id] = out.log
        return out

    def restorer(self, records: list[Record]) -> Callable[[str, Answer], Answer] | None:
        """What maps this run's answers back to `records` (None when it does not redact)."""
        return None if self.redactor is None else self.redactor.restorer(records)

    def run(self, records: list[Record]) -> RunOutcome:
        schema = reply.schema() if self.use_schema else None
        todo: list[tuple[Record, Request, str]] = []
        outcome = RunOutcome(
            send_flagged=self.config.send_flagged,
            send_flagged_from=self.config.send_flagged_from,
            restore=self.restorer(records),
        )
        elsewhere: list[Elsewhere] = []
        for rec in records:
            out = self._outgoing(rec, outcome)
            refused = out.refused
            for n in range(self.repeat):
                request = request_for(out.text, self.config, n, schema)
                key = cache_key(request, self.config.provider, self.config.endpoint)
                hit = None if refused else self.cache.get(key)
                if refused:
                    outcome.calls.append(Call(rec.id, n, key, "failed", error=refused))
                elif hit is not None:
                    outcome.calls.append(self._done(rec.id, n, key, "replayed", hit.to_dict()))
                elif self.record:
                    todo.append((rec, request, key))
                else:
                    found = self._finder.lookup(request, self.config.provider, self.config.endpoint)
                    elsewhere += found[:1]
                    outcome.calls.append(Call(rec.id, n, key, "missing", error=miss_message(found)))
        todo, waiting = self._outside_batches(todo)
        outcome.calls += waiting
        if todo:
            outcome.calls += self._buy(todo)
            outcome.rate_limit = self._rate_limit
        order = {rec.id: i for i, rec in enumerate(records)}
        outcome.calls.sort(key=lambda c: (order[c.record_id], c.repeat))
        if not todo:  # a replay: its one line (a purchase has reported call by call)
            self.progress(tally(outcome.calls) + (f"; {summary(elsewhere)}" if elsewhere else ""))
        return outcome

    @cached_property
    def _finder(self) -> Finder:
        return Finder(self.cache.root)

    def _outside_batches(self, todo: list[tuple[Record, Request, str]]) -> tuple[list, list[Call]]:
        """The calls to buy one by one, and a missing call for each key a live batch will answer
        (kit.model.batch.jobs): buying it again would pay twice."""
        live = Jobs(self.cache.root).in_flight()
        waiting = [
            Call(rec.id, req.repeat, key, "missing", error=f"in batch {live[key]}, not collected yet; run "
                 f"`{COLLECT_COMMAND}` to collect it")
            for rec, req, key in todo
            if key in live
        ]
        return [item for item in todo if item[2] not in live], waiting

    @cached_property
    def card(self) -> pricing.Card:
        """The card this run's calls are priced on (the user's table over genai-prices)."""
        return pricing.find(self.config.model, self.config.prices, self.config.provider, self.config.base_url)

    def _done(self, rid: str, repeat: int, key: str, status: str, completion: dict[str, Any]) -> Call:
        """The answered call, priced at the time it was sent (a batch answer filed without one, now)."""
        batched = completion.get("batch") is not None
        at = pricing.when(completion.get("requested_at")) or self.clock()
        price = pricing.of_call(self.card, Usage(**completion["usage"]), at, batched)
        retries = completion.get("retries", 0)
        return Call(rid, repeat, key, status, completion, cost_usd=price["usd"], retries=retries, price=price)

    def _buy(self, todo: list[tuple[Record, Request, str]]) -> list[Call]:
        remaining = self.ledger.remaining()
        if remaining == 0:
            raise DailyLimitReached(
                f"MAX_CALLS_PER_DAY ({self.ledger.limit}) is spent for today; {plural(len(todo), 'call')} "
                f"still to buy. Raise the limit or run again tomorrow; cached answers replay without it."
            )
        provider = self.make_provider()
        self.limiter.configure(self.config.eval_workers, self.config.endpoint)
        mark = self.limiter.mark()
        started = time.perf_counter()
        calls: list[Call] = []
        workers = plural(self.config.eval_workers, "worker")
        self.progress(f"buying {plural(len(todo), 'call')} with {workers}")
        pool = ThreadPoolExecutor(max_workers=self.config.eval_workers)
        futures = [pool.submit(self._timed, provider, *item) for item in todo]
        try:
            for n, future in enumerate(as_completed(futures), start=1):
                call, took = future.result()
                calls.append(call)
                note = progress_note(call, took) + _limiter_note(self.limiter, mark)
                self.progress(f"[{n}/{len(todo)}] {call.record_id} r{call.repeat} {note}")
        except KeyboardInterrupt:
            self._stop_buying(provider, pool, futures)
            raise
        finally:
            pool.shutdown(wait=True, cancel_futures=True)
        self._rate_limit = {"seconds": round(time.perf_counter() - started, 2), **self.limiter.figures(mark)}
        return calls

    def _stop_buying(
        self, provider: Provider, pool: ThreadPoolExecutor, futures: list[Future[tuple[Call, float]]]
    ) -> None:
        """Ctrl-C: start no new request (queued calls are cancelled, retries refused), let the calls
        already on the wire finish and be cached, then say what was bought."""
        self._stopping = True
        provider.stop_sending()
        self.progress("Ctrl-C: stopping; no new request will start, waiting for the calls in flight")
        pool.shutdown(wait=True, cancel_futures=True)
        finished = [f.result()[0] for f in futures if f.done() and not f.cancelled()]
        bought = sum(1 for call in finished if call.status == "bought")
        self.progress(
            f"stopped by Ctrl-C: {plural(bought, 'call')} of {len(futures)} bought and cached, "
            f"{len(futures) - bought} not bought; run `{BUY_COMMAND}` again to buy the rest"
        )

    def _timed(self, provider: Provider, rec: Record, request: Request, key: str) -> tuple[Call, float]:
        """The call and its own wall time in seconds (waiting for a throttle slot included)."""
        start = time.perf_counter()
        call = self._buy_one(provider, rec, request, key)
        return call, time.perf_counter() - start

    def _buy_one(self, provider: Provider, rec: Record, request: Request, key: str) -> Call:
        if self._stopping:
            return Call(rec.id, request.repeat, key, "failed", error="not sent: buying was stopped (Ctrl-C)")
        if self._fatal is not None:
            return Call(rec.id, request.repeat, key, "failed", error=f"not sent: {self._fatal}")
        with self.cache.claim(key):  # another process buying this key finishes (and caches) first
            hit = self.cache.get(key)
            if hit is not None:
                return self._done(rec.id, request.repeat, key, "replayed", hit.to_dict())
            return self._send(provider, rec, request, key)

    def _send(self, provider: Provider, rec: Record, request: Request, key: str) -> Call:
        try:
            self.ledger.spend()
        except DailyLimitReached as err:
            return Call(rec.id, request.repeat, key, "failed", error=str(err))
        try:
            with self.limiter.slot():
                sent_at = self.clock()
                completion = provider.complete(request)
        except RequestRefused as err:  # this record's failure alone: the others are still bought
            return Call(rec.id, request.repeat, key, "failed", error=str(err), retries=err.retries)
        except FatalProviderError as err:  # wrong for every request: none of the rest is sent
            self._fatal = str(err)
            return Call(rec.id, request.repeat, key, "failed", error=str(err), retries=err.retries)
        except ProviderError as err:
            return Call(rec.id, request.repeat, key, "failed", error=str(err), retries=err.retries)
        completion.requested_at = pricing.stamp(sent_at)
        data = completion.to_dict()
        try:
            self.cache.put(key, completion, request=request, provider=self.config.provider)
        except Uncacheable as err:
            return Call(rec.id, request.repeat, key, "failed", data, error=str(err))
        return self._done(rec.id, request.repeat, key, "bought", data)


def progress_note(call: Call, took: float) -> str:
    """ "bought in 12.3s (finish_reason=stop, 251 output tokens)", or the failure and what it said. The
    latency is the call's own (the provider's measure when it answered), not time since the batch."""
    if call.completion:
        took = call.completion["latency_ms"] / 1000.0
    note = f"{call.status} in {took:.1f}s"
    if call.completion:
        tokens = (call.completion.get("usage") or {}).get("output_tokens")
        counted = "" if tokens is None else f", {plural(tokens, 'output token')}"
        note += f" (finish_reason={call.completion.get('finish_reason')}{counted})"
    if call.status == "failed" and call.error:
        note += f": {call.error}"
    return note


def _limiter_note(limiter: Limiter, mark: Mark) -> str:
    """The limiter's figures for a progress line, once the server has refused something."""
    seen = limiter.figures(mark)
    if not seen["refused_429"]:
        return ""
    pace = f", pace {seen['pace_per_min']:g}/min" if seen["pace_per_min"] is not None else ""
    return (
        f"; 429s {seen['refused_429']}, paused {seen['paused_s']:.1f}s, "
        f"concurrency {seen['concurrency']}{pace}"
    )
