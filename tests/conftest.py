"""Shared fixtures: the corpus under test (the shipped one, or the folder named by --corpus),
loaded once per session (per worker under xdist)."""

from pathlib import Path

import pytest

from kit.corpus import load


def corpus_folder(config: pytest.Config) -> Path:
    chosen = config.getoption("--corpus")
    return Path(chosen) if chosen else load.shipped_folder()


@pytest.fixture(scope="session")
def corpus(pytestconfig) -> load.Corpus:
    try:
        return load.load(corpus_folder(pytestconfig))
    except load.CorpusError as err:
        pytest.fail(str(err), pytrace=False)
