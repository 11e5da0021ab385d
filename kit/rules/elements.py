"""The evidence vocabulary: the four elements in answer order, the three classes, and each
element's own three finding words.

Everything that speaks about findings (prompt, parser, arms, scorer) reads it from here. It holds
no behaviour beyond lookups and refuses to guess: an unknown word raises KeyError.
"""

from __future__ import annotations

AMBIGUOUS = "AMBIGUOUS"
PRESENT = "PRESENT"
ABSENT = "ABSENT"
CLASSES: tuple[str, ...] = (AMBIGUOUS, PRESENT, ABSENT)

ADMITTING_ORDER = "admitting_order"
STAY_EXPECTATION = "stay_expectation"
COMORBIDITIES = "comorbidities"
SERVICES_DELIVERED = "services_delivered"
ELEMENTS: tuple[str, ...] = (ADMITTING_ORDER, STAY_EXPECTATION, COMORBIDITIES, SERVICES_DELIVERED)

FINDINGS: dict[str, dict[str, str]] = {
    ADMITTING_ORDER: {AMBIGUOUS: "order-ambiguous", PRESENT: "order-present", ABSENT: "order-missing"},
    STAY_EXPECTATION: {AMBIGUOUS: "ambiguous", PRESENT: "documented", ABSENT: "absent"},
    COMORBIDITIES: {AMBIGUOUS: "ambiguous", PRESENT: "documented", ABSENT: "absent"},
    SERVICES_DELIVERED: {AMBIGUOUS: "ambiguous", PRESENT: "documented", ABSENT: "absent"},
}

TITLES: dict[str, str] = {
    ADMITTING_ORDER: "the admitting practitioner's order",
    STAY_EXPECTATION: "the admitting practitioner's own documented expectation of length of stay",
    COMORBIDITIES: "documented comorbidities bearing on the stay",
    SERVICES_DELIVERED: "services actually delivered during the stay",
}


def word(element: str, klass: str) -> str:
    """The finding word an element uses for a class."""
    return FINDINGS[element][klass]


def vocabulary(element: str) -> tuple[str, ...]:
    """The element's three finding words, in class order."""
    return tuple(FINDINGS[element][k] for k in CLASSES)


def class_of(element: str, finding: str) -> str:
    """The class a finding word carries for this element; KeyError when the word is not its own."""
    for klass, w in FINDINGS[element].items():
        if w == finding:
            return klass
    raise KeyError(f"{finding!r} is not a finding word of {element}")


def is_finding_of(element: str, finding: str) -> bool:
    """True when the word belongs to this element's own vocabulary."""
    return finding in FINDINGS[element].values()


def all_words() -> set[str]:
    """Every finding word of every element."""
    return {w for words in FINDINGS.values() for w in words.values()}
