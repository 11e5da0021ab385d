"""Runs a model arm over a corpus: one call per record (and per repeat), through the cache.

With `record=True` it buys what the cache lacks, and only that, so a run killed part-way resumes
where it stopped; with `record=False` it replays and makes no request at all, and a record with no
cached answer is reported as missing with the command that buys it. Purchases run concurrently
(EVAL_WORKERS), respect the per-day ledger and the shared rate limiter, and report progress (with
the limiter's 429s, pauses and concurrency once the server has refused).
Every reply goes through kit.reply.parse; nothing here grades or judges.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from kit import elements, prompt, reply, scan
from kit.answer import Answer
from kit.cache import Cache, Uncacheable, cache_key
from kit.config import Config, cost_usd
from kit.corpus.load import Record
from kit.files import write_json_atomic
from kit.ledger import DailyLimitReached, Ledger
from kit.providers import LIMITER, FatalProviderError, Limiter, Provider, ProviderError, Request, Usage
from kit.providers.limiter import Mark

BUY_COMMAND = "pytest -m paid --record"


@dataclass
class Call:
    """One record's call at one repeat index: where the answer came from and what it cost."""

    record_id: str
    repeat: int
    key: str
    status: str  # "bought", "replayed", "missing", "failed"
    completion: dict[str, Any] | None = None
    error: str | None = None
    cost_usd: float | None = None
    retries: int = 0

    @property
    def answered(self) -> bool:
        return self.status in ("bought", "replayed")


@dataclass
class RunOutcome:
    calls: list[Call] = field(default_factory=list)
    quarantine: bool = False
    flags: dict[str, list[str]] = field(default_factory=dict)
    rate_limit: dict[str, Any] = field(default_factory=dict)

    def save(self, path: Path) -> None:
        """Write the outcome as JSON (atomically), so another xdist worker can load it."""
        body = {
            "calls": [asdict(c) for c in self.calls],
            "quarantine": self.quarantine,
            "flags": self.flags,
            "rate_limit": self.rate_limit,
        }
        write_json_atomic(path, body)

    @classmethod
    def load(cls, path: Path) -> RunOutcome:
        body = json.loads(path.read_text(encoding="utf-8"))
        return cls([Call(**c) for c in body["calls"]], body["quarantine"], body["flags"], body["rate_limit"])

    def answers(self, repeat: int = 0) -> dict[str, Answer]:
        """Parsed answers at one repeat index, for the records that have one."""
        return {
            c.record_id: reply.parse(c.completion["text"])
            for c in self.calls
            if c.repeat == repeat and c.answered and c.completion
        }

    def by_record(self, repeat: int = 0) -> dict[str, Call]:
        return {c.record_id: c for c in self.calls if c.repeat == repeat}

    def telemetry(self) -> dict[str, Any]:
        """Calls, failures, retries, latency, tokens and cost, in total and per record; for a purchase,
        its wall time and what the rate limiter did (429s, seconds paused, settled concurrency)."""
        done = [c for c in self.calls if c.answered and c.completion]
        latencies = sorted(c.completion["latency_ms"] for c in done)

        def total(name: str) -> int | None:
            values = [c.completion["usage"].get(name) for c in done]
            return sum(v for v in values if v is not None) if any(v is not None for v in values) else None

        costs = [c.cost_usd for c in done]
        return {
            "calls": len(self.calls),
            "bought": sum(1 for c in self.calls if c.status == "bought"),
            "replayed": sum(1 for c in self.calls if c.status == "replayed"),
            "missing": sum(1 for c in self.calls if c.status == "missing"),
            "failures": sum(1 for c in self.calls if c.status == "failed"),
            "retries": sum(c.retries for c in self.calls),
            "latency_ms": {
                "p50": statistics.median(latencies) if latencies else None,
                "p95": _percentile(latencies, 0.95),
                "max": latencies[-1] if latencies else None,
            },
            "tokens": {
                "input": total("input_tokens"),
                "cached_input": total("cached_input_tokens"),
                "output": total("output_tokens"),
                "reasoning": total("reasoning_tokens"),
            },
            "cost_usd": sum(costs) if costs and all(c is not None for c in costs) else None,
            "rate_limit": self.rate_limit,
            "scan": {
                "quarantine": self.quarantine,
                "flagged_records": len(self.flags),
                "flags": self.flags,
            },
            "per_call": [
                {
                    "record": c.record_id,
                    "repeat": c.repeat,
                    "status": c.status,
                    "error": c.error,
                    "latency_ms": c.completion["latency_ms"] if c.completion else None,
                    "usage": c.completion["usage"] if c.completion else None,
                    "finish_reason": c.completion.get("finish_reason") if c.completion else None,
                    "retries": c.retries,
                    "cost_usd": c.cost_usd,
                }
                for c in self.calls
            ],
        }


def _percentile(sorted_values: list[float], q: float) -> float | None:
    if not sorted_values:
        return None
    index = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[index]


def request_for(text: str, config: Config, repeat: int, schema: dict | None, max_tokens: int) -> Request:
    """The request for one record text: the static prefix as the system message, the record as the
    user one."""
    return Request(
        messages=prompt.build(text).messages(),
        model=config.model,
        max_tokens=max_tokens,
        temperature=0.0,
        schema=schema,
        repeat=repeat,
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
    max_tokens: int = 4096
    progress: Callable[[str], None] = lambda line: None
    quarantine: bool = False
    limiter: Limiter = LIMITER
    _fatal: str | None = field(default=None, init=False)
    _rate_limit: dict[str, Any] = field(default_factory=dict, init=False)

    def _seen(self, rec: Record, outcome: RunOutcome) -> str:
        """The document scan, before any call: flags are recorded, and with quarantine on the flagged
        lines are withheld from the text the model sees."""
        flags = scan.scan(rec.text)
        if flags:
            outcome.flags[rec.id] = scan.report(flags)
        return scan.quarantine(rec.text, flags) if self.quarantine else rec.text

    def run(self, records: list[Record]) -> RunOutcome:
        schema = reply.schema() if self.use_schema else None
        todo: list[tuple[Record, Request, str]] = []
        outcome = RunOutcome(quarantine=self.quarantine)
        for rec in records:
            text = self._seen(rec, outcome)
            for n in range(self.repeat):
                request = request_for(text, self.config, n, schema, self.max_tokens)
                key = cache_key(request, self.config.provider)
                hit = self.cache.get(key)
                if hit is not None:
                    outcome.calls.append(self._done(rec.id, n, key, "replayed", hit.to_dict()))
                elif self.record:
                    todo.append((rec, request, key))
                else:
                    outcome.calls.append(
                        Call(
                            rec.id,
                            n,
                            key,
                            "missing",
                            error=f"no cached answer; run `{BUY_COMMAND}` to buy it",
                        )
                    )
        if todo:
            outcome.calls += self._buy(todo)
            outcome.rate_limit = self._rate_limit
        order = {rec.id: i for i, rec in enumerate(records)}
        outcome.calls.sort(key=lambda c: (order[c.record_id], c.repeat))
        return outcome

    def _done(self, rid: str, repeat: int, key: str, status: str, completion: dict[str, Any]) -> Call:
        cost = cost_usd(Usage(**completion["usage"]), self.config.model, self.config.prices)
        return Call(rid, repeat, key, status, completion, cost_usd=cost, retries=completion.get("retries", 0))

    def _buy(self, todo: list[tuple[Record, Request, str]]) -> list[Call]:
        remaining = self.ledger.remaining()
        if remaining == 0:
            raise DailyLimitReached(
                f"MAX_CALLS_PER_DAY ({self.ledger.limit}) is spent for today; {len(todo)} calls still "
                f"to buy. Raise the limit or run again tomorrow; cached answers replay without it."
            )
        provider = self.make_provider()
        self.limiter.configure(self.config.eval_workers)
        mark = self.limiter.mark()
        started = time.perf_counter()
        calls: list[Call] = []
        self.progress(f"buying {len(todo)} calls with {self.config.eval_workers} workers")
        with ThreadPoolExecutor(max_workers=self.config.eval_workers) as pool:
            futures = {pool.submit(self._buy_one, provider, *item): item for item in todo}
            for n, future in enumerate(as_completed(futures), start=1):
                call = future.result()
                calls.append(call)
                took = time.perf_counter() - started
                self.progress(
                    f"[{n}/{len(todo)}] {call.record_id} r{call.repeat} {call.status} ({took:.1f}s)"
                    + _limiter_note(self.limiter, mark)
                )
        self._rate_limit = {"seconds": round(time.perf_counter() - started, 2), **self.limiter.figures(mark)}
        return calls

    def _buy_one(self, provider: Provider, rec: Record, request: Request, key: str) -> Call:
        if self._fatal is not None:
            return Call(rec.id, request.repeat, key, "failed", error=f"not sent: {self._fatal}")
        try:
            self.ledger.spend()
        except DailyLimitReached as err:
            return Call(rec.id, request.repeat, key, "failed", error=str(err))
        try:
            with self.limiter.slot():
                completion = provider.complete(request)
        except FatalProviderError as err:
            self._fatal = str(err)
            return Call(rec.id, request.repeat, key, "failed", error=str(err), retries=err.retries)
        except ProviderError as err:
            return Call(rec.id, request.repeat, key, "failed", error=str(err), retries=err.retries)
        data = completion.to_dict()
        try:
            self.cache.put(key, completion, request=request, provider=self.config.provider)
        except Uncacheable as err:
            return Call(rec.id, request.repeat, key, "failed", data, error=str(err))
        return self._done(rec.id, request.repeat, key, "bought", data)


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


def agreement(outcome: RunOutcome, repeats: int) -> dict[str, Any] | None:
    """How often independent repeats agree, per element finding and on the verdict."""
    if repeats < 2:
        return None
    per_repeat = [outcome.answers(n) for n in range(repeats)]
    ids = sorted(set.intersection(*(set(a) for a in per_repeat))) if per_repeat else []
    result: dict[str, Any] = {"records": len(ids), "repeats": repeats}
    for element in elements.ELEMENTS:
        same = sum(1 for rid in ids if len({a[rid].finding(element) for a in per_repeat}) == 1)
        result[element] = same
    result["support"] = sum(1 for rid in ids if len({a[rid].support for a in per_repeat}) == 1)
    return result


RECORDED = "recorded.json"


def remember(cache: Cache, config: Config) -> None:
    """Note which provider and model the cache was bought from (never the key or the URL), so a
    later replay on a machine with no configuration finds the same entries."""
    write_json_atomic(cache.root / RECORDED, {"provider": config.provider, "model": config.model})


def replay_config(cache: Cache, config: Config, configured: bool) -> Config:
    """The configuration a replay keys its lookups with: the user's own if they set MODEL, otherwise
    the provider and model the cache remembers from its last recording."""
    path = cache.root / RECORDED
    if configured or not path.is_file():
        return config
    noted = json.loads(path.read_text(encoding="utf-8"))
    return Config(
        provider=noted["provider"],
        base_url=config.base_url,
        model=noted["model"],
        api_key=None,
        eval_workers=config.eval_workers,
        max_calls_per_day=config.max_calls_per_day,
        prices=config.prices,
    )
