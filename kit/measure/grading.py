"""Grading one record: every element of an answer (finding, citation, expectation value) against the
record's gold row, the verdict the answer offered, and the verdict the recheck re-derives from the
answer's own readings with the rulebook's provenance rule applied (and, for comparison, without it).
Pure code; no model judges anything.

An answer that says nothing (no reading, no verdict) is marked unusable, and a recheck counts as right
only when the answer gave all four readings; kit.measure.scoring counts what these grades mean across
a corpus. It counts nothing across records and decides no threshold.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kit.corpus import GoldRow, Record
from kit.rules import Answer, ElementAnswer, citation, elements, recheck, taxonomy

CITED_ON_ABSENT = "cited-on-absent"
UNCITED = "uncited"
NULL_OK = "null-ok"


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


def _grade_citation(
    record: Record, gold_row: GoldRow, quote: str | None, floors: tuple[float, float]
) -> tuple[str, float, float]:
    if gold_row["class"] == elements.ABSENT:
        return (CITED_ON_ABSENT, 0.0, 0.0) if quote else (NULL_OK, 0.0, 0.0)
    if not quote:
        return UNCITED, 0.0, 0.0
    start, end = gold_row["span"] or (0, 0)  # a cited row always has its span
    g = citation.grade(record.norm_text, (start, end), quote, *floors)
    return g.outcome, g.coverage, g.precision


def _value_right(gold_row: GoldRow, row: ElementAnswer | None) -> bool | None:
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
