"""Fixtures for the metric tests.

- `offline_report`: each offline arm answered and scored once per session (once per xdist worker),
  its result written to results/<run-id>/<arm>.json.
- `stub_report`: the whole paid path run against a loopback stub serving an offline arm's replies,
  with injected 429s and 503s.
- `paid_run`: the model arm through the cache. Replays by default; buys what is missing only under
  --record (and notes the provider and model in recorded.json only when it bought something). Under
  xdist one worker at a time runs it (a file lock), so a purchase is never made twice: the later
  workers find every answer cached.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from pathlib import Path

import pytest

from kit import prompt, results, runner, scoring
from kit.arms import arm as offline_arm
from kit.arms import reply_text_for
from kit.cache import Cache
from kit.config import Config, ConfigError, load_config, read_dotenv
from kit.ledger import DailyLimitReached, Ledger
from kit.providers import make_provider
from kit.providers.stub import Every, StubServer


@pytest.fixture(scope="session")
def offline_answers(corpus):
    """A function arm name -> that offline arm's answers on the corpus, computed once per arm."""
    cache: dict[str, dict] = {}

    def get(name: str) -> dict:
        if name not in cache:
            answer = offline_arm(name)
            cache[name] = {r.id: answer(r) for r in corpus.records}
        return cache[name]

    return get


@pytest.fixture(scope="session")
def offline_report(corpus, kit_session, offline_answers):
    """A function arm name -> scored Report, computed once per arm."""
    cache: dict[str, scoring.Report] = {}

    def get(name: str) -> scoring.Report:
        if name not in cache:
            answers = offline_answers(name)
            cache[name] = scoring.score(
                name, corpus, answers, kit_session.coverage_min, kit_session.precision_min
            )
            results.write(kit_session.result_path(name), kit_session.run_id, cache[name], corpus)
        return cache[name]

    return get


@contextmanager
def exclusive(path: Path):
    """Hold an exclusive lock on a file for the duration of the block (all xdist workers share it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@dataclass
class PaidRun:
    outcome: runner.RunOutcome
    report: scoring.Report
    provider: str
    model: str


def _progress(pytestconfig, log: Path):
    """Progress lines printed past pytest's output capture, so a long purchase is visible, and
    appended to `log`: under xdist a worker's terminal is not shown, and the controller prints the
    log's last line at the end (kit.pytest_plugin)."""
    reporter = pytestconfig.pluginmanager.get_plugin("terminalreporter")
    capture = pytestconfig.pluginmanager.get_plugin("capturemanager")
    log.parent.mkdir(parents=True, exist_ok=True)

    def say(line: str) -> None:
        with open(log, "a", encoding="utf-8") as handle:
            handle.write(line + "\n")
        if reporter is None:
            return
        with capture.global_and_fixture_disabled() if capture else nullcontext():
            reporter.write_line(f"paid arm: {line}")

    return say


def _shared_folder(tmp_path_factory, run_id: str) -> Path:
    """A folder every xdist worker of this run sees (and no other run does)."""
    base = tmp_path_factory.getbasetemp()
    return (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / f"kit-{run_id}"


@pytest.fixture(scope="session")
def paid_arm(kit_session, tmp_path_factory, pytestconfig):
    """A function (records, repeat, quarantine) -> RunOutcome for the model arm: through the cache,
    buying only under --record. Under xdist the first worker to take the lock runs it and leaves the
    outcome for the others, so no call is ever bought, retried or refused twice."""
    dotenv = Path(os.environ.get("KIT_DOTENV") or kit_session.root / ".env")
    cache = Cache(kit_session.answers_cache)
    try:
        config = load_config(dotenv_path=dotenv)
        if not kit_session.record:
            configured = bool(os.environ.get("MODEL") or read_dotenv(dotenv).get("MODEL"))
            config = runner.replay_config(cache, config, configured)
    except ConfigError as err:
        problem = f"configuration: {err}"
    else:
        problem = None
    if problem is not None:
        pytest.fail(problem, pytrace=False)
    shared = _shared_folder(tmp_path_factory, kit_session.run_id)

    def run(records, repeat: int = 1, quarantine: bool | None = None) -> runner.RunOutcome:
        quarantine = kit_session.quarantine if quarantine is None else quarantine
        records = list(records)
        digest = hashlib.sha256(
            json.dumps([[r.id, r.text] for r in records] + [repeat, quarantine]).encode()
        ).hexdigest()[:16]
        saved = shared / f"outcome-{digest}.json"
        arm_run = runner.ArmRun(
            config=config,
            cache=cache,
            ledger=Ledger(kit_session.results_dir / "ledger.json", config.max_calls_per_day),
            record=kit_session.record,
            make_provider=lambda: make_provider(config),
            repeat=repeat,
            progress=_progress(pytestconfig, kit_session.progress_log),
            quarantine=quarantine,
        )
        try:
            with exclusive(shared / "paid-arm.lock"):
                if saved.exists():
                    return runner.RunOutcome.load(saved)
                outcome = arm_run.run(records)
                outcome.save(saved)
        except (ConfigError, DailyLimitReached) as err:
            pytest.fail(str(err), pytrace=False)
        if kit_session.record and any(c.status == "bought" for c in outcome.calls):
            runner.remember(cache, config)
        return outcome

    run.config = config
    return run


@pytest.fixture(scope="session")
def paid_run(corpus, kit_session, paid_arm) -> PaidRun:
    outcome = paid_arm(corpus.records, kit_session.repeat)
    report = scoring.score(
        "paid", corpus, outcome.answers(0), kit_session.coverage_min, kit_session.precision_min
    )
    config = paid_arm.config
    first = prompt.build(corpus.records[0].text)
    extra = {
        "provider": config.provider,
        "model": config.model,
        "settings": config.settings(),
        "prompt_chars": {
            "record": corpus.records[0].id,
            "parts": first.part_chars(),
            "static_prefix_share": round(len(first.static_prefix) / len(first.text), 4),
        },
        "telemetry": outcome.telemetry(),
        "agreement": runner.agreement(outcome, kit_session.repeat),
    }
    results.write(kit_session.result_path("paid"), kit_session.run_id, report, corpus, extra)
    return PaidRun(outcome, report, config.provider, config.model)


SHORT_BACKOFF = {"base_delay": 0.01, "max_delay": 0.05}


def through_stub(served: str, records, folder: Path, **faults) -> tuple[runner.RunOutcome, int]:
    """Answer records through the whole paid path against a loopback stub serving an offline arm's
    replies; returns the outcome and how many HTTP requests the stub received."""
    with StubServer(replies=lambda text: reply_text_for(served, text), **faults) as stub:
        config = Config(provider="stub", base_url=stub.base_url, model=f"stub-{served}", eval_workers=4)
        arm_run = runner.ArmRun(
            config=config,
            cache=Cache(folder / "cache"),
            ledger=Ledger(folder / "ledger.json"),
            record=True,
            make_provider=lambda: make_provider(config, retry_options=SHORT_BACKOFF),
        )
        outcome = arm_run.run(list(records))
        return outcome, stub.requests


@pytest.fixture(scope="session")
def stub_report(corpus, kit_session, tmp_path_factory):
    done: dict[str, tuple[scoring.Report, runner.RunOutcome, int]] = {}

    def get(served: str):
        if served not in done:
            folder = tmp_path_factory.mktemp(f"stub-{served}")
            faults = {"fail_429": Every(7), "fail_status": (503, Every(11))}
            outcome, requests = through_stub(served, corpus.records, folder, **faults)
            name = f"stub-{served}"
            report = scoring.score(
                name, corpus, outcome.answers(), kit_session.coverage_min, kit_session.precision_min
            )
            extra = {"telemetry": outcome.telemetry()}
            results.write(kit_session.result_path(name), kit_session.run_id, report, corpus, extra)
            done[served] = (report, outcome, requests)
        return done[served]

    return get
