"""Root conftest: the Hypothesis profiles and pytest's own `pytester` plugin (for the tests that run
inner pytest sessions). The suite's options, markers and scoreboard live in the kit's pytest plugin
(kit.pytest_plugin), registered through a pytest11 entry point."""

import os

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

pytest_plugins = ["pytester"]
