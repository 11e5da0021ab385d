"""The report at the end of a pytest session (`--kit-report`): results/<run-id>/report.html, made
from the result files the session wrote, the corpus it ran on and its thresholds.

It returns the lines to print; a report that cannot be made is said in one line, never raised, so
the session's own outcome stands as the tests left it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kit.corpus import load
from kit.measure import thresholds
from kit.measure.report import ReportError, write


def session_report(config: pytest.Config, run_id: str) -> list[str]:
    """The report of the run `run_id` of this session (its options name the results folder, corpus
    and thresholds), written beside its result files; the lines to print, one saying why when none
    was written."""
    root = config.rootpath
    results = Path(config.getoption("--results-dir") or root / "results")
    run = results / run_id
    if not run.is_dir():
        return [f"kit report: no result file was written in this session ({run} does not exist)"]
    chosen = config.getoption("--corpus")
    table_file = config.getoption("--thresholds")
    try:
        corpus = load.load(Path(chosen) if chosen else load.shipped_folder())
        tables = thresholds.load(root, Path(table_file) if table_file else None)
        path = write(run, corpus, tables=tables)
    except (ReportError, load.CorpusError, thresholds.ThresholdError, OSError) as err:
        return [f"kit report: not written: {err}"]
    return [f"report: {path} (open it in a browser: {path.resolve().as_uri()})"]
