"""Fixtures for the metric tests.

- `offline_report`: each offline arm answered and scored once per session (once per xdist worker),
  its result written to results/<run-id>/<arm>.json.
- `paid_run`: the model arm through the cache. Replays by default; buys what is missing only under
  --record. Under xdist one worker at a time runs it (a file lock), so a purchase is never made
  twice: the later workers find every answer cached.
"""

from __future__ import annotations

import fcntl
import os
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from kit import results, runner, scoring
from kit.arms import arm as offline_arm
from kit.cache import Cache
from kit.config import ConfigError, load_config, read_dotenv
from kit.ledger import DailyLimitReached, Ledger
from kit.providers import make_provider


@pytest.fixture(scope="session")
def offline_report(corpus, kit_session):
    """A function arm name -> scored Report, computed once per arm."""
    cache: dict[str, scoring.Report] = {}

    def get(name: str) -> scoring.Report:
        if name not in cache:
            answer = offline_arm(name)
            answers = {r.id: answer(r) for r in corpus.records}
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


def _progress(pytestconfig):
    reporter = pytestconfig.pluginmanager.get_plugin("terminalreporter")

    def say(line: str) -> None:
        if reporter is not None:
            reporter.write_line(f"paid arm: {line}")

    return say


@pytest.fixture(scope="session")
def paid_run(corpus, kit_session, tmp_path_factory, pytestconfig) -> PaidRun:
    dotenv = kit_session.root / ".env"
    try:
        config = load_config(dotenv_path=dotenv)
    except ConfigError as err:
        pytest.fail(f"configuration: {err}", pytrace=False)
    cache = Cache(kit_session.answers_cache)
    if not kit_session.record:
        configured = bool(os.environ.get("MODEL") or read_dotenv(dotenv).get("MODEL"))
        config = runner.replay_config(cache, config, configured)
    arm_run = runner.ArmRun(
        config=config,
        cache=cache,
        ledger=Ledger(kit_session.results_dir / "ledger.json", config.max_calls_per_day),
        record=kit_session.record,
        make_provider=lambda: make_provider(config),
        repeat=kit_session.repeat,
        progress=_progress(pytestconfig),
    )
    try:
        with exclusive(tmp_path_factory.getbasetemp().parent / "kit-paid-arm.lock"):
            outcome = arm_run.run(list(corpus.records))
    except (ConfigError, DailyLimitReached) as err:
        pytest.fail(str(err), pytrace=False)
    if kit_session.record:
        runner.remember(cache, config)
    report = scoring.score(
        "paid", corpus, outcome.answers(0), kit_session.coverage_min, kit_session.precision_min
    )
    extra = {
        "provider": config.provider,
        "model": config.model,
        "telemetry": outcome.telemetry(),
        "agreement": runner.agreement(outcome, kit_session.repeat),
    }
    results.write(kit_session.result_path("paid"), kit_session.run_id, report, corpus, extra)
    return PaidRun(outcome, report, config.provider, config.model)
