"""kit.plugin.once: a measurement asked for by several processes at once is computed by one and loaded
by the others; another key computes again; a value that cannot be shared is refused by name; the code
version follows the package's files."""

import multiprocessing
import time
from pathlib import Path

import pytest

from kit.plugin import once
from kit.plugin.once import Once


def _counted(log: Path) -> dict[str, list[int]]:
    with open(log, "a") as handle:
        handle.write("computed\n")
    time.sleep(0.3)  # long enough that the other process asks while this one computes
    return {"figures": [1, 2, 3]}


def _ask(folder: Path, log: Path, out: Path) -> None:
    value = Once(folder, "corpus-a").get("measure", lambda: _counted(log))
    out.write_text(repr(value))


def test_two_processes_asking_at_once_compute_it_once_and_get_the_same(tmp_path):
    log = tmp_path / "log"
    context = multiprocessing.get_context("fork")
    procs = [
        context.Process(target=_ask, args=(tmp_path / "shared", log, tmp_path / f"out-{n}")) for n in range(2)
    ]
    for proc in procs:
        proc.start()
    for proc in procs:
        proc.join(30)
        assert proc.exitcode == 0
    assert log.read_text().splitlines() == ["computed"]
    assert {(tmp_path / f"out-{n}").read_text() for n in range(2)} == {"{'figures': [1, 2, 3]}"}


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
