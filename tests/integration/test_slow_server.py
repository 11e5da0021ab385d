"""Calls that wait real time on the stub on 127.0.0.1: a server slower than TIMEOUT_S (not retried
unless asked, and the batch goes on), the progress line showing each call's own latency, and a call's
latency covering the backoff it slept. The rest of the provider and local-server behaviour, with no
wait, is in tests/unit/model/test_providers.py and tests/unit/model/test_local_server.py."""

import time

import pytest

from kit.model.providers import (
    Completion,
    FatalProviderError,
    Limiter,
    OpenAICompatProvider,
    ProviderError,
    RetryExhausted,
)
from kit.model.stub.server import StubServer
from tests.unit.model.test_local_server import arm_run, oracle, stub_config
from tests.unit.model.test_providers import ask, provider


def test_a_timed_out_call_is_not_retried_and_the_batch_goes_on(shipped_corpus, tmp_path):
    records = shipped_corpus.records[:3]
    with StubServer(replies=oracle, delay=0.6) as stub:
        outcome = arm_run(stub_config(stub, timeout_s=0.2), tmp_path).run(records[:2])
        assert stub.requests == 2, "a timed-out call was sent again"
    for call in outcome.calls:
        assert call.status == "failed" and call.retries == 0
        assert "within TIMEOUT_S (0.2s); not retried" in call.error


def test_retry_timeouts_asks_for_the_one_retry(shipped_corpus, tmp_path):
    records = shipped_corpus.records[:3]
    with StubServer(replies=oracle, delay=0.6) as stub:
        outcome = arm_run(stub_config(stub, timeout_s=0.2, retry_timeouts=True), tmp_path).run(records[:1])
        assert stub.requests == 2
    assert "ReadTimeout, 2 attempts failed in transport" in outcome.calls[0].error


def test_progress_shows_each_calls_own_latency_and_counts_in_words(shipped_corpus, tmp_path):
    lines: list[str] = []
    records = shipped_corpus.records[:3]
    with StubServer(replies=oracle, delay=0.3) as stub:
        arm_run(stub_config(stub), tmp_path, lines).run(records[:3])
    assert lines[0] == "buying 3 calls with 1 worker"
    seconds = [float(line.split(" in ")[1].split("s")[0]) for line in lines[1:]]
    assert len(seconds) == 3
    assert all(0.25 <= s < 0.55 for s in seconds), seconds  # not the 0.9s since the batch began
    one: list[str] = []
    with StubServer(replies=oracle) as stub:
        arm_run(stub_config(stub), tmp_path / "one", one).run(records[:1])
    assert one[0] == "buying 1 call with 1 worker"
    assert one[1].startswith(f"[1/1] {records[0].id} r0 bought in ")


def test_a_read_timeout_is_not_retried_while_the_server_may_still_be_computing_it():
    with StubServer(delay=0.5) as stub:
        p, sleeps = provider(stub, timeout=(2, 0.1))
        with pytest.raises(ProviderError) as info:
            ask(p)
        assert stub.requests == 1
    assert not isinstance(info.value, FatalProviderError | RetryExhausted)
    assert "within TIMEOUT_S (0.1s); not retried" in str(info.value)
    assert "raise TIMEOUT_S" in str(info.value) and sleeps == []


def test_a_read_timeout_is_retried_once_when_asked():
    with StubServer(delay=0.5) as stub:
        p, _ = provider(stub, timeout=(2, 0.1), retry_timeouts=True)
        with pytest.raises(RetryExhausted, match="ReadTimeout"):
            ask(p)
        assert stub.requests == 2


def test_latency_covers_the_whole_call_including_backoff_sleeps():
    assert "latency_ms" in Completion.__doc__ and "backoff" in Completion.__doc__
    with StubServer(fail_429=1, retry_after="0.3") as stub:
        p = OpenAICompatProvider(stub.base_url, "stub", None, sleep=time.sleep, throttle=Limiter())
        c = ask(p)
    assert c.retries == 1
    assert c.latency_ms >= 300.0  # what the user waited, not just the last round trip
