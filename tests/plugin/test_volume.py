"""Volume: ten times the records must cost about ten times the time. A benchmark, not a timed test:
it builds 60- and 600-record corpora by renumbering the shipped records (tests/volume.py), times each
phase of the free suite on both in this process (tests/volume_phases.py), prints the figures under the
scoreboard, and fails only on ratios, so a slow machine cannot fail it (the 60-record figures are
the median of three runs; when a phase is over the bound, the 600-record phases run once more and
each keeps its faster run):

- growth: each phase's wall time at 600 records is at most 12 times its time at 60. Both are divided
  by the load ratio measured just before the phase (wall over CPU time of a pure computation: 1 on an
  idle machine), so a phase is not charged for the other processes sharing the machine;
- the stub arms on all 600 records (unsampled) are CPU-bound, wall at most 1.5 times CPU after the
  same correction, and within 12 times their time on 60
  (before this version they spent 95% of their time waiting on a limiter paced by the stub's
  isolated faults).

Marked slow: it takes a minute or two. `python -m tests.volume_phases DIR` runs the phases by hand.
"""

import time

import pytest

from kit import pipeline
from kit.corpus import load
from kit.model import telemetry
from kit.plugin.fixtures import STUB_FAULTS
from tests.volume import renumbered
from tests.volume_phases import PHASES, busy_ratio, line, phases

pytestmark = [pytest.mark.slow, pytest.mark.benchmark]

GROWTH = 12.0
CPU_BOUND = 1.5
STUB_ARMS = ("stub-floor", "stub-oracle")
SMALL_RUNS = 3  # the 60-record phases take about a second each: the median of three, so one noisy run
# (or the first run's imports and compiled patterns) does not set the baseline


def median(runs, key):
    ordered = sorted(runs, key=key)
    return ordered[len(ordered) // 2]


def corrected(seen: dict[str, float]) -> float:
    return seen["wall"] / max(1.0, seen["load_ratio"])


def test_ten_times_the_records_cost_at_most_twelve_times_the_time(tmp_path, record_property):
    folder = renumbered(60, tmp_path / "c60")
    runs = [phases(folder, tmp_path / f"w60-{n}") for n in range(SMALL_RUNS)]
    small = {name: median((run[name] for run in runs), key=corrected) for name in PHASES}
    big = renumbered(600, tmp_path / "c600")
    large = phases(big, tmp_path / "w600")
    growth = {name: corrected(large[name]) / max(corrected(small[name]), 0.01) for name in PHASES}
    if any(g > GROWTH for g in growth.values()):
        # One 600-record run against the median of three small ones: a noise spike in that one run
        # (seen here: the same phase at 9.7x and 11.4x in two clean runs) must not decide. Measure
        # once more and keep each phase's faster run; a phase that really grows stays over the bound.
        again = phases(big, tmp_path / "w600-again")
        large = {name: min(large[name], again[name], key=corrected) for name in PHASES}
        growth = {name: corrected(large[name]) / max(corrected(small[name]), 0.01) for name in PHASES}
    for name in PHASES:
        record_property(
            "kit_note",
            f"volume, {name}: 60 records {line(small[name])}; 600 records {line(large[name])}; "
            f"growth {growth[name]:.1f}x (load-corrected wall)",
        )
    slow = {name: round(g, 1) for name, g in growth.items() if g > GROWTH}
    assert not slow, f"phases that grew more than {GROWTH:g}x from 60 to 600 records: {slow}"
    for name in STUB_ARMS:
        ratio = corrected(large[name]) / max(large[name]["cpu"], 0.01)
        assert ratio <= CPU_BOUND, f"{name} at 600 records waited: {line(large[name])}, {ratio:.2f}x its CPU"


def stub_run(corpus, served, folder, settings):
    """One stub arm's run on every record of `corpus`: its timing and what the limiter did."""
    arm = pipeline.StubArm(served, folder, STUB_FAULTS, on_disk=False)
    load_ratio = busy_ratio()
    wall, cpu = time.perf_counter(), time.process_time()
    done = pipeline.run(corpus, arm, settings)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert len(done.report.grades) == len(corpus.records)
    return {"wall": wall, "cpu": cpu, "load_ratio": load_ratio}, telemetry.summary(done.outcome)["rate_limit"]


def test_the_stub_arms_on_all_600_records_are_cpu_bound(tmp_path, record_property):
    # Unsampled: every one of 600 records through the paid path with the stub's usual faults, CPU-bound
    # and within 12x of the same arm on 60.
    small_corpus, corpus = (load.load(renumbered(n, tmp_path / f"c{n}")) for n in (60, 600))
    settings = pipeline.RunSettings(run_id="volume", results_dir=tmp_path / "results")
    for served in ("floor", "oracle"):
        runs = [stub_run(small_corpus, served, tmp_path / f"{served}-60-{n}", settings)[0] for n in range(3)]
        small = median(runs, key=corrected)
        seen, limiter = stub_run(corpus, served, tmp_path / served, settings)
        growth = corrected(seen) / max(corrected(small), 0.01)
        said = (f"volume, stub-{served} on all 600 records: {line(seen)}, growth {growth:.1f}x from 60 "
                f"({line(small)}); limiter {limiter}")  # fmt: skip
        record_property("kit_note", said)
        assert limiter["refused_429"] > 0 and limiter["paced_by"] is None, limiter
        ratio = corrected(seen) / max(seen["cpu"], 0.01)
        assert ratio <= CPU_BOUND, f"stub-{served} at 600 records waited: {line(seen)}, {ratio:.2f}x its CPU"
        assert growth <= GROWTH, said
