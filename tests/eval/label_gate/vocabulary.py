"""The gate's own vocabulary and rule table, written here and never read from the library."""

from __future__ import annotations

AMBIGUOUS, PRESENT, ABSENT = "AMBIGUOUS", "PRESENT", "ABSENT"
CLASSES = (AMBIGUOUS, PRESENT, ABSENT)

ORDER, STAY, COMORB, SERVICES = "admitting_order", "stay_expectation", "comorbidities", "services_delivered"
ELEMENTS = (ORDER, STAY, COMORB, SERVICES)

_PLAIN_WORDS = {AMBIGUOUS: "ambiguous", PRESENT: "documented", ABSENT: "absent"}
WORDS: dict[str, dict[str, str]] = {
    ORDER: {AMBIGUOUS: "order-ambiguous", PRESENT: "order-present", ABSENT: "order-missing"},
    STAY: dict(_PLAIN_WORDS),
    COMORB: dict(_PLAIN_WORDS),
    SERVICES: dict(_PLAIN_WORDS),
}

ORDER_GAP, EXPECTATION_GAP = "ORDER-GAP", "EXPECTATION-GAP"
NOT_MET, SUPPORTED = "BENCHMARK-NOT-MET", "INPATIENT-SUPPORTED"
VERDICTS = (ORDER_GAP, EXPECTATION_GAP, NOT_MET, SUPPORTED)
THRESHOLD = 2

# (rule id, input, test, value, verdict), applied top to bottom; the first that holds is recorded.
RULE_TABLE = (
    ("TM-1", "order_class", "equals", ABSENT, ORDER_GAP),
    ("TM-2", "order_class", "equals", AMBIGUOUS, ORDER_GAP),
    ("TM-3", "midnights", "is_none", None, EXPECTATION_GAP),
    ("TM-4", "midnights", "below_threshold", None, NOT_MET),
    ("TM-5", "any", "always", None, SUPPORTED),
)


def class_of_word(element: str, word: object) -> str | None:
    """The class an element's finding word stands for, or None when the word is not its own."""
    for klass, own_word in WORDS.get(element, {}).items():
        if own_word == word:
            return klass
    return None


def _condition_holds(test: str, value: object, given: object) -> bool:
    if test == "equals":
        return given == value
    if test == "is_none":
        return given is None
    if test == "below_threshold":
        return given is not None and given < THRESHOLD
    if test == "always":
        return True
    raise ValueError(f"the gate has no condition test called {test!r}")


def apply_rules(order_class: str, midnights: int | None) -> tuple[str, str]:
    """(verdict, rule id) of the first rule whose condition holds for these two inputs."""
    inputs = {"order_class": order_class, "midnights": midnights, "any": None}
    for rule_id, name, test, value, verdict in RULE_TABLE:
        if _condition_holds(test, value, inputs[name]):
            return verdict, rule_id
    raise AssertionError("the last rule always holds")
