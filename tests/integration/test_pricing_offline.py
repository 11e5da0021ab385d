"""The pricing path in a fresh interpreter whose sockets refuse to connect (kit.model.pricing,
genai-prices): a call priced and a bill projected without touching the network. The prices themselves
are in tests/unit/model/test_pricing.py."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from kit.model.providers.base import Usage
from tests.unit.model.test_pricing import CHAT_PEAK, by_hand

NO_NETWORK = """
import socket, sys
tried = []
def refuse(*args, **kwargs):
    tried.append(args[:1])
    raise OSError("network blocked by the test")
socket.socket.connect = refuse
socket.socket.connect_ex = refuse
socket.create_connection = refuse
socket.getaddrinfo = refuse
from datetime import datetime, UTC
from kit.model import pricing
from kit.model.providers.base import Usage
from kit.measure import bill
card = pricing.find("deepseek-chat", {}, "openai", "https://api.deepseek.com/v1")
priced = pricing.of_call(card, Usage(1000, 400, 500), datetime(2026, 11, 18, 12, tzinfo=UTC))
usage = {"input_tokens": 1000, "output_tokens": 500}
calls = [{"status": "bought", "usage": usage, "requested_at": priced["at"]}]
projected = bill.project(calls, ["openai:gpt-4o", "anthropic:claude-haiku-4-5"], {})
import json
import genai_prices.update_prices as updater
seen = [priced["usd"], [p["usd"] is not None for p in projected], len(tried), updater._shared_updater.thread]
print(json.dumps(seen))
"""


def test_the_pricing_path_opens_no_connection():
    """In a fresh interpreter whose sockets refuse to connect or resolve, genai-prices is imported, a call
    priced, a bill projected onto two more cards; nothing tried the network, no updater thread ran."""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", NO_NETWORK], capture_output=True, text=True, cwd=root,
                          env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"}, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    usd, projected, tried, thread = json.loads(done.stdout)
    assert usd == pytest.approx(by_hand(CHAT_PEAK, Usage(1000, 400, 500)))
    assert (projected, tried, thread) == ([True, True], 0, None)
