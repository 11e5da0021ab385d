"""The rules: the pure stations a reading passes through once it exists. The element vocabulary, the
record's sections, the structured answer, the two-midnight arithmetic, the rulebook TM-2026, its
engine and the check that its two renderings agree, citation credit, the recheck, provenance and the
failure taxonomy.

May import: the standard library and kit.files. Nothing else from the kit.
Never: call a model, read the environment, read a corpus folder, or let clinical severity reach a
rule (the engine's inputs are an order finding and a midnight count, nothing more).
"""

from kit.rules import (
    benchmark,
    citation,
    elements,
    policy,
    provenance,
    record,
    rulebook,
    rulebook_agreement,
    taxonomy,
)
from kit.rules.answer import Answer, ElementAnswer, Problem
from kit.rules.elements import (
    ABSENT,
    ADMITTING_ORDER,
    AMBIGUOUS,
    COMORBIDITIES,
    PRESENT,
    SERVICES_DELIVERED,
    STAY_EXPECTATION,
)
from kit.rules.recheck import recheck

__all__ = [
    "ABSENT", "ADMITTING_ORDER", "AMBIGUOUS", "Answer", "COMORBIDITIES", "ElementAnswer", "PRESENT",
    "Problem", "SERVICES_DELIVERED", "STAY_EXPECTATION", "benchmark", "citation", "elements", "policy",
    "provenance", "recheck", "record", "rulebook", "rulebook_agreement", "taxonomy",
]  # fmt: skip
