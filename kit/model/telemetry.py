"""What a model arm's run did, summed up for its result file: calls by status, retries, latency
percentiles, tokens, cost, the share of output that was reasoning and the replies cut off at
MAX_TOKENS (with what to change), the rate limiter's figures, the document scan's flags and what was withheld
(SEND_FLAGGED), each guard's time beside its verdicts (redaction, the scan, the egress gate), one entry
per call (with when it was sent, its price and card, what its record sent and withheld, and its
guards), and how often repeats agree.
`explain` says in words why one call gave no usable answer (the error of a call without a reply; for
a reply cut off at the token limit, what it was doing when it stopped and whether raising MAX_TOKENS
could help; the parser's problems).

It reads a finished `RunOutcome` and nothing else: it makes no call, reads no file and grades nothing.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable
from typing import Any

from kit.model import reply
from kit.model.outgoing import PASS, REFUSE
from kit.model.reply import cutoff, fields
from kit.model.reply.locate import NOT_TERMINATED
from kit.model.runner import Call, RunOutcome, plural
from kit.rules import elements

CUT_OFF = frozenset({"length", "max_tokens"})  # OpenAI's and Anthropic's word for the token limit
ENDED = frozenset({"stop", "end_turn", "stop_sequence"})
SHOWN_PROBLEMS = 4
REASONING_HEAVY = 0.5  # a truncation's advice names REASONING_EFFORT when reasoning was this share of output
MORE_OF_THE_SAME = (
    "more tokens would buy more of the same: ask for the reply schema in a form the server enforces "
    '(RESPONSE_FORMAT; docs/local-servers.md)'
)


def summary(outcome: RunOutcome, max_tokens: int | None = None, ceiling: str | None = None) -> dict[str, Any]:
    """Calls, failures, unusable answers, retries, latency, tokens, reasoning share, truncations and
    cost, in total and per call (`ceiling`: the model's documented output limit in words, for the
    advice on a truncation);
    for a purchase, its wall time and what the rate limiter did (429s, seconds paused, settled
    concurrency). A figure no call reported (a server that sends no cached-token count) is None, shown
    as "not reported"; latencies of replayed calls are the ones recorded when they were bought, and
    `latency_ms.measured` says so. `max_tokens` (the run's MAX_TOKENS) lets a reply cut off short of
    it be told as a context the server ran out of."""
    done = [c for c in outcome.calls if c.answered and c.completion]
    completions = [c.completion for c in done if c.completion]  # the same calls' completions
    latencies = sorted(completion["latency_ms"] for completion in completions)

    def total(name: str) -> int | None:
        values = [completion["usage"].get(name) for completion in completions]
        return sum(v for v in values if v is not None) if any(v is not None for v in values) else None

    def counted(status: str) -> int:
        return sum(1 for c in outcome.calls if c.status == status)

    costs = [c.cost_usd for c in done]
    limiter = dict(outcome.rate_limit)
    purchase_s = limiter.pop("seconds", None)
    tokens = {
        "input": total("input_tokens"),
        "cached_input": total("cached_input_tokens"),
        "output": total("output_tokens"),
        "reasoning": total("reasoning_tokens"),
    }
    return {
        "calls": len(outcome.calls),
        "bought": counted("bought"),
        "replayed": counted("replayed"),
        "from_batch": sum(1 for completion in completions if completion.get("batch")),
        "missing": counted("missing"),
        "failures": counted("failed"),
        "unusable": sum(1 for c in done if c.answer is not None and c.answer.said_nothing),
        "retries": sum(c.retries for c in outcome.calls),
        "latency_ms": {
            "p50": statistics.median(latencies) if latencies else None,
            "p95": percentile(latencies, 0.95),
            "max": latencies[-1] if latencies else None,
            "measured": measured(done),
        },
        "tokens": tokens,
        "cached_input_share": share(tokens["cached_input"], tokens["input"]),
        "reasoning_share": share(tokens["reasoning"], tokens["output"]),
        "truncated": truncated(done, max_tokens, ceiling, share(tokens["reasoning"], tokens["output"])),
        "cost_usd": sum(costs) if costs and all(c is not None for c in costs) else None,
        "purchase_s": purchase_s,
        "rate_limit": limiter,
        "scan": {
            "send_flagged": outcome.send_flagged,
            "send_flagged_from": outcome.send_flagged_from,
            "flagged_records": len(outcome.flags),
            "withheld_records": sum(1 for log in outcome.sent.values() if log["withheld"]),
            "flags": outcome.flags,
        },
        "guards": guards(outcome.sent),
        "per_call": [per_call(c, max_tokens, outcome.sent.get(c.record_id)) for c in outcome.calls],
    }


def guards(sent: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """Each guard over the run's records (kit.model.outgoing's logs): on how many records it ran, its
    time in ms (total, median, most) and its verdicts summed (placeholders written and dates shifted;
    units flagged and withheld; the gate's passes and refusals); None for a guard that ran on no record
    (redaction and the gate, in a run that does not redact)."""
    logs = [log["guards"] for log in sent.values()]

    def timed(name: str, verdicts: Callable[[list[dict[str, Any]]], dict[str, int]]) -> dict[str, Any] | None:
        ran = [g[name] for g in logs if g.get(name) is not None]
        if not ran:
            return None
        times = sorted(g["ms"] for g in ran)
        figures = {"records": len(ran), "ms_total": round(sum(times), 3), "ms_p50": statistics.median(times)}
        return {**figures, "ms_max": times[-1], **verdicts(ran)}

    def summed(*keys: str) -> Callable[[list[dict[str, Any]]], dict[str, int]]:
        return lambda ran: {key: sum(g[key] for g in ran) for key in keys}

    def gate(ran: list[dict[str, Any]]) -> dict[str, int]:
        verdicts = [g["verdict"] for g in ran]
        return {"passed": verdicts.count(PASS), "refused": verdicts.count(REFUSE)}

    return {
        "redaction": timed("redaction", summed("placeholders", "dates_shifted")),
        "scan": timed("scan", summed("flags", "withheld")),
        "gate": timed("gate", gate),
    }


def truncated(
    done: list[Call], max_tokens: int | None, ceiling: str | None, reasoning: float | None
) -> dict[str, Any]:
    """How many answered calls stopped at the token limit, and what to change: raise MAX_TOKENS
    (toward the model's documented limit, `ceiling`), or, when most output was reasoning, lower
    REASONING_EFFORT; a reply cut short of MAX_TOKENS is the server's context running out."""
    cut = [c.completion for c in done if c.completion and c.completion.get("finish_reason") in CUT_OFF]
    if not cut:
        return {"count": 0, "of": len(done), "max_tokens": max_tokens, "change": None}
    counts = [(completion.get("usage") or {}).get("output_tokens") for completion in cut]
    short = max_tokens is not None and all(n is not None and n < max_tokens for n in counts)
    if short:
        change = "give the server a larger context or lower MAX_TOKENS: replies stopped short of it"
    else:
        change = f"raise MAX_TOKENS (now {max_tokens})" + (f"; {ceiling}" if ceiling else "")
    if reasoning is not None and reasoning >= REASONING_HEAVY:
        change += f"; or lower REASONING_EFFORT: {reasoning:.0%} of the output tokens were reasoning"
    return {"count": len(cut), "of": len(done), "max_tokens": max_tokens, "change": change}


def share(part: int | None, whole: int | None) -> float | None:
    """part / whole, or None when either is unknown (not reported) or whole is 0."""
    return None if part is None or not whole else part / whole


def measured(done: list[Call]) -> str | None:
    """Where the latencies come from: this run's calls, or the recording a replay read them from."""
    bought = sum(1 for c in done if c.status == "bought")
    replayed = len(done) - bought
    if not done:
        return None
    if not replayed:
        return "this run"
    if not bought:
        return "recorded when bought (this run replayed them)"
    return f"{bought} this run, {replayed} recorded when bought"


def per_call(call: Call, max_tokens: int | None = None, log: dict[str, Any] | None = None) -> dict[str, Any]:
    """One call's line in the result file; `log` is what its record's guards did (kit.model.outgoing):
    what was sent, what was withheld and why, each guard's time and verdict."""
    completion = call.completion
    return {
        "record": call.record_id,
        "repeat": call.repeat,
        "status": call.status,
        "error": call.error,
        "latency_ms": completion["latency_ms"] if completion else None,
        "latency_from": None if not completion else "this run" if call.status == "bought" else "recorded",
        "usage": completion["usage"] if completion else None,
        "finish_reason": completion.get("finish_reason") if completion else None,
        "retries": call.retries,
        "requested_at": completion.get("requested_at") if completion else None,
        "cost_usd": call.cost_usd,
        "price": call.price,
        "batch": completion.get("batch") if completion else None,
        "problems": reply_problems(call),
        "explanation": explain(call, max_tokens),
        "graded": graded(call),
        "sent": log["sent"] if log else None,
        "withheld": log["withheld"] if log else None,
        "guards": log["guards"] if log else None,
    }


def graded(call: Call) -> str:
    """What of the reply reached the grader, for the result file: its fields, or nothing and why (a
    reply cut off before its object closed is not graded, however many complete rows it holds)."""
    if call.answer is None or not call.completion:
        return "nothing: no reply"
    if not call.answer.said_nothing:
        return "its fields, each as the parser read it"
    rows = len(cutoff.complete_rows(call.completion.get("text") or ""))
    held = f" ({plural(rows, 'complete row')} inside it)" if rows else ""
    if _still_open(call):
        return f"nothing: cut off before its object closed{held}; graded as no answer"
    return f"nothing: no reply object was read{held}; graded as no answer"


def _still_open(call: Call) -> bool:
    return call.answer is not None and any(
        p.field == reply.REPLY and p.detail == NOT_TERMINATED for p in call.answer.problems
    )


def reply_problems(call: Call) -> list[str]:
    """Every problem the parser found in the call's reply, as "field: detail" (none without a reply)."""
    return [] if call.answer is None else [f"{p.field}: {p.detail}" for p in call.answer.problems]


def explain(call: Call, max_tokens: int | None = None) -> str | None:
    """Why this call's answer is not usable as given, in words a person can act on, or None when there
    is nothing to say: the error of a call that got no reply; for a reply, how it ended if not
    normally (a cut-off says what the reply was doing: rows repeated, placeholders copied, an object
    still open; and whether raising MAX_TOKENS could help; cut off short of `max_tokens`, that the
    prompt and MAX_TOKENS did not fit the server's context) and the first few of the parser's
    problems, those about the reply as a whole first (the result file lists them all)."""
    if not call.answered or not call.completion:
        return call.error
    said: list[str] = []
    finish = call.completion.get("finish_reason")
    if finish in CUT_OFF:
        tokens = (call.completion.get("usage") or {}).get("output_tokens")
        counted = "" if tokens is None else f", {plural(tokens, 'token')}"
        doing, more_helps = cutoff.describe(call.completion.get("text") or "", _still_open(call))
        advice = "raise MAX_TOKENS" if more_helps else MORE_OF_THE_SAME
        if max_tokens is not None and tokens is not None and tokens < max_tokens:
            advice = short_of_the_limit(call, tokens, max_tokens)
        said.append(f"cut off at the token limit (finish_reason={finish}{counted}): {doing}; {advice}")
    elif finish not in ENDED and finish is not None:
        said.append(f"the server ended the reply with finish_reason={finish}")
    # Each missing field repeats why nothing was read; the reply-level problem already says it once.
    unread = tuple(
        f"{lead}: {why}"
        for lead in ("no row", "not given") for why in (fields.CUT_OFF, fields.NO_OBJECT)
    )
    problems = sorted(
        (p for p in reply_problems(call) if not p.endswith(unread)),
        key=lambda text: not text.startswith(f"{reply.REPLY}:"),
    )
    if problems:
        more = len(problems) - SHOWN_PROBLEMS
        listed = "; ".join(problems[:SHOWN_PROBLEMS])
        listed += f"; and {plural(more, 'more problem')}" if more > 0 else ""
        said.append(f"the parser found: {listed}")
    return "; ".join(said) or None


def short_of_the_limit(call: Call, tokens: int, max_tokens: int) -> str:
    """A reply cut off with fewer tokens than MAX_TOKENS: the server shortened the limit to what its
    context had left after the prompt (llama-cpp-python does this without a word)."""
    prompt = (call.completion.get("usage") or {}).get("input_tokens") if call.completion else None
    room = "" if prompt is None else f" (prompt {prompt} tokens; the context held about {prompt + tokens})"
    return (
        f"it stopped short of MAX_TOKENS={max_tokens}: prompt plus MAX_TOKENS is more than the server's "
        f"context, so the server shortened the reply{room}; give the server a larger context or lower "
        "MAX_TOKENS"
    )


def percentile(sorted_values: list[float], q: float) -> float | None:
    """The nearest-rank value at quantile q of an already sorted list (None when empty)."""
    if not sorted_values:
        return None
    index = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[index]


def agreement(outcome: RunOutcome, repeats: int) -> dict[str, Any] | None:
    """How often independent repeats agree, per element finding and on the verdict."""
    if repeats < 2:
        return None
    per_repeat = [outcome.answers(n) for n in range(repeats)]
    ids = sorted(set.intersection(*(set(a) for a in per_repeat))) if per_repeat else []
    result: dict[str, Any] = {"records": len(ids), "repeats": repeats}
    for element in elements.ELEMENTS:
        same = sum(1 for rid in ids if len({a[rid].finding(element) for a in per_repeat}) == 1)
        result[element] = same
    result["support"] = sum(1 for rid in ids if len({a[rid].support for a in per_repeat}) == 1)
    return result
