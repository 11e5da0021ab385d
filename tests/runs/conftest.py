"""A finished run made once per session (by the first xdist worker to ask, kit.plugin.once, in a
folder every worker sees), from the shipped corpus, for the compare and report tests: the floor, the
oracle and the always-present baseline scored offline, the floor served over HTTP by the loopback stub
(real telemetry, parser problems), the floor under injection, and the scan. Each is written by
kit.pipeline exactly as a test session writes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from kit import pipeline
from kit.corpus import load
from kit.measure import injection_scoring

RUN_ID = "r-report"


def write_run(folder: Path, corpus: load.Corpus, stub_folder: Path) -> Path:
    settings = pipeline.RunSettings(run_id=RUN_ID, results_dir=folder)
    for name in ("floor", "oracle", "always-present"):
        pipeline.run(corpus, pipeline.OfflineArm(name), settings)
    pipeline.run(corpus, pipeline.StubArm("floor", stub_folder), settings)
    floor = pipeline.OfflineArm("floor")
    control = floor.answer(corpus.records).answers
    pipeline.run_injection("injection-floor", corpus, control, pipeline.answers_from(floor), settings)
    scan = injection_scoring.InjectionReport("scan", *injection_scoring.scan_metrics(corpus))
    pipeline.write_injection(scan, corpus, settings)
    return folder / RUN_ID


@pytest.fixture(scope="session")
def shipped() -> load.Corpus:
    return load.load(load.shipped_folder())


@pytest.fixture(scope="session")
def run_folder(computed_once, shipped) -> Path:
    """results/<run-id>/ of a run of the free arms on the shipped corpus (the tests only read it)."""
    shared = computed_once.folder / "runs-conftest"
    return computed_once.get("runs-conftest", lambda: write_run(shared / "results", shipped, shared / "stub"))
