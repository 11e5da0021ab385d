"""The corpus plan as data: the 16 cases, how many records each has, and what is planted per slot.

A slot names mechanisms only (which kind of order line, which kind of stay sentence, ...). It says
nothing about wording (kit.corpus.pools) and nothing about verdicts: the gold is derived from the
planted values by kit.rules.benchmark and kit.rules.policy, never read from here.
"""

from __future__ import annotations

from dataclasses import dataclass

SEED = 20260901
DATASET_VERSION = "admission-status-v1-60records"
AS_OF = "2026-09-01"

# Order mechanisms and the class each plants.
ORDER_CLASS = {
    "inpatient": "PRESENT",
    "verbal": "AMBIGUOUS",
    "observation": "AMBIGUOUS",
    "note_intent": "AMBIGUOUS",
    "status_blank": "AMBIGUOUS",
    "none": "ABSENT",
}
# Stay mechanisms and the class each plants.
STAY_CLASS = {
    "date": "PRESENT",
    "nights": "PRESENT",
    "vague": "AMBIGUOUS",
    "decoy_planner": "AMBIGUOUS",
    "decoy_previous": "AMBIGUOUS",
    "decoy_conditional": "AMBIGUOUS",
    "none": "ABSENT",
}
# Comorbidity and service mechanisms.
EVIDENCE_CLASS = {"named": "PRESENT", "vague": "AMBIGUOUS", "none": "ABSENT"}


@dataclass(frozen=True)
class Slot:
    """One record to write: the case it belongs to and the mechanism planted for each element."""

    case: str
    order: str
    stay: str
    comorbidities: str
    services: str
    midnights: tuple[int, int] | None = None  # inclusive range for a documented stay or a decoy value
    clock: str = "day"  # "day", "late" (admitted 23:xx) or "small_hours" (admitted 00:00-01:59)
    severity: bool = False


# The plan, one row per run of identical slots, in writing order (the order is part of the seeded
# corpus): how many, then the Slot's fields; a row leaves midnights, clock and severity at their
# defaults when it is shorter.
CASES: tuple[tuple, ...] = (
    # count, case, order, stay, comorbidities, services[, midnights[, clock[, severity]]]
    (5, "supported_clean", "inpatient", "date", "named", "named", (2, 5)),
    (3, "supported_nights_form", "inpatient", "nights", "named", "named", (2, 4)),
    (3, "late_admit_two_midnights", "inpatient", "date", "named", "named", (2, 2), "late"),
    (2, "evidence_thin", "inpatient", "date", "vague", "none", (2, 4)),
    (2, "evidence_thin", "inpatient", "date", "none", "vague", (2, 4)),
    (3, "long_hours_one_midnight", "inpatient", "date", "named", "named", (1, 1), "small_hours", True),
    (6, "severe_one_midnight", "inpatient", "date", "named", "named", (1, 1), "day", True),
    (4, "expectation_absent", "inpatient", "none", "vague", "named"),
    (4, "expectation_vague", "inpatient", "vague", "named", "named"),
    (2, "expectation_decoy", "inpatient", "decoy_planner", "named", "named", (2, 5)),
    (1, "expectation_decoy", "inpatient", "decoy_previous", "named", "named", (2, 5)),
    (2, "expectation_decoy", "inpatient", "decoy_conditional", "named", "named", (2, 5)),
    (4, "order_verbal_unauthenticated", "verbal", "date", "named", "named", (2, 4)),
    (4, "order_observation_only", "observation", "nights", "vague", "named", (2, 3)),
    (3, "order_in_note_only", "note_intent", "date", "named", "vague", (2, 4)),
    (2, "order_status_blank", "status_blank", "nights", "named", "named", (2, 4)),
    (5, "order_missing_long_stay", "none", "date", "named", "vague", (3, 6)),
    (3, "nothing_documented", "none", "none", "none", "none"),
    (1, "mixed_gaps", "verbal", "none", "vague", "named"),
    (1, "mixed_gaps", "observation", "vague", "named", "vague"),
)

SLOTS: tuple[Slot, ...] = tuple(Slot(*fields) for n, *fields in CASES for _ in range(n))
