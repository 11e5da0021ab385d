"""The recheck: keep an answer's readings, throw away its verdict, and re-derive the verdict.

The readings kept are the four findings, the citations and the expectation value. Given the record's
text, the recheck first holds the readings to the rulebook's provenance table (kit.rules.provenance): an
`order-present` whose citation is not located in ORDERS AND AUTHENTICATION counts as `order-ambiguous`,
a `documented` stay not located in ADMITTING PRACTITIONER DOCUMENTATION counts as no usable
expectation, and each such reading is reported as a named provenance problem. Without the text it
applies the rules to the readings as given (provenance unchecked), which is what "provenance off"
measures. The midnight count is taken only from a stay row whose finding is `documented` and whose
value is valid; an invalid value becomes a recorded problem, never an exception. Severity cannot
enter: the engine is handed the order word and the count, nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kit.rules import benchmark, elements, policy, provenance
from kit.rules.answer import Answer, Problem


@dataclass(frozen=True)
class Rechecked:
    verdict: str
    rule: str
    midnights: int | None
    problems: tuple[Problem, ...] = field(default=())
    breaches: tuple[provenance.Breach, ...] = field(default=())


def _order_word(answer: Answer) -> tuple[str, list[Problem]]:
    finding = answer.finding(elements.ADMITTING_ORDER)
    if finding is not None and elements.is_finding_of(elements.ADMITTING_ORDER, finding):
        return finding, []
    missing = elements.word(elements.ADMITTING_ORDER, elements.ABSENT)
    detail = "no order finding" if finding is None else f"order finding {finding!r} is not an order word"
    return missing, [Problem("recheck.admitting_order", f"{detail}; read as {missing}")]


def stay_midnights(answer: Answer, admitted_at: str) -> tuple[int | None, list[Problem]]:
    """The midnight count the rules may use, and any problem with the stated value."""
    row = answer.row(elements.STAY_EXPECTATION)
    documented = elements.word(elements.STAY_EXPECTATION, elements.PRESENT)
    if row is None or row.finding != documented:
        return None, []
    try:
        count = benchmark.midnights(admitted_at, row.expected_discharge, row.expected_nights)
    except benchmark.BenchmarkError as err:
        return None, [Problem("recheck.stay_expectation", str(err))]
    if count is None:
        return None, [Problem("recheck.stay_expectation", "documented, but no date or night count given")]
    return count, []


def recheck(answer: Answer, admitted_at: str, record_text: str | None = None) -> Rechecked:
    """Re-derive verdict and rule from the answer's own readings and the record's admission time;
    with the record's text, each reading counts only for what its provenance makes it worth."""
    found = provenance.breaches(answer, record_text) if record_text is not None else []
    counted = provenance.worth(answer, found)
    order_word, problems = _order_word(counted)
    count, stay_problems = stay_midnights(counted, admitted_at)
    decision = policy.decide(order_word, count)
    problems += stay_problems + [Problem(f"provenance.{b.element}", b.detail) for b in found]
    return Rechecked(decision.verdict, decision.rule, count, tuple(problems), tuple(found))
