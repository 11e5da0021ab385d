"""The stub server's command line (kit.model.stub.server's `main`) in a process of its own: it serves the
named arm until interrupted, stops cleanly on a signal the moment it says it is serving (at once, with
one line, while a request is in flight), its help runs as a module, and a port it cannot use is one
line. Its behaviour behind HTTP is in tests/integration/test_stub_server.py."""

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import requests

from tests.integration.test_stub_server import USER, chat

REPO = Path(__file__).resolve().parents[2]

CLI = """
import sys, types
fake = types.ModuleType("kit.arms")
fake.reply_text_for = lambda arm, text: '{"arm": "%s", "len": %d}' % (arm, len(text))
sys.modules["kit.arms"] = fake
from kit.model.stub.server import main
sys.exit(main(sys.argv[1:]))
"""


def test_cli_serves_the_named_arm_until_interrupted():
    proc = subprocess.Popen([sys.executable, "-c", CLI, "--arm", "floor", "--port", "0", "--fail-429", "1"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert "stub serving arm 'floor' at http://127.0.0.1:" in line
        base_url = line.split(" at ")[1].split()[0]

        class Stub:
            pass

        stub = Stub()
        stub.base_url = base_url
        assert chat(stub).status_code == 429
        content = chat(stub).json()["choices"][0]["message"]["content"]
        assert content == f'{{"arm": "floor", "len": {len(USER)}}}'
    finally:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=10) == 0


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGINT, signal.SIGINT, signal.SIGTERM])
def test_cli_stops_cleanly_on_a_signal_the_moment_it_says_it_is_serving(signum):
    # A signal right after the "serving" line once escaped as a KeyboardInterrupt (exit -2).
    proc = subprocess.Popen([sys.executable, "-c", CLI, "--arm", "floor", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert "stub serving arm" in proc.stdout.readline()
    proc.send_signal(signum)
    assert proc.wait(timeout=10) == 0
    assert "Traceback" not in proc.stderr.read()


def test_cli_help_runs_as_a_module():
    out = subprocess.run([sys.executable, "-m", "kit.model.stub.server", "--help"], capture_output=True,
                         text=True, timeout=30)
    assert out.returncode == 0 and "--fail-429" in out.stdout and "--arm" in out.stdout


def _module(*args: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    command = [sys.executable, "-m", "kit.model.stub.server", "--arm", "floor", *args]
    pipe = subprocess.PIPE
    return subprocess.Popen(command, cwd=REPO, env=env, stdout=pipe, stderr=pipe, text=True)


def test_ctrl_c_stops_at_once_with_one_line_while_a_request_is_in_flight():
    """Before: no "stopped" line. A request still being answered (five seconds away) is not waited for."""
    proc = _module("--port", "0", "--delay", "5")
    base_url = proc.stdout.readline().split(" at ")[1].split()[0]
    threading.Thread(target=lambda: requests.get(base_url + "/models", timeout=10), daemon=True).start()
    busy = threading.Thread(target=lambda: chat_quietly(base_url), daemon=True)
    busy.start()
    time.sleep(0.5)
    assert busy.is_alive()  # its answer is still five seconds away
    asked = time.monotonic()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0 and out == "stub stopped\n", err
    assert time.monotonic() - asked < 2.0
    assert "Traceback" not in err and "Warning" not in err


def chat_quietly(base_url: str) -> None:
    """Ask for the floor's answer to a shipped record (the stub's --delay holds it back)."""
    text = (REPO / "fixtures" / "corpus" / "ADM-0001.txt").read_text(encoding="utf-8")
    with contextlib.suppress(requests.RequestException):
        requests.post(base_url + "/chat/completions", json={"messages": [{"role": "user", "content": text}]},
                      timeout=10)  # fmt: skip


def test_a_port_it_cannot_use_is_one_line():
    out, err = _module("--port", "99999").communicate(timeout=30)
    assert "argument --port: '99999' is not a port" in err and "Traceback" not in err
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        proc = _module("--port", str(port))
        out, err = proc.communicate(timeout=30)
    assert proc.returncode == 2 and out == ""
    assert err == f"stub: cannot listen on 127.0.0.1:{port}: Address already in use\n"
