"""What a metric test knows about the pytest session it runs in: the run's settings, where it runs,
its thresholds and whose corpus it is (`KitSession`, the `kit_session` fixture), and which folder
--corpus names. Read by both the plugin's hooks and its fixtures; it imports neither of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from kit.corpus import load
from kit.measure import thresholds
from kit.pipeline import RunSettings


def corpus_folder(config: pytest.Config) -> Path:
    """The folder named by --corpus, or the shipped corpus."""
    chosen = config.getoption("--corpus")
    return Path(chosen) if chosen else load.shipped_folder()


@dataclass(frozen=True, kw_only=True)
class KitSession(RunSettings):
    """What a metric test needs to know about this run: the run's settings (kit.pipeline), and where
    it runs, its thresholds and whose corpus it is."""

    root: Path
    thresholds: dict[str, dict[str, Any]]
    own_corpus: bool = False  # --corpus names a folder other than the shipped corpus


def brought_corpus(chosen: str | None) -> bool:
    """True when --corpus names a folder other than the shipped corpus."""
    return chosen is not None and Path(chosen).resolve() != load.shipped_folder().resolve()


@pytest.fixture(scope="session")
def kit_session(pytestconfig: pytest.Config) -> KitSession:
    root = pytestconfig.rootpath
    results = pytestconfig.getoption("--results-dir")
    table_file = pytestconfig.getoption("--thresholds")
    chosen = pytestconfig.getoption("--corpus")
    return KitSession(
        run_id=pytestconfig._kit_run_id,
        results_dir=Path(results) if results else root / "results",
        root=root,
        thresholds=thresholds.load(root, Path(table_file) if table_file else None),
        coverage_min=pytestconfig.getoption("--citation-coverage"),
        precision_min=pytestconfig.getoption("--citation-precision"),
        record=pytestconfig.getoption("--record"),
        repeat=pytestconfig.getoption("--repeat"),
        answers_cache=Path(pytestconfig.getoption("--answers-cache") or root / "cache" / "answers"),
        quarantine=pytestconfig.getoption("--quarantine"),
        batch=pytestconfig.getoption("--batch"),
        batch_wait=pytestconfig.getoption("--batch-wait"),
        own_corpus=brought_corpus(chosen),
    )


