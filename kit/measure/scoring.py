"""The scorer: grades one arm's answers against the gold key (kit.measure.grading, record by record)
and counts every metric across the corpus from one table of metric definitions (`definitions()`: name,
which way is better, which rows, what counts), each with its denominator, a Wilson 95% interval and the
records that cost it. `metric_names()` is read from the same table, so a metric cannot be computed
without being listed. Citation floors are arguments, so stored answers re-score at other floors for
free. Pure code; no model judges anything.

An answer that says nothing (no reading, no verdict: a reply with no object, one cut off before its
object closed, a failed call) is wrong on every metric its record is counted in: a miss where higher
is better, a hit where lower is better, so a metric that counts a failure kind counts it. A recheck
is credited only when the answer gave all four readings (an absent reading would otherwise recheck to
a verdict the answer never reached), and a missing stay row never has the right expectation value.
It does not decide thresholds or pass/fail; kit.measure.thresholds does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from kit.corpus import Corpus, GoldKey
from kit.measure.grading import CITED_ON_ABSENT, NULL_OK, UNCITED, ElementGrade, RecordGrade, grade_record
from kit.measure.metric import HIGHER, LOWER, Better, Definition, Metric, check, every, measure
from kit.rules import Answer, citation, elements, rulebook, taxonomy

SEVERITY_BAIT_CASES = ("long_hours_one_midnight", "severe_one_midnight")
ORDER_PRESENT = taxonomy.ORDER_PRESENT
STAY_DOCUMENTED = elements.word(elements.STAY_EXPECTATION, elements.PRESENT)
RECORDS, ELEMENTS = "records", "elements"  # the two populations a metric counts over
NOT_OWED = (NULL_OK, CITED_ON_ABSENT)  # citation outcomes of a row whose gold cites nothing


@dataclass(frozen=True)
class RecordRow:
    """One record's grade with its gold row: what a metric over records reads."""

    grade: RecordGrade
    gold: GoldKey

    def said(self, element: str) -> str | None:
        return next(e.answered for e in self.grade.elements if e.element == element)


@dataclass(frozen=True)
class ElementRow:
    """One element's grade with its record's gold row: what a metric over element rows reads."""

    element: ElementGrade
    gold: GoldKey


Check = Callable[..., bool]  # called with one row (a lambda may bind a loop value as a default)


def _records(
    name: str, counted: Check, where: Check = every, better: Better = HIGHER
) -> Definition[RecordRow]:
    return Definition(name, better, RECORDS, counted, where)


def _elements(
    name: str, counted: Check, where: Check = every, better: Better = HIGHER
) -> Definition[ElementRow]:
    return Definition(name, better, ELEMENTS, counted, where)


def _finding_right(r: ElementRow) -> bool:
    return r.element.finding_right


def _owed(r: ElementRow) -> bool:
    return r.element.citation not in NOT_OWED


def _stay_row(with_value: bool) -> Check:
    """The stay rows of records whose gold has a midnight count (or, `with_value` False, has none)."""

    def where(r: ElementRow) -> bool:
        return (
            r.element.element == elements.STAY_EXPECTATION and (r.gold["midnights"] is not None) == with_value
        )

    return where


def _outside(name: str, element: str, word: str) -> Definition[RecordRow]:
    """Over the records whose answer read `element` as `word`: that reading cited outside the section
    the rulebook's provenance rule assigns it."""
    return _records(
        name, lambda r: element in r.grade.provenance_breached, lambda r: r.said(element) == word, LOWER
    )


def definitions() -> list[Definition[Any]]:
    """Every metric the scorer reports, in scoreboard order; checked (kit.measure.metric.check)."""
    table: list[Definition[Any]] = [
        _records("records.fully_right", lambda r: r.grade.fully_right),
        _elements("findings", _finding_right),
    ]
    table += [
        _elements(f"findings.{e}", _finding_right, lambda r, e=e: r.element.element == e)
        for e in elements.ELEMENTS
    ]
    table += [
        _elements(
            f"findings.class.{k}",
            _finding_right,
            lambda r, k=k: elements.class_of(r.element.element, r.element.gold_finding) == k,
        )
        for k in elements.CLASSES
    ]
    table += [
        _elements(
            f"order_row.{w}",
            _finding_right,
            lambda r, w=w: r.element.element == elements.ADMITTING_ORDER and r.element.gold_finding == w,
        )
        for w in elements.vocabulary(elements.ADMITTING_ORDER)
    ]
    table.append(_elements("citations.credited", lambda r: r.element.citation == citation.CREDITED, _owed))
    table += [
        _elements(name, lambda r, o=outcome: r.element.citation == o, _owed, LOWER)
        for name, outcome in (
            ("citations.located_but_short", citation.SHORT),
            ("citations.located_elsewhere", citation.ELSEWHERE),
            ("citations.not_found", citation.NOT_FOUND),
            ("citations.uncited_owed", UNCITED),
        )
    ]
    table += [
        _elements(
            "citations.cited_on_absent",
            lambda r: r.element.citation == CITED_ON_ABSENT,
            lambda r: not _owed(r),
            LOWER,
        ),
        _elements("values.exact", lambda r: bool(r.element.value_right), _stay_row(True)),
        _elements("values.none_when_none", lambda r: bool(r.element.value_right), _stay_row(False)),
        _records("support.raw", lambda r: r.grade.raw_right),
        _records("support.rechecked", lambda r: r.grade.rechecked_right),
        _records(
            "support.overturned",
            lambda r: r.grade.raw_support is not None and r.grade.raw_support != r.grade.rechecked_support,
            better=LOWER,
        ),
        _outside("provenance.order_outside", elements.ADMITTING_ORDER, ORDER_PRESENT),
        _outside("provenance.stay_outside", elements.STAY_EXPECTATION, STAY_DOCUMENTED),
        _records(
            "provenance.verdict_changed",
            lambda r: r.grade.rechecked_support != r.grade.unchecked_support,
            better=LOWER,
        ),
    ]
    table += [
        _records(f"support.raw.{v}", lambda r: r.grade.raw_right, lambda r, v=v: r.grade.gold_support == v)
        for v in rulebook.verdicts()
    ]
    table += [
        _records(
            f"support.rechecked.{v}",
            lambda r: r.grade.rechecked_right,
            lambda r, v=v: r.grade.gold_support == v,
        )
        for v in rulebook.verdicts()
    ]
    table += [
        _records(
            f"taxonomy.{t}",
            lambda r, t=t: t in r.grade.taxonomy,
            lambda r, t=t: taxonomy.at_risk(t, r.gold),
            LOWER,
        )
        for t in taxonomy.KINDS
    ]
    check(table, (RECORDS, ELEMENTS))
    return table


def metric_names() -> list[str]:
    """Every metric the scorer reports, in scoreboard order (fixed, so tests can parametrize on it)."""
    return [d.name for d in definitions()]


@dataclass
class Report:
    """One arm's run scored: every metric by name, each record's grade, the finding confusion tables
    and the citation floors it was graded with."""

    arm: str
    metrics: dict[str, Metric]
    grades: list[RecordGrade]
    confusion: dict[str, dict[str, dict[str, int]]]
    coverage_min: float
    precision_min: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "arm": self.arm,
            "citation_floors": {"coverage_min": self.coverage_min, "precision_min": self.precision_min},
            "metrics": {n: m.to_dict() for n, m in self.metrics.items()},
            "confusion": self.confusion,
            "records": [asdict(g) for g in self.grades],
        }


def score(
    arm: str,
    corpus: Corpus,
    answers: dict[str, Answer],
    coverage_min: float = citation.COVERAGE_MIN,
    precision_min: float = citation.PRECISION_MIN,
    seen: dict[str, str] | None = None,
    table: list[Definition[Any]] | None = None,
) -> Report:
    """Grade every record of the corpus; a record with no answer is graded as an empty answer. `seen`
    maps a record id to the text its answerer was given when that was not the record's own. `table`
    is the metrics to count (some of `definitions()`, perhaps renamed), every one when None."""
    seen = seen or {}
    grades = [
        grade_record(r, answers.get(r.id, Answer()), coverage_min, precision_min, seen.get(r.id))
        for r in corpus.records
    ]
    unusable = frozenset(g.id for g in grades if not g.usable)
    gold = {r.id: r.gold for r in corpus.records if r.gold is not None}  # grade_record refused a None
    populations: dict[str, list[tuple[str, Any]]] = {
        RECORDS: [(g.id, RecordRow(g, gold[g.id])) for g in grades],
        ELEMENTS: [(g.id, ElementRow(e, gold[g.id])) for g in grades for e in g.elements],
    }
    metrics = measure(definitions() if table is None else table, populations, unusable)
    return Report(arm, metrics, grades, _confusion(grades), coverage_min, precision_min)


def _confusion(grades: list[RecordGrade]) -> dict[str, dict[str, dict[str, int]]]:
    """Per element, gold word by answered word (or "(none)"): how many rows."""
    confusion: dict[str, dict[str, dict[str, int]]] = {}
    for element in elements.ELEMENTS:
        table: dict[str, dict[str, int]] = {w: {} for w in elements.vocabulary(element)}
        for e in (e for g in grades for e in g.elements if e.element == element):
            said = e.answered if e.answered is not None else "(none)"
            table[e.gold_finding][said] = table[e.gold_finding].get(said, 0) + 1
        confusion[element] = table
    return confusion


def guards(corpus: Corpus) -> dict[str, Any]:
    """The structural figures of the corpus a run was scored on; two runs compare only if they agree."""
    golds = [r.key for r in corpus.records]
    rows = [e for g in golds for e in g["elements"]]
    verdicts = {v: sum(1 for g in golds if g["support"] == v) for v in rulebook.verdicts()}
    return {
        "dataset_version": corpus.dataset_version,
        "policy_id": rulebook.policy_id(),
        "records": len(golds),
        "judgements": len(rows),
        "cited": sum(1 for e in rows if e["citation"] is not None),
        "uncited": sum(1 for e in rows if e["citation"] is None),
        "verdicts": verdicts,
        "expectation_with_value": sum(1 for g in golds if g["midnights"] is not None),
        "expectation_without_value": sum(1 for g in golds if g["midnights"] is None),
        "hard": sum(1 for g in golds if g["support"] != "INPATIENT-SUPPORTED"),
        "severity_bait": sum(1 for r in corpus.records if r.facts.get("case") in SEVERITY_BAIT_CASES),
        "clean": sum(1 for g in golds if g["support"] == "INPATIENT-SUPPORTED"),
    }
