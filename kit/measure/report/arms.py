"""The report's view of one arm's result file: its header, its scoreboard (each metric with its
Wilson interval and threshold placed on a 0-1 scale), the confusion of key verdict against rechecked
verdict, and per record what a reviewer of the arm needs to see why it is right or wrong.

It reads result files, the corpus and the thresholds, and returns plain data for the template. It
grades nothing again: every figure shown is the result file's own.
"""

from __future__ import annotations

from typing import Any

from kit.corpus import Corpus
from kit.measure import bill, cost, thresholds
from kit.measure.compare import short
from kit.measure.metric import HIGHER, Metric
from kit.measure.report import glossary, plots, record_view
from kit.rules import rulebook


def _marks(spec: Any, metric: Metric) -> list[dict[str, Any]]:
    """Where a threshold sits on the 0-1 rate scale, one mark per bound: an exact count ("perfect",
    `exact`) is a pin, a rate or a count bound is a floor (or ceiling)."""
    if spec == "perfect":
        return [{"at": 1.0 if metric.better == HIGHER else 0.0, "kind": plots.PIN}]
    if isinstance(spec, float):
        return [{"at": spec, "kind": plots.FLOOR}]
    if isinstance(spec, dict) and metric.total:
        return [
            {"at": v / metric.total, "kind": plots.PIN if k == "exact" else plots.FLOOR}
            for k, v in spec.items()
            if k in thresholds.COUNT_KEYS
        ]
    return []


def metrics_of(data: dict[str, Any]) -> dict[str, Metric]:
    """A result file's metrics as the scorer's Metric objects (what thresholds.judge reads)."""
    return {
        name: Metric(
            name, m["count"], m["total"], m.get("better", HIGHER), tuple(m.get("costly_records", ()))
        )
        for name, m in data["metrics"].items()
    }


def scoreboard(
    arm: str,
    data: dict[str, Any],
    tables: dict[str, dict[str, Any]] | None,
    peers: thresholds.Peers | None = None,
) -> list[dict]:
    """Each metric with its threshold judged by kit.measure.thresholds exactly as the terminal's
    scoreboard judges it: on the corpus the result file records, against the run's other arms."""
    rows = []
    for name, metric in metrics_of(data).items():
        m = data["metrics"][name]
        row = {
            "name": name,
            "count": m["count"],
            "total": m["total"],
            "rate": m["rate"],
            "better": metric.better,
            "ci95": m["ci95"],
            "costly": list(metric.costly),
            "threshold": "not read",
            "result": "",
            "reason": "",
            "pinned": False,
            "marks": [],
            "words": glossary.words(name),
        }
        if tables is not None:
            verdict = thresholds.judge(tables, arm, metric, data.get("corpus_hash"), peers)
            row["threshold"], row["reason"], row["pinned"] = verdict.threshold, verdict.reason, verdict.pinned
            row["result"] = "n/a" if verdict.passed is None else "pass" if verdict.passed else "FAIL"
            if verdict.passed is not None:
                table = tables.get(arm, {})
                row["marks"] = _marks(table.get(name, table.get("*")), metric)
        rows.append(row)
    return rows


def not_applicable(rows: list[dict]) -> list[str]:
    """One line per reason some metrics were not judged (n/a), as the terminal's scoreboard says it."""
    reasons = [r["reason"] for r in rows if r["result"] == "n/a"]
    return [f"n/a ({reasons.count(reason)}): {reason}" for reason in dict.fromkeys(reasons)]


def _ms(value: float | None) -> str:
    """A latency, or "not reported" where the file has none (every call failed before an answer)."""
    return "not reported" if value is None else f"{value:.0f} ms"


def header(data: dict[str, Any]) -> list[tuple[str, str]]:
    """(label, value) pairs describing the run; what a file does not carry is said, not left blank."""
    tele = data.get("telemetry") or {}
    pairs = [
        ("arm", data.get("arm", "?")),
        ("run", data.get("run_id", "?")),
        ("provider", data.get("provider") or ("not recorded" if tele else "none (offline arm)")),
        ("model", data.get("model") or "none"),
        ("policy", f"{data.get('policy_id')} (policy.json {short(data.get('policy_hash', 'not recorded'))})"),
        ("corpus", f"{data.get('dataset_version')} ({short(data.get('corpus_hash', 'not recorded'))})"),
    ]
    prompt = data.get("prompt_chars")
    if prompt:
        parts = ", ".join(f"{k} {v}" for k, v in prompt.get("parts", {}).items())
        pairs.append(
            ("prompt chars", f"{parts}; static prefix share {prompt.get('static_prefix_share', 0):.1%}")
        )
    if not tele:
        pairs.append(("calls", "none: this arm answers offline"))
        return pairs
    tokens = tele.get("tokens") or {}
    latency = tele.get("latency_ms") or {}
    flags = tele.get("scan") or {}
    unusable = tele.get("unusable")
    pairs += [
        ("calls", f"{tele.get('calls')} ({tele.get('bought')} bought, {tele.get('replayed')} replayed, "
                  f"{tele.get('failures')} failed, {tele.get('retries')} retries)"),
        ("unusable answers", "not counted in this file" if unusable is None else str(unusable)),
        ("tokens", ", ".join(f"{k} {known(v)}" for k, v in tokens.items())),
        ("cached input share", cached_share(tokens)),
        ("cost", "not priced" if tele.get("cost_usd") is None else f"${tele['cost_usd']:.6f}"),
        ("reasoning effort", (data.get("settings") or {}).get("reasoning_effort", "not recorded")),
        ("price data", price_data(data.get("price_data"))),
        *billed(data),
        ("cost at volume", "; ".join(cost.lines(data.get("cost_at_volume"))) or "not recorded"),
        ("latency", f"p50 {_ms(latency.get('p50'))}, p95 {_ms(latency.get('p95'))}"
                    + (f" ({latency['measured']})" if latency.get("measured") else "")),
        ("scan", f"{flags.get('flagged_records', 0)} record(s) flagged; {withheld(flags)}"),
    ]  # fmt: skip
    return pairs + guards(tele.get("guards"))


def billed(data: dict[str, Any]) -> list[tuple[str, str]]:
    """The bill's lines (kit.measure.bill), labelled for the header."""
    found = bill.pairs(data.get("bill"), data.get("telemetry"), data.get("settings"))
    return [(label if label == "bill" else f"bill: {label}", text) for label, text in found]


def price_data(seen: dict[str, Any] | None) -> str:
    """Which price data the run's calls were priced on, as the result file records it."""
    if not seen:
        return "not recorded in this file"
    newest = seen["newest_dated_price"]
    return f"{seen['package']} {seen['version']} ({seen['data']}; newest dated price in it: {newest})"


def withheld(scanned: dict[str, Any]) -> str:
    """What the run did with the units the scan flagged (SEND_FLAGGED, and where that came from)."""
    if "send_flagged" not in scanned:
        return "what was withheld is not recorded in this file"
    source = scanned.get("send_flagged_from", "not recorded")
    if scanned["send_flagged"] == "verbatim":
        return f"flagged units sent verbatim ({source})"
    count = scanned.get("withheld_records", 0)
    return f"flagged units withheld from the model ({source}), in {count} record(s)"


def guards(totals: dict[str, Any] | None) -> list[tuple[str, str]]:
    """One (label, value) pair per guard: its time over the run's records beside its verdicts; a guard
    that ran on no record says so."""
    if not totals:
        return [("guards", "their times are not recorded in this file")]

    def timed(name: str, verdicts: str) -> str:
        g = totals.get(name)
        if g is None:
            return "not run" + (": the run did not redact" if name != "scan" else "")
        return (f"{g['ms_total']:.1f} ms over {g['records']} record(s) (median {g['ms_p50']:.2f} ms, "
                f"most {g['ms_max']:.2f} ms): {verdicts.format(**g)}")  # fmt: skip

    redacted = "{placeholders} placeholders, {dates_shifted} dates shifted"
    return [
        ("guard: redaction", timed("redaction", redacted)),
        ("guard: document scan", timed("scan", "{flags} flags, {withheld} withheld")),
        ("guard: egress gate", timed("gate", "{passed} passed, {refused} refused")),
    ]


def known(value: Any) -> str:
    """A figure as shown: "not reported" where the provider sent none."""
    return "not reported" if value is None else str(value)


def cached_share(tokens: dict[str, Any]) -> str:
    """The cached share of input tokens; "not reported" when either figure is unknown."""
    cached, total = tokens.get("cached_input"), tokens.get("input")
    if cached is None or total is None:
        return "not reported"
    return "-" if not total else f"{cached / total:.1%}"


def confusion(records: list[dict[str, Any]]) -> dict[str, Any]:
    """Key verdict (rows) against rechecked verdict (columns), with a 0-5 shade per cell."""
    verdicts = list(rulebook.verdicts())
    cells = {k: {v: 0 for v in verdicts} for k in verdicts}
    for r in records:
        if r["gold_support"] in cells and r["rechecked_support"] in cells[r["gold_support"]]:
            cells[r["gold_support"]][r["rechecked_support"]] += 1
    top = max((n for row in cells.values() for n in row.values()), default=0) or 1
    shades = {k: {v: (5 * n + top - 1) // top for v, n in row.items()} for k, row in cells.items()}
    return {"verdicts": verdicts, "cells": cells, "shades": shades}


def _sent(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Per record, what its call sent (a result file's per-call entry; none for an offline arm)."""
    found = {}
    for call in (data.get("telemetry") or {}).get("per_call", []):
        if call.get("repeat", 0) == 0 and call.get("sent") is not None:
            found[call["record"]] = {key: call[key] for key in ("sent", "withheld", "guards")}
    return found


def _parser_notes(data: dict[str, Any]) -> dict[str, list[str]]:
    notes: dict[str, list[str]] = {}
    for call in (data.get("telemetry") or {}).get("per_call", []):
        if call.get("repeat", 0) == 0:
            notes[call["record"]] = [
                *call.get("problems", []),
                *([call["error"]] if call.get("error") else []),
            ]
    return notes


def records(data: dict[str, Any], corpus: Corpus, shared: dict[str, dict[str, Any]]) -> list[dict[str, Any]]:
    """Per graded record, the answer's part of its view (record_view.answer_part); the record's own
    part goes into `shared` once, whichever arms answered it, so the page embeds each text once."""
    by_id, parser, sent, out = corpus.by_id(), _parser_notes(data), _sent(data), []
    for r in data.get("records", []):
        record = by_id.get(r["id"])
        if record is None or record.gold is None:
            continue
        if r["id"] not in shared:
            shared[r["id"]] = record_view.record_part(record)
        out.append(record_view.answer_part(record, r, parser.get(r["id"], []), None, sent.get(r["id"])))
    return out
