import threading
import time
from datetime import UTC, datetime

import pytest

from kit.model.providers.limiter import LESSON_WINDOW, Limiter
from kit.model.providers.rate_headers import Budget, parse_duration, parse_reset, read_budget, reset_hint


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


def limiter(ceiling=8):
    clock = Clock()
    return Limiter(ceiling, clock=clock, wall=lambda: 1_700_000_000.0 + clock.now), clock


def call(lim, clock, admitted, hint=None, headers=None, wait=True):
    """Advance the clock to when the next start is allowed (if `wait`), start a call, then report
    its answer while the call still holds its slot."""
    if wait:
        clock.now += lim.delay()
    with lim.slot():
        if admitted:
            lim.succeeded(headers or {})
        else:
            lim.refused(hint, headers or {})


@pytest.mark.parametrize(
    ("text", "seconds"),
    [("1s", 1.0), ("6m0s", 360.0), ("120ms", 0.12), ("1h2m3.5s", 3723.5), ("2.5", 2.5), ("250us", 0.00025)],
)
def test_durations_as_openai_writes_them(text, seconds):
    assert parse_duration(text) == pytest.approx(seconds)


@pytest.mark.parametrize("text", ["soon", "1x", "s", "", "1s2"])
def test_unreadable_durations(text):
    assert parse_duration(text) is None


def test_an_rfc_3339_reset_is_seconds_from_now():
    wall = datetime(2026, 1, 1, 0, 0, 0, tzinfo=UTC).timestamp()
    assert parse_reset("2026-01-01T00:00:07Z", wall) == pytest.approx(7.0)
    assert parse_reset("2025-12-31T23:59:00Z", wall) == 0.0
    assert parse_reset("2026-01-01T00:00:07", wall) is None  # no zone: unreadable, not guessed


def test_request_budget_from_openai_and_anthropic_headers():
    openai = {"X-RateLimit-Remaining-Requests": "3", "x-ratelimit-reset-requests": "1m30s",
              "x-ratelimit-limit-requests": "120"}
    assert read_budget(openai) == Budget(3.0, 90.0, 120.0)
    wall = datetime(2026, 1, 1, tzinfo=UTC).timestamp()
    anthropic = {"anthropic-ratelimit-requests-remaining": "0",
                 "anthropic-ratelimit-requests-reset": "2026-01-01T00:00:02Z"}
    assert read_budget(anthropic, wall) == Budget(0.0, 2.0, None)
    assert read_budget({"x-ratelimit-remaining-requests": "3"}) is None
    assert read_budget({"x-ratelimit-remaining-requests": "-1", "x-ratelimit-reset-requests": "1s"}) is None


def test_reset_hint_takes_the_longest_spent_limit():
    headers = {"x-ratelimit-remaining-requests": "0", "x-ratelimit-reset-requests": "2s",
               "x-ratelimit-remaining-tokens": "0", "x-ratelimit-reset-tokens": "6m0s"}
    assert reset_hint(headers) == 360.0
    headers["x-ratelimit-remaining-tokens"] = "5000"
    assert reset_hint(headers) == 2.0
    headers["x-ratelimit-remaining-requests"] = "1"
    assert reset_hint(headers) is None


def hold(lim, clock, n):
    """Enter `n` slots one after another, moving the clock on to when each may start."""
    slots = []
    for _ in range(n):
        clock.now += lim.delay()
        slot = lim.slot()
        slot.__enter__()
        slots.append(slot)
    return slots


def release(slots):
    for slot in slots:
        slot.__exit__(None, None, None)


def test_the_window_halves_once_per_burst_and_grows_back_while_full():
    lim, clock = limiter(8)
    slots = hold(lim, clock, 8)
    assert lim.delay() is None  # eight in flight: the ninth waits
    lim.refused(0.0)
    lim.refused(0.0)  # the same burst (sent before the cut): no second cut
    assert lim.figures()["concurrency"] == 4
    release(slots)
    call(lim, clock, admitted=False, hint=0.0)  # sent after the cut: cuts again
    assert lim.figures()["concurrency"] == 2
    for _ in range(10):
        call(lim, clock, admitted=True)  # one call at a time: the window is not full, so it stays
    assert lim.figures()["concurrency"] == 2

    def full_window_of_successes():
        window = lim.figures()["concurrency"]
        slots = hold(lim, clock, window)
        assert lim.delay() is None
        for _ in slots:
            lim.succeeded({})
        release(slots)

    full_window_of_successes()
    assert lim.figures()["concurrency"] == 2  # 2 + 1/2 + 1/2.5: not yet 3
    full_window_of_successes()
    assert lim.figures()["concurrency"] == 3
    for _ in range(60):
        full_window_of_successes()
    assert lim.figures()["concurrency"] == 8  # never above the ceiling


def test_a_429_pauses_every_start_until_its_hint_has_passed():
    lim, clock = limiter()
    first, second = lim.slot(), lim.slot()
    first.__enter__()
    second.__enter__()
    lim.refused(2.0)
    assert lim.delay() == 2.0 and lim.delay(new_call=False) == 2.0
    clock.now += 1.5
    lim.refused(1.0)  # a call sent before the pause, refused during it: the pause runs 0.5 s longer
    assert lim.delay(new_call=False) == pytest.approx(1.0)
    assert lim.figures()["paused_s"] == pytest.approx(2.5)  # the union of the two pauses
    first.__exit__(None, None, None)
    second.__exit__(None, None, None)


def test_the_pace_starts_from_the_hint_grows_bisects_and_holds():
    lim, clock = limiter()

    def pace():
        return pytest.approx(lim.figures()["pace_per_min"] / 60, abs=0.002)  # figures are rounded

    assert lim.figures()["pace_per_min"] is None  # no 429 yet: unpaced
    call(lim, clock, admitted=True)
    burst(lim, PATTERN)
    assert pace() == 1.5  # one request admitted within the hinted second: 1/s proven, half more tried
    assert lim.figures()["paced_by"] == "repeated 429s"
    call(lim, clock, admitted=True)  # the first start after a pause proves nothing (the bucket refilled)
    assert pace() == 1.5
    call(lim, clock, admitted=True)  # admitted 1/1.5 s after an admitted one: 1.5/s proven
    assert pace() == 2.25
    call(lim, clock, admitted=False, hint=1.0)  # refused at 2.25/s: try between 1.5 and 2.25
    first = (1.5 * 2.25) ** 0.5
    assert pace() == first
    call(lim, clock, admitted=True)  # after the pause: no lesson
    call(lim, clock, admitted=True)  # `first` proven; 2.25 is more than 8% above: halve the gap again
    second = (first * 2.25) ** 0.5
    assert pace() == second
    call(lim, clock, admitted=True)  # `second` proven, 2.25 still more than 8% above
    third = (second * 2.25) ** 0.5
    assert pace() == third
    call(lim, clock, admitted=False, hint=1.0)  # refused at `third`, within 8% of `second`: hold that
    assert third / second < 1.08
    assert pace() == second
    for _ in range(5):
        call(lim, clock, admitted=True)
    assert pace() == second


def test_a_refusal_after_a_refused_request_teaches_nothing_about_the_pace():
    lim, clock = limiter()
    call(lim, clock, admitted=True)
    call(lim, clock, admitted=False, hint=1.0, wait=False)
    call(lim, clock, admitted=True)
    call(lim, clock, admitted=False, hint=0.0)  # refused at 1.5/s after an admitted one: a lesson
    paced = lim.figures()["pace_per_min"]
    call(lim, clock, admitted=False, hint=0.0)  # refused right after a refused one: none
    assert lim.figures()["pace_per_min"] == paced


def test_a_server_budget_holds_starts_before_the_first_429():
    lim, clock = limiter()
    budget = {"x-ratelimit-limit-requests": "1", "x-ratelimit-remaining-requests": "0",
              "x-ratelimit-reset-requests": "500ms"}
    call(lim, clock, admitted=True, headers=budget)
    assert lim.delay() == pytest.approx(0.55)  # one token a half-second, and a tenth of that as margin
    assert lim.figures()["refused_429"] == 0


def test_a_budget_counts_the_requests_started_since_it_was_read():
    lim, clock = limiter()
    budget = {"x-ratelimit-limit-requests": "10", "x-ratelimit-remaining-requests": "3",
              "x-ratelimit-reset-requests": "7s"}  # refills at 1/s
    call(lim, clock, admitted=True, headers=budget)
    for _ in range(3):
        call(lim, clock, admitted=True, wait=False)
    assert lim.delay() == pytest.approx(1.1)


def test_a_budget_without_its_size_spends_what_is_left_then_waits_for_the_reset():
    lim, clock = limiter()
    call(lim, clock, admitted=True, headers={"x-ratelimit-remaining-requests": "1",
                                             "x-ratelimit-reset-requests": "4s"})
    assert lim.delay() == 0
    call(lim, clock, admitted=True, wait=False)
    assert lim.delay() == pytest.approx(4.0)


def test_figures_since_a_mark_count_only_what_came_after():
    lim, clock = limiter()
    call(lim, clock, admitted=False, hint=1.0)
    mark = lim.mark()
    call(lim, clock, admitted=False, hint=2.0)
    seen = lim.figures(mark)
    assert (seen["refused_429"], seen["paused_s"]) == (1, 2.0)
    assert lim.figures()["refused_429"] == 2


PATTERN = 5  # refusals in a row: a rate limit by any reading


def burst(lim, n, hint=1.0):
    """`n` calls started at one moment, each in its own thread, then all refused (one burst: one cut)."""
    started = threading.Barrier(n)

    def work():
        with lim.slot():
            started.wait(timeout=5)
            lim.refused(hint)

    threads = [threading.Thread(target=work) for _ in range(n)]
    for th in threads:
        th.start()
    for th in threads:
        th.join(timeout=5)


def refusals(lim, clock, n=PATTERN):
    """`n` refused calls one after another: a sustained pattern at the default `n` (each cuts the window)."""
    for _ in range(n):
        call(lim, clock, admitted=False, hint=1.0)


def test_configure_keeps_what_was_learned_for_the_same_ceiling_only():
    lim, clock = limiter(8)
    burst(lim, PATTERN)
    lim.configure(8)
    assert lim.figures()["concurrency"] == 4 and lim.figures()["pace_per_min"] is not None
    lim.configure(6)
    assert lim.figures()["concurrency"] == 6 and lim.figures()["pace_per_min"] is None
    with pytest.raises(ValueError):
        lim.configure(0)
    with pytest.raises(ValueError):
        Limiter(0)


def test_what_one_server_taught_is_not_applied_to_another():
    lim, clock = limiter(8)
    lim.configure(8, "127.0.0.1:8001")
    burst(lim, PATTERN)
    lim.configure(8, "127.0.0.1:8001")
    assert lim.figures()["concurrency"] == 4 and lim.figures()["pace_per_min"] is not None
    lim.configure(8, "127.0.0.1:8002")
    assert lim.figures()["concurrency"] == 8 and lim.figures()["pace_per_min"] is None


def test_slots_bound_the_calls_in_flight_across_threads():
    lim = Limiter(3)
    active, peak, lock = [0], [0], threading.Lock()

    def work():
        with lim.slot():
            with lock:
                active[0] += 1
                peak[0] = max(peak[0], active[0])
            time.sleep(0.02)
            with lock:
                active[0] -= 1

    threads = [threading.Thread(target=work) for _ in range(10)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert peak[0] == 3


def test_a_pause_holds_every_thread():
    lim = Limiter(4)
    with lim.slot():
        lim.refused(0.3)
    began = time.monotonic()
    starts = []

    def work():
        with lim.slot():
            starts.append(time.monotonic() - began)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert len(starts) == 4 and min(starts) >= 0.25


def test_isolated_429s_pause_and_cut_but_never_pace():
    # A refusal on every 7th request (the stub's usual faults), 300 requests: each pauses for its hint
    # and cuts the window, the window grows back as calls succeed, and no pace is ever inferred.
    lim, clock = limiter(4)
    for n in range(1, 301):
        call(lim, clock, admitted=n % 7 != 0, hint=0.01)
    seen = lim.figures()
    assert (seen["refused_429"], seen["pace_per_min"], seen["paced_by"]) == (42, None, None)
    assert seen["paused_s"] == pytest.approx(0.42)


def test_a_burst_of_429s_is_a_rate_limit():
    lim, clock = limiter(8)
    call(lim, clock, admitted=True)
    burst(lim, 1)
    assert lim.figures()["pace_per_min"] is None  # one refusal is isolated
    lim, clock = limiter(8)
    call(lim, clock, admitted=True)
    burst(lim, PATTERN)
    assert lim.figures()["concurrency"] == 4  # one burst, one cut
    assert lim.figures()["pace_per_min"] is not None
    assert lim.figures()["paced_by"] == "repeated 429s"


def test_once_paced_a_lone_refusal_does_not_lower_the_pace():
    lim, clock = limiter()
    call(lim, clock, admitted=True)
    refusals(lim, clock)
    for _ in range(LESSON_WINDOW):
        call(lim, clock, admitted=True)  # the pattern has cleared: no refusal among the last hundred
    paced = lim.figures()["pace_per_min"]
    call(lim, clock, admitted=False, hint=0.0)
    assert lim.figures()["pace_per_min"] >= paced
    call(lim, clock, admitted=True)
    call(lim, clock, admitted=False, hint=0.0)  # a second refusal within the window: a lesson
    assert lim.figures()["pace_per_min"] < paced


def test_budget_headers_say_they_paced_the_run():
    lim, clock = limiter()
    call(lim, clock, admitted=True)
    assert lim.figures()["paced_by"] is None
    call(lim, clock, admitted=True, headers={"x-ratelimit-limit-requests": "10",
                                             "x-ratelimit-remaining-requests": "9",
                                             "x-ratelimit-reset-requests": "6s"})
    assert lim.figures()["paced_by"] == "rate-limit headers"
