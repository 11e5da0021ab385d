"""What a metric test knows about the pytest session it runs in: the run's settings, where it runs,
its thresholds and which corpus it grades (`KitSession`, the `kit_session` fixture), and which folder
--corpus names. Read by both the plugin's hooks and its fixtures; it imports neither of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from kit.corpus import fingerprint, load
from kit.measure import thresholds
from kit.pipeline import RunSettings

# This session's run id (the controller's, under xdist), in pytest's stash; kit.plugin.hooks sets it.
RUN_ID = pytest.StashKey[str]()


def corpus_folder(config: pytest.Config) -> Path:
    """The folder named by --corpus, or the shipped corpus."""
    chosen = config.getoption("--corpus")
    return Path(chosen) if chosen else load.shipped_folder()


@dataclass(frozen=True, kw_only=True)
class KitSession(RunSettings):
    """What a metric test needs to know about this run: the run's settings (kit.pipeline), and where
    it runs, its thresholds and which corpus it grades."""

    root: Path
    thresholds: dict[str, dict[str, Any]]
    corpus_hash: str = ""  # the content hash of the corpus under test: which pins apply to it


@pytest.fixture(scope="session")
def kit_session(pytestconfig: pytest.Config, corpus: load.Corpus) -> KitSession:
    root = pytestconfig.rootpath
    results = pytestconfig.getoption("--results-dir")
    table_file = pytestconfig.getoption("--thresholds")
    return KitSession(
        run_id=pytestconfig.stash[RUN_ID],
        results_dir=Path(results) if results else root / "results",
        root=root,
        thresholds=thresholds.load(root, Path(table_file) if table_file else None),
        coverage_min=pytestconfig.getoption("--citation-coverage"),
        precision_min=pytestconfig.getoption("--citation-precision"),
        record=pytestconfig.getoption("--record"),
        repeat=pytestconfig.getoption("--repeat"),
        answers_cache=Path(pytestconfig.getoption("--answers-cache") or root / "cache" / "answers"),
        batch=pytestconfig.getoption("--batch"),
        batch_wait=pytestconfig.getoption("--batch-wait"),
        corpus_hash=fingerprint.corpus_hash(corpus),
    )


