"""kit.plugin.once in one process: another key computes again and the same one does not; a value that
cannot be shared is refused by name; the code version follows the package's files. Two processes
asking at once are in tests/integration/test_once_processes.py."""

from pathlib import Path

import pytest

from kit.plugin import once
from kit.plugin.once import Once


def _counted(log: Path) -> dict[str, list[int]]:
    with open(log, "a") as handle:
        handle.write("computed\n")
    return {"figures": [1, 2, 3]}


def test_another_key_or_name_computes_again_and_the_same_one_does_not(tmp_path):
    log = tmp_path / "log"
    folder = tmp_path / "shared"
    Once(folder, "corpus-a").get("measure", lambda: _counted(log))
    Once(folder, "corpus-a").get("measure", lambda: _counted(log))  # a second worker: loads
    Once(folder, "corpus-b").get("measure", lambda: _counted(log))
    Once(folder, "corpus-a", 0.5).get("measure", lambda: _counted(log))
    Once(folder, "corpus-a").get("other", lambda: _counted(log))
    assert len(log.read_text().splitlines()) == 4


def test_a_value_that_cannot_be_shared_is_refused_by_name(tmp_path):
    with pytest.raises(TypeError, match="^scan-unseen: its value cannot be shared"):
        Once(tmp_path, "k").get("scan-unseen", lambda: (lambda: 1))


def test_the_code_version_follows_the_package_files(tmp_path, monkeypatch):
    (tmp_path / "a.py").write_text("x = 1\n")
    (tmp_path / "__pycache__").mkdir()
    monkeypatch.setattr(once, "PACKAGE", tmp_path)
    once.code_version.cache_clear()
    first = once.code_version()
    (tmp_path / "__pycache__" / "a.pyc").write_bytes(b"compiled")
    once.code_version.cache_clear()
    assert once.code_version() == first
    (tmp_path / "a.py").write_text("x = 2\n")
    once.code_version.cache_clear()
    assert once.code_version() != first
    once.code_version.cache_clear()
