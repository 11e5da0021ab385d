"""Which error replies refuse one request, and which are wrong for every request of a run.

A server that answers one record with 400 "maximum context length" (or 413 too large, 422 invalid,
or a content filter's refusal) refuses that record, not the run: the other requests may well be
answered. 401, 402, 403, 404 and every other 4xx, an exhausted quota, a refused response format and
a refused connection are wrong for every request alike and stop a purchase (kit.model.providers.retry
raises those as FatalProviderError). A 400 or 422 that names a setting the server does not support
(an unsupported parameter or value, an unrecognised argument) would meet the next request too, so it
is not one request's refusal. This module reads a reply; it sends, retries and decides nothing else.
"""

from __future__ import annotations

import requests

ONE_REQUEST_STATUS = frozenset({400, 413, 422})
CONTENT_FILTER = ("content_filter", "content management policy")
EVERY_REQUEST = (
    "unsupported_parameter",
    "unsupported parameter",
    "unsupported_value",
    "unsupported value",
    "unrecognized request argument",
)
NEVER_ONE_REQUEST = frozenset({401, 402})  # the key or the account: every request alike


def one_request(response: requests.Response) -> bool:
    """True when a non-retryable error reply refuses only the request it answers: a 400, 413 or 422
    that names no unsupported setting, or a 4xx (not 401/402) naming the content filter."""
    status = response.status_code
    text = (response.text or "").lower()
    if any(word in text for word in CONTENT_FILTER):
        return 400 <= status < 500 and status not in NEVER_ONE_REQUEST
    return status in ONE_REQUEST_STATUS and not any(word in text for word in EVERY_REQUEST)
