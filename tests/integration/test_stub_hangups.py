"""A client that hangs up before the stub answers (a timed-out or cancelled call, as the timeout and
Ctrl-C tests do on purpose) leaves no traceback on the terminal: a passing run prints none.

Before: socketserver printed "Exception occurred during processing of request ... BrokenPipeError"."""

from __future__ import annotations

import json
import socket
import struct
import time

from kit.model.stub.server import StubServer


def _hang_up_mid_request(stub: StubServer, reset: bool) -> None:
    body = json.dumps({"model": "stub", "messages": [{"role": "user", "content": "hi"}]}).encode()
    head = (
        f"POST /v1/chat/completions HTTP/1.1\r\nHost: {stub.host}\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\n\r\n"
    ).encode()
    port = int(stub.base_url.rsplit(":", 1)[1].split("/")[0])
    with socket.create_connection((stub.host, port)) as sock:
        if reset:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close with RST
        sock.sendall(head + body)


def test_a_client_hanging_up_prints_no_traceback(capfd) -> None:
    with StubServer(replies=lambda text: "x" * 200_000, delay=0.2) as stub:
        for n in range(4):
            _hang_up_mid_request(stub, reset=n % 2 == 0)
        time.sleep(0.8)
        assert stub.requests == 4
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Exception occurred" not in err, err
