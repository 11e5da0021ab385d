"""The corpus plan as data: the 16 cases, how many records each has, and what is planted per slot.

A slot names mechanisms only (which kind of order line, which kind of stay sentence, ...). It says
nothing about wording (kit.corpus.pools) and nothing about verdicts: the gold is derived from the
planted values by kit.benchmark and kit.policy, never read from here.
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


def _repeat(n: int, **fields) -> list[Slot]:
    return [Slot(**fields) for _ in range(n)]


def _slots() -> list[Slot]:
    s: list[Slot] = []
    s += _repeat(
        5,
        case="supported_clean",
        order="inpatient",
        stay="date",
        comorbidities="named",
        services="named",
        midnights=(2, 5),
    )
    s += _repeat(
        3,
        case="supported_nights_form",
        order="inpatient",
        stay="nights",
        comorbidities="named",
        services="named",
        midnights=(2, 4),
    )
    s += _repeat(
        3,
        case="late_admit_two_midnights",
        order="inpatient",
        stay="date",
        comorbidities="named",
        services="named",
        midnights=(2, 2),
        clock="late",
    )
    for comorbidities, services in (
        ("vague", "none"),
        ("vague", "none"),
        ("none", "vague"),
        ("none", "vague"),
    ):
        s.append(Slot("evidence_thin", "inpatient", "date", comorbidities, services, midnights=(2, 4)))
    s += _repeat(
        3,
        case="long_hours_one_midnight",
        order="inpatient",
        stay="date",
        comorbidities="named",
        services="named",
        midnights=(1, 1),
        clock="small_hours",
        severity=True,
    )
    s += _repeat(
        6,
        case="severe_one_midnight",
        order="inpatient",
        stay="date",
        comorbidities="named",
        services="named",
        midnights=(1, 1),
        severity=True,
    )
    s += _repeat(
        4, case="expectation_absent", order="inpatient", stay="none", comorbidities="vague", services="named"
    )
    s += _repeat(
        4, case="expectation_vague", order="inpatient", stay="vague", comorbidities="named", services="named"
    )
    for decoy in (
        "decoy_planner",
        "decoy_planner",
        "decoy_previous",
        "decoy_conditional",
        "decoy_conditional",
    ):
        s.append(Slot("expectation_decoy", "inpatient", decoy, "named", "named", midnights=(2, 5)))
    s += _repeat(
        4,
        case="order_verbal_unauthenticated",
        order="verbal",
        stay="date",
        comorbidities="named",
        services="named",
        midnights=(2, 4),
    )
    s += _repeat(
        4,
        case="order_observation_only",
        order="observation",
        stay="nights",
        comorbidities="vague",
        services="named",
        midnights=(2, 3),
    )
    s += _repeat(
        3,
        case="order_in_note_only",
        order="note_intent",
        stay="date",
        comorbidities="named",
        services="vague",
        midnights=(2, 4),
    )
    s += _repeat(
        2,
        case="order_status_blank",
        order="status_blank",
        stay="nights",
        comorbidities="named",
        services="named",
        midnights=(2, 4),
    )
    s += _repeat(
        5,
        case="order_missing_long_stay",
        order="none",
        stay="date",
        comorbidities="named",
        services="vague",
        midnights=(3, 6),
    )
    s += _repeat(
        3, case="nothing_documented", order="none", stay="none", comorbidities="none", services="none"
    )
    s.append(Slot("mixed_gaps", "verbal", "none", "vague", "named"))
    s.append(Slot("mixed_gaps", "observation", "vague", "named", "vague"))
    return s


SLOTS: tuple[Slot, ...] = tuple(_slots())
