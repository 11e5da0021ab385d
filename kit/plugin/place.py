"""Where a session's runs go when --results-dir does not say: `results/` under the project for an
evaluation session, every test of which is under tests/eval (the main job, `pytest -m paid`, one eval
file), and a `results` folder in the session's own temporary directory for a session that also runs
the kit's own tests (the README's test command), so that the tests never put a run or a screenshot
beside the user's runs, where `kit board` and `kit leaderboard` would show them.

Decided once the session knows which tests it runs: from the collected items (a session without
xdist, or an xdist worker), and in the xdist controller from the ids its workers collected, so all
of them agree. A folder given with --results-dir is always kept. It moves and deletes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import pytest

EVAL_TESTS = Path("tests") / "eval"
OPTION = "results_dir"  # the destination of --results-dir


def evaluation_only(root: Path, tests: Iterable[Path]) -> bool:
    """True when every test file lies under <root>/tests/eval (a session that runs nothing is one)."""
    folder = (root / EVAL_TESTS).resolve()
    return all(Path(path).resolve().is_relative_to(folder) for path in tests)


def scratch(config: pytest.Config) -> Path:
    """The session's temporary results folder: the same for an xdist controller and its workers (a
    worker's temporary directory is made inside the controller's)."""
    # pytest's own factory, read as xdist itself reads it; pytest sets it on Config without declaring it
    factory: pytest.TempPathFactory = config._tmp_path_factory  # type: ignore[attr-defined]
    base = factory.getbasetemp()
    return (base.parent if hasattr(config, "workerinput") else base) / "results"


def _settle(config: pytest.Config, tests: Iterable[Path]) -> None:
    if getattr(config.option, OPTION, None) is None and not evaluation_only(config.rootpath, tests):
        setattr(config.option, OPTION, str(scratch(config)))


def pytest_collection_finish(session: pytest.Session) -> None:
    _settle(session.config, (item.path for item in session.items))


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node: Any, ids: Sequence[str]) -> None:
    config = node.config
    _settle(config, (config.rootpath / test.split("::", 1)[0] for test in ids))
