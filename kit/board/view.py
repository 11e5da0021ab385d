"""The board's view of one record read one way (the key, the floor, a recorded run, the model).

For a record with gold it is the report's own view-model (kit.measure.record_view, drawn in the page by
the report's record.js), made from the answer's grade: a recorded run's grade as its result file holds
it, any other reading graded here exactly as the scorer grades it. So the report and the board show a
record the same way. Around it the board adds what a reviewer correcting the record needs: per element
the finding, the quote and the stay value as data for the form, the midnight arithmetic of the reading,
the offered verdict against the rechecked one with the reasons they differ, the rule's own sentence,
provenance problems in words, the reading's own notes, and for a model's reading what the model was
sent (what was withheld and why, each guard's time and verdict).

A record without gold (one a reviewer pasted) has no key to grade against: it gets the same marked
text (record.js draws it from the lines, the quoted lines as marks and the scan's flags) and the
board's summary, without key columns. It returns data only and writes no markup.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from kit.corpus import Record
from kit.guard import scan
from kit.measure import grading, record_view, rule_words
from kit.model import outgoing
from kit.rules import Answer, benchmark, citation, elements, recheck, rulebook

NOTICE = (
    "This supports a utilization reviewer's inpatient-versus-observation decision. It does not make "
    "that decision and sets no patient status anywhere."
)


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


def text_view(text: str, answer: Answer) -> dict[str, Any]:
    """What record.js needs to draw a record's marked text without a key: its lines, each line an
    answer quote falls on marked whole, and the scan's flags by line."""
    norm_text = citation.norm(text)
    lines, marks, at = text.split("\n"), [], 0
    found = {e: citation.locate(norm_text, row.citation or "") for e, row in answer.elements.items()}
    for number, raw in enumerate(lines, start=1):
        piece = citation.norm(raw)
        if not piece:
            continue
        span = (at, at + len(piece))
        at += len(piece) + 1
        for element, where in found.items():
            if where and where[0] < span[1] and span[0] < where[1]:
                marks.append({"kind": "cited", "element": element, "line": number, "start": 0})
                marks[-1]["end"] = len(raw)
    flagged: dict[int, list[str]] = {}
    for flag in scan.scan(text):
        flagged.setdefault(flag.line, []).extend(flag.reasons)
    return {"lines": lines, "key_marks": [], "marks": marks, "flagged": sorted(flagged.items())}


def _differ(answer: Answer, checked: Any) -> list[str]:
    """Why the rechecked verdict differs from the one offered, in words."""
    if answer.support == checked.verdict:
        return []
    said = answer.support or "no verdict"
    why = [f"the reading offered {said}; its own findings give {checked.verdict} by rule {checked.rule}"]
    return why + [f"{p.field}: {p.detail}" for p in checked.problems]


def build(
    record: Record,
    answer: Answer,
    source: str,
    notes: list[str] | None = None,
    grade: dict[str, Any] | None = None,
    sent: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The view of `answer` on `record`. `grade` is a recorded run's own grade of it (else, with gold,
    it is graded here); `notes` are what the source said about itself (parser problems, a failed call);
    `sent` what a model's call sent (kit.model.outgoing's log), for a model's reading."""
    checked = recheck(answer, record.admitted_at, record.text)
    shared = None
    if record.gold is not None:
        grade = grade or asdict(grading.grade_record(record, answer))
        shared = record_view(record, grade, list(notes or []), sent=sent)
    rows = []
    for element in elements.ELEMENTS:
        row = answer.row(element)
        rows.append(
            {
                "element": element,
                "title": elements.TITLES[element],
                "vocabulary": list(elements.vocabulary(element)),
                "finding": row.finding if row else None,
                "quote": row.citation if row else None,
                "value": _value(row.expected_discharge, row.expected_nights) if row else "",
                "expected_discharge": row.expected_discharge if row else None,
                "expected_nights": row.expected_nights if row else None,
            }
        )
    return {
        "id": record.id,
        "source": source,
        "shared": shared,
        "text": text_view(record.text, answer) if shared is None else None,
        "lines": record.text.split("\n"),
        "elements": rows,
        "arithmetic": _arithmetic(answer, record.admitted_at),
        "offered": answer.support,
        "rechecked": checked.verdict,
        "rule": rule_words(checked.rule),
        "differ": _differ(answer, checked),
        "provenance": [b.detail for b in checked.breaches],
        "problems": [f"{p.field}: {p.detail}" for p in answer.problems] + list(notes or []),
        "flags": scan.report(scan.scan(record.text), width=160),
        "sent": None if sent is None else outgoing.shown(sent),
        "key_verdict": record.gold["support"] if record.gold else None,
        "policy_id": rulebook.policy_id(),
        "notice": NOTICE,
    }
