"""The report's view of one arm's result file: its header, its scoreboard (each metric with its
Wilson interval and threshold placed on a 0-1 scale), the confusion of key verdict against rechecked
verdict, and per record what a reviewer of the arm needs to see why it is right or wrong.

It reads result files, the corpus and the thresholds, and returns plain data for the template. It
grades nothing again: every figure shown is the result file's own.
"""

from __future__ import annotations

from typing import Any

from kit.corpus import Corpus
from kit.guard import scan
from kit.measure import cost, thresholds
from kit.measure.compare import grade_of, short
from kit.measure.report.text import marked
from kit.measure.scoring import HIGHER, Metric
from kit.rules import benchmark, elements, rulebook


def _marks(spec: Any, metric: Metric) -> list[float]:
    """Where a threshold sits on the 0-1 rate scale (one mark per bound)."""
    if spec == "perfect":
        return [1.0 if metric.better == HIGHER else 0.0]
    if isinstance(spec, float):
        return [spec]
    if isinstance(spec, dict) and metric.total:
        return [v / metric.total for k, v in spec.items() if k in ("exact", "min", "max")]
    return []


def scoreboard(arm: str, data: dict[str, Any], tables: dict[str, dict[str, Any]] | None) -> list[dict]:
    rows = []
    for name, m in data["metrics"].items():
        metric = Metric(
            name, m["count"], m["total"], m.get("better", HIGHER), tuple(m.get("costly_records", ()))
        )
        row = {
            "name": name,
            "count": m["count"],
            "total": m["total"],
            "rate": m["rate"],
            "better": metric.better,
        }
        row["ci95"] = m["ci95"]
        row["costly"] = list(metric.costly)
        row["threshold"], row["result"], row["marks"] = "not read", "", []
        if tables is not None:
            table = tables.get(arm, {})
            spec = table.get(name, table.get("*"))
            if spec is None:
                row["threshold"], row["result"] = "(none)", "no threshold"
            else:
                verdict = thresholds.judge(tables, arm, metric)
                row["threshold"], row["result"] = verdict.threshold, "pass" if verdict.passed else "FAIL"
                row["marks"] = _marks(spec, metric)
        rows.append(row)
    return rows


def header(data: dict[str, Any]) -> list[tuple[str, str]]:
    """(label, value) pairs describing the run; what a file does not carry is said, not left blank."""
    tele = data.get("telemetry") or {}
    pairs = [
        ("arm", data.get("arm", "?")),
        ("run", data.get("run_id", "?")),
        ("provider", data.get("provider") or "none (offline arm)"),
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
    tokens = tele.get("tokens", {})
    cached = tokens.get("cached_input", 0) / tokens["input"] if tokens.get("input") else None
    latency = tele.get("latency_ms", {})
    flags = tele.get("scan", {})
    pairs += [
        ("calls", f"{tele.get('calls')} ({tele.get('bought')} bought, {tele.get('replayed')} replayed, "
                  f"{tele.get('failures')} failed, {tele.get('retries')} retries)"),
        ("tokens", ", ".join(f"{k} {v}" for k, v in tokens.items())),
        ("cached input share", "-" if cached is None else f"{cached:.1%}"),
        ("cost", "not priced" if tele.get("cost_usd") is None else f"${tele['cost_usd']:.4f}"),
        ("reasoning effort", (data.get("settings") or {}).get("reasoning_effort", "not recorded")),
        ("cost at volume", "; ".join(cost.lines(data.get("cost_at_volume"))) or "not recorded"),
        ("latency", f"p50 {latency.get('p50', 0):.0f} ms, p95 {latency.get('p95', 0):.0f} ms"),
        ("scan", f"{flags.get('flagged_records', 0)} record(s) flagged; quarantine "
                 f"{'on' if flags.get('quarantine') else 'off'}"),
    ]  # fmt: skip
    return pairs


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


def _arithmetic(admitted_at: str, discharge: str | None, nights: int | None) -> str:
    try:
        return benchmark.explain(admitted_at, discharge, nights)
    except (benchmark.BenchmarkError, TypeError, ValueError) as err:
        return f"the value cannot be counted: {err}"


def _value(row: dict[str, Any]) -> str:
    """An expectation value as written: the date, or the night count (0 included), or nothing."""
    if row.get("expected_discharge") is not None:
        return str(row["expected_discharge"])
    if row.get("expected_nights") is not None:
        return f"{row['expected_nights']} night(s)"
    return ""


def _problems(r: dict[str, Any]) -> list[str]:
    out = [f"failure kind: {t}" for t in r["taxonomy"]]
    for e in r["elements"]:
        if not e["finding_right"]:
            out.append(f"{e['element']}: {e['answered'] or '(none)'} where the key says {e['gold_finding']}")
        if e["citation"] not in ("credited", "null-ok"):
            out.append(f"{e['element']}: citation {e['citation']}")
        if e["value_right"] is False:
            out.append(f"{e['element']}: expectation value wrong")
    if r["raw_support"] != r["gold_support"]:
        out.append(f"offered verdict {r['raw_support'] or '(none)'}, key {r['gold_support']}")
    return out


def _parser_notes(data: dict[str, Any]) -> dict[str, list[str]]:
    notes: dict[str, list[str]] = {}
    for call in (data.get("telemetry") or {}).get("per_call", []):
        if call.get("repeat", 0) == 0:
            notes[call["record"]] = [
                *call.get("problems", []),
                *([call["error"]] if call.get("error") else []),
            ]
    return notes


def records(data: dict[str, Any], corpus: Corpus) -> list[dict[str, Any]]:
    """Per record: the table row and the detail (text with marks, elements, arithmetic, problems)."""
    by_id, parser, out = corpus.by_id(), _parser_notes(data), []
    for r in data.get("records", []):
        record = by_id.get(r["id"])
        if record is None or record.gold is None:
            continue
        gold_rows = {g["element"]: g for g in record.gold["elements"]}
        stay = next((e for e in r["elements"] if e["element"] == elements.STAY_EXPECTATION), {})
        key_stay = gold_rows.get(elements.STAY_EXPECTATION, {})
        notes = parser.get(r["id"], [])
        out.append(
            {
                "id": r["id"],
                "case": record.facts.get("case", ""),
                "key": r["gold_support"],
                "offered": r["raw_support"] or "(none)",
                "rechecked": r["rechecked_support"],
                "rule": r["rechecked_rule"],
                "right": grade_of(r).fully_right,
                "problems": _problems(r),
                "parser": notes,
                "lines": marked(record, r["elements"]),
                "elements": [
                    {**e, "value": _value(e), "key_value": _value(gold_rows.get(e["element"], {}))}
                    for e in r["elements"]
                ],
                "answer_arithmetic": _arithmetic(
                    record.admitted_at, stay.get("expected_discharge"), stay.get("expected_nights")
                ),
                "key_arithmetic": _arithmetic(
                    record.admitted_at, key_stay.get("expected_discharge"), key_stay.get("expected_nights")
                ),
                "flags": scan.report(scan.scan(record.text), width=160),
            }
        )
    return out
