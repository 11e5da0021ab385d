"""The in-memory cache and ledger the free stub runs use (kit.model.memory): the disk cache's keys and
rules, and no file written."""

import pytest

from kit.model import MemoryCache, MemoryLedger
from kit.model.cache import Uncacheable
from kit.model.providers.base import Completion, Request, Usage


def completion(text="{}", finish="stop"):
    return Completion(text, Usage(10, 2, 5, None), 12.0, finish, "req-1")


def test_an_answer_comes_back_as_put_and_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    cache, key = MemoryCache(), "ab" + "0" * 62
    assert cache.get(key) is None and key not in cache
    request = Request([{"role": "user", "content": "x"}], "m")
    cache.put(key, completion(), request=request, provider="stub")
    got = cache.get(key)
    assert got.text == "{}" and got.cached and got.usage == Usage(10, 2, 5, None) and key in cache
    assert cache.count() == 1 and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("text", "finish"), [("", "stop"), ("{}", "content_filter")])
def test_it_refuses_what_the_disk_cache_refuses(text, finish):
    with pytest.raises(Uncacheable):
        MemoryCache().put("ab" + "0" * 62, completion(text, finish))


def test_the_ledger_counts_in_memory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ledger = MemoryLedger()
    ledger.spend()
    ledger.spend(2)
    assert ledger.spent_today() == 3 and ledger.remaining() is None and list(tmp_path.iterdir()) == []
