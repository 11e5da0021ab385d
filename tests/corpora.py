"""The corpora that test modules in several folders share, as fixtures: the shipped corpus loaded once,
a copy of its folder for a test to damage, and the identifiers corpus (`python -m kit.corpus
--identifiers`) written once per session (per xdist worker) and loaded. Registered as a plugin by the
root conftest; it holds no test, and it writes only into pytest's temporary folders. A session-wide
folder is read, never changed: a test that damages a corpus takes `shipped_copy`.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from kit.corpus import load
from tests.identifiers import identifiers_corpus


@pytest.fixture(scope="session")
def shipped_corpus() -> load.Corpus:
    return load.load(load.shipped_folder())


@pytest.fixture
def shipped_copy(tmp_path: Path) -> Path:
    """A copy of the shipped corpus folder, `mine`, in the test's own temporary folder."""
    target = tmp_path / "mine"
    shutil.copytree(load.shipped_folder(), target)
    return target


@pytest.fixture(scope="session")
def identifiers_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return identifiers_corpus(tmp_path_factory.mktemp("identifiers") / "corpus")[0]


@pytest.fixture(scope="session")
def identifiers_loaded(identifiers_folder: Path) -> load.Corpus:
    return load.load(identifiers_folder)
