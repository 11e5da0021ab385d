"""Every test in tests/integration/ is marked `slow`: it runs other processes (inner pytest sessions, servers,
fresh interpreters) or a whole corpus, so the README's test command leaves it out and CI runs it on its
own line (`pytest -m "slow and not timing and not benchmark" -n auto`)."""

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.slow)
