"""The answer cache and the call ledger written by two processes at once (kit.model.cache,
kit.model.ledger): no torn entry, no lost count. Their behaviour in one process is in
tests/unit/model/test_cache.py."""

import json
import subprocess
import sys

from kit.model.cache import Cache
from kit.model.ledger import Ledger

WRITER = """
import sys
from pathlib import Path
from kit.model.cache import Cache
from kit.model.providers.base import Completion, Usage
cache = Cache(Path(sys.argv[1]))
for i in range(60):
    c = Completion(text='{"proc": %s, "i": %d}' % (sys.argv[2], i), usage=Usage(1, 0, 1, 0),
                   latency_ms=1.0, finish_reason="stop", request_id=None)
    cache.put("ab" + "0" * 62, c)
    cache.put("%02x" % i + "1" * 62, c)
"""


def test_two_processes_writing_at_once(tmp_path):
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), str(n)]) for n in (1, 2)]
    assert [p.wait(timeout=60) for p in procs] == [0, 0]
    cache = Cache(tmp_path)
    assert cache.count() == 61
    for path in tmp_path.rglob("*.json"):
        json.loads(path.read_text())
    assert [p for p in tmp_path.rglob("*") if p.is_file() and p.suffix != ".json"] == []




SPENDER = """
import sys
from pathlib import Path
from kit.model.ledger import Ledger
ledger = Ledger(Path(sys.argv[1]))
for _ in range(100):
    ledger.spend()
"""


def test_ledger_two_processes_lose_no_count(tmp_path):
    path = tmp_path / "l.json"
    procs = [subprocess.Popen([sys.executable, "-c", SPENDER, str(path)]) for _ in range(2)]
    assert [p.wait(timeout=60) for p in procs] == [0, 0]
    assert Ledger(path).spent_today() == 200


