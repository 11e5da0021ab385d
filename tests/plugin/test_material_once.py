"""`material_once` (kit.plugin.fixtures): a measurement of fixed material is computed once for a run,
and a session started inside it that is handed the run's folder in KIT_MATERIAL_ONCE loads it rather
than measuring again; a session handed nothing measures for itself. Inner sessions in a scratch project
whose one test counts how often its measurement ran."""

from __future__ import annotations

from kit.plugin.fixtures import MATERIAL_ONCE
from tests.plugin.sessions import REPO

MEASURING_FILE = '''
import os
from pathlib import Path


def test_the_material_is_measured(material_once):
    def measure():
        with open(os.environ["MEASURED_LOG"], "a") as log:
            log.write("measured\\n")
        return {"kept_out": 41, "of": 42}

    assert material_once.get("blind-set", measure) == {"kept_out": 41, "of": 42}
'''


def _measurements(pytester, monkeypatch, handed: str | None) -> int:
    """How often the measurement ran over two inner sessions, each handed `handed` (or nothing)."""
    log = pytester.path / f"log-{handed is not None}"
    monkeypatch.setenv("MEASURED_LOG", str(log))
    if handed is None:
        monkeypatch.delenv(MATERIAL_ONCE, raising=False)
    else:
        monkeypatch.setenv(MATERIAL_ONCE, handed)
    for run in ("first", "second"):
        result = pytester.runpytest_inprocess(f"--run-id={run}", "-p", "no:cacheprovider")
        result.assert_outcomes(passed=1)
    return len(log.read_text().splitlines())


def test_a_session_handed_the_runs_folder_measures_nothing_again(pytester, monkeypatch, tmp_path):
    pytester.makeini("[pytest]\n")
    pytester.makepyprojecttoml(f'[tool.kit]\nthresholds-file = "{REPO / "thresholds.toml"}"\n')
    pytester.makepyfile(test_measuring=MEASURING_FILE)
    assert _measurements(pytester, monkeypatch, str(tmp_path / "material")) == 1
    assert _measurements(pytester, monkeypatch, None) == 2
