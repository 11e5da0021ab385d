"""The retry policy for a paid call: one explicit loop, reporting to the shared limiter.

Retried: 408, 409, 429, every 5xx (including Anthropic's 529), at most `max_retries` times and never
past a cap on the total wait. Without a hint from the server the wait is exponential backoff with
jitter, each wait capped by `max_delay`. When the server sends `retry-after-ms` or `Retry-After`, the
full hint is waited (retrying sooner would only be refused again), provided it fits in what is left of
the total-wait cap; if it does not fit, the call gives up at once with RetryExhausted saying how long
the server asked to wait. A transport failure (connection refused or reset) is retried exactly once,
because a non-streamed completion may already have been paid for; a connection still refused after
that is fatal ("nothing is listening"), so the rest of a batch is not sent. A read timeout is not
retried unless the caller asks (`retry_timeouts`): the server is likely still computing the abandoned
request, and a retry would queue behind it. Never retried: 400/401/403/404, any other 4xx, a 429 that
says the quota is exhausted, a reply the caller's `refused` hook recognises (a server refusing the
response format, even as a 5xx), and a request `requests` refuses to send (an invalid header or URL);
these raise FatalProviderError with a message saying what to fix. Of them, a refusal of the one
request (400, 413 or 422 naming no unsupported setting, a content filter's refusal; see
kit.model.providers.refusals) raises RequestRefused, so a purchase goes on with the other records.

A 429 is the server pacing its callers. Its hint may also come from the reset of a spent
`x-ratelimit-*` limit when it has no Retry-After. A 429 with a hint does not spend one of the
`max_retries`, only wait time, so a call is not lost to a busy rate limit while the cap on total
waiting holds; each such wait counts at least `base_delay` against the cap, so a server that refuses
forever with a zero hint still runs it out. With a limiter (kit.model.providers.limiter), every answer is
reported to it and every resend waits there for its turn.

Every error raised here carries `retries`, the number of retries actually made before giving up. This
module refuses to retry forever and never puts the API key in a message (callers pass it as `secret`,
and provider and library error text is scrubbed of it).
"""

from __future__ import annotations

import email.utils
import json
import random
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime

import requests

from kit.model.providers.base import FatalProviderError, ProviderError, RequestRefused, RetryExhausted, scrub
from kit.model.providers.limiter import Limiter
from kit.model.providers.rate_headers import reset_hint
from kit.model.providers.refusals import one_request

RETRYABLE_STATUS = frozenset({408, 409, 429})
TRANSPORT_ERRORS = (requests.ConnectionError, requests.Timeout, requests.exceptions.ChunkedEncodingError)
TRANSPORT_RETRIES = 1

_FIX = {
    400: "the request was refused",
    401: "the API key was rejected (check API_KEY)",
    403: "the key lacks access to this model or endpoint",
    404: "nothing answers there: check BASE_URL and MODEL",
}


def parse_retry_hint(headers: Mapping[str, str], now: float | None = None) -> float | None:
    """Seconds the server asked us to wait, from `retry-after-ms` or `Retry-After`; None if absent or
    unreadable. Negative values (a date in the past) become 0."""
    lower = {str(k).lower(): v for k, v in headers.items()}
    raw_ms = lower.get("retry-after-ms")
    if raw_ms is not None:
        try:
            return max(0.0, float(raw_ms) / 1000.0)
        except ValueError:
            pass
    raw = lower.get("retry-after")
    if raw is None:
        return None
    try:
        return max(0.0, float(raw))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(raw)
    except (TypeError, ValueError):
        return None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    current = datetime.now(UTC).timestamp() if now is None else now
    return max(0.0, when.timestamp() - current)


def error_text(response: requests.Response) -> str:
    """The provider's own error message if the body carries one, else the raw body."""
    try:
        body = response.json()
    except ValueError:
        return response.text or ""
    if isinstance(body, dict):
        err = body.get("error")
        if isinstance(err, dict) and err.get("message"):
            return str(err["message"])
        if isinstance(err, str):
            return err
        if body.get("message"):
            return str(body["message"])
    return json.dumps(body)[:1000]


def quota_exhausted(response: requests.Response) -> bool:
    """True for a 429 that will not clear by waiting (OpenAI's `insufficient_quota`)."""
    if response.status_code != 429:
        return False
    text = (response.text or "").lower()
    return "insufficient_quota" in text or "exceeded your current quota" in text


def connection_refused(exc: BaseException) -> bool:
    """True when a transport failure is, somewhere down its chain of causes, a refused connection."""
    seen: set[int] = set()
    todo: list[BaseException] = [exc]
    while todo:
        err = todo.pop()
        if id(err) in seen:
            continue
        seen.add(id(err))
        if isinstance(err, ConnectionRefusedError):
            return True
        linked = (getattr(err, "reason", None), err.__cause__, err.__context__, *err.args)
        todo += [e for e in linked if isinstance(e, BaseException)]
    return False


def _read_timeout(exc: BaseException) -> bool:
    """A timeout after the request was sent (a connect timeout never reached the server)."""
    return isinstance(exc, requests.Timeout) and not isinstance(exc, requests.ConnectTimeout)


def is_retryable(status: int) -> bool:
    return status in RETRYABLE_STATUS or 500 <= status <= 599


def backoff_delay(attempt: int, base_delay: float, max_delay: float, rng: Callable[[], float]) -> float:
    """Exponential backoff for retry number `attempt` (0-based) with up to 25% jitter taken off."""
    delay = min(max_delay, base_delay * (2**attempt))
    return delay * (1.0 - 0.25 * rng())


def _fatal(response: requests.Response, where: str, secret: str | None, retries: int) -> FatalProviderError:
    status = response.status_code
    said = scrub(error_text(response), secret, limit=300)
    alone = one_request(response)
    if status == 429:
        fix = "the account's quota is exhausted; add credit or raise the limit (waiting will not help)"
    elif alone:
        fix = "this one request was refused (the others are still sent)"
    else:
        fix = _FIX.get(status, "the provider refused the request")
    message = f"{status} from {scrub(where, secret)}: {fix}"
    if status not in (401, 403) and said:
        message += f" — provider said: {said}"
    error = RequestRefused if alone else FatalProviderError
    return error(message, status=status, retries=retries)


def call_with_retry(
    send: Callable[[], requests.Response],
    *,
    sleep: Callable[[float], object] = time.sleep,
    max_retries: int = 4,
    base_delay: float = 1.0,
    max_delay: float = 30.0,
    max_total_wait: float = 120.0,
    rng: Callable[[], float] = random.random,
    where: str = "BASE_URL",
    secret: str | None = None,
    throttle: Limiter | None = None,
    refused: Callable[[requests.Response], str | None] | None = None,
    retry_timeouts: bool = False,
    read_timeout: float | None = None,
    stopped: Callable[[], bool] | None = None,
) -> tuple[requests.Response, int]:
    """Call `send` until it returns a success, following the policy in the module docstring.

    `refused(response)` returns what to fix when an error reply is a refusal that no retry can
    change, else None. `read_timeout` only goes into the message of a timed-out call. Once
    `stopped()` is true a resend no longer queues in the limiter: `send` is called at once and refuses.
    Returns (response, retries): every resend counts in `retries`, paced 429s included. Raises
    FatalProviderError, RetryExhausted or ProviderError.
    """
    retries = 0
    spent = 0  # the retries that count against max_retries
    transport_retries = 0
    waited = 0.0
    while True:
        hint: float | None = None
        try:
            response = send()
        except TRANSPORT_ERRORS as exc:
            if _read_timeout(exc) and not retry_timeouts:
                within = f" within TIMEOUT_S ({read_timeout:g}s)" if read_timeout else ""
                raise ProviderError(
                    f"no answer from {scrub(where, secret)}{within}; not retried, because the server "
                    "may still be computing it: raise TIMEOUT_S (or set RETRY_TIMEOUTS=1 to retry once)",
                    retries=retries,
                ) from None
            if connection_refused(exc) and transport_retries >= TRANSPORT_RETRIES:
                raise FatalProviderError(
                    f"nothing is listening at {scrub(where, secret)} — is the server running? "
                    f"(connection refused, {transport_retries + 1} attempts)",
                    retries=retries,
                ) from None
            if transport_retries >= TRANSPORT_RETRIES or spent >= max_retries:
                raise RetryExhausted(
                    f"could not get an answer from {scrub(where, secret)} "
                    f"({type(exc).__name__}, {transport_retries + 1} "
                    f"{'attempt' if transport_retries == 0 else 'attempts'} failed in transport)",
                    retries=retries,
                ) from None
            transport_retries += 1
            failure = type(exc).__name__
            paced = False
        except (requests.RequestException, UnicodeError) as exc:
            # Not a transport failure: `requests` refused to build or send the request (an invalid
            # header such as a key with a line break, a bad URL, ...). Such messages quote the
            # offending value, which may be the key, so only a scrubbed copy goes any further.
            raise FatalProviderError(
                f"could not send a request to {scrub(where, secret)}: {type(exc).__name__}: "
                f"{scrub(str(exc), secret, limit=200)} (check API_KEY and BASE_URL)",
                retries=retries,
            ) from None
        else:
            status = response.status_code
            if status < 400:
                if throttle is not None:
                    throttle.succeeded(response.headers)
                return response, retries
            fix = refused(response) if refused is not None else None
            if fix is not None:
                said = scrub(error_text(response), secret, limit=300)
                raise FatalProviderError(
                    f"{status} from {scrub(where, secret)}: {fix} — provider said: {said}",
                    status=status,
                    retries=retries,
                )
            if status == 429 and quota_exhausted(response):
                raise _fatal(response, where, secret, retries)
            if not is_retryable(status):
                raise _fatal(response, where, secret, retries)
            hint = parse_retry_hint(response.headers)
            if status == 429:
                hint = reset_hint(response.headers) if hint is None else hint
                if throttle is not None:
                    throttle.refused(hint, response.headers)
            paced = status == 429 and hint is not None
            if not paced and spent >= max_retries:
                said = scrub(error_text(response), secret, limit=200)
                raise RetryExhausted(
                    f"{status} from {scrub(where, secret)} still failing after {retries} retries: {said}",
                    status=status,
                    retries=retries,
                )
            failure = str(status)
            response.close()
        if hint is not None:
            delay = hint
            charge = max(delay, base_delay) if paced else delay
            if waited + charge > max_total_wait:
                counted = f" (counted as {charge:g}s)" if charge != delay else ""
                raise RetryExhausted(
                    f"{failure} from {scrub(where, secret)}: the server asked to wait {delay:g}s{counted} "
                    f"before retrying, more than the {max(0.0, max_total_wait - waited):.2f}s left of the "
                    f"{max_total_wait:.0f}s cap on total waiting; giving up after {retries} retries "
                    f"(try again later)",
                    status=status,
                    retries=retries,
                )
        else:
            delay = backoff_delay(spent, base_delay, max_delay, rng)
        if waited + delay > max_total_wait:
            raise RetryExhausted(
                f"{failure} from {scrub(where, secret)}: giving up, another wait of {delay:.2f}s would pass "
                f"the {max_total_wait:.0f}s cap on total waiting ({waited:.2f}s waited, {retries} retries)",
                retries=retries,
            )
        sleep(delay)
        waited += max(delay, base_delay) if paced else delay
        retries += 1
        spent += 0 if paced else 1
        if throttle is not None and not (stopped is not None and stopped()):
            throttle.before_retry()
