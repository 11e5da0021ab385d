"""kit.plugin.once across processes: a measurement asked for by two processes at once is computed by
one and loaded by the other (the lock that xdist workers share). Its one-process behaviour is in
tests/unit/test_once.py."""

import multiprocessing
import time
from pathlib import Path

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
