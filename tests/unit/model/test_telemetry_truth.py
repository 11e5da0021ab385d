"""The result file's telemetry tells the truth about a real server: unusable answers are counted, the
purchase's wall time is not filed under the rate limiter, a figure the server did not send is unknown
(and the report says "not reported" rather than crashing), cached tokens are read from llama.cpp's
timings, and a replay's latencies are marked as recorded."""

import json

import pytest

from kit.measure.report import arms
from kit.model import telemetry
from kit.model.providers.openai_compat import parse_usage
from kit.model.runner import Call, RunOutcome

from .test_reply import GOOD

USAGE = {"input_tokens": 4700, "cached_input_tokens": None, "output_tokens": 200, "reasoning_tokens": None}


def call(rid: str, text: str, status: str = "replayed", finish: str = "stop") -> Call:
    completion = {"text": text, "finish_reason": finish, "latency_ms": 90_000.0, "usage": dict(USAGE)}
    return Call(rid, 0, rid, status, completion)


def outcome() -> RunOutcome:
    calls = [
        call("ADM-0001", json.dumps(GOOD)),
        call("ADM-0002", '{"elements": [{"element": "admitting_order"', finish="length"),
        call("ADM-0003", "no object here"),
        Call("ADM-0004", 0, "k4", "failed", error="HTTP 500"),
    ]
    return RunOutcome(calls, rate_limit={"seconds": 321.5, "refused_429": 0, "paused_s": 0.0})


def test_unusable_answers_are_counted_apart_from_failures():
    summary = telemetry.summary(outcome())
    assert (summary["failures"], summary["unusable"]) == (1, 2)


def test_the_purchase_time_is_not_the_rate_limiters():
    summary = telemetry.summary(outcome())
    assert summary["purchase_s"] == 321.5
    assert summary["rate_limit"] == {"refused_429": 0, "paused_s": 0.0}


def test_an_unreported_figure_stays_unknown_and_the_report_says_so():
    summary = telemetry.summary(outcome())
    assert summary["tokens"]["cached_input"] is None and summary["tokens"]["input"] == 3 * 4700
    assert summary["cached_input_share"] is None
    pairs = dict(arms.header({"arm": "paid", "telemetry": summary}))
    assert pairs["cached input share"] == "not reported"
    assert "cached_input not reported" in pairs["tokens"] and "reasoning not reported" in pairs["tokens"]
    assert pairs["unusable answers"] == "2"


def test_a_header_from_a_file_with_null_figures_renders():
    tele = {"tokens": {"input": None, "cached_input": None, "output": None, "reasoning": None},
            "latency_ms": {"p50": None, "p95": None, "max": None}}  # fmt: skip
    pairs = dict(arms.header({"arm": "paid", "telemetry": tele}))
    assert pairs["latency"] == "p50 not reported, p95 not reported"
    assert pairs["cached input share"] == "not reported"


def test_a_replays_latencies_are_marked_as_recorded():
    summary = telemetry.summary(outcome())
    assert summary["latency_ms"]["measured"] == "recorded when bought (this run replayed them)"
    assert {c["latency_from"] for c in summary["per_call"] if c["status"] == "replayed"} == {"recorded"}
    mixed = outcome()
    mixed.calls[0] = call("ADM-0001", json.dumps(GOOD), status="bought")
    assert telemetry.summary(mixed)["latency_ms"]["measured"] == "1 this run, 2 recorded when bought"
    assert telemetry.summary(mixed)["per_call"][0]["latency_from"] == "this run"


def test_cached_tokens_come_from_prompt_tokens_details_or_llama_cpps_timings():
    usage = {"prompt_tokens": 4700, "completion_tokens": 200}
    assert parse_usage(usage).cached_input_tokens is None
    assert parse_usage(usage, {"cache_n": 4312, "prompt_n": 388}).cached_input_tokens == 4312
    details = {**usage, "prompt_tokens_details": {"cached_tokens": 4000}}
    assert parse_usage(details, {"cache_n": 4312}).cached_input_tokens == 4000


def reasoned(rid: str, finish: str, output: int, reasoning: int | None) -> Call:
    usage = {**USAGE, "output_tokens": output, "reasoning_tokens": reasoning}
    return Call(rid, 0, rid, "bought", {"text": json.dumps(GOOD), "finish_reason": finish,
                                        "latency_ms": 10.0, "usage": usage})  # fmt: skip


def test_the_reasoning_share_and_the_truncations_with_what_to_change():
    """Three calls: 1,800 of 2,000 output tokens reasoning; one stopped at MAX_TOKENS=1000."""
    calls = [reasoned("A", "stop", 600, 500), reasoned("B", "length", 1000, 950),
             reasoned("C", "stop", 400, 350)]
    summary = telemetry.summary(RunOutcome(calls), 1000, "documented limit: 32,000 (the provider's page)")
    assert summary["reasoning_share"] == pytest.approx(1800 / 2000)
    assert summary["truncated"] == {
        "count": 1, "of": 3, "max_tokens": 1000,
        "change": "raise MAX_TOKENS (now 1000); documented limit: 32,000 (the provider's page); or lower "
                  "REASONING_EFFORT: 90% of the output tokens were reasoning",
    }  # fmt: skip
    light = [reasoned("A", "length", 1000, 100)]
    assert telemetry.summary(RunOutcome(light), 1000)["truncated"]["change"] == "raise MAX_TOKENS (now 1000)"
    short = [reasoned("A", "length", 700, None)]  # the server's context ran out before MAX_TOKENS
    cut = telemetry.summary(RunOutcome(short), 1000)
    assert cut["truncated"]["change"].startswith("give the server a larger context or lower MAX_TOKENS")
    assert cut["reasoning_share"] is None  # not reported is unknown, not 0
    assert telemetry.summary(RunOutcome(calls[:1]), 1000)["truncated"]["count"] == 0
