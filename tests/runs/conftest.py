"""A finished run made once per session (per xdist worker) in a temporary folder, from the shipped
corpus, for the compare and report tests: the floor, the oracle and the always-present baseline
scored offline, the floor served over HTTP by the loopback stub (real telemetry, parser problems),
the floor under injection, and the scan. Each is written by kit.results exactly as a test session
writes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from kit import injection_scoring, results, runner, scoring, telemetry
from kit.arms import arm as offline_arm
from kit.arms import reply_text_for
from kit.cache import Cache
from kit.config import Config
from kit.corpus import load
from kit.ledger import Ledger
from kit.providers import make_provider
from kit.providers.stub import StubServer

RUN_ID = "r-report"


def answers_of(name: str, records) -> dict:
    answer = offline_arm(name)
    return {r.id: answer(r) for r in records}


def stub_floor(records, folder: Path) -> runner.RunOutcome:
    """The floor's replies through the whole paid path against a stub on 127.0.0.1."""
    with StubServer(replies=lambda text: reply_text_for("floor", text)) as stub:
        config = Config(provider="stub", base_url=stub.base_url, model="stub-floor", eval_workers=4)
        return runner.ArmRun(
            config=config,
            cache=Cache(folder / "cache"),
            ledger=Ledger(folder / "ledger.json"),
            record=True,
            make_provider=lambda: make_provider(config),
        ).run(list(records))


def write_run(folder: Path, corpus: load.Corpus, stub_folder: Path) -> Path:
    run = folder / RUN_ID
    for name in ("floor", "oracle", "always-present"):
        report = scoring.score(name, corpus, answers_of(name, corpus.records))
        results.write(run / f"{name}.json", RUN_ID, report, corpus)
    outcome = stub_floor(corpus.records, stub_folder)
    report = scoring.score("stub-floor", corpus, outcome.answers())
    results.write(run / "stub-floor.json", RUN_ID, report, corpus, {"telemetry": telemetry.summary(outcome)})
    control = answers_of("floor", corpus.records)
    attacked = injection_scoring.evaluate(
        "injection-floor", corpus, control, lambda records: answers_of("floor", records)
    )
    results.write_json(run / "injection-floor.json", RUN_ID, attacked.to_dict(), corpus)
    scan = injection_scoring.InjectionReport("scan", *injection_scoring.scan_metrics(corpus))
    results.write_json(run / "scan.json", RUN_ID, scan.to_dict(), corpus)
    return run


@pytest.fixture(scope="session")
def shipped() -> load.Corpus:
    return load.load(load.shipped_folder())


@pytest.fixture(scope="session")
def run_folder(tmp_path_factory, shipped) -> Path:
    """results/<run-id>/ of a run of the free arms on the shipped corpus."""
    return write_run(tmp_path_factory.mktemp("results"), shipped, tmp_path_factory.mktemp("stub"))
