"""One arm's run from corpus to result file: answer every record, score the answers, write
results/<run-id>/<arm>.json and hand back the scored run (`run`). An arm is one of three kinds:

- `OfflineArm`: floor, always-present or oracle, answering directly;
- `StubArm`: an offline arm's replies served by a loopback stub and fetched through the whole paid
  path (prompt, HTTP, retries, cache, parser), with the faults asked for;
- `ModelArm`: a real model through the answer cache. It buys what the cache lacks only when the
  settings say `record` (one call at a time, or through the provider's batch API under `batch`);
  processes that share one folder (xdist workers) take turns under a file lock, and the first
  leaves its outcome there for the others, so no call is bought, retried or refused twice.
  It redacts as the configuration says (REDACT; kit.guard.redact), warning once per run when a hosted
  endpoint gets records unredacted, and withholds the units the document scan flags unless the
  configuration sends them verbatim (SEND_FLAGGED; a stub arm withholds too unless told otherwise).

A redacted run is scored on its answers mapped back to the records; its result file keeps the quotes
as the model wrote them, and its ledger of salted hashes goes to results/<run-id>/redaction-ledger/.

The pytest plugin's fixtures are built on it; a report or compare command outside the tests can use
it the same way. It judges no threshold (the tests do that), prints nothing, and imports nothing
from pytest.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Protocol

from kit.arms import arm as offline_arm
from kit.arms import served_replies
from kit.corpus import Corpus, Record
from kit.files import exclusive
from kit.guard import Redactor
from kit.measure import (
    Answerer,
    InjectionReport,
    RedactedRun,
    cost,
    injection_scoring,
    results,
    scoring,
    unredacted,
)
from kit.model import (
    BatchArmRun,
    Cache,
    Config,
    Ledger,
    Limiter,
    MemoryCache,
    MemoryLedger,
    StubServer,
    flagged,
    load_config,
    make_provider,
    output_limits,
    pricing,
    prompt,
    redactor_for,
    runner,
    saving,
    telemetry,
)
from kit.rules import Answer, citation

PROGRESS_LOG = "paid-progress.log"  # the paid arm's progress lines, one per line
SHORT_BACKOFF = {"base_delay": 0.01, "max_delay": 0.05}  # a stub's faults need no real waiting
REDACT_OFF_NOTED = "redact-off-warned"  # the marker that this run has printed its REDACT=off warning
VERBATIM_ASKED = "the injection arm (it withholds in its own quarantined sets)"


@dataclass(frozen=True, kw_only=True)
class RunSettings:
    """Where a run writes and how it scores and buys: the same for every arm of one run."""

    run_id: str
    results_dir: Path
    coverage_min: float = citation.COVERAGE_MIN
    precision_min: float = citation.PRECISION_MIN
    record: bool = False  # buy what the answer cache lacks (the model arm only)
    repeat: int = 1
    answers_cache: Path = Path("cache/answers")
    batch: bool = False  # under record, buy through the provider's batch API (kit.model.batch)
    batch_wait: float | None = None  # seconds to wait for batches; None until they end, 0 submit only

    def result_path(self, arm: str) -> Path:
        return self.results_dir / self.run_id / f"{arm}.json"

    @property
    def progress_log(self) -> Path:
        return self.results_dir / self.run_id / PROGRESS_LOG

    @property
    def ledger(self) -> Path:
        return self.results_dir / "ledger.json"


@dataclass
class Answered:
    """What an arm gave back: the answers to score, and for an arm that made calls, their outcome,
    the HTTP requests a stub received and what its result file carries besides the scores."""

    answers: dict[str, Answer]
    outcome: runner.RunOutcome | None = None
    requests: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    redacted: RedactedRun | None = None  # for a redacted run: the ledger, and the quotes as written


@dataclass
class ScoredRun:
    """One arm's scored run and the result file it was written to."""

    report: scoring.Report
    path: Path
    outcome: runner.RunOutcome | None = None
    requests: int | None = None


class Arm(Protocol):
    @property
    def name(self) -> str: ...  # read-only: an arm's name may be worked out (StubArm's is)
    def answer(self, records: Sequence[Record]) -> Answered: ...


def score(name: str, corpus: Corpus, answered: Answered, settings: RunSettings) -> ScoredRun:
    """Score `answered` on `corpus` and write the result file: the one place a run is scored."""
    report = scoring.score(name, corpus, answered.answers, settings.coverage_min, settings.precision_min)
    written, redacted = report, answered.redacted
    if redacted is not None:
        written = redacted.masked(report)
        redacted.write_ledger(settings.results_dir / settings.run_id, settings.run_id, name)
    path = results.write(settings.result_path(name), settings.run_id, written, corpus, answered.extra)
    return ScoredRun(report, path, answered.outcome, answered.requests)


def run(corpus: Corpus, arm: Arm, settings: RunSettings) -> ScoredRun:
    """Answer every record of `corpus` with `arm`, score it and write its result file."""
    return score(arm.name, corpus, arm.answer(corpus.records), settings)


def answers_from(arm: Arm) -> Answerer:
    """`arm` as an answerer of any records (the planted ones, under injection)."""
    return lambda records: arm.answer(records).answers


def write_injection(
    report: InjectionReport, corpus: Corpus, settings: RunSettings, extra: dict[str, Any] | None = None
) -> Path:
    """Write an injection (or scan) report to results/<run-id>/<its arm>.json."""
    body = {**report.to_dict(), **(extra or {})}
    return results.write_json(settings.result_path(report.arm), settings.run_id, body, corpus)


def run_injection(
    name: str,
    corpus: Corpus,
    control: dict[str, Answer],
    answerer: Answerer,
    settings: RunSettings,
    extra: dict[str, Any] | None = None,
) -> InjectionReport:
    """Plant every eligible record of `corpus`, answer the planted sets with `answerer`, grade them
    against `control` (the same answerer on the clean records) and write results/<run-id>/<name>.json:
    the one place an injection run is scored."""
    report = injection_scoring.evaluate(name, corpus, control, answerer)
    write_injection(report, corpus, settings, extra)
    return report


@dataclass(frozen=True)
class OfflineArm:
    name: str

    def answer(self, records: Sequence[Record]) -> Answered:
        answer = offline_arm(self.name)
        return Answered({r.id: answer(r) for r in records})


def through_stub(
    served: str,
    records: Sequence[Record],
    folder: Path,
    redactor: Redactor | None = None,
    bodies: list[dict] | None = None,
    on_disk: bool = True,
    send_flagged: flagged.SendFlagged = flagged.WITHHOLD,
    **faults: Any,
) -> tuple[runner.RunOutcome, int]:
    """Answer `records` through the whole paid path against a loopback stub serving the offline arm
    `served`, with the stub's `faults` (see StubServer), buying into a cache and ledger under
    `folder` (in memory unless `on_disk`), redacting each record first when given a `redactor`, the
    units the scan flags withheld unless `send_flagged` is verbatim; returns the outcome and how many
    HTTP requests the stub received. `bodies`, when given, receives every request body the stub saw."""
    with StubServer(replies=served_replies(served, records, redactor), **faults) as stub:
        buyer = stub_buyer(
            stub.base_url, f"stub-{served}", folder, redactor=redactor, retry_options=SHORT_BACKOFF,
            on_disk=on_disk, send_flagged=send_flagged,
        )
        outcome = buyer.run(list(records))
        if bodies is not None:
            bodies += stub.bodies
        return outcome, stub.requests


def stub_buyer(
    base_url: str,
    model: str,
    folder: Path,
    workers: int = 4,
    limiter: Limiter | None = None,
    progress: Callable[[str], None] = lambda line: None,
    redactor: Redactor | None = None,
    on_disk: bool = True,
    send_flagged: flagged.SendFlagged = flagged.WITHHOLD,
    **provider_options: Any,
) -> runner.ArmRun:
    """A runner that buys from the stub at `base_url` into a cache and ledger under `folder` (or
    in memory: kit.model.memory, when not `on_disk`); `limiter` (shared by runner and provider) when
    given, else the process's shared one; with a `redactor`, REDACT=on for this local server;
    `send_flagged` as SEND_FLAGGED would say it; `provider_options` go to make_provider."""
    config = Config(
        provider="stub",
        base_url=base_url,
        model=model,
        eval_workers=workers,
        redact="on" if redactor else "auto",
        redact_salt=redactor.salt if redactor else None,
        send_flagged=send_flagged,
    )
    if limiter is not None:
        provider_options["throttle"] = limiter
    return runner.ArmRun(
        config=config,
        cache=Cache(folder / "cache") if on_disk else MemoryCache(),
        ledger=Ledger(folder / "ledger.json") if on_disk else MemoryLedger(),
        record=True,
        make_provider=lambda: make_provider(config, **provider_options),
        progress=progress,
        redactor=redactor,
        limiter=runner.LIMITER if limiter is None else limiter,
    )


@dataclass
class StubArm:
    """`stub-<served>`: the offline arm `served` fetched over HTTP from a stub with `faults`; with a
    `redact_salt`, each record redacted first (REDACT=on for a local server). The units the scan flags
    are withheld, as on the paid path, unless `send_flagged` is verbatim (the injection arms send their
    planted sets verbatim: they withhold for themselves, in their quarantined sets). `bodies`, when
    given a list, collects every request body the stub received (a test's evidence of what left; not
    kept otherwise: at volume the bodies, each a whole prompt, would fill the memory). Not `on_disk`:
    the answers are cached in memory (the calls are free and thrown away; kit.model.memory), so the
    run writes no cache entry, claim or ledger file."""

    served: str
    folder: Path
    faults: dict[str, Any] = field(default_factory=dict)
    redact_salt: str | None = None
    bodies: list[dict] | None = None
    on_disk: bool = True
    extra: dict[str, Any] = field(default_factory=dict)  # more for its result file (a sample, say)
    send_flagged: flagged.SendFlagged = flagged.WITHHOLD

    @property
    def name(self) -> str:
        return f"stub-{self.served}"

    def answer(self, records: Sequence[Record]) -> Answered:
        redactor = Redactor(self.redact_salt) if self.redact_salt else None
        outcome, requests = through_stub(
            self.served, records, self.folder, redactor, self.bodies, self.on_disk, self.send_flagged,
            **self.faults,
        )
        summary = telemetry.summary(outcome)
        extra = {"provider": "stub", "model": self.name, "telemetry": summary, **self.extra}
        answered = Answered(outcome.answers(), outcome, requests, extra)
        return _redacted(answered, RedactedRun.of(redactor, records, outcome), "REDACT=on")


def _redacted(answered: Answered, redacted: RedactedRun | None, source: str) -> Answered:
    """`answered` with what a redacted run writes: its ledger, the quotes as written, and what the
    result file says about the redaction."""
    if redacted is not None:
        answered.redacted = redacted
        answered.extra["redaction"] = redacted.describe(source)
    return answered


def model_config(dotenv: Path, cache: Cache, record: bool) -> Config:
    """The model arm's configuration: the environment over `dotenv`; a replay of a cache with no
    MODEL set keys with the provider and model the cache remembers (Cache.replay_config)."""
    config = load_config(dotenv_path=dotenv)
    return config if record else cache.replay_config(config, configured=config.model_source != "default")


def logged(log: Path, echo: Callable[[str], None]) -> Callable[[str], None]:
    """A progress callback that appends each line to `log` and hands it to `echo`."""

    def say(line: str) -> None:
        log.parent.mkdir(parents=True, exist_ok=True)
        with open(log, "a", encoding="utf-8") as handle:
            handle.write(line + "\n")
        echo(line)

    return say


@dataclass
class ModelArm:
    """The paid arm: `config`'s model through the answer cache of `settings`. `shared` is a folder
    every process of this run sees (and no other run does), for the lock and the shared outcomes."""

    config: Config
    settings: RunSettings
    shared: Path
    progress: Callable[[str], None] = lambda line: None
    name: str = "paid"
    clock: Callable[[], datetime] = lambda: datetime.now(UTC)  # when a call is sent, for its price

    def outcome(
        self, records: Sequence[Record], repeat: int = 1, verbatim: bool = False
    ) -> runner.RunOutcome:
        """Every record's call(s), replayed or (under record) bought once for the whole run: the first
        process to take the lock runs it and leaves the outcome for the others. The units the document
        scan flags are withheld as the configuration says (SEND_FLAGGED), or sent as they are when
        `verbatim` (the injection arm: it withholds for itself, in its quarantined sets). Raises
        ConfigError or DailyLimitReached when the configuration or the day's limit stops the purchase."""
        config = self.config.verbatim(VERBATIM_ASKED) if verbatim else self.config
        records = list(records)
        redactor = redactor_for(config)
        digest = hashlib.sha256(
            json.dumps(
                [[r.id, r.text] for r in records] + [repeat, config.withholds, redactor is not None]
            ).encode()
        ).hexdigest()[:16]
        saved = self.shared / f"outcome-{digest}.json"
        cache = Cache(self.settings.answers_cache)
        batching: dict[str, Any] = {"wait_s": self.settings.batch_wait} if self.settings.batch else {}
        arm_run = (BatchArmRun if self.settings.batch else runner.ArmRun)(
            **batching,
            config=config,
            cache=cache,
            ledger=Ledger(self.settings.ledger, self.config.max_calls_per_day),
            record=self.settings.record,
            make_provider=lambda: make_provider(self.config),
            repeat=repeat,
            progress=self.progress,
            redactor=redactor,
            clock=self.clock,
        )
        with exclusive(self.shared / "paid-arm.lock"):
            self._warn_unredacted()
            if saved.exists():
                outcome = runner.RunOutcome.load(saved)
                outcome.restore = arm_run.restorer(records)
                return outcome
            outcome = arm_run.run(records)
            outcome.save(saved)
        if self.settings.record and any(c.status == "bought" for c in outcome.calls):
            cache.remember(self.config)
        return outcome

    def _warn_unredacted(self) -> None:
        """One warning line per run (under the run's lock) when a hosted endpoint gets records unredacted."""
        noted, warning = self.shared / REDACT_OFF_NOTED, unredacted(self.config)["warning"]
        if warning and not noted.exists():
            self.progress(warning)
            noted.touch()

    def answer(self, records: Sequence[Record]) -> Answered:
        """The first repeat's answers, with what paid.json carries besides the scores."""
        outcome = self.outcome(records, self.settings.repeat)
        first = prompt.build(records[0].text)
        config = self.config
        card = pricing.find(config.model, config.prices, config.provider, config.base_url)
        limit = output_limits.default_for(config.provider, config.base_url, config.model)
        summary = telemetry.summary(outcome, config.max_tokens, limit.said())
        extra = {
            "provider": self.config.provider,
            "model": self.config.model,
            "settings": self.config.settings(),
            "prompt_chars": {
                "record": records[0].id,
                "parts": first.part_chars(),
                "static_prefix_share": round(len(first.static_prefix) / len(first.text), 4),
            },
            "telemetry": summary,
            "agreement": telemetry.agreement(outcome, self.settings.repeat),
            **cost.priced(summary, card),
            "batch": saving(outcome.calls, card),
            "redaction": unredacted(self.config),
        }
        answered = Answered(outcome.answers(0), outcome, extra=extra)
        redacted = RedactedRun.of(redactor_for(self.config), records, outcome)
        return _redacted(answered, redacted, self.config.redact_source)
