"""The batch path (kit.model.batch) in process against the loopback stub's batch endpoints, both vendors'
wire formats: submit, check with backoff, file into the cache, partial outcomes (a row that errors,
a batch that expires with half its rows done, a 503 on a check), re-attach without resubmitting,
the daily limit, Ctrl-C while waiting, splitting by the providers' limits and the saving."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from kit.arms import reply_text_for
from kit.corpus import load
from kit.model import pricing, telemetry
from kit.model.batch.jobs import Jobs
from kit.model.batch.run import BatchArmRun, waits
from kit.model.batch.saving import saving
from kit.model.batch.wire import Limits, split
from kit.model.cache import Cache
from kit.model.config import Config
from kit.model.ledger import Ledger
from kit.model.providers import make_provider
from kit.model.runner import ArmRun
from kit.model.stub.batch import BatchFaults
from kit.model.stub.server import StubServer

RECORDS = load.load(load.shipped_folder()).records
FAST = {"base_delay": 0.01, "max_delay": 0.05}
VENDORS = ["openai", "anthropic"]
SENTINEL = "sk-SENTINEL-batch-5e1f0a"


def oracle(text: str) -> str:
    return reply_text_for("oracle", text)


def config_for(vendor: str, stub: StubServer) -> Config:
    if vendor == "openai":
        return Config(provider="stub", base_url=stub.base_url, model="stub-oracle", batch_poll_s=0.001)
    root = stub.base_url.removesuffix("/v1")
    return Config(provider="anthropic", base_url=root, model="claude-x", api_key=SENTINEL, batch_poll_s=0.001)


def arm_run(config: Config, folder: Path, batch: bool = True, lines: list | None = None, **extra) -> ArmRun:
    kind = BatchArmRun if batch else ArmRun
    return kind(
        config=config,
        cache=Cache(folder / "cache"),
        ledger=Ledger(folder / "ledger.json", extra.pop("limit", None)),
        record=extra.pop("record", True),
        make_provider=lambda: make_provider(config, retry_options=FAST),
        progress=(lines if lines is not None else []).append,
        **extra,
    )


def statuses(outcome) -> dict[str, int]:
    found: dict[str, int] = {}
    for call in outcome.calls:
        found[call.status] = found.get(call.status, 0) + 1
    return found


def entries(folder: Path) -> dict[str, dict]:
    return {p.stem: json.loads(p.read_text()) for p in (folder / "cache").glob("??/*.json")}


@pytest.mark.parametrize("vendor", VENDORS)
def test_a_batch_completing_over_several_checks_files_every_row_a_single_call_would(tmp_path, vendor):
    faults = BatchFaults(polls=4, row_errors=1, check_5xx=1)
    lines: list[str] = []
    with StubServer(replies=oracle, batch=faults) as stub:
        config = config_for(vendor, stub)
        outcome = arm_run(config, tmp_path, lines=lines).run(RECORDS[:20])
        seen = dict(stub.batches.seen)
        assert stub.requests == 0, "nothing went as a single call"
        if vendor == "anthropic":
            assert stub.batches.last_auth == SENTINEL
    assert statuses(outcome) == {"bought": 19, "failed": 1}
    (failed,) = [c for c in outcome.calls if c.status == "failed"]
    assert "injected row error" in failed.error and failed.record_id == RECORDS[0].id
    # four checks to end, one more answered 503 and retried; then the results are read
    assert seen["check"] >= 4 + 1
    assert seen.get("create", 0) + seen.get("create_messages", 0) == 1
    stored = entries(tmp_path)
    assert set(stored) == {c.key for c in outcome.calls if c.status == "bought"}
    batch_id = stored[outcome.calls[1].key]["completion"]["batch"]
    assert batch_id.startswith("batch_stub" if vendor == "openai" else "msgbatch_stub")
    assert any("20 submitted, " in line and "completed" in line and "elapsed" in line for line in lines)
    assert SENTINEL not in "\n".join(lines) + "".join(p.read_text() for p in tmp_path.rglob("*.json"))
    # the record of the batch is closed with each key's outcome
    (job,) = Jobs(tmp_path / "cache").all()
    assert job.state == "ended" and job.requests == {}
    assert sorted(job.outcome.values()).count("filed") == 19


def test_batch_entries_are_the_entries_single_calls_write_and_replay_sends_nothing(tmp_path):
    with StubServer(replies=oracle) as stub:
        config = config_for("openai", stub)
        batched = arm_run(config, tmp_path / "batch").run(RECORDS[:12])
        single = arm_run(config, tmp_path / "single", batch=False).run(RECORDS[:12])
        assert stub.requests == 12 and stub.batches.seen["create"] == 1
        before = sum(stub.batches.seen.values())
        replay = arm_run(config, tmp_path / "batch", batch=False, record=False).run(RECORDS[:12])
        assert stub.requests == 12 and sum(stub.batches.seen.values()) == before, "the replay sent nothing"
    from_batch, from_single = entries(tmp_path / "batch"), entries(tmp_path / "single")
    assert set(from_batch) == set(from_single) and len(from_batch) == 12
    for key, entry in from_batch.items():
        other = from_single[key]
        assert entry["request"] == other["request"]
        assert entry["completion"]["text"] == other["completion"]["text"]
        assert set(entry["completion"]) - set(other["completion"]) == {"batch"}
        assert "batch" not in other["completion"], "a single call's entry is as it always was"
    assert statuses(replay) == {"replayed": 12}
    assert replay.answers() == single.answers() == batched.answers()
    summary = telemetry.summary(replay)
    assert summary["from_batch"] == 12 and all(row["batch"] for row in summary["per_call"])


@pytest.mark.parametrize("vendor", VENDORS)
def test_an_expired_batch_keeps_its_done_rows_and_a_later_run_buys_only_the_rest(tmp_path, vendor):
    with StubServer(replies=oracle, batch=BatchFaults(polls=2, expire=1)) as stub:
        config = config_for(vendor, stub)
        first = arm_run(config, tmp_path).run(RECORDS[:10])
        assert statuses(first) == {"bought": 5, "failed": 5}
        assert all("expired" in c.error for c in first.calls if c.status == "failed")
        rows_before = stub.batches.rows
        second = arm_run(config, tmp_path).run(RECORDS[:10])
        assert stub.batches.rows - rows_before == 5, "only the expired rows are bought again"
    assert statuses(second) == {"replayed": 5, "bought": 5}
    assert len(entries(tmp_path)) == 10


def test_submit_and_exit_then_a_later_run_reattaches_without_resubmitting(tmp_path):
    with StubServer(replies=oracle, batch=BatchFaults(polls=3)) as stub:
        config = config_for("openai", stub)
        lines: list[str] = []
        first = arm_run(config, tmp_path, lines=lines, wait_s=0).run(RECORDS[:8])
        assert statuses(first) == {"missing": 8}
        assert "pytest -m paid --record --batch" in first.calls[0].error
        (job,) = Jobs(tmp_path / "cache").live()
        assert set(job.requests) == {c.key for c in first.calls}, "the batch is on disk before any wait"
        # a single-call run meanwhile does not buy what the batch will answer
        single = arm_run(config, tmp_path, batch=False).run(RECORDS[:8])
        assert stub.requests == 0 and statuses(single) == {"missing": 8}
        assert job.id in single.calls[0].error
        again: list[str] = []
        second = arm_run(config, tmp_path, lines=again).run(RECORDS[:8])
        assert stub.batches.seen["create"] == 1 and stub.batches.seen["upload"] == 1, "nothing resubmitted"
    assert statuses(second) == {"bought": 8}
    assert any("re-attached to 1 batch in flight (8 rows)" in line for line in again)
    assert Jobs(tmp_path / "cache").live() == []
    assert sum(json.loads((tmp_path / "ledger.json").read_text()).values()) == 8


def test_ctrl_c_while_waiting_cancels_nothing_and_says_how_to_collect(tmp_path):
    def interrupt(seconds: float) -> None:
        raise KeyboardInterrupt

    lines: list[str] = []
    with StubServer(replies=oracle, batch=BatchFaults(polls=5)) as stub:
        config = config_for("openai", stub)
        with pytest.raises(KeyboardInterrupt):
            arm_run(config, tmp_path, lines=lines, sleep=interrupt).run(RECORDS[:4])
        (job,) = Jobs(tmp_path / "cache").live()
        assert stub.batches.batches[job.id].state == "in_progress"
    assert f"nothing was cancelled: 1 batch still run at the provider ({job.id})" in lines[-1]
    assert "`pytest -m paid --record --batch`" in lines[-1]


def test_one_text_asked_twice_is_one_row_and_answers_both_records(tmp_path):
    twice = [RECORDS[0], replace(RECORDS[0], id="ADM-COPY"), RECORDS[1]]
    with StubServer(replies=oracle) as stub:
        outcome = arm_run(config_for("openai", stub), tmp_path).run(twice)
        assert stub.batches.rows == 2
    assert statuses(outcome) == {"bought": 3}
    first, copy = outcome.calls[0], outcome.calls[1]
    assert first.key == copy.key and first.completion == copy.completion


def test_a_refused_submission_fails_its_records_with_the_reason_and_records_no_batch(tmp_path):
    lines: list[str] = []
    with StubServer(replies=oracle) as stub:
        config = replace(config_for("openai", stub), base_url=f"{stub.base_url}/nowhere")
        outcome = arm_run(config, tmp_path, lines=lines).run(RECORDS[:3])
        assert stub.batches.rows == 0 and stub.requests == 0
    assert statuses(outcome) == {"failed": 3}
    assert all(c.error.startswith("not submitted: 404") for c in outcome.calls), outcome.calls[0].error
    assert "batch: 3 requests not submitted: 404" in "\n".join(lines)
    assert Jobs(tmp_path / "cache").all() == []


def test_the_daily_limit_counts_every_row_and_submits_no_more(tmp_path):
    with StubServer(replies=oracle) as stub:
        config = config_for("openai", stub)
        outcome = arm_run(config, tmp_path, limit=3).run(RECORDS[:5])
        assert stub.batches.rows == 3
    assert statuses(outcome) == {"bought": 3, "failed": 2}
    assert all("MAX_CALLS_PER_DAY (3)" in c.error for c in outcome.calls if c.status == "failed")
    assert sum(json.loads((tmp_path / "ledger.json").read_text()).values()) == 3


def test_a_purchase_is_split_by_the_providers_request_and_byte_limits():
    lines = [(f"k{i}", {"custom_id": f"k{i}", "body": "x" * 90}) for i in range(10)]
    one = len(json.dumps(lines[0][1]).encode()) + 1
    assert [len(g) for g in split(lines, Limits(4, 10**6))] == [4, 4, 2]
    assert [len(g) for g in split(lines, Limits(100, 3 * one))] == [3, 3, 3, 1]
    assert [k for g in split(lines, Limits(3, 2 * one)) for k, _ in g] == [k for k, _ in lines]
    assert Limits.of("openai").max_requests == 50000 and Limits.of("anthropic").max_requests == 100000


def test_the_stub_purchase_is_split_into_as_many_batches(tmp_path, monkeypatch):
    monkeypatch.setattr("kit.model.batch.wire.Limits.of", classmethod(lambda cls, family: cls(4, 10**9)))
    with StubServer(replies=oracle) as stub:
        outcome = arm_run(config_for("openai", stub), tmp_path).run(RECORDS[:10])
        assert stub.batches.seen["create"] == 3
    assert statuses(outcome) == {"bought": 10}
    assert len({c.completion["batch"] for c in outcome.calls}) == 3


def test_waits_grow_by_the_factor_to_the_cap_scaled_by_the_setting():
    default, fast = waits(None), waits(0.01)
    assert default(0) == 5.0 and default(1) == 7.5 and default(50) == 120.0
    assert fast(0) == pytest.approx(0.01) and fast(50) == pytest.approx(0.24)


def test_the_saving_is_computed_from_the_batch_and_single_rates(tmp_path):
    with StubServer(replies=oracle) as stub:
        config = config_for("openai", stub)
        outcome = arm_run(config, tmp_path).run(RECORDS[:3])
    usage = [c.completion["usage"] for c in outcome.calls]
    fresh = sum(u["input_tokens"] - u["cached_input_tokens"] for u in usage)
    cached, out = sum(u["cached_input_tokens"] for u in usage), sum(u["output_tokens"] for u in usage)
    single_rates = {"input_per_million": 4.0, "cached_input_per_million": 1.0, "output_per_million": 10.0}
    rates = {**single_rates, **{f"batch_{name}": rate / 2 for name, rate in single_rates.items()}}
    figures = saving(outcome.calls, pricing.TableCard("stub-oracle", rates))
    single = (fresh * 4.0 + cached * 1.0 + out * 10.0) / 1e6
    assert figures["answers"] == 3 and len(figures["batches"]) == 1
    assert figures["single_call_cost_usd"] == pytest.approx(single, abs=1e-6)
    assert figures["saving_usd"] == pytest.approx(single / 2, abs=1e-6)
    unpriced = saving(outcome.calls, pricing.find("stub-oracle", {}, "stub"))
    assert unpriced["saving_usd"] is None
    assert unpriced["why"].startswith("not priced: no card for stub-oracle")
