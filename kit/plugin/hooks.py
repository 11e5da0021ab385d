"""The kit's pytest plugin (registered by a pytest11 entry point): the suite's options, the `paid`
marker, the run id shared with xdist workers, the check of a --corpus folder before collection, and
the scoreboard printed at the end of a run. Its fixtures (the corpus, each arm's scored run, the paid
arm's configuration and shared outcome) are in kit.plugin.fixtures, which it registers.

Metric tests hand it rows through `user_properties`; it prints them, after pytest's own summary so a
run ends with them, then the short table across arms the report opens with, one line per metric below
threshold and the result files written. It never
buys a model call: only the paid arm's own fixtures do that, and only under --record.

A --corpus folder that is not a valid corpus, or has no gold to grade against, stops the session
once before collection with the list `python -m kit.corpus --check` prints, instead of every metric
test failing on its own. `--quarantine`, gone since the scan's flagged units are withheld by default
(`--send-flagged` sends them), stops the session with one line saying so.
"""

from __future__ import annotations

import argparse
import json
import secrets
from collections.abc import Callable, Generator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from kit.corpus import load
from kit.measure import calibration, scoreboard, session_outcome
from kit.model import flagged
from kit.pipeline import PROGRESS_LOG
from kit.plugin import fixtures as pytest_fixtures
from kit.plugin import place
from kit.plugin import session as pytest_session
from kit.plugin.session import RUN_ID, corpus_folder
from kit.rules import citation

ROW_KEY = "kit_scoreboard"
NOTE_KEY = "kit_note"  # a one-line figure a test wants printed under the scoreboard


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("kit", "admission evidence kit")
    group.addoption("--record", action="store_true", help="buy model calls the cache lacks (paid arm)")
    group.addoption("--repeat", type=int, default=1, help="independent answers per record (paid arm)")
    group.addoption(
        flagged.FLAG,
        action="store_true",
        help="send the units the document scan flags to the model as they are (default: withheld; "
        "SEND_FLAGGED=verbatim says the same)",
    )
    group.addoption("--quarantine", action="store_true", help=argparse.SUPPRESS)  # gone: says so, below
    group.addoption(
        "--batch", action="store_true", help="with --record: buy through the provider's batch API"
    )
    group.addoption(
        "--batch-wait",
        type=float,
        default=None,
        metavar="SECONDS",
        help="with --batch: seconds to wait for batches (0: submit and exit; default: until they end)",
    )
    group.addoption("--run-id", default=None, help="name of this run's results folder")
    group.addoption(
        "--results-dir",
        default=None,
        help="where results/<run-id>/<arm>.json go (default: results/ for a session of tests/eval only, "
        "else a folder in the session's temporary directory)",
    )
    group.addoption(
        "--thresholds",
        default=None,
        help="TOML file of thresholds (default: pyproject.toml [tool.kit] and the thresholds.toml it names)",
    )
    group.addoption("--corpus", default=None, help="folder of records to run on (default: fixtures/corpus)")
    group.addoption("--answers-cache", default=None, help="model answer cache (default: cache/answers)")
    group.addoption(
        "--citation-coverage",
        type=float,
        default=citation.COVERAGE_MIN,
        help="share of the gold line a citation must cover to be credited",
    )
    group.addoption(
        "--citation-precision",
        type=float,
        default=citation.PRECISION_MIN,
        help="share of a citation that must be the gold line to be credited",
    )
    group.addoption(
        "--kit-report",
        action="store_true",
        help="write results/<run-id>/report.html at the end of the session and print its path",
    )
    group.addoption(
        "--baseline",
        default=None,
        help="a run folder (or paid.json) the paid arm must be no worse than, metric by metric (McNemar)",
    )


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--quarantine", default=False):
        raise pytest.UsageError(flagged.QUARANTINE_GONE)
    config.addinivalue_line(
        "markers", "paid: calls, or replays the cache of, a real model; deselect with -m \"not paid\""
    )
    if config.getoption("--corpus", default=None) is not None:
        try:
            load.load_graded(corpus_folder(config))
        except load.CorpusError as err:
            raise pytest.UsageError(f"--corpus: {err}") from None
    config.pluginmanager.register(pytest_session, "kit-session")
    config.pluginmanager.register(pytest_fixtures, "kit-fixtures")
    config.pluginmanager.register(place, "kit-results-place")
    worker = getattr(config, "workerinput", None)
    if worker is not None and "kit_run_id" in worker:
        config.stash[RUN_ID] = worker["kit_run_id"]
    else:
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        config.stash[RUN_ID] = config.getoption("--run-id") or f"{stamp}-{secrets.token_hex(2)}"
    config.pluginmanager.register(_Scoreboard(config), "kit-scoreboard")
    if config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(_XdistRunId(), "kit-xdist-run-id")


class _XdistRunId:
    """Hands the controller's run id to every worker, so all write into one results folder."""

    @pytest.hookimpl(optionalhook=True)
    def pytest_configure_node(self, node: Any) -> None:
        node.workerinput["kit_run_id"] = node.config.stash[RUN_ID]


@pytest.fixture
def scoreboard_row(request: pytest.FixtureRequest) -> Callable[[dict[str, Any]], None]:
    """Call with a scoreboard row to have it printed in the end-of-run scoreboard."""

    def add(row: dict[str, Any]) -> None:
        request.node.user_properties.append((ROW_KEY, row))

    return add


class _Scoreboard:
    """Collects scoreboard rows from test reports (in the controller under xdist) and prints them."""

    def __init__(self, config: pytest.Config) -> None:
        self.config = config
        self.rows: list[dict[str, Any]] = []
        self.notes: list[str] = []

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.when == "call":
            for key, value in report.user_properties:
                if key == ROW_KEY and isinstance(value, dict):
                    self.rows.append(value)
                elif key == NOTE_KEY and isinstance(value, str):
                    self.notes.append(value)

    def _results(self) -> Path:
        return Path(self.config.getoption("--results-dir") or self.config.rootpath / "results")

    @pytest.hookimpl(wrapper=True, tryfirst=True)
    def pytest_terminal_summary(self, terminalreporter: Any) -> Generator[None, object, object]:
        """After pytest's own summary (failures, the short summary): the scoreboard, one line per
        metric below threshold, where the result files are, and under --kit-report the report's path
        (written by the controller once every result is in). So a run ends with what it measured."""
        outcome = yield
        self._last_progress(terminalreporter)
        if self.rows or self.notes:
            terminalreporter.section("admission evidence kit: scoreboard")
            for line in scoreboard.render(self.rows):
                terminalreporter.write_line(line)
            for note in sorted(set(self.notes)):
                terminalreporter.write_line(note)
            for line in ["", *scoreboard.summary(self.rows, self._calibration())] if self.rows else []:
                terminalreporter.write_line(line)
            for line in scoreboard.failed(self.rows):
                terminalreporter.write_line(line)
            terminalreporter.write_line(self._written())
        if not hasattr(self.config, "workerinput"):
            self._record_outcome(terminalreporter)
        if self.config.getoption("--kit-report") and not hasattr(self.config, "workerinput"):
            from kit.measure import session_report

            for line in session_report(self.config, self.config.stash[RUN_ID]):
                terminalreporter.write_line(line)
        return outcome

    def _calibration(self) -> scoreboard.Calibration:
        """Each arm's Brier score and ECE from its result file in this run's folder (None when it states
        no confidence); an arm whose file is not there is left out (the table says "-")."""
        found: scoreboard.Calibration = {}
        run = self._results() / self.config.stash[RUN_ID]
        for arm in {r["arm"] for r in self.rows}:
            try:
                records = json.loads((run / f"{arm}.json").read_text(encoding="utf-8")).get("records", [])
            except (OSError, ValueError, AttributeError):
                continue
            figures = calibration.of_records([r for r in records if isinstance(r, dict) and "elements" in r])
            found[arm] = None if figures is None else (figures.brier, figures.ece)
        return found

    def _record_outcome(self, terminalreporter: Any) -> None:
        """The session's last line and its failures, written into the run folder (when the session
        wrote one) for the report's first screen (kit.measure.report.outcome)."""
        run = self._results() / self.config.stash[RUN_ID]
        if not run.is_dir():
            return
        parts, _ = terminalreporter.build_summary_stats_line()
        failed = [
            report
            for key in ("failed", "error")
            for report in terminalreporter.stats.get(key, [])
            if getattr(report, "count_towards_summary", True)
        ]
        failures = tuple(session_outcome.Failure(_test_id(r), _why(r)) for r in failed)
        session_outcome.write(run, session_outcome.Outcome(", ".join(text for text, _ in parts), failures))

    def _written(self) -> str:
        run = self._results() / self.config.stash[RUN_ID]
        files = sorted(p.name for p in run.glob("*.json")) if run.is_dir() else []
        return f"results: {run}/ ({', '.join(files) if files else 'no result file written'})"

    def _last_progress(self, terminalreporter: Any) -> None:
        """Under xdist the buying worker's progress lines are not shown: repeat the last one (how many
        calls were bought, or that Ctrl-C stopped the purchase) and say where the rest is."""
        if not getattr(self.config.option, "numprocesses", None):
            return
        log = self._results() / self.config.stash[RUN_ID] / PROGRESS_LOG
        if not log.is_file():
            return
        lines = log.read_text(encoding="utf-8").splitlines()
        for warning in [line for line in lines[:-1] if line.startswith("warning:")]:
            terminalreporter.write_line(f"paid arm: {warning}")  # REDACT=off for a hosted endpoint
        if lines:
            terminalreporter.write_line(f"paid arm: {lines[-1]} (all progress: {log})")


def _test_id(report: Any) -> str:
    """The failed test's node id, with its file when pytest left the file out (a file outside the
    root folder)."""
    if report.nodeid and not report.nodeid.startswith("::"):
        return report.nodeid
    return f"{report.location[0]}{report.nodeid}" or "(collection)"


def _why(report: Any) -> str:
    """The first line of why a test failed: pytest's crash message, else its failure text."""
    crash = getattr(report.longrepr, "reprcrash", None)
    message = getattr(crash, "message", None) or str(report.longrepr or "")
    return session_outcome.first_line(message) or "(no message)"
