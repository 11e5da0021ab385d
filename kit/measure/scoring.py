"""The scorer: grades one arm's answers against the gold key. Pure code; no model judges anything.

Per record it grades every element (finding, citation, expectation value), the raw verdict the
answer offered and the verdict the recheck re-derives from the answer's own readings, with the
rulebook's provenance rule applied (and, for comparison, without it). Across the
corpus it counts each metric with its denominator, a Wilson 95% interval and the records that cost
it. Citation floors are arguments, so stored answers re-score at other floors for free.

An answer that says nothing (no reading, no verdict: a reply with no object, one cut off before its
object closed, a failed call) is wrong on every metric its record is counted in: a miss where higher
is better, a hit where lower is better, so a metric that counts a failure kind counts it. A recheck
is credited only when the answer gave all four readings (an absent reading would otherwise recheck to
a verdict the answer never reached), and a missing stay row never has the right expectation value.
It does not decide thresholds or pass/fail; kit.measure.thresholds does.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from kit.corpus import Corpus, Record
from kit.measure.stats import wilson
from kit.rules import Answer, citation, elements, recheck, rulebook, taxonomy

HIGHER, LOWER = "higher", "lower"
SEVERITY_BAIT_CASES = ("long_hours_one_midnight", "severe_one_midnight")
ORDER_PRESENT = taxonomy.ORDER_PRESENT
STAY_DOCUMENTED = elements.word(elements.STAY_EXPECTATION, elements.PRESENT)
CITED_ON_ABSENT = "cited-on-absent"
UNCITED = "uncited"
NULL_OK = "null-ok"


@dataclass(frozen=True)
class Metric:
    """One counted figure: count of denominator, with the records that cost it."""

    name: str
    count: int
    total: int
    better: str = HIGHER
    costly: tuple[str, ...] = ()

    @property
    def rate(self) -> float | None:
        return self.count / self.total if self.total else None

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.count, self.total)

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "count": self.count,
            "total": self.total,
            "rate": self.rate,
            "ci95": [low, high],
            "better": self.better,
            "costly_records": list(self.costly),
        }


@dataclass
class ElementGrade:
    element: str
    gold_finding: str
    answered: str | None
    finding_right: bool
    citation: str
    coverage: float
    precision: float
    value_right: bool | None
    # What the answer gave, kept so a report can show it: the quote and, on the stay row, the value.
    quote: str | None = None
    expected_discharge: str | None = None
    expected_nights: int | None = None


@dataclass
class RecordGrade:
    id: str
    elements: list[ElementGrade]
    gold_support: str
    raw_support: str | None
    rechecked_support: str
    rechecked_rule: str
    taxonomy: list[str] = field(default_factory=list)
    # The elements whose reading the recheck held to provenance, and the verdict without that rule.
    provenance_breached: list[str] = field(default_factory=list)
    unchecked_support: str | None = None
    # False for an answer that said nothing (see the module docstring); a recheck is credited only
    # from four readings.
    usable: bool = True
    readings_complete: bool = True
    # The confidence the answer stated (0 to 1), for calibration; None when it gave none.
    confidence: float | None = None

    @property
    def raw_right(self) -> bool:
        return self.raw_support == self.gold_support

    @property
    def rechecked_right(self) -> bool:
        return self.readings_complete and self.rechecked_support == self.gold_support

    @property
    def citations_right(self) -> bool:
        return all(g.citation in (citation.CREDITED, NULL_OK) for g in self.elements)

    @property
    def fully_right(self) -> bool:
        return (
            all(g.finding_right for g in self.elements)
            and self.citations_right
            and all(g.value_right is not False for g in self.elements)
            and self.raw_right
        )


def _grade_citation(record: Record, gold_row: dict[str, Any], quote: str | None, floors) -> tuple:
    if gold_row["class"] == elements.ABSENT:
        return (CITED_ON_ABSENT, 0.0, 0.0) if quote else (NULL_OK, 0.0, 0.0)
    if not quote:
        return UNCITED, 0.0, 0.0
    g = citation.grade(record.norm_text, tuple(gold_row["span"]), quote, *floors)
    return g.outcome, g.coverage, g.precision


def _value_right(gold_row: dict[str, Any], row) -> bool | None:
    if gold_row["element"] != elements.STAY_EXPECTATION:
        return None
    if row is None or row.finding is None:
        return False
    gold = (gold_row["expected_discharge"], gold_row["expected_nights"])
    return (row.expected_discharge, row.expected_nights) == gold


def grade_record(
    record: Record,
    answer: Answer,
    coverage_min: float = citation.COVERAGE_MIN,
    precision_min: float = citation.PRECISION_MIN,
    seen_text: str | None = None,
) -> RecordGrade:
    """Grade one answer against the record's gold row. Citations are graded on the record's own text;
    provenance is checked on the text the answerer was given (`seen_text`, when it was not the record's
    own, as under injection), because that is the text a deployed recheck has."""
    gold = record.gold
    if gold is None:
        raise ValueError(f"{record.id}: cannot grade a record without gold")
    grades = []
    for gold_row in gold["elements"]:
        row = answer.row(gold_row["element"])
        quote = row.citation if row else None
        outcome, cov, prec = _grade_citation(record, gold_row, quote, (coverage_min, precision_min))
        said = row.finding if row else None
        grades.append(
            ElementGrade(
                gold_row["element"],
                gold_row["finding"],
                said,
                said == gold_row["finding"],
                outcome,
                round(cov, 4),
                round(prec, 4),
                _value_right(gold_row, row),
                quote,
                row.expected_discharge if row else None,
                row.expected_nights if row else None,
            )
        )
    rechecked = recheck(answer, record.admitted_at, record.text if seen_text is None else seen_text)
    return RecordGrade(
        record.id,
        grades,
        gold["support"],
        answer.support,
        rechecked.verdict,
        rechecked.rule,
        taxonomy.failures(answer, gold, rechecked.verdict),
        [b.element for b in rechecked.breaches],
        recheck(answer, record.admitted_at).verdict,
        not answer.said_nothing,
        answer.readings_complete,
        answer.confidence,
    )


def metric_names() -> list[str]:
    """Every metric the scorer reports, in scoreboard order (fixed, so tests can parametrize on it)."""
    names = ["records.fully_right", "findings"]
    names += [f"findings.{e}" for e in elements.ELEMENTS]
    names += [f"findings.class.{k}" for k in elements.CLASSES]
    names += [f"order_row.{w}" for w in elements.vocabulary(elements.ADMITTING_ORDER)]
    names += [
        "citations.credited",
        "citations.located_but_short",
        "citations.located_elsewhere",
        "citations.not_found",
        "citations.uncited_owed",
        "citations.cited_on_absent",
    ]
    names += ["values.exact", "values.none_when_none"]
    names += ["support.raw", "support.rechecked", "support.overturned"]
    names += ["provenance.order_outside", "provenance.stay_outside", "provenance.verdict_changed"]
    names += [f"support.raw.{v}" for v in rulebook.verdicts()]
    names += [f"support.rechecked.{v}" for v in rulebook.verdicts()]
    names += [f"taxonomy.{t}" for t in taxonomy.KINDS]
    return names


def _provenance_metrics(grades: list[RecordGrade], unusable: frozenset[str]) -> dict[str, Metric]:
    """Order-present readings cited outside the orders, documented stays cited outside the
    practitioner's documentation (each over the readings of that kind the arm gave), and verdicts the
    provenance rule changed (over every record)."""
    def said(g: RecordGrade, element: str) -> str | None:
        return next(e.answered for e in g.elements if e.element == element)

    out = {}
    for name, element, word in (
        ("provenance.order_outside", elements.ADMITTING_ORDER, ORDER_PRESENT),
        ("provenance.stay_outside", elements.STAY_EXPECTATION, STAY_DOCUMENTED),
    ):
        hits = [(g.id, element in g.provenance_breached) for g in grades if said(g, element) == word]
        out[name] = count_metric(name, hits, LOWER, unusable)
    changed = [(g.id, g.rechecked_support != g.unchecked_support) for g in grades]
    out["provenance.verdict_changed"] = count_metric("provenance.verdict_changed", changed, LOWER, unusable)
    return out


def count_metric(
    name: str, hits: list[tuple[str, bool]], better: str = HIGHER, unusable: frozenset[str] = frozenset()
) -> Metric:
    """A metric over (record id, counted?) pairs; costly records are the misses (or the hits, when
    lower is better). A record in `unusable` is wrong whatever its pair says: a miss, or a hit when
    lower is better."""
    hits = [(rid, better == LOWER if rid in unusable else hit) for rid, hit in hits]
    count = sum(1 for _, hit in hits if hit)
    costly = [rid for rid, hit in hits if (not hit if better == HIGHER else hit)]
    return Metric(name, count, len(hits), better, tuple(dict.fromkeys(costly)))


@dataclass
class Report:
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
) -> Report:
    """Grade every record of the corpus; a record with no answer is graded as an empty answer. `seen`
    maps a record id to the text its answerer was given when that was not the record's own."""
    seen = seen or {}
    grades = [
        grade_record(r, answers.get(r.id, Answer()), coverage_min, precision_min, seen.get(r.id))
        for r in corpus.records
    ]
    unusable = frozenset(g.id for g in grades if not g.usable)

    def metric(name: str, hits: list[tuple[str, bool]], better: str = HIGHER) -> Metric:
        return count_metric(name, hits, better, unusable)

    rows = [(g.id, e) for g in grades for e in g.elements]
    m: dict[str, Metric] = {}
    m["records.fully_right"] = metric("records.fully_right", [(g.id, g.fully_right) for g in grades])
    m["findings"] = metric("findings", [(rid, e.finding_right) for rid, e in rows])
    for element in elements.ELEMENTS:
        name = f"findings.{element}"
        m[name] = metric(name, [(rid, e.finding_right) for rid, e in rows if e.element == element])
    for klass in elements.CLASSES:
        name = f"findings.class.{klass}"
        hits = [
            (rid, e.finding_right) for rid, e in rows if elements.class_of(e.element, e.gold_finding) == klass
        ]
        m[name] = metric(name, hits)
    for word in elements.vocabulary(elements.ADMITTING_ORDER):
        name = f"order_row.{word}"
        hits = [
            (rid, e.finding_right)
            for rid, e in rows
            if e.element == elements.ADMITTING_ORDER and e.gold_finding == word
        ]
        m[name] = metric(name, hits)
    owed = [(rid, e) for rid, e in rows if e.citation not in (NULL_OK, CITED_ON_ABSENT)]
    not_owed = [(rid, e) for rid, e in rows if e.citation in (NULL_OK, CITED_ON_ABSENT)]
    m["citations.credited"] = metric(
        "citations.credited", [(rid, e.citation == citation.CREDITED) for rid, e in owed]
    )
    for name, outcome in (
        ("citations.located_but_short", citation.SHORT),
        ("citations.located_elsewhere", citation.ELSEWHERE),
        ("citations.not_found", citation.NOT_FOUND),
        ("citations.uncited_owed", UNCITED),
    ):
        m[name] = metric(name, [(rid, e.citation == outcome) for rid, e in owed], LOWER)
    m["citations.cited_on_absent"] = metric(
        "citations.cited_on_absent", [(rid, e.citation == CITED_ON_ABSENT) for rid, e in not_owed], LOWER
    )
    gold_by_id = {r.id: r.gold for r in corpus.records}
    stay_rows = [(rid, e) for rid, e in rows if e.element == elements.STAY_EXPECTATION]
    m["values.exact"] = metric(
        "values.exact",
        [(rid, bool(e.value_right)) for rid, e in stay_rows if gold_by_id[rid]["midnights"] is not None],
    )
    m["values.none_when_none"] = metric(
        "values.none_when_none",
        [(rid, bool(e.value_right)) for rid, e in stay_rows if gold_by_id[rid]["midnights"] is None],
    )
    m["support.raw"] = metric("support.raw", [(g.id, g.raw_right) for g in grades])
    m["support.rechecked"] = metric("support.rechecked", [(g.id, g.rechecked_right) for g in grades])
    m["support.overturned"] = metric(
        "support.overturned",
        [(g.id, g.raw_support is not None and g.raw_support != g.rechecked_support) for g in grades],
        LOWER,
    )
    m.update(_provenance_metrics(grades, unusable))
    for verdict in rulebook.verdicts():
        of_class = [g for g in grades if g.gold_support == verdict]
        m[f"support.raw.{verdict}"] = metric(
            f"support.raw.{verdict}", [(g.id, g.raw_right) for g in of_class]
        )
        m[f"support.rechecked.{verdict}"] = metric(
            f"support.rechecked.{verdict}", [(g.id, g.rechecked_right) for g in of_class]
        )
    for kind in taxonomy.KINDS:
        hits = [(g.id, kind in g.taxonomy) for g in grades if taxonomy.at_risk(kind, gold_by_id[g.id])]
        m[f"taxonomy.{kind}"] = metric(f"taxonomy.{kind}", hits, LOWER)
    confusion: dict[str, dict[str, dict[str, int]]] = {}
    for element in elements.ELEMENTS:
        table: dict[str, dict[str, int]] = {w: {} for w in elements.vocabulary(element)}
        for _, e in rows:
            if e.element == element:
                said = e.answered if e.answered is not None else "(none)"
                table[e.gold_finding][said] = table[e.gold_finding].get(said, 0) + 1
        confusion[element] = table
    return Report(arm, {n: m[n] for n in metric_names()}, grades, confusion, coverage_min, precision_min)


def guards(corpus: Corpus) -> dict[str, Any]:
    """The structural figures of the corpus a run was scored on; two runs compare only if they agree."""
    golds = [r.gold for r in corpus.records]
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
