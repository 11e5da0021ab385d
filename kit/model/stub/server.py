"""A stub OpenAI-compatible chat-completions server on 127.0.0.1, for tests and offline runs.

It answers POST /v1/chat/completions (and Anthropic's POST /v1/messages, in that vendor's shape)
with a reply chosen by a `replies(user_text) -> reply_text` function,
fabricates a plausible usage block from character counts, and answers GET /v1/models. Fault
switches inject what a real endpoint does on a bad day: 429 with Retry-After, a quota-exhausted 429,
500/502/503, a reset connection, a slow answer, a malformed body, a missing usage block, and 401.
Each counted fault hits the first N requests that reach it, or every Kth request (`Every(k)`). Like a
real server it stops a reply at the request's `max_tokens` (at four characters a token), with
finish_reason "length"; `refuse_record` answers every request naming one record (its id, or any
text in the user message) with the 400 a server with a short context gives a long record; and
`refuse_json_schema` makes it refuse any response_format but `text` and `json_object` the way
llama-cpp-python's server does: a 500 whose body names response_format.
A rate-limit mode admits N requests a minute through a token bucket and answers the rest with 429 and
a Retry-After in whole seconds, rounded up (optionally with OpenAI-style x-ratelimit-* headers).
It also serves both vendors' batch APIs, with their own faults (kit.model.stub.batch); `requests`
counts chat-completion requests only, `batches.seen` the batch routes. Its HTTP side (the request
handler and the threading server) is kit.model.stub.handler.

It refuses to bind anything but a loopback address, never logs requests, and never checks or stores
a key beyond keeping the last Authorization header in memory so tests can assert what was sent.
Run by hand: `python -m kit.model.stub.server --arm floor --port 8000`; Ctrl-C stops it at once, saying
"stub stopped".
"""

from __future__ import annotations

import argparse
import ipaddress
import json
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any

from kit.arms import reply_text_for
from kit.model.stub.batch import BatchDesk, BatchFaults, parse_batch
from kit.model.stub.faults import When, _Fault, names_record, parse_port, parse_status, parse_when
from kit.model.stub.handler import POLL_INTERVAL, _Handler, _Server
from kit.model.stub.token_bucket import TokenBucket


def default_replies(user_text: str) -> str:
    return json.dumps({"stub": True, "chars": len(user_text)})


class StubServer:
    """`with StubServer(replies=fn, fail_429=1) as stub: stub.base_url` -> http://127.0.0.1:PORT/v1"""

    def __init__(
        self,
        replies: Callable[[str], str] | None = None,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        model: str = "stub",
        fail_429: When = 0,
        retry_after: str | None = "0.01",
        retry_after_ms: str | None = None,
        quota_429: When = 0,
        fail_status: tuple[int, When] | None = None,
        reset: When = 0,
        delay: float = 0.0,
        malformed: When = 0,
        no_usage: When = 0,
        status_401: bool = False,
        refuse_json_schema: bool = False,
        refuse_record: str | None = None,
        rate_limit: int = 0,
        rate_burst: int = 1,
        rate_headers: bool = False,
        batch: BatchFaults | None = None,
    ) -> None:
        if host != "localhost" and not ipaddress.ip_address(host).is_loopback:
            raise ValueError(f"the stub binds loopback only, not {host!r}")
        if fail_status is not None and not 500 <= fail_status[0] <= 599:
            raise ValueError("fail_status takes a 5xx code (500, 502, 503, ...)")
        self.replies = replies or default_replies
        self.host, self.port, self.model = host, port, model
        self.retry_after, self.retry_after_ms = retry_after, retry_after_ms
        self.fail_status = fail_status
        self.delay = delay
        self.status_401 = status_401
        self.refuse_json_schema = refuse_json_schema
        self.refuse_record = refuse_record
        self._faults: list[tuple[str, _Fault]] = [
            ("reset", _Fault(reset)),
            ("quota", _Fault(quota_429)),
            ("429", _Fault(fail_429)),
            ("status", _Fault(fail_status[1] if fail_status else 0)),
            ("malformed", _Fault(malformed)),
            ("no_usage", _Fault(no_usage)),
        ]
        self.batches = BatchDesk(self, batch or BatchFaults())
        self._bucket = TokenBucket(rate_limit, rate_burst, rate_headers) if rate_limit else None
        self._lock = threading.Lock()
        self._count = 0
        self.outcomes: list[str] = []
        self.bodies: list[dict] = []
        self.last_authorization: str | None = None
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None

    def _admit(self, raw: bytes, authorization: str | None) -> tuple[str, int, dict[str, str]]:
        with self._lock:
            self._count += 1
            number = self._count
            self.last_authorization = authorization
            try:
                self.bodies.append(json.loads(raw or b"{}"))
            except ValueError:
                self.bodies.append({})
            action = "401" if self.status_401 else "ok"
            if action == "ok" and names_record(self.bodies[-1], self.refuse_record):
                action = "too_long"  # refused like a real server, before any counted fault
            if action == "ok":
                for name, fault in self._faults:
                    if fault.fires(number):
                        action = name
                        break
            limit_headers: dict[str, str] = {}
            if action in ("ok", "no_usage") and self._bucket is not None:
                admitted, limit_headers = self._bucket.take()
                if not admitted:
                    action = "rate_limited"
            self.outcomes.append(action)
            return action, number, limit_headers

    @property
    def requests(self) -> int:
        """Chat-completion requests received so far (every attempt, faulted or not)."""
        with self._lock:
            return self._count

    @property
    def base_url(self) -> str:
        if self._server is None:
            raise RuntimeError("the stub server is not running")
        return f"http://{self.host}:{self._server.server_address[1]}/v1"

    def start(self) -> StubServer:
        server = _Server((self.host, self.port), _Handler)
        server.stub = self
        self._server = server
        self._thread = threading.Thread(
            target=server.serve_forever,
            kwargs={"poll_interval": POLL_INTERVAL},
            name="stub-server",
            daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> StubServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m kit.model.stub.server", description=__doc__.split("\n\n")[0])
    p.add_argument("--arm", required=True, help="offline arm whose replies the stub serves (floor, oracle)")
    counted = {"type": parse_when, "default": 0, "metavar": "N|every:K"}
    # Every other flag, one row each; its dest is the StubServer argument of the same name.
    flags: tuple[tuple[str, dict[str, Any]], ...] = (
        ("--port", {"type": parse_port, "default": 8000}),
        ("--host", {"default": "127.0.0.1", "help": "loopback address to bind (default 127.0.0.1)"}),
        ("--model", {"default": "stub"}),
        ("--fail-429", counted),
        ("--retry-after", {"default": "0.01", "help": "Retry-After sent with injected 429s (seconds)"}),
        ("--retry-after-ms", {"default": None}),
        ("--quota-429", counted),
        ("--fail-status", {"type": parse_status, "default": None, "metavar": "CODE:N|CODE:every:K"}),
        ("--reset", counted),
        ("--delay", {"type": float, "default": 0.0, "help": "seconds to wait before each reply"}),
        ("--malformed", counted),
        ("--no-usage", counted),
        ("--status-401", {"action": "store_true"}),
        ("--refuse-json-schema", {"action": "store_true", "help": "answer a response_format other than "
                                  "text/json_object with a 500, as llama-cpp-python does"}),
        ("--refuse-record", {"default": None, "metavar": "TEXT", "help": "answer 400 (maximum context "
                             "length) to every request naming TEXT, a record id"}),
        ("--rate-limit", {"type": int, "default": 0, "metavar": "N", "help": "admit N calls a minute"}),
        ("--rate-burst", {"type": int, "default": 1, "metavar": "B", "help": "calls admitted at once (1)"}),
        ("--rate-headers", {"action": "store_true", "help": "send x-ratelimit-* headers with every answer"}),
        ("--batch", {"type": parse_batch, "default": None, "metavar": "polls=N,row_errors=N,expire=N,..."}),
    )
    for flag, options in flags:
        p.add_argument(flag, **options)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Serve until Ctrl-C or SIGTERM, then say "stub stopped" and return 0 at once (answers still being
    written are not waited for: their threads are daemons); a host or port it cannot listen on is one
    line and 2."""
    args = build_parser().parse_args(argv)
    arm = args.arm

    def replies(user_text: str) -> str:
        return reply_text_for(arm, user_text)

    switches = {name: value for name, value in vars(args).items() if name != "arm"}
    # Ctrl-C and SIGTERM are blocked in every thread before the server starts and then awaited, so
    # one arriving at any moment (even right after the "serving" line) ends the loop cleanly.
    stopping = {signal.SIGINT, signal.SIGTERM}
    signal.pthread_sigmask(signal.SIG_BLOCK, stopping)
    try:
        stub = StubServer(replies, **switches).start()
    except (OSError, ValueError) as err:
        said = err.strerror if isinstance(err, OSError) and err.strerror else err
        print(f"stub: cannot listen on {args.host}:{args.port}: {said}", file=sys.stderr)
        return 2
    try:
        print(
            f"stub serving arm {arm!r} at {stub.base_url} (PROVIDER=stub BASE_URL={stub.base_url}); "
            "Ctrl-C stops it",
            flush=True,
        )
        signal.sigwait(stopping)
    finally:
        stub.stop()
        signal.pthread_sigmask(signal.SIG_UNBLOCK, stopping)
    print("stub stopped", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
