"""Root conftest: the Hypothesis profiles, the `slow` mark on tests/plugin and tests/integration, pytest's
own `pytester` plugin (for the tests that run inner pytest sessions), the one browser of a session
(tests/browser.py), how `-n` spreads the tests, and `no_configuration`, the one fixture that clears the
run configuration from the environment. The suite's options, markers, fixtures and scoreboard live in
the kit's pytest plugin (kit.plugin.hooks), registered through a pytest11 entry point."""

import gc
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from kit.model import config as run_config

# Hypothesis's settings profiles: `dev` (the default, few examples, for the inner loop
# `pytest tests/unit tests/properties`) and `ci` (.ci/run and CI: derandomized, many examples). A test
# sets no example count of its own (a profile never changes a test that does); one that must try fewer
# than the profile caps it with min(settings.default.max_examples, n).
settings.register_profile("dev", max_examples=20, deadline=None)
settings.register_profile(
    "ci",
    max_examples=200,
    derandomize=True,
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("KIT_HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))

pytest_plugins = ["pytester", "tests.browser", "tests.corpora"]


def pytest_configure(config: pytest.Config) -> None:
    """Under `-n` with no `--dist` of your own, tests are spread by work stealing (an idle worker takes
    queued tests from a busy one): `--dist load` hands out the queue up front, so the suite's few long
    tests (inner pytest sessions) pile up on one worker while the other finishes early and waits."""
    chosen = any(arg.startswith("--dist") for arg in config.invocation_params.args)
    if getattr(config.option, "dist", None) == "load" and not chosen:
        config.option.dist = "worksteal"


# Every test in these folders runs other processes (inner pytest sessions, servers, fresh interpreters)
# or a whole corpus: marked `slow`, so the README's test command leaves them out and CI runs them on a
# line of their own (`pytest -m "slow and not timing and not benchmark" -n auto`).
TESTS = Path(__file__).resolve().parent / "tests"
SLOW_FOLDERS = tuple(TESTS / name for name in ("plugin", "integration"))
# These modules are marked `slow` as well: each starts a browser or a server process, retrains the
# scan's or the redactor's model to check the shipped weights, measures a guard over all the fixed
# material under tests/material (every blind set, forged line and held-apart form: it grows with each
# blind set), or sends every record of the shipped and the identifiers corpus redacted through the
# stub (eval/test_redaction.py, 18 s: the redactor's unit tests and properties stay in the command).
# The main job (`pytest tests/eval -m "not paid"`) and CI's second line run them.
SLOW_MODULES = tuple(
    TESTS / name
    for name in (
        "runs/test_report_browser.py", "board/test_board_browser.py", "board/test_command.py",
        "eval/test_scan_model.py", "eval/test_scan_unseen.py", "eval/test_redaction_material.py",
        "eval/test_redaction_forms.py", "eval/test_forged.py", "eval/test_redact_model.py",
        "eval/test_redaction.py",
    )
)  # fmt: skip


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path in SLOW_MODULES or any(folder in item.path.parents for folder in SLOW_FOLDERS):
            item.add_marker(pytest.mark.slow)


def pytest_collection_finish(session: pytest.Session) -> None:
    """What collection built (the kit's modules, word lists, compiled patterns, every test item) lives
    until the process ends: moved out of the garbage collector's sight, so each collection during the
    run, and pytest's own at the session's end, walks only what the tests make (gc.freeze)."""
    gc.freeze()


@pytest.fixture
def no_configuration(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every variable the run configuration reads removed from the environment for the test, so a
    setting in the shell running the suite cannot reach it. The names are kit.model.config.VARIABLES,
    read off Config's own fields: a new setting is cleared here the day it is added."""
    for name in run_config.VARIABLES:
        monkeypatch.delenv(name, raising=False)
