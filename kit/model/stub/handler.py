"""The stub server's HTTP side: the request handler that answers chat and messages requests (or hands
a batch route to the batch desk) as the fault switches of its StubServer decide, and the threading
server it runs under, which keeps a deep accept queue and stays quiet when a client hangs up.

It answers what its StubServer (kit.model.stub.server) decides; it decides no fault itself, logs no
request, and stores nothing but what the StubServer keeps.
"""

from __future__ import annotations

import contextlib
import json
import socket
import struct
import sys
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from kit.model.stub.faults import CONTEXT_REFUSAL
from kit.model.stub.reply import NoReply, chat_payload, message_payload

ACCEPTED_FORMATS = ("text", "json_object")  # what llama-cpp-python's server validates
MESSAGES_ROUTE = "/v1/messages"  # Anthropic's Messages API, for single calls in that shape
CHAT_ROUTES = ("/v1/chat/completions", MESSAGES_ROUTE)
# How often a serving loop looks for a stop, in seconds: `shutdown()` waits up to this long for it. At
# 50 ms the eighty-odd servers the unit tests start and stop spent about 3 s waiting; at 5 ms an idle
# server wakes 200 times a second, which costs it no noticeable time.
POLL_INTERVAL = 0.005


def refused_format(body: Any) -> str | None:
    """The response_format type a llama-cpp-python-like server would refuse in `body`, if any."""
    fmt = body.get("response_format") if isinstance(body, dict) else None
    kind = fmt.get("type") if isinstance(fmt, dict) else None
    return None if fmt is None or kind in ACCEPTED_FORMATS else str(kind)


def _decoded(raw: bytes) -> Any:
    """The JSON body, or None when it is not JSON (the reply builder then says what it is not)."""
    try:
        return json.loads(raw or b"{}")
    except ValueError:
        return None


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet by design
        return

    def _send(
        self,
        status: int,
        body: bytes,
        content_type: str = "application/json",
        headers: dict[str, str] | None = None,
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("x-request-id", f"req_stub_{uuid.uuid4().hex[:12]}")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def _json(self, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
        self._send(status, json.dumps(payload).encode("utf-8"), headers=headers)

    def _error(
        self,
        status: int,
        message: str,
        kind: str,
        code: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        self._json(status, {"error": {"message": message, "type": kind, "code": code}}, headers)

    def _reset(self) -> None:
        """Drop the connection with a TCP RST and no response."""
        self.close_connection = True
        with contextlib.suppress(OSError):
            self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.connection.close()

    def do_GET(self) -> None:
        stub = self.server.stub
        if self.path.rstrip("/") == "/v1/models":
            self._json(200, {"object": "list", "data": [{"id": stub.model, "object": "model"}]})
        else:
            self._batch_or_404(b"")

    def _batch_or_404(self, raw: bytes) -> None:
        """A batch API route (kit.model.stub.batch), or 404."""
        answered = self.server.stub.batches.answer(self.command, self.path, self.headers, raw)
        if answered is None:
            self._error(404, f"stub: no route {self.path}", "not_found_error")
        else:
            self._send(*answered)

    def do_POST(self) -> None:
        stub = self.server.stub
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        if self.path.rstrip("/") not in CHAT_ROUTES:
            self._batch_or_404(raw)
            return
        action, number, limit_headers = stub._admit(raw, self.headers.get("Authorization"))
        refused = refused_format(stub.bodies[number - 1]) if stub.refuse_json_schema else None
        if refused is not None and action != "401":
            self._error(
                500,
                "1 validation error:\n  {'type': 'literal_error', 'loc': ('body', 'response_format', "
                f"'type'), 'msg': \"Input should be 'text' or 'json_object'\", 'input': '{refused}'}}\n\n"
                "    POST /v1/chat/completions",
                "internal_server_error",
            )
        elif action == "401":
            self._error(401, "Incorrect API key provided.", "invalid_request_error", "invalid_api_key")
        elif action == "too_long":
            self._error(400, CONTEXT_REFUSAL, "invalid_request_error", "context_length_exceeded")
        elif action == "reset":
            self._reset()
        elif action == "quota":
            self._error(
                429,
                "You exceeded your current quota, please check your plan and billing details.",
                "insufficient_quota",
                "insufficient_quota",
            )
        elif action == "429":
            headers = {}
            if stub.retry_after is not None:
                headers["Retry-After"] = stub.retry_after
            if stub.retry_after_ms is not None:
                headers["retry-after-ms"] = stub.retry_after_ms
            self._error(429, "Rate limit reached (stub).", "rate_limit_error", "rate_limit_exceeded", headers)
        elif action == "rate_limited":
            message = "Rate limit reached for requests (stub)."
            self._error(429, message, "requests", "rate_limit_exceeded", limit_headers)
        elif action == "status":
            code = stub.fail_status[0] if stub.fail_status else 500
            self._error(code, f"stub: injected {code}", "server_error")
        elif action == "malformed":
            self._send(200, b"<html><body>upstream hiccup</body></html>", "text/html")
        else:
            self._answer(stub, raw, number, with_usage=action != "no_usage", headers=limit_headers)

    def _answer(
        self, stub: Any, raw: bytes, number: int, *, with_usage: bool, headers: dict[str, str]
    ) -> None:
        try:
            if self.path.rstrip("/") == MESSAGES_ROUTE:
                payload = message_payload(stub.replies, _decoded(raw), number, stub.model)
            else:
                payload = chat_payload(stub.replies, _decoded(raw), number, stub.model, with_usage)
        except NoReply as err:
            self._error(400, str(err), "invalid_request_error")
            return
        if stub.delay:
            time.sleep(stub.delay)
        self._json(200, payload, headers)


class LoopbackHTTPServer(ThreadingHTTPServer):
    """A threading HTTP server whose accept queue holds a burst of connections, and that stays quiet
    when a client hangs up.

    socketserver listens with a backlog of 5, so a burst of concurrent clients overflows the accept
    queue and the kernel resets the surplus connections. Tests and the stub open dozens at once.
    """

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 256

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that hung up before its answer (a call timed out or cancelled, as tests do on
        purpose) is no fault of the server: nothing is printed. Anything else prints as before."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


class _Server(LoopbackHTTPServer):
    stub: Any  # the kit.model.stub.server.StubServer that started it
