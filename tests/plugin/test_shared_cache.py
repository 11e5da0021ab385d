"""One answer cache shared by two machines: two real processes record overlapping ranges of the
corpus (records 0-39 and 20-59: each has a disjoint part and they share 20-39, which both start
with) into one cache folder and one ledger at the same time, against one stub, one call at a time
or through batches (held in flight until both processes have submitted theirs). Every answer is
bought exactly once, no entry is corrupt or half-written, and the ledger counts what was bought."""

from __future__ import annotations

import json
import subprocess
import sys
import time
import warnings
from pathlib import Path

import pytest

from kit.arms import reply_text_for
from kit.model.cache import Cache, CacheWarning
from kit.model.stub.batch import BatchFaults
from kit.model.stub.server import StubServer

BUYER = """
import json, sys
from pathlib import Path
from kit.model.batch.run import BatchArmRun
from kit.model.cache import Cache
from kit.model.config import Config
from kit.corpus import load
from kit.model.ledger import Ledger
from kit.model.providers import make_provider
from kit.model.runner import ArmRun

base_url, folder, ranges, batch = sys.argv[1:5]
records = load.load(load.shipped_folder()).records
config = Config(provider="stub", base_url=base_url, model="stub-oracle", eval_workers=4, batch_poll_s=0.01)
run = (BatchArmRun if batch == "batch" else ArmRun)(
    config=config, cache=Cache(Path(folder) / "cache"), ledger=Ledger(Path(folder) / "ledger.json"),
    record=True, make_provider=lambda: make_provider(config),
)
spans = [part.split(":") for part in ranges.split(",")]
outcome = run.run([rec for start, stop in spans for rec in records[int(start):int(stop)]])
print(json.dumps([c.status for c in outcome.calls]))
"""


@pytest.mark.parametrize("way", ["single", "batch"])
def test_two_processes_sharing_a_cache_buy_every_answer_once(tmp_path: Path, way: str):
    # single calls overlap because each takes 0.1 s; batches stay in flight until both are submitted
    faults = {"delay": 0.1} if way == "single" else {"batch": BatchFaults(polls=10**6)}
    with StubServer(replies=lambda text: reply_text_for("oracle", text), **faults) as stub:
        procs = [
            subprocess.Popen(
                [sys.executable, "-c", BUYER, stub.base_url, str(tmp_path), ranges, way],
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for ranges in ("20:40,0:20", "20:60")  # both begin with the shared part
        ]
        if way == "batch":
            deadline = time.monotonic() + 60
            while stub.batches.seen["create"] < 2 and time.monotonic() < deadline:
                time.sleep(0.02)
            stub.batches.faults.polls = 1  # each batch ends at its next check
        done = [proc.communicate(timeout=120) for proc in procs]
        bought = stub.requests + stub.batches.rows
    assert [proc.returncode for proc in procs] == [0, 0], [err for _, err in done]
    statuses = [json.loads(out) for out, _ in done]
    assert [len(s) for s in statuses] == [40, 40]
    assert all(status in ("bought", "replayed") for s in statuses for status in s), statuses
    filed_here = sum(s.count("bought") for s in statuses)
    if way == "single":
        assert filed_here == 60, statuses
    else:  # each batch is filed once; one filed by the other process shows as replayed, though this one paid
        assert filed_here <= 60, statuses
    assert bought == 60, "no call was bought twice"
    cache = Cache(tmp_path / "cache")
    with warnings.catch_warnings():
        warnings.simplefilter("error", CacheWarning)
        keys = [p.stem for p in (tmp_path / "cache").glob("??/*.json")]
        assert len(keys) == 60 and all(cache.get(key) is not None for key in keys)
    assert not list(tmp_path.rglob("*.tmp")), "no temporary file is left behind"
    assert sum(json.loads((tmp_path / "ledger.json").read_text()).values()) == 60
