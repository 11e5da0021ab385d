import time
from email.utils import format_datetime

import pytest
import requests

from kit.model.providers.base import FatalProviderError, ProviderError, RequestRefused, RetryExhausted, scrub
from kit.model.providers.retry import backoff_delay, call_with_retry, parse_retry_hint

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


def test_a_hint_longer_than_max_delay_is_waited_in_full_when_it_fits_the_cap():
    # Retrying before the server allows only earns another 429: the hint is not cut to max_delay.
    script = Script(resp(429, {"Retry-After": "50"}), resp(503, {"retry-after-ms": "45000"}), resp(200))
    (r, retries), sleeps = run(script, max_delay=5.0, max_total_wait=120.0)
    assert (r.status_code, retries, sleeps) == (200, 2, [50.0, 45.0])


def test_a_hint_past_the_total_wait_cap_gives_up_at_once_and_says_how_long():
    script = Script(resp(429, {"Retry-After": "3600"}), resp(200))
    sleeps = []
    with pytest.raises(RetryExhausted) as info:
        call_with_retry(script, sleep=sleeps.append, max_delay=30.0, max_total_wait=120.0,
                        where="https://api.example.com/v1", secret=SENTINEL)
    message = str(info.value)
    assert "asked to wait 3600s" in message
    assert "120s cap on total waiting" in message
    assert message.startswith("429 from https://api.example.com/v1")
    assert SENTINEL not in message
    assert (script.calls, sleeps) == (1, [])
    assert (info.value.status, info.value.retries) == (429, 0)


def test_a_hint_that_no_longer_fits_what_is_left_of_the_cap_stops_the_retries():
    sleeps = []
    with pytest.raises(RetryExhausted, match=r"asked to wait 50s .* than the 20\.00s left") as info:
        call_with_retry(Script(*[resp(429, {"Retry-After": "50"})] * 5), sleep=sleeps.append,
                        max_delay=5.0, max_total_wait=120.0)
    assert sleeps == [50, 50]
    assert info.value.retries == 2


def test_backoff_without_a_hint_stays_capped_by_max_delay():
    script = Script(*[resp(503)] * 4, resp(200))
    (r, retries), sleeps = run(script, base_delay=10.0, max_delay=15.0, max_total_wait=1000.0)
    assert (r.status_code, retries, sleeps) == (200, 4, [10.0, 15.0, 15.0, 15.0])


def test_total_wait_is_capped_for_backoff_too():
    sleeps = []
    with pytest.raises(RetryExhausted, match="cap on total waiting") as info:
        call_with_retry(Script(*[resp(503)] * 5), sleep=sleeps.append, rng=lambda: 0.0,
                        base_delay=10.0, max_delay=30.0, max_total_wait=50.0)
    assert sleeps == [10.0, 20.0]
    assert info.value.retries == 2


@pytest.mark.parametrize(
    ("exc", "options"),
    [
        (requests.ConnectionError("reset"), {}),
        (requests.ReadTimeout("slow"), {"retry_timeouts": True}),
        (requests.ConnectTimeout("no route"), {}),
    ],
)
def test_transport_failure_is_retried_exactly_once(exc, options):
    script = Script(exc, resp(200))
    (r, retries), _ = run(script, **options)
    assert (r.status_code, retries, script.calls) == (200, 1, 2)

    script = Script(exc, exc, resp(200))
    with pytest.raises(RetryExhausted, match="2 attempt"):
        run(script, **options)
    assert script.calls == 2


def test_a_read_timeout_is_not_retried_unless_asked():
    script = Script(requests.ReadTimeout("slow"), resp(200))
    with pytest.raises(ProviderError) as info:
        run(script, where="http://127.0.0.1:8080/v1", read_timeout=300.0)
    assert script.calls == 1 and info.value.retries == 0
    assert not isinstance(info.value, FatalProviderError | RetryExhausted)  # the batch goes on
    assert str(info.value) == (
        "no answer from http://127.0.0.1:8080/v1 within TIMEOUT_S (300s); not retried, because the "
        "server may still be computing it: raise TIMEOUT_S (or set RETRY_TIMEOUTS=1 to retry once)"
    )


def refused_connection() -> requests.ConnectionError:
    """What `requests` raises when nothing listens: the refusal sits two causes down."""
    try:
        try:
            raise ConnectionRefusedError(111, "Connection refused")
        except ConnectionRefusedError as cause:
            raise OSError("Failed to establish a new connection") from cause
    except OSError as wrapped:
        return requests.ConnectionError(wrapped)


def test_a_refused_connection_is_tried_twice_then_says_nothing_is_listening():
    script = Script(refused_connection(), refused_connection(), resp(200))
    with pytest.raises(FatalProviderError) as info:
        run(script, where="http://127.0.0.1:8080/v1")
    assert script.calls == 2
    assert str(info.value).startswith(
        "nothing is listening at http://127.0.0.1:8080/v1 — is the server running?"
    )


def test_a_reset_is_not_taken_for_a_refusal():
    script = Script(requests.ConnectionError("reset by peer"), requests.ConnectionError("reset by peer"))
    with pytest.raises(RetryExhausted, match="ConnectionError, 2 attempt"):
        run(script)


def test_a_refusal_hook_stops_a_5xx_at_once_with_its_fix():
    body = '{"error": {"message": "response_format: type json_schema not allowed"}}'
    script = Script(resp(500, body=body), resp(200))
    seen = []

    def refused(response):
        seen.append(response.status_code)
        return "set RESPONSE_FORMAT=json_object" if "response_format" in response.text else None

    with pytest.raises(FatalProviderError) as info:
        run(script, where="http://127.0.0.1:8080/v1", refused=refused)
    assert script.calls == 1 and seen == [500] and info.value.status == 500
    assert str(info.value) == (
        "500 from http://127.0.0.1:8080/v1: set RESPONSE_FORMAT=json_object — provider said: "
        "response_format: type json_schema not allowed"
    )
    other = Script(resp(500, body="out of memory"), resp(200))
    (r, retries), _ = run(other, refused=refused)
    assert (r.status_code, retries) == (200, 1)


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


CONTEXT = '{"error": {"message": "maximum context length is 8192 tokens", "code": "context_length_exceeded"}}'
FILTERED = '{"error": {"message": "The response was filtered", "code": "content_filter"}}'


@pytest.mark.parametrize(
    ("status", "body"),
    [(400, CONTEXT), (413, '{"error": {"message": "request too large"}}'), (422, CONTEXT), (400, FILTERED),
     (403, FILTERED)],
)
def test_a_refusal_of_one_request_is_request_refused_not_retried(status, body):
    script = Script(resp(status, body=body), resp(200))
    with pytest.raises(RequestRefused) as info:
        run(script, where="http://127.0.0.1:8080/v1")
    assert script.calls == 1 and info.value.status == status
    assert str(info.value).startswith(f"{status} from http://127.0.0.1:8080/v1: this one request was refused")


@pytest.mark.parametrize(
    ("status", "body"),
    [
        (401, FILTERED),
        (402, '{"error": {"message": "payment required"}}'),
        (403, '{"error": {"message": "no access"}}'),
        (404, '{"error": {"message": "model not found"}}'),
        (405, ""),
        (429, '{"error": {"message": "You exceeded your current quota", "type": "insufficient_quota"}}'),
        (400, '{"error": {"message": "Unsupported parameter: max_tokens", "code": "unsupported_parameter"}}'),
        (400, '{"error": {"message": "Unrecognized request argument supplied: reasoning_effort"}}'),
    ],
)
def test_what_is_wrong_for_every_request_stays_fatal_for_the_run(status, body):
    script = Script(resp(status, body=body), resp(200))
    with pytest.raises(FatalProviderError) as info:
        run(script)
    assert not isinstance(info.value, RequestRefused)
    assert script.calls == 1


def test_a_refused_response_format_stays_fatal_even_as_a_400():
    body = '{"error": {"message": "response_format json_schema is not supported"}}'
    with pytest.raises(FatalProviderError) as info:
        run(Script(resp(400, body=body)), refused=lambda r: "set RESPONSE_FORMAT=json_object")
    assert not isinstance(info.value, RequestRefused)


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


def test_scrub_finds_the_key_as_repr_would_escape_it():
    short = "ab\ncd"  # too short for the 8-character runs, and escaped by repr in library messages
    assert scrub(f"bad value {short!r}", short) == "bad value '[redacted]'"
    long_key = "sk-SECRET123\nabc"
    out = scrub(f"header value: 'Bearer {long_key!r}'", long_key)
    assert "SECRET" not in out and "abc" not in out


NEWLINE_KEY = "sk-SECRET123\nabc"


@pytest.mark.parametrize(
    "exc",
    [
        requests.exceptions.InvalidHeader(
            f"Invalid leading whitespace, reserved character(s), or return character(s) in header value: "
            f"{'Bearer ' + NEWLINE_KEY!r}"
        ),
        requests.exceptions.InvalidURL(f"Failed to parse: https://{NEWLINE_KEY}@example.com"),
        UnicodeEncodeError("latin-1", "Bearer sk-SECRÉT\u2019", 16, 17, "ordinal not in range(256)"),
    ],
)
def test_a_request_that_cannot_be_sent_is_a_scrubbed_fatal_error(exc):
    script = Script(resp(503), exc, resp(200))
    with pytest.raises(FatalProviderError) as info:
        run(script, secret=NEWLINE_KEY, where="https://api.example.com/v1")
    message = str(info.value)
    assert "SECRET123" not in message and "\\nabc" not in message and "\nabc" not in message
    assert type(exc).__name__ in message and "check API_KEY" in message
    assert info.value.__suppress_context__  # the original (key-quoting) exception is not shown
    assert script.calls == 2
    assert info.value.retries == 1


@pytest.mark.parametrize(
    ("steps", "options", "error", "retries"),
    [
        ([resp(503), resp(401)], {}, FatalProviderError, 1),
        ([resp(503), resp(429), resp(400)], {}, FatalProviderError, 2),
        ([requests.ConnectionError("x"), resp(429, body='{"error": "insufficient_quota"}')], {},
         FatalProviderError, 1),
        ([resp(503)] * 5, {}, RetryExhausted, 4),
        ([resp(503)] * 3, {"max_retries": 2}, RetryExhausted, 2),
        ([requests.ConnectionError("x")] * 2, {}, RetryExhausted, 1),
        ([resp(503), requests.ConnectionError("x"), requests.ConnectionError("y")], {}, RetryExhausted, 2),
        ([resp(503), resp(503), resp(429, {"Retry-After": "600"})], {}, RetryExhausted, 2),
        ([resp(503)] * 5, {"base_delay": 10.0, "max_total_wait": 25.0}, RetryExhausted, 1),
        ([resp(502), requests.exceptions.InvalidHeader("bad")], {}, FatalProviderError, 1),
    ],
)
def test_every_failure_carries_the_retries_actually_made(steps, options, error, retries):
    script = Script(*steps)
    sleeps = []
    with pytest.raises(error) as info:
        call_with_retry(script, sleep=sleeps.append, rng=lambda: 0.0, **options)
    assert info.value.retries == retries
    assert len(sleeps) == retries  # one sleep per retry, nothing else


def test_quota_exhausted_429_is_never_retried():
    body = '{"error": {"message": "You exceeded your current quota", "type": "insufficient_quota"}}'
    script = Script(resp(429, {"Retry-After": "1"}, body), resp(200))
    with pytest.raises(FatalProviderError, match="quota is exhausted"):
        run(script)
    assert script.calls == 1


def test_a_429_with_a_hint_does_not_spend_the_retries():
    # Six paced refusals in a row, more than max_retries, and the call still gets its answer.
    script = Script(*[resp(429, {"Retry-After": "1"})] * 6, resp(200))
    (r, retries), sleeps = run(script, max_retries=4)
    assert (r.status_code, retries, sleeps) == (200, 6, [1.0] * 6)


def test_paced_429s_stop_at_the_total_wait_cap():
    script = Script(*[resp(429, {"Retry-After": "30"})] * 10)
    sleeps = []
    with pytest.raises(RetryExhausted, match=r"asked to wait 30s before retrying, more than the 0\.00s left"):
        call_with_retry(script, sleep=sleeps.append, max_total_wait=120.0)
    assert sleeps == [30.0] * 4 and script.calls == 5


def test_a_zero_hint_is_counted_as_base_delay_so_the_cap_still_ends_it():
    script = Script(*[resp(429, {"Retry-After": "0"})] * 20)
    sleeps = []
    with pytest.raises(RetryExhausted, match=r"asked to wait 0s \(counted as 1s\)") as info:
        call_with_retry(script, sleep=sleeps.append, base_delay=1.0, max_total_wait=5.0)
    assert sleeps == [0.0] * 5 and info.value.retries == 5


def test_a_hintless_429_still_spends_a_retry():
    script = Script(*[resp(429)] * 6)
    with pytest.raises(RetryExhausted, match="still failing after 4 retries"):
        run(script)
    assert script.calls == 5


def test_backoff_after_paced_429s_starts_from_the_first_step():
    script = Script(resp(429, {"Retry-After": "2"}), resp(429, {"Retry-After": "2"}), resp(503), resp(200))
    (_, retries), sleeps = run(script, base_delay=1.0)
    assert (retries, sleeps) == (3, [2.0, 2.0, 1.0])


def test_a_429_without_retry_after_waits_for_the_spent_limit_to_reset():
    openai = {"x-ratelimit-remaining-requests": "0", "x-ratelimit-reset-requests": "1.5s",
              "x-ratelimit-remaining-tokens": "900", "x-ratelimit-reset-tokens": "6m0s"}
    (_, retries), sleeps = run(Script(resp(429, openai), resp(200)), max_retries=0)
    assert (retries, sleeps) == (1, [1.5])


class Recorder:
    """Stands in for the limiter and notes what the retry loop tells it."""

    def __init__(self):
        self.said = []

    def succeeded(self, headers):
        self.said.append(("succeeded", headers.get("x-ratelimit-remaining-requests")))

    def refused(self, hint, headers):
        self.said.append(("refused", hint))

    def before_retry(self):
        self.said.append(("before_retry",))


def test_the_limiter_hears_every_429_and_success_and_gates_every_resend():
    limiter = Recorder()
    script = Script(resp(429, {"Retry-After": "0.5"}), resp(503, {"Retry-After": "0.2"}),
                    requests.ConnectionError("x"), resp(200, {"x-ratelimit-remaining-requests": "7"}))
    run(script, throttle=limiter)
    assert limiter.said == [("refused", 0.5), ("before_retry",), ("before_retry",), ("before_retry",),
                            ("succeeded", "7")]


def test_a_quota_429_is_fatal_at_once_and_not_taken_for_pacing():
    limiter = Recorder()
    body = '{"error": {"message": "You exceeded your current quota", "type": "insufficient_quota"}}'
    with pytest.raises(FatalProviderError, match="quota is exhausted"):
        run(Script(resp(429, {"Retry-After": "1"}, body), resp(200)), throttle=limiter)
    assert limiter.said == []
