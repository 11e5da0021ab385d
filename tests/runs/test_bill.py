"""The bill by hand (issue 35): a run bought from the loopback stub under MODEL=deepseek-v4-flash, its
four calls sent at fixed times on Wednesday 2026-11-18, two inside DeepSeek's peak hours (01:00-04:00
and 06:00-10:00 UTC) and two outside them. The result file, `kit cost` and the report must give the
figures worked out here from the card's rates, written below as genai-prices 0.2.3 has them, on the
token counts the stub reported; a model priced nowhere reads "not priced"; and nothing but the
loopback stub is reached (any other connection or name lookup fails the test)."""

from __future__ import annotations

import json
import socket
from datetime import UTC, datetime
from pathlib import Path

import pytest

from kit import pipeline
from kit.arms import reply_text_for
from kit.cli import commands as cli
from kit.measure import bill, report, thresholds
from kit.model import StubServer
from kit.model.config import Config

REPO = Path(__file__).resolve().parents[2]
# deepseek-v4-flash from 2026-09-10, $ per million tokens: (input, cache read, output)
PEAK, OFF_PEAK = (0.3, 0.006, 1.2), (0.15, 0.003, 0.6)
# claude-haiku-4-5 (the projection): input 1, cache read 0.1, output 5; batch rates half, from 2026-10-14
HAIKU = (1.0, 0.1, 5.0)
SENT = ["2026-11-18T02:00:00", "2026-11-18T07:30:00", "2026-11-18T12:00:00", "2026-11-18T23:15:00"]
IN_PEAK = [True, True, False, False]
CARD = {"from": "genai-prices", "provider": "deepseek", "model": "deepseek-v4-flash"}


def by_hand(usage: dict, rates: tuple[float, float, float], cached: bool = True) -> float:
    read = usage["cached_input_tokens"] if cached else 0
    fresh = usage["input_tokens"] - read
    return (fresh * rates[0] + read * rates[1] + usage["output_tokens"] * rates[2]) / 1e6


@pytest.fixture
def loopback_only(monkeypatch):
    """Refuse every connection and name lookup that is not the loopback stub's."""
    connect, lookup = socket.socket.connect, socket.getaddrinfo

    def guarded_connect(sock, address):
        if not str(address[0]).startswith("127."):
            raise AssertionError(f"the test tried to reach {address}")
        return connect(sock, address)

    def guarded_lookup(host, *args, **kwargs):
        if host not in ("127.0.0.1", "localhost"):
            raise AssertionError(f"the test tried to look up {host}")
        return lookup(host, *args, **kwargs)

    monkeypatch.setattr(socket.socket, "connect", guarded_connect)
    monkeypatch.setattr(socket, "getaddrinfo", guarded_lookup)


@pytest.fixture
def priced_run(tmp_path, shipped, loopback_only, monkeypatch):
    monkeypatch.delenv("PRICES_FILE", raising=False)
    small = shipped.__class__(shipped.folder, tuple(shipped.records[:4]), shipped.manifest)
    times = iter(datetime.fromisoformat(t).replace(tzinfo=UTC) for t in SENT)
    with StubServer(replies=lambda text: reply_text_for("oracle", text)) as stub:
        config = Config(provider="stub", base_url=stub.base_url, model="deepseek-v4-flash", eval_workers=1)
        settings = pipeline.RunSettings(run_id="billed", results_dir=tmp_path / "results",
                                        answers_cache=tmp_path / "answers", record=True)  # fmt: skip
        arm = pipeline.ModelArm(config, settings, tmp_path / "shared", clock=lambda: next(times))
        done = pipeline.run(small, arm, settings)
    return done.path, small


def test_the_result_file_kit_cost_and_the_report_reproduce_the_bill_by_hand(priced_run, tmp_path, capsys):
    path, small = priced_run
    data = json.loads(path.read_text())
    calls = data["telemetry"]["per_call"]
    usages = [c["usage"] for c in calls]
    assert [c["requested_at"] for c in calls] == [f"{t}+00:00" for t in SENT]
    own = [by_hand(u, PEAK if peak else OFF_PEAK) for u, peak in zip(usages, IN_PEAK, strict=True)]
    other = [by_hand(u, OFF_PEAK if peak else PEAK) for u, peak in zip(usages, IN_PEAK, strict=True)]
    for call, usd, elsewhere, peak in zip(calls, own, other, IN_PEAK, strict=True):
        assert call["cost_usd"] == pytest.approx(usd) and call["price"]["usd"] == pytest.approx(usd)
        assert call["price"]["window"]["name"] == ("peak" if peak else "off-peak")
        assert call["price"]["window"]["other_usd"] == pytest.approx(elsewhere)
        assert call["price"]["card"] == CARD
    peak_usd, off_usd = sum(own[:2]), sum(own[2:])
    rates = [PEAK if peak else OFF_PEAK for peak in IN_PEAK]
    no_cache = sum(by_hand(u, r, cached=False) for u, r in zip(usages, rates, strict=True))
    billed = data["bill"]
    assert billed["usd"] == pytest.approx(peak_usd + off_usd) == pytest.approx(data["telemetry"]["cost_usd"])
    assert billed["windows"]["peak"]["usd"] == pytest.approx(peak_usd)
    assert billed["windows"]["peak"]["other_usd"] == pytest.approx(sum(other[:2]))
    assert billed["windows"]["off-peak"]["usd"] == pytest.approx(off_usd)
    assert billed["windows"]["off-peak"]["other_usd"] == pytest.approx(sum(other[2:]))
    assert billed["single_usd"] == pytest.approx(peak_usd + off_usd)
    assert billed["batch_usd"] is None and "no batch rate for deepseek-v4-flash" in billed["batch_why"]
    assert billed["no_cache_usd"] == pytest.approx(no_cache)
    assert data["price_data"]["package"] == "genai-prices"

    # kit cost: the same figures from the result file, and the run's tokens on two more cards
    haiku = sum(by_hand(u, HAIKU) for u in usages)
    run = str(path.parent)
    assert cli.main(["cost", run, "--models", "anthropic:claude-haiku-4-5,no-such-model", "--json"]) == 0
    seen = json.loads(capsys.readouterr().out)["runs"][0]
    assert seen["bill"]["usd"] == pytest.approx(billed["usd"])
    for name, usd in (("peak", peak_usd), ("off-peak", off_usd)):
        assert seen["bill"]["windows"][name]["usd"] == pytest.approx(usd)
    projected = {p["model"]: p for p in seen["projections"]}
    assert projected["anthropic:claude-haiku-4-5"]["usd"] == pytest.approx(haiku)
    assert projected["anthropic:claude-haiku-4-5"]["batch_usd"] == pytest.approx(haiku / 2)
    assert projected["no-such-model"]["usd"] is None
    assert projected["no-such-model"]["why"] == (
        "not priced: no card for no-such-model in your price table or in genai-prices 0.2.3")
    assert cli.main(["cost", run, "--models", "anthropic:claude-haiku-4-5,no-such-model"]) == 0
    printed = capsys.readouterr().out
    assert f"  bill: 4 calls, ${peak_usd + off_usd:,.6f}, each priced at the time it was sent" in printed
    assert (f"    peak: 2 calls (01:00-04:00 UTC, 06:00-10:00 UTC), ${peak_usd:,.6f}; the same tokens at "
            f"off-peak prices: ${sum(other[:2]):,.6f}") in printed  # fmt: skip
    assert f"  {bill.PROJECTION}:" in printed and f"    anthropic:claude-haiku-4-5: ${haiku:,.6f}" in printed
    assert "    no-such-model: not priced: no card for no-such-model" in printed

    # the report: the same lines in its header
    out = report.write(path, small, tmp_path / "report.html", thresholds.load(REPO))
    page = out.read_text()
    assert f"4 calls, ${peak_usd + off_usd:,.6f}, each priced at the time it was sent" in page
    assert (f"2 calls (outside 01:00-04:00 UTC, 06:00-10:00 UTC), ${off_usd:,.6f}; the same tokens at peak "
            f"prices: ${sum(other[2:]):,.6f}") in page  # fmt: skip
