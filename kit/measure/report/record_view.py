"""One record as a reviewer reads it: the view-model the report's page (and the board) render.

`record_view(record, grade)` turns a record, one answer's grade of it (a row of a result file's
"records") and, optionally, the parser's notes on that answer into plain JSON-able data: the record's
lines, the marks on them (the exact characters each answer quote covers, the key's spans, a planted
sentence), the document scan's flags, per element the key and the answer (finding, quote, value,
citation outcome), the offered and rechecked verdicts with the rule's id, title and its sentence
from policy.md, what is wrong in plain words, and for a model's answer what was sent to the model
(what was withheld and why, each guard's time and verdict). static/record.js builds the page's detail from it.

Quotes are placed as the scorer places them (kit.rules.citation: normalised text, the occurrence
nearest the key line), then mapped back onto the record's own characters, so a one-sentence quote in a
five-sentence paragraph marks that sentence. It writes no markup (nothing from a record or a reply can
become markup here) and grades nothing again: every outcome shown is the result file's own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from typing import Any

from kit.corpus import Record
from kit.guard import scan
from kit.measure.compare import grade_of
from kit.model import outgoing
from kit.rules import benchmark, citation, elements, rulebook, taxonomy

CITED, KEY, PLANT = "cited", "key", "plant"
_WORD = re.compile(r"\S+")
LineMaps = tuple[tuple[int, tuple[int, ...]], ...]
VIEW_VERSION = 1
# The record-level keys of a view: the same for every answer to the record (the report embeds them once).
RECORD_KEYS = ("id", "case", "key_elements", "lines", "key_marks", "flagged", "flags", "key_arithmetic")
KEY_FIELDS = ("key_finding", "key_quote", "key_value")


@lru_cache(maxsize=1)
def rule_sentences() -> dict[str, str]:
    """Each rule's own sentence from policy.md ("The order finding is `order-missing` ... Verdict:
    ORDER-GAP."), markdown emphasis removed, by rule id."""
    found = re.findall(
        r"^\d+\. \*\*(TM-\d+)\.\*\* (.*?)(?=^\d+\. \*\*|^\s*$)", rulebook.prose(), re.M | re.S
    )
    return {rid: re.sub(r"\s+", " ", re.sub(r"[*`]", "", body)).strip() for rid, body in found}


def rule_words(rule_id: str) -> dict[str, str]:
    """A rule's id, its title from policy.json and its sentence from policy.md ("" where unknown)."""
    rule = rulebook.policy()["rules"].get(rule_id, {})
    return {"id": rule_id, "title": rule.get("title", ""), "sentence": rule_sentences().get(rule_id, "")}


def placed(norm_text: str, quote: str | None, gold: tuple[int, int] | None) -> tuple[int, int] | None:
    """Where a quote sits in the normalised text: the occurrence overlapping the key line most."""
    found = citation.locate(norm_text, quote or "")
    if found is None:
        return None
    length = found[1] - found[0]
    needle, starts, at = norm_text[found[0] : found[1]], [], found[0]
    while at >= 0:
        starts.append(at)
        at = norm_text.find(needle, at + 1)
    if gold is not None:
        start = max(starts, key=lambda a: min(a + length, gold[1]) - max(a, gold[0]))
    else:
        start = starts[0]
    return start, start + length


@lru_cache(maxsize=8192)
def _line_maps(text: str) -> LineMaps:
    """Per raw line: where its normal form starts in citation.norm(text), and for each character of
    that normal form the index of the raw character it came from (a collapsed run of whitespace maps
    to its first character). Folding is one character for one, so only whitespace moves anything."""
    out, at = [], 0
    for raw in text.split("\n"):
        index: list[int] = []
        end = None
        for word in _WORD.finditer(raw.translate(citation._FOLDS)):
            if end is not None:
                index.append(end)
            index.extend(range(word.start(), word.end()))
            end = word.end()
        out.append((at, tuple(index)))
        if index:
            at += len(index) + 1
    return tuple(out)


def _marks(
    maps: LineMaps, span: tuple[int, int] | None, kind: str, element: str | None
) -> list[dict[str, Any]]:
    """A span of the normalised text as marks on the raw lines it touches (1-based line numbers,
    start and end as character offsets in the raw line, end exclusive)."""
    if span is None:
        return []
    out = []
    for number, (start, index) in enumerate(maps, start=1):
        low, high = max(span[0], start), min(span[1], start + len(index))
        if index and low < high:
            out.append(
                {"kind": kind, "element": element, "line": number,
                 "start": index[low - start], "end": index[high - 1 - start] + 1}
            )  # fmt: skip
    return out


def quote_marks(text: str, quote: str | None, kind: str, element: str | None) -> list[dict[str, Any]]:
    """Marks on the characters of `text` a quote stands on (its first occurrence), or none."""
    return _marks(_line_maps(text), placed(citation.norm(text), quote, None), kind, element)


def plant_marks(lines: list[str], plant: str | None) -> list[dict[str, Any]]:
    """Marks on every line that holds the planted sentence."""
    out = []
    for number, raw in enumerate(lines, start=1):
        if plant and plant in raw:
            at = raw.index(plant)
            out.append({"kind": PLANT, "element": None, "line": number, "start": at, "end": at + len(plant)})
    return out


def _arithmetic(admitted_at: str, discharge: str | None, nights: int | None) -> str:
    try:
        return benchmark.explain(admitted_at, discharge, nights)
    except (benchmark.BenchmarkError, TypeError, ValueError) as err:
        return f"the value cannot be counted: {err}"


def _value(row: Mapping[str, Any]) -> str:
    """An expectation value as written: the date, or the night count (0 included), or nothing."""
    if row.get("expected_discharge") is not None:
        return str(row["expected_discharge"])
    if row.get("expected_nights") is not None:
        return f"{row['expected_nights']} night(s)"
    return ""


def problems(grade: dict[str, Any]) -> list[str]:
    """What is wrong with one graded answer, one plain line each (empty when nothing is)."""
    out = [f"{taxonomy.KINDS.get(t, t)} ({t})" for t in grade.get("taxonomy", [])]
    for e in grade["elements"]:
        if not e["finding_right"]:
            out.append(f"{e['element']}: {e['answered'] or '(none)'} where the key says {e['gold_finding']}")
        if e["citation"] not in ("credited", "null-ok"):
            out.append(f"{e['element']}: citation {e['citation']}")
        if e.get("value_right") is False:
            out.append(f"{e['element']}: expectation value wrong")
    if grade["raw_support"] != grade["gold_support"]:
        out.append(f"offered verdict {grade['raw_support'] or '(none)'}, key {grade['gold_support']}")
    return out


def record_part(record: Record) -> dict[str, Any]:
    """The part of a view that is the record's own, whichever answer is shown: its lines, the key's
    marks, the scan's flags and the key's midnight arithmetic."""
    if record.gold is None:
        raise ValueError(f"{record.id}: a record without gold has no view")
    lines = record.text.split("\n")
    maps = _line_maps(record.text)
    key_marks = []
    for row in record.gold["elements"]:
        span = row["span"]
        key_marks += _marks(maps, (span[0], span[1]) if span else None, KEY, row["element"])
    flags = scan.scan(record.text)
    flagged: dict[int, list[str]] = {}
    for flag in flags:
        flagged.setdefault(flag.line, []).extend(flag.reasons)
    stay: Mapping[str, Any] = next(
        (g for g in record.gold["elements"] if g["element"] == elements.STAY_EXPECTATION), {}
    )
    return {
        "id": record.id,
        "case": record.facts.get("case", ""),
        "key_elements": [
            {"element": g["element"], "key_finding": g["finding"], "key_quote": g.get("citation"),
             "key_value": _value(g)}
            for g in record.gold["elements"]
        ],  # fmt: skip
        "lines": lines,
        "key_marks": key_marks,
        "flagged": [[n, reasons] for n, reasons in sorted(flagged.items())],
        "flags": scan.report(flags, width=160),
        "key_arithmetic": _arithmetic(
            record.admitted_at, stay.get("expected_discharge"), stay.get("expected_nights")
        ),
    }


def answer_part(
    record: Record,
    grade: dict[str, Any],
    parser: list[str] | None = None,
    plant: str | None = None,
    sent: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The part of a view that is one answer's: verdicts, rule, elements, its quotes' marks, problems,
    and, given `sent` (kit.model.outgoing's log of the call), what the model was sent, in words."""
    key_rows = record.gold["elements"] if record.gold else []
    gold_rows: dict[str, Mapping[str, Any]] = {g["element"]: g for g in key_rows}
    norm_text = citation.norm(record.text)
    maps = _line_maps(record.text)
    marks = plant_marks(record.text.split("\n"), plant)
    for e in grade["elements"]:
        key_span = gold_rows.get(e["element"], {}).get("span")
        where = placed(norm_text, e.get("quote"), tuple(key_span) if key_span else None)
        marks += _marks(maps, where, CITED, e["element"])
    stay: dict[str, Any] = next(
        (e for e in grade["elements"] if e["element"] == elements.STAY_EXPECTATION), {}
    )
    marked = grade_of(grade)
    return {
        "id": grade["id"],
        "key": grade["gold_support"],
        "offered": grade["raw_support"],
        "rechecked": grade["rechecked_support"],
        "unchecked": grade.get("unchecked_support"),
        "rule": rule_words(grade["rechecked_rule"]),
        "right": marked.fully_right,
        "raw_right": marked.raw_right,
        "rechecked_right": marked.rechecked_right,
        "provenance_breached": list(grade.get("provenance_breached", [])),
        "taxonomy": [{"id": t, "words": taxonomy.KINDS.get(t, "")} for t in grade.get("taxonomy", [])],
        "problems": problems(grade),
        "parser": list(parser or []),
        "sent": None if sent is None else outgoing.shown(sent),
        "confidence": grade.get("confidence"),
        "elements": [
            {
                "element": e["element"],
                "key_finding": e["gold_finding"],
                "key_quote": gold_rows.get(e["element"], {}).get("citation"),
                "key_value": _value(gold_rows.get(e["element"], {})),
                "answered": e["answered"],
                "finding_right": e["finding_right"],
                "quote": e.get("quote"),
                "citation": e["citation"],
                "coverage": e["coverage"],
                "precision": e["precision"],
                "value": _value(e),
                "value_right": e.get("value_right"),
            }
            for e in grade["elements"]
        ],
        "marks": marks,
        "answer_arithmetic": _arithmetic(
            record.admitted_at, stay.get("expected_discharge"), stay.get("expected_nights")
        ),
    }


def record_view(
    record: Record,
    grade: dict[str, Any],
    parser: list[str] | None = None,
    plant: str | None = None,
    sent: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The whole view of one record with one graded answer: record_part and answer_part together.

    `grade` is one entry of a result file's "records" (kit.measure.grading.RecordGrade as a dict);
    `parser` the parser's notes on the answer; `plant` a planted sentence to mark in the text; `sent`
    what the call sent, for a model's answer."""
    answer = answer_part(record, grade, parser, plant, sent)
    return {"version": VIEW_VERSION, **record_part(record), **answer}


def segments(view: dict[str, Any]) -> list[list[dict[str, Any]]]:
    """Per line, the runs of text between mark boundaries, each naming the elements whose answer
    quote covers it (`cited`), whose key span covers it (`key`) and whether it is planted. This is
    what record.js draws; kept here so the placing can be checked without a browser."""
    marks = [*view.get("key_marks", []), *view.get("marks", [])]
    out = []
    for number, raw in enumerate(view["lines"], start=1):
        mine = [m for m in marks if m["line"] == number]
        cuts = sorted({0, len(raw), *(m["start"] for m in mine), *(m["end"] for m in mine)})
        runs = []
        for a, b in zip(cuts, cuts[1:], strict=False):
            over = [m for m in mine if m["start"] <= a and b <= m["end"]]
            runs.append(
                {
                    "text": raw[a:b],
                    CITED: [m["element"] for m in over if m["kind"] == CITED],
                    KEY: [m["element"] for m in over if m["kind"] == KEY],
                    PLANT: any(m["kind"] == PLANT for m in over),
                }
            )
        out.append(runs or [{"text": "", CITED: [], KEY: [], PLANT: False}])
    return out


def assets() -> dict[str, str]:
    """The record view's own script and stylesheet (static/record.js, static/record.css), for a page
    that shows records the way the report does; the page must allow them (by hash) and nothing else."""
    folder = resources.files("kit.measure.report").joinpath("static")
    return {name: folder.joinpath(f"record.{name}").read_text(encoding="utf-8") for name in ("js", "css")}
