"""The free suite's phases, each timed in this process (wall and CPU seconds), on a corpus folder: the
offline arms loaded, answered and scored; the stub arms; the stub-served injection arm; the floor and
the credulous reader under injection; the report. Used by the growth benchmark
(tests/plugin/test_volume.py) and by hand for a large corpus:

    python -m tests.volume_phases DIR          # prints one line per phase
"""

from __future__ import annotations

import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from kit import pipeline
from kit.arms import credulous
from kit.corpus import load, sample
from kit.measure import report
from kit.model import flagged
from kit.plugin.fixtures import STUB_FAULTS

PHASES = ("offline arms", "stub-floor", "stub-oracle", "injection-stub-floor", "injection-floor + credulous",
          "report")  # fmt: skip


def busy_ratio(seconds: float = 0.5) -> float:
    """Wall over CPU time of a pure computation right now: 1 on an idle machine, more under load."""
    wall, cpu = time.perf_counter(), time.process_time()
    while time.process_time() - cpu < seconds:
        sum(range(10_000))
    return (time.perf_counter() - wall) / max(time.process_time() - cpu, 1e-9)


def phases(folder: Path, work: Path | None = None) -> dict[str, dict[str, float]]:
    """Each phase's wall and CPU seconds (and the load's wall/CPU ratio measured just before it)."""
    work = work or Path(tempfile.mkdtemp(prefix="kit-volume-"))
    settings = pipeline.RunSettings(run_id="volume", results_dir=work / "results")
    figures: dict[str, dict[str, float]] = {}
    held: dict[str, object] = {}

    def timed(name: str, job: Callable[[], object]) -> None:
        load_ratio = busy_ratio()
        wall, cpu = time.perf_counter(), time.process_time()
        held[name] = job()
        figures[name] = {
            "wall": round(time.perf_counter() - wall, 2),
            "cpu": round(time.process_time() - cpu, 2),
            "load_ratio": round(load_ratio, 2),
        }

    def offline() -> load.Corpus:
        corpus = load.load(folder)
        for arm in ("floor", "always-present", "oracle"):
            pipeline.run(corpus, pipeline.OfflineArm(arm), settings)
        return corpus

    timed("offline arms", offline)
    corpus = held["offline arms"]
    wiring = sample.wiring_sample(corpus)
    sampled = sample.describe(wiring, corpus)
    extra = {"sample": sampled} if sampled else {}
    for served in ("floor", "oracle"):
        arm = pipeline.StubArm(served, work / served, STUB_FAULTS, on_disk=False, extra=extra)
        timed(f"stub-{served}", lambda arm=arm: pipeline.run(wiring, arm, settings))
    control = held["stub-floor"].outcome.answers()
    planted = pipeline.StubArm("floor", work / "injection", on_disk=False, send_flagged=flagged.VERBATIM)
    stub = pipeline.answers_from(planted)
    name = "injection-stub-floor"
    timed(name, lambda: pipeline.run_injection(name, wiring, control, stub, settings, extra))
    floor = pipeline.OfflineArm("floor")
    floor_answers = floor.answer(corpus.records).answers
    oracle = pipeline.OfflineArm("oracle").answer(corpus.records).answers

    def injection() -> None:
        answer = pipeline.answers_from(floor)
        pipeline.run_injection("injection-floor", corpus, floor_answers, answer, settings)
        pipeline.run_injection("injection-credulous", corpus, oracle, credulous.answerer(corpus), settings)

    timed("injection-floor + credulous", injection)
    timed("report", lambda: report.write(settings.results_dir / settings.run_id, corpus))
    return figures


def main(folder: str) -> None:
    for name, seen in phases(Path(folder)).items():
        print(f"{name}: {line(seen)}", flush=True)


def line(seen: dict[str, float]) -> str:
    return f"wall {seen['wall']:.1f} s, CPU {seen['cpu']:.1f} s (load ratio {seen['load_ratio']:.2f})"


if __name__ == "__main__":
    main(sys.argv[1])
