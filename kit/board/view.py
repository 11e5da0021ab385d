"""The board's view of one record read one way (the key, the floor, a recorded run, the model): plain
data a page renders as text. The record's lines with each element's quoted line and the key's lines
marked, per element the finding, the quote and the stay value, the midnight arithmetic in words, the
offered verdict against the rechecked one with the reasons they differ, the rule's own sentence from
policy.md, provenance problems and the document scan's flags.

Every answer is rechecked here from its own readings (kit.rules.recheck, with provenance), the way the
scorer does; nothing is graded against the key except the per-element "right" marks when a key exists.
It returns data only and writes no markup, so nothing from a record or a reply can become markup.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from kit.guard import scan
from kit.rules import Answer, benchmark, citation, elements, provenance, recheck, record, rulebook

NOTICE = (
    "This supports a utilization reviewer's inpatient-versus-observation decision. It does not make "
    "that decision and sets no patient status anywhere."
)
_RULE_ITEM = re.compile(r"^\d+\.\s+\*\*(TM-\d+)\.\*\*\s*(.*)$")


@lru_cache(maxsize=1)
def rule_sentences() -> dict[str, str]:
    """Each rule's own words from policy.md (the numbered list of the five rules), markdown removed."""
    found: dict[str, list[str]] = {}
    current = None
    for line in rulebook.prose().splitlines():
        match = _RULE_ITEM.match(line)
        if match:
            current = match.group(1)
            found[current] = [match.group(2)]
        elif current and line.startswith("   ") and line.strip():
            found[current].append(line.strip())
        else:
            current = None
    return {rid: " ".join(parts).replace("**", "").replace("`", "") for rid, parts in found.items()}


def _value(discharge: str | None, nights: int | None) -> str:
    if discharge is not None:
        return f"discharge expected {discharge}"
    if nights is not None:
        return f"{nights} further night(s)"
    return ""


def _arithmetic(answer: Answer, admitted_at: str) -> str:
    row = answer.row(elements.STAY_EXPECTATION)
    if row is None or row.finding != elements.word(elements.STAY_EXPECTATION, elements.PRESENT):
        return "no documented stay expectation, so there is no midnight count"
    try:
        return benchmark.explain(admitted_at, row.expected_discharge, row.expected_nights)
    except (benchmark.BenchmarkError, TypeError, ValueError) as err:
        return f"the stated value cannot be counted: {err}"


def _line_spans(text: str) -> list[tuple[int, int] | None]:
    """Each raw line's interval in citation.norm(text) (None for a blank line)."""
    spans: list[tuple[int, int] | None] = []
    at = 0
    for raw in text.split("\n"):
        piece = citation.norm(raw)
        if not piece:
            spans.append(None)
            continue
        spans.append((at, at + len(piece)))
        at += len(piece) + 1
    return spans


def _overlaps(a: tuple[int, int] | None, b: tuple[int, int] | None) -> bool:
    return a is not None and b is not None and a[0] < b[1] and b[0] < a[1]


def lines(text: str, answer: Answer, gold: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The record's lines, each knowing which elements' quotes and key lines fall on it and why the
    scan flagged it."""
    norm_text = citation.norm(text)
    cited = {e: citation.locate(norm_text, (answer.row(e).citation or "")) for e in answer.elements}
    keyed = {}
    for row in (gold or {}).get("elements", []):
        span = row.get("span")
        keyed[row["element"]] = tuple(span) if span else None
    flags: dict[int, list[str]] = {}
    for flag in scan.scan(text):
        flags.setdefault(flag.line, []).extend(flag.reasons)
    out = []
    for n, (raw, span) in enumerate(zip(text.split("\n"), _line_spans(text), strict=True), start=1):
        out.append(
            {
                "number": n,
                "text": raw,
                "cited": [e for e, where in cited.items() if where and _overlaps(span, where)],
                "key": [e for e, where in keyed.items() if _overlaps(span, where)],
                "flagged": flags.get(n, []),
            }
        )
    return out


def _differ(answer: Answer, checked: Any) -> list[str]:
    """Why the rechecked verdict differs from the one offered, in words."""
    if answer.support == checked.verdict:
        return []
    said = answer.support or "no verdict"
    why = [f"the answer offered {said}; its own readings give {checked.verdict} by rule {checked.rule}"]
    why += [f"{p.field}: {p.detail}" for p in checked.problems]
    return why


def _sections(text: str, quote: str | None) -> list[str]:
    return list(provenance.sections_holding(text, quote)) if quote else []


def build(
    rid: str,
    text: str,
    admitted_at: str,
    answer: Answer,
    source: str,
    gold: dict[str, Any] | None = None,
    notes: list[str] | None = None,
) -> dict[str, Any]:
    """The view of `answer` on one record; `gold` (a key row) marks the key's lines and each
    element's rightness; `notes` are what the source said about itself (parser problems, a failed
    call)."""
    checked = recheck(answer, admitted_at, text)
    key_rows = {r["element"]: r for r in (gold or {}).get("elements", [])}
    rows = []
    for element in elements.ELEMENTS:
        row = answer.row(element)
        finding = row.finding if row else None
        key = key_rows.get(element)
        rows.append(
            {
                "element": element,
                "title": elements.TITLES[element],
                "finding": finding,
                "quote": row.citation if row else None,
                "value": _value(row.expected_discharge, row.expected_nights) if row else "",
                "expected_discharge": row.expected_discharge if row else None,
                "expected_nights": row.expected_nights if row else None,
                "found_in": _sections(text, row.citation if row else None),
                "vocabulary": list(elements.vocabulary(element)),
                "key_finding": key["finding"] if key else None,
                "right": None if key is None else key["finding"] == finding,
            }
        )
    try:
        record.sections(text)
        flags = scan.report(scan.scan(text), width=160)
    except record.RecordFormatError:
        flags = []
    sentences = rule_sentences()
    return {
        "id": rid,
        "source": source,
        "admitted_at": admitted_at,
        "lines": lines(text, answer, gold),
        "elements": rows,
        "arithmetic": _arithmetic(answer, admitted_at),
        "offered": answer.support,
        "rechecked": checked.verdict,
        "rule": checked.rule,
        "rule_sentence": sentences.get(checked.rule, ""),
        "midnights": checked.midnights,
        "differ": _differ(answer, checked),
        "provenance": [b.detail for b in checked.breaches],
        "problems": [f"{p.field}: {p.detail}" for p in answer.problems] + list(notes or []),
        "flags": flags,
        "key_verdict": (gold or {}).get("support"),
        "policy_id": rulebook.policy_id(),
        "notice": NOTICE,
    }
