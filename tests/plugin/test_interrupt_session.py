"""Ctrl-C during a purchase, sent to a real inner pytest process: buying stops at once.

A user who presses Ctrl-C means "stop spending". After the interrupt no new request may reach the
server; the calls already on the wire finish and are cached; the run says how many it bought and that
it stopped, and exits non-zero.
"""

import json
import os
import re
import signal
import subprocess
import sys
import time

import pytest

from kit.arms import reply_text_for
from kit.model.stub.server import StubServer
from tests.ctrl_c import interruptible
from tests.plugin.sessions import REPO, inner_args, stub_session_env

PAID_TESTS = REPO / "tests" / "eval" / "test_paid_arm.py"
WORKERS = 2


@pytest.mark.parametrize("spread", [(), ("-n", "2")], ids=["serial", "xdist"])
def test_ctrl_c_starts_no_new_request_and_says_what_it_bought(tmp_path, spread):
    cache, results = tmp_path / "answers", tmp_path / "results"
    with StubServer(replies=lambda text: reply_text_for("oracle", text), delay=0.3) as stub:
        env = stub_session_env(stub.base_url, WORKERS)
        paid = ("-m", "paid", f"--answers-cache={cache}", "--record")
        args = [*spread, *inner_args(PAID_TESTS, results, *paid)]
        proc = subprocess.Popen(
            [sys.executable, "-m", "pytest", *args],
            cwd=tmp_path,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
            preexec_fn=interruptible,
        )
        deadline = time.monotonic() + 60
        while stub.requests < 6 and time.monotonic() < deadline:
            time.sleep(0.02)
        sent_before = stub.requests
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole process group
        output, _ = proc.communicate(timeout=60)
        sent_after = stub.requests
    cached = len(list(cache.glob("??/*.json")))
    spent = sum(json.loads((results / "ledger.json").read_text()).values())

    assert proc.returncode != 0, output
    # Only a call whose worker was already between "may I start?" and the wire could still go out.
    assert sent_after - sent_before <= WORKERS, (sent_before, sent_after)
    assert 6 <= sent_after < 60
    assert cached == sent_after, "every request that reached the server is answered and cached"
    assert cached <= spent <= cached + WORKERS
    said = re.search(r"stopped by Ctrl-C: (\d+) calls? of (\d+) bought and cached", output)
    assert said, output
    assert int(said.group(1)) == cached and int(said.group(2)) == 60
