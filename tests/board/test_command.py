"""`kit board` as a person runs it: the URL printed, the page served on 127.0.0.1, Ctrl-C stopping it
cleanly (exit 0, no traceback), a port already taken said in one line (exit 2), and a warning when it
is told to listen beyond this machine."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import urllib.request

import pytest

from tests.ctrl_c import interruptible

KIT = [sys.executable, "-c", "import sys; from kit.cli import main; sys.exit(main())"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def started(args: list[str], cwd) -> tuple[subprocess.Popen, str]:
    proc = subprocess.Popen([*KIT, "board", *args], cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, preexec_fn=interruptible)  # fmt: skip
    line = proc.stdout.readline()
    return proc, line


@pytest.mark.parametrize("host", ["127.0.0.1", "0.0.0.0"])
def test_board_serves_and_stops_on_ctrl_c(tmp_path, no_configuration, monkeypatch, host):
    monkeypatch.setenv("API_KEY", "sk-CANARY-in-no-log")
    port = free_port()
    proc, line = started(["--port", str(port), "--host", host, "--results", str(tmp_path)], tmp_path)
    try:
        assert line == f"kit board: http://{host}:{port}/  (Ctrl-C stops it)\n"
        direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # no proxy for loopback
        with direct.open(f"http://127.0.0.1:{port}/", timeout=10) as page:
            assert page.status == 200 and "default-src 'none'" in page.headers["Content-Security-Policy"]
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0 and out == "kit board: stopped\n"
    assert "Traceback" not in err and "CANARY" not in out + err
    warned = "kit board: warning: listening on 0.0.0.0, not only this machine" in err
    assert warned == (host != "127.0.0.1")


def test_a_port_already_taken_is_one_line(tmp_path, no_configuration):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        command = [*KIT, "board", "--port", str(port)]
        done = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr == f"kit board: cannot listen on 127.0.0.1:{port}: Address already in use\n"


@pytest.mark.parametrize("port", ["99999", "-5", "65536", "abc"])
def test_a_port_out_of_range_is_a_usage_error_not_a_traceback(tmp_path, no_configuration, port):
    """Before: `--port 99999` ended in `OverflowError: bind(): port must be 0-65535`."""
    done = subprocess.run([*KIT, "board", "--port", port], cwd=tmp_path, capture_output=True, text=True,
                          timeout=60)  # fmt: skip
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("usage: kit board") and "Traceback" not in done.stderr
    assert f"argument --port: {port!r} is not a port: give a whole number from 0 to 65535" in done.stderr


def test_a_results_folder_that_does_not_exist_is_said_and_a_file_refused(tmp_path, no_configuration):
    """Before: `kit board --results /nonexistent` started without a word."""
    missing = tmp_path / "nowhere"
    proc, line = started(["--port", str(free_port()), "--results", str(missing)], tmp_path)
    try:
        assert line.startswith("kit board: http://127.0.0.1:")
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    assert err.startswith(f"kit board: note: --results {missing}: no such folder, so no recorded run is")
    assert not missing.exists()
    afile = tmp_path / "runs.txt"
    afile.write_text("x")
    done = subprocess.run([*KIT, "board", "--results", str(afile)], cwd=tmp_path, capture_output=True,
                          text=True, timeout=60)  # fmt: skip
    assert done.returncode == 2
    assert done.stderr == f"kit board: --results {afile}: is a file, not a folder of recorded runs\n"
