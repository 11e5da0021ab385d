"""The rules floor: a free, offline arm that reads an admission record with phrase lists.

What it is for: a baseline every model arm must beat, and a check that the scorer rewards careful
reading rather than luck. It answers in the same structured form a model's reply is parsed into
(kit.rules.answer.Answer): per element, one finding word in that element's own vocabulary and the ONE line
(a dated line, or one prose sentence) its decision rests on; the stay row's date or night count is
extracted from that cited line alone; the verdict is then re-derived by kit.rules.recheck, the same engine
a model's answer is rechecked with.

What it refuses to do: its phrase lists are written from how hospital charts are generally written
(admission and status orders, verbal and telephone order authentication, progress-note plans,
expected-discharge statements, case-management notes, problem lists, ward services). It never reads
the corpus generator's sentence pools, plan or gold key, so its score measures a genuine attempt. It
never softens an order gap: when it cannot establish a signed order admitting the patient as an
inpatient, it does not say order-present. It never reads severity into anything, never raises on a
record in the format, and never touches the network.

One module per element holds that element's phrases and its reader (admitting_order,
stay_expectation, comorbidities, services_delivered); values reads a date or night count out of one
line, and reading holds what the readers return.
"""

from __future__ import annotations

from kit.arms.floor import admitting_order, comorbidities, services_delivered, stay_expectation
from kit.arms.floor.reading import Reading
from kit.rules import Answer, ElementAnswer, Problem, elements, recheck, record

WHY = "rules floor: phrase lists over the record, verdict re-derived by the rule engine"


def _row(element: str, reading: Reading) -> ElementAnswer:
    citation = None if reading.klass == elements.ABSENT else reading.citation
    return ElementAnswer(
        element,
        elements.word(element, reading.klass),
        citation,
        reading.expected_discharge,
        reading.expected_nights,
    )


def answer(record_text: str, admitted_at: str) -> Answer:
    """The floor's answer for one record: four rows, each citing the one line it rests on, and the
    verdict re-derived by kit.rules.recheck from those rows and the structured admission date-time."""
    if not isinstance(record_text, str):
        return Answer(why=WHY, problems=[Problem("record", "the record is not text")])
    try:
        bodies = record.sections(record_text)
    except record.RecordFormatError as err:
        return Answer(why=WHY, problems=[Problem("record", f"cannot read the record: {err}")])
    readings = {
        elements.ADMITTING_ORDER: admitting_order.read(bodies),
        elements.STAY_EXPECTATION: stay_expectation.read(bodies, admitted_at),
        elements.COMORBIDITIES: comorbidities.read(bodies),
        elements.SERVICES_DELIVERED: services_delivered.read(bodies),
    }
    result = Answer({e: _row(e, readings[e]) for e in elements.ELEMENTS}, why=WHY)
    checked = recheck(result, admitted_at)
    result.support = checked.verdict
    result.why = f"{WHY} ({checked.rule})"
    result.problems.extend(checked.problems)
    return result
