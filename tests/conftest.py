"""Shared fixtures: the shipped corpus, loaded once per session (per worker under xdist)."""

import pytest

from kit.corpus import load


@pytest.fixture(scope="session")
def corpus() -> load.Corpus:
    return load.load(load.shipped_folder())
