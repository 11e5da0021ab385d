"""Shared fixtures: the corpus under test (the shipped one, or the folder named by --corpus),
loaded once per session (per worker under xdist).

A folder named by --corpus is checked once, before collection: if it is not a valid corpus, or has
no gold to grade against, the session stops there with the list `python -m kit.corpus --check`
prints, instead of every metric test failing on its own."""

from pathlib import Path

import pytest

from kit.corpus import load


def corpus_folder(config: pytest.Config) -> Path:
    chosen = config.getoption("--corpus")
    return Path(chosen) if chosen else load.shipped_folder()


def pytest_configure(config: pytest.Config) -> None:
    if config.getoption("--corpus", default=None) is None:
        return
    try:
        load.load_graded(corpus_folder(config))
    except load.CorpusError as err:
        raise pytest.UsageError(f"--corpus: {err}") from None


@pytest.fixture(scope="session")
def corpus(pytestconfig) -> load.Corpus:
    try:
        return load.load(corpus_folder(pytestconfig))
    except load.CorpusError as err:
        pytest.fail(str(err), pytrace=False)
