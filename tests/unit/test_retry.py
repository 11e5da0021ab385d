import threading
import time
from email.utils import format_datetime

import pytest
import requests

from kit.providers.base import FatalProviderError, RetryExhausted
from kit.providers.retry import Throttle, backoff_delay, call_with_retry, parse_retry_hint

SENTINEL = "sk-SENTINEL-123"


def resp(status, headers=None, body=b""):
    r = requests.Response()
    r.status_code = status
    r.headers.update(headers or {})
    r._content = body.encode() if isinstance(body, str) else body
    r.encoding = "utf-8"
    r._content_consumed = True
    return r


class Script:
    """A `send` that plays back responses / exceptions in order and counts calls."""

    def __init__(self, *steps):
        self.steps = list(steps)
        self.calls = 0

    def __call__(self):
        step = self.steps[self.calls]
        self.calls += 1
        if isinstance(step, BaseException):
            raise step
        return step


def run(script, **kwargs):
    sleeps = []
    kwargs.setdefault("rng", lambda: 0.0)
    result = call_with_retry(script, sleep=sleeps.append, **kwargs)
    return result, sleeps


def test_parse_retry_hint_forms():
    assert parse_retry_hint({"retry-after-ms": "250"}) == 0.25
    assert parse_retry_hint({"Retry-After": "1.5"}) == 1.5
    assert parse_retry_hint({"retry-after": "2", "retry-after-ms": "10"}) == 0.01
    assert parse_retry_hint({}) is None
    assert parse_retry_hint({"Retry-After": "soon"}) is None
    now = time.time()
    from datetime import UTC, datetime

    date = format_datetime(datetime.fromtimestamp(now + 7, UTC), usegmt=True)
    assert parse_retry_hint({"Retry-After": date}, now=now) == pytest.approx(7, abs=1)
    assert parse_retry_hint({"Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"}) == 0.0


def test_success_first_time_does_not_sleep():
    (r, retries), sleeps = run(Script(resp(200)))
    assert (r.status_code, retries, sleeps) == (200, 0, [])


def test_429_honours_retry_after_seconds():
    script = Script(resp(429, {"Retry-After": "0.7"}), resp(200))
    (r, retries), sleeps = run(script)
    assert (r.status_code, retries, sleeps, script.calls) == (200, 1, [0.7], 2)


def test_retry_after_ms_wins():
    script = Script(resp(429, {"Retry-After": "9", "retry-after-ms": "120"}), resp(200))
    (_, retries), sleeps = run(script)
    assert sleeps == [0.12] and retries == 1


@pytest.mark.parametrize("status", [408, 409, 429, 500, 502, 503, 504, 529])
def test_retryable_statuses(status):
    (r, retries), sleeps = run(Script(resp(status), resp(200)))
    assert (r.status_code, retries) == (200, 1)
    assert sleeps == [1.0]


def test_exponential_backoff_then_exhausted_after_four_retries():
    script = Script(*[resp(503, body='{"error": {"message": "busy"}}')] * 6)
    with pytest.raises(RetryExhausted, match="503 .* still failing after 4 retries: busy") as info:
        run(script)
    assert script.calls == 5
    assert info.value.retries == 4


def test_backoff_values_and_jitter():
    assert [backoff_delay(a, 1.0, 30.0, lambda: 0.0) for a in range(6)] == [1, 2, 4, 8, 16, 30]
    assert backoff_delay(2, 1.0, 30.0, lambda: 1.0) == 3.0
    sleeps = []
    script = Script(resp(500), resp(500), resp(200))
    call_with_retry(script, sleep=sleeps.append, rng=lambda: 0.5, base_delay=0.5)
    assert sleeps == [0.5 * 0.875, 1.0 * 0.875]


def test_hint_is_capped_by_max_delay():
    (_, _), sleeps = run(Script(resp(429, {"Retry-After": "3600"}), resp(200)), max_delay=5.0)
    assert sleeps == [5.0]


def test_total_wait_is_capped():
    script = Script(*[resp(429, {"Retry-After": "50"})] * 5)
    with pytest.raises(RetryExhausted, match="cap on total waiting"):
        run(script, max_delay=60.0, max_total_wait=120.0)
    sleeps = []
    with pytest.raises(RetryExhausted):
        call_with_retry(Script(*[resp(429, {"Retry-After": "50"})] * 5), sleep=sleeps.append,
                        max_delay=60.0, max_total_wait=120.0)
    assert sleeps == [50, 50]
    assert sum(sleeps) <= 120.0


@pytest.mark.parametrize("exc", [requests.ConnectionError("reset"), requests.ReadTimeout("slow"),
                                 requests.ConnectTimeout("no route")])
def test_transport_failure_is_retried_exactly_once(exc):
    script = Script(exc, resp(200))
    (r, retries), _ = run(script)
    assert (r.status_code, retries, script.calls) == (200, 1, 2)

    script = Script(exc, exc, resp(200))
    with pytest.raises(RetryExhausted, match="2 attempt"):
        run(script)
    assert script.calls == 2


def test_transport_budget_is_shared_with_status_retries():
    script = Script(resp(503), requests.ConnectionError("x"), resp(429), requests.ConnectionError("y"))
    with pytest.raises(RetryExhausted):
        run(script)
    assert script.calls == 4


@pytest.mark.parametrize(
    ("status", "words"),
    [
        (401, "401 from https://api.example.com/v1: the API key was rejected"),
        (403, "the key lacks access to this model or endpoint"),
        (404, "check BASE_URL and MODEL"),
        (400, "provider said: max_tokens is too large"),
        (422, "provider said: max_tokens is too large"),
    ],
)
def test_client_errors_fail_fast_with_what_to_fix(status, words):
    body = '{"error": {"message": "max_tokens is too large"}}'
    script = Script(resp(status, body=body), resp(200))
    with pytest.raises(FatalProviderError) as info:
        run(script, where="https://api.example.com/v1")
    assert words in str(info.value)
    assert script.calls == 1
    assert info.value.status == status


def test_error_text_is_scrubbed_of_the_key_and_truncated():
    body = '{"error": {"message": "bad request for key ' + SENTINEL + " " + "x" * 2000 + '"}}'
    with pytest.raises(FatalProviderError) as info:
        run(Script(resp(400, body=body)), secret=SENTINEL)
    assert SENTINEL not in str(info.value)
    assert "SENTINEL-1" not in str(info.value)
    assert len(str(info.value)) < 500
    # a 401 body never reaches the message at all (providers echo part of the key there)
    with pytest.raises(FatalProviderError) as info:
        run(Script(resp(401, body='{"error": {"message": "Incorrect API key provided: sk-SENT***123"}}')))
    assert "SENT" not in str(info.value)


def test_quota_exhausted_429_is_never_retried():
    body = '{"error": {"message": "You exceeded your current quota", "type": "insufficient_quota"}}'
    script = Script(resp(429, {"Retry-After": "1"}, body), resp(200))
    with pytest.raises(FatalProviderError, match="quota is exhausted"):
        run(script)
    assert script.calls == 1


def test_429_lowers_the_throttle():
    throttle = Throttle(8, window=0.0)
    run(Script(resp(429), resp(429), resp(200)), throttle=throttle)
    assert throttle.limit == 2


class FakeClock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def test_throttle_halves_once_per_window_floors_at_one_and_recovers():
    clock = FakeClock()
    t = Throttle(8, window=5.0, quiet=30.0, clock=clock)
    t.on_429()
    t.on_429()  # same burst: counted once
    assert t.limit == 4
    clock.now += 6
    t.on_429()
    assert t.limit == 2
    for _ in range(5):
        clock.now += 6
        t.on_429()
    assert t.limit == 1
    clock.now += 29
    assert t.limit == 1
    clock.now += 1
    assert t.limit == 2
    clock.now += 30
    assert t.limit == 4
    clock.now += 30
    clock.now += 30
    assert t.limit == 8
    clock.now += 300
    assert t.limit == 8


def test_throttle_slot_bounds_concurrency():
    t = Throttle(3)
    t.configure(2)
    active, peak, lock = [0], [0], threading.Lock()

    def work():
        with t.slot():
            with lock:
                active[0] += 1
                peak[0] = max(peak[0], active[0])
            time.sleep(0.02)
            with lock:
                active[0] -= 1

    threads = [threading.Thread(target=work) for _ in range(8)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert peak[0] == 2


def test_throttle_rejects_zero():
    with pytest.raises(ValueError):
        Throttle(0)
