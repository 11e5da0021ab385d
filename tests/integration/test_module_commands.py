"""Every module the kit runs with `python -m` starts without a RuntimeWarning. Before: the stub server
(`python -m kit.model.stub.server`) printed runpy's "'kit.model.stub.server' found in sys.modules after
import of package 'kit.model.stub', but prior to execution" on every start, because kit.model imported
it; `python -m kit.cli.commands` did the same. A module run with -m must be one its package does not
import."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

KIT = Path(__file__).resolve().parents[2] / "kit"


def runnable() -> list[str]:
    """Modules with a `__main__` block, and packages with a __main__.py (run as the package)."""
    found = []
    for path in sorted(KIT.rglob("*.py")):
        name = ".".join(path.relative_to(KIT.parent).with_suffix("").parts)
        if path.name == "__main__.py":
            found.append(name.removesuffix(".__main__"))
        elif 'if __name__ == "__main__":' in path.read_text(encoding="utf-8"):
            found.append(name)
    return found


def test_the_runnable_modules_are_found():
    assert {"kit.corpus", "kit.model.stub.server", "kit.cli"} <= set(runnable())


@pytest.mark.parametrize("module", runnable())
def test_a_module_run_with_dash_m_starts_without_a_warning(module):
    env = {**os.environ, "PYTHONPATH": str(KIT.parent), "PYTHONWARNINGS": "default"}
    done = subprocess.run([sys.executable, "-m", module, "--help"], capture_output=True, text=True,
                          timeout=60, env=env, cwd=KIT.parent)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage:") and "Warning" not in done.stderr, done.stderr
