"""Root conftest: the Hypothesis profiles, pytest's own `pytester` plugin (for the tests that run
inner pytest sessions), the one browser of a session (tests/browser.py), and how `-n` spreads the
tests. The suite's options, markers, fixtures and
scoreboard live in the kit's pytest plugin (kit.plugin.hooks), registered through a pytest11 entry
point."""

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile(
    "ci",
    max_examples=400,
    derandomize=True,
    deadline=None,
    database=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("KIT_HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))

pytest_plugins = ["pytester", "tests.browser"]


def pytest_configure(config: pytest.Config) -> None:
    """Under `-n` with no `--dist` of your own, tests are spread by work stealing (an idle worker takes
    queued tests from a busy one): `--dist load` hands out the queue up front, so the suite's few long
    tests (inner pytest sessions) pile up on one worker while the other finishes early and waits."""
    chosen = any(arg.startswith("--dist") for arg in config.invocation_params.args)
    if getattr(config.option, "dist", None) == "load" and not chosen:
        config.option.dist = "worksteal"
