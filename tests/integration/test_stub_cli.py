"""The stub server's command line (kit.model.stub.server's `main`) in a process of its own: it serves the
named arm until interrupted, stops cleanly on a signal the moment it says it is serving, and its help
runs as a module. Its behaviour behind HTTP is in tests/unit/model/test_stub.py."""

import signal
import subprocess
import sys

import pytest

from tests.unit.model.test_stub import USER, chat

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


