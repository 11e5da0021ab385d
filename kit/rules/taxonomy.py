"""The failure taxonomy: the named ways an answer goes wrong that a reviewer would care about (a gap in
the admitting order softened or invented, a decoy date read as the practitioner's expectation, a
support verdict overclaimed ...), which of them one answer shows, and which records can show each
at all (the denominator of its rate).

Pure code over one answer and its gold row; it counts nothing across the corpus (kit.measure.scoring does)
and never looks at clinical severity.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kit.rules import elements
from kit.rules.answer import Answer

ORDER_PRESENT = elements.word(elements.ADMITTING_ORDER, elements.PRESENT)
GAP_WORDS = frozenset(
    elements.word(elements.ADMITTING_ORDER, k) for k in (elements.AMBIGUOUS, elements.ABSENT)
)
KINDS: dict[str, str] = {
    "no_usable_answer": "no element row and no verdict could be read from the answer",
    "order_gap_softened": "an ORDER-GAP record offered or rechecked as anything else",
    "order_gap_invented": "ORDER-GAP answered, or a gap word read, where a proper order exists",
    "order_gap_word_confused": "the wrong one of the two gap words on the order row",
    "decoy_read_as_expectation": "a date or night count taken as documented where the key says ambiguous",
    "supported_overclaimed": "INPATIENT-SUPPORTED offered or rechecked where the key says otherwise",
}


def at_risk(kind: str, gold: Mapping[str, Any]) -> bool:
    """Whether a record can show this failure at all: the denominator of each taxonomy rate."""
    order_class, stay_class = gold["elements"][0]["class"], gold["elements"][1]["class"]
    return {
        "no_usable_answer": True,
        "order_gap_softened": gold["support"] == "ORDER-GAP",
        "order_gap_invented": order_class == elements.PRESENT,
        "order_gap_word_confused": order_class != elements.PRESENT,
        "decoy_read_as_expectation": stay_class == elements.AMBIGUOUS,
        "supported_overclaimed": gold["support"] != "INPATIENT-SUPPORTED",
    }[kind]


def failures(answer: Answer, gold: Mapping[str, Any], rechecked: str) -> list[str]:
    """The failure kinds one answer shows, judged on the verdict it offered AND the verdict its own
    readings give under the recheck (what a reviewer would be shown)."""
    found = []
    order_said = answer.finding(elements.ADMITTING_ORDER)
    offered = {answer.support, rechecked} - {None}
    if answer.said_nothing:
        found.append("no_usable_answer")
    if gold["support"] == "ORDER-GAP" and offered - {"ORDER-GAP"}:
        found.append("order_gap_softened")
    if gold["elements"][0]["class"] == elements.PRESENT and (
        answer.support == "ORDER-GAP" or (order_said is not None and order_said != ORDER_PRESENT)
    ):
        found.append("order_gap_invented")
    if order_said in GAP_WORDS and gold["elements"][0]["finding"] in GAP_WORDS - {order_said}:
        found.append("order_gap_word_confused")
    stay = answer.row(elements.STAY_EXPECTATION)
    if (
        gold["elements"][1]["class"] == elements.AMBIGUOUS
        and stay is not None
        and stay.finding == elements.word(elements.STAY_EXPECTATION, elements.PRESENT)
        and (stay.expected_discharge is not None or stay.expected_nights is not None)
    ):
        found.append("decoy_read_as_expectation")
    if gold["support"] != "INPATIENT-SUPPORTED" and "INPATIENT-SUPPORTED" in offered:
        found.append("supported_overclaimed")
    return found
