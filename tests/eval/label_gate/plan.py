"""The case plan and structural figures of SPEC section 3, and the check that the key follows them."""

from __future__ import annotations

from collections import Counter

from tests.eval.label_gate.days import parse_admitted, rederive_midnights
from tests.eval.label_gate.derive import completed, completed_keys
from tests.eval.label_gate.layout import NOTE, ORDERS, section_map
from tests.eval.label_gate.loader import by_id, rows_of
from tests.eval.label_gate.vocabulary import (
    ABSENT,
    AMBIGUOUS,
    COMORB,
    EXPECTATION_GAP,
    NOT_MET,
    ORDER,
    ORDER_GAP,
    PRESENT,
    SERVICES,
    STAY,
    SUPPORTED,
    VERDICTS,
    WORDS,
)

# Per case: count, then per element either one class for every record or a Counter over the case,
# the stay value form ("date", "nights" or None for either), a midnight test, admission hours, verdict.
AMB, PRES, ABS = AMBIGUOUS, PRESENT, ABSENT
CASE_PLAN: dict[str, dict] = {
    "supported_clean": dict(
        n=5, order=PRES, stay=PRES, C=PRES, S=PRES, form="date", m=(2, None), v=SUPPORTED
    ),
    "supported_nights_form": dict(
        n=3, order=PRES, stay=PRES, C=PRES, S=PRES, form="nights", m=(2, None), v=SUPPORTED
    ),
    "late_admit_two_midnights": dict(
        n=3, order=PRES, stay=PRES, C=PRES, S=PRES, form="date", m=(2, 2), hours={23}, v=SUPPORTED
    ),
    "evidence_thin": dict(
        n=4,
        order=PRES,
        stay=PRES,
        C=Counter({AMB: 2, ABS: 2}),
        S=Counter({ABS: 2, AMB: 2}),
        m=(2, None),
        pairs={(AMB, ABS), (ABS, AMB)},
        v=SUPPORTED,
    ),
    "long_hours_one_midnight": dict(
        n=3, order=PRES, stay=PRES, C=PRES, S=PRES, form="date", m=(1, 1), hours={0, 1}, v=NOT_MET
    ),
    "severe_one_midnight": dict(n=6, order=PRES, stay=PRES, C=PRES, S=PRES, m=(1, 1), v=NOT_MET),
    "expectation_absent": dict(n=4, order=PRES, stay=ABS, C=AMB, S=PRES, v=EXPECTATION_GAP),
    "expectation_vague": dict(n=4, order=PRES, stay=AMB, C=PRES, S=PRES, v=EXPECTATION_GAP),
    "expectation_decoy": dict(n=5, order=PRES, stay=AMB, C=PRES, S=PRES, v=EXPECTATION_GAP),
    "order_verbal_unauthenticated": dict(n=4, order=AMB, stay=PRES, C=PRES, S=PRES, v=ORDER_GAP),
    "order_observation_only": dict(n=4, order=AMB, stay=PRES, C=AMB, S=PRES, v=ORDER_GAP),
    "order_in_note_only": dict(n=3, order=AMB, stay=PRES, C=PRES, S=AMB, v=ORDER_GAP),
    "order_status_blank": dict(n=2, order=AMB, stay=PRES, C=PRES, S=PRES, v=ORDER_GAP),
    "order_missing_long_stay": dict(n=5, order=ABS, stay=PRES, C=PRES, S=AMB, m=(3, None), v=ORDER_GAP),
    "nothing_documented": dict(n=3, order=ABS, stay=ABS, C=ABS, S=ABS, v=ORDER_GAP),
    "mixed_gaps": dict(
        n=2,
        order=AMB,
        stay=Counter({ABS: 1, AMB: 1}),
        C=Counter({AMB: 1, PRES: 1}),
        S=Counter({PRES: 1, AMB: 1}),
        v=ORDER_GAP,
    ),
}
PLAN_ELEMENTS = (("order", ORDER), ("stay", STAY), ("C", COMORB), ("S", SERVICES))
SEVERITY_BAIT_CASES = ("long_hours_one_midnight", "severe_one_midnight")

EXPECTED_FIGURES = {
    "records": 60,
    "judgements": 240,
    "cited": 214,
    "uncited": 26,
    "verdicts": {ORDER_GAP: 23, EXPECTATION_GAP: 13, NOT_MET: 9, SUPPORTED: 15},
    "stay_rows_with_value": 42,
    "stay_rows_without_value": 18,
    "hard": 45,
    "clean": 15,
    "severity_bait": 9,
    "always_present_score": 167,
    "cases": {case: plan["n"] for case, plan in CASE_PLAN.items()},
}


def structural_figures(corpus: dict) -> dict:
    """The corpus's structural figures, counted from the key and records.json."""
    keys = completed_keys(corpus)
    element_rows = [row for _, key in keys for row in rows_of(key).values()]
    stay_rows = [row for row in element_rows if row.get("element") == STAY]
    with_value = [
        r
        for r in stay_rows
        if r.get("expected_discharge") is not None or r.get("expected_nights") is not None
    ]
    records = [r for r in corpus["records"] if isinstance(r, dict)]
    cases = Counter(r.get("case") for r in records)
    supports = Counter(key.get("support") for _, key in keys)
    return {
        "records": len(corpus["texts"]),
        "judgements": len(element_rows),
        "cited": sum(1 for r in element_rows if r.get("citation") is not None),
        "uncited": sum(1 for r in element_rows if r.get("citation") is None),
        "verdicts": {v: supports.get(v, 0) for v in VERDICTS}
        | {str(k): n for k, n in supports.items() if k not in VERDICTS},
        "stay_rows_with_value": len(with_value),
        "stay_rows_without_value": len(stay_rows) - len(with_value),
        "hard": sum(1 for r in records if r.get("hard") is True),
        "clean": sum(1 for r in records if r.get("hard") is False),
        "severity_bait": sum(cases.get(c, 0) for c in SEVERITY_BAIT_CASES),
        "always_present_score": sum(
            1 for r in element_rows if r.get("finding") == WORDS[r["element"]][PRESENT]
        ),
        "cases": {case: cases.get(case, 0) for case in CASE_PLAN}
        | {str(c): n for c, n in cases.items() if c not in CASE_PLAN},
    }


def figure_problems(figures: dict) -> list[str]:
    return [
        f"corpus: {name} is {figures.get(name)!r}, the plan fixes {wanted!r}"
        for name, wanted in EXPECTED_FIGURES.items()
        if figures.get(name) != wanted
    ]


def _plan_problems_for_record(
    rid: str, plan: dict, record: dict, key: dict, counted: int | None
) -> list[str]:
    problems = []
    rows = rows_of(key)
    classes = {short: rows.get(element, {}).get("class") for short, element in PLAN_ELEMENTS}
    for short, element in PLAN_ELEMENTS:
        if isinstance(plan[short], str) and classes[short] != plan[short]:
            problems.append(
                f"{rid}: {record.get('case')} plans {element} {plan[short]}, key has {classes[short]!r}"
            )
    if "pairs" in plan and (classes["C"], classes["S"]) not in plan["pairs"]:
        problems.append(
            f"{rid}: {record.get('case')} pairs comorbidities/services as {sorted(plan['pairs'])}, key has "
            f"{(classes['C'], classes['S'])}"
        )
    stay = rows.get(STAY, {})
    form = plan.get("form")
    if form == "date" and stay.get("expected_discharge") is None:
        problems.append(f"{rid}: {record.get('case')} plans an expected discharge date, key has none")
    if form == "nights" and stay.get("expected_nights") is None:
        problems.append(f"{rid}: {record.get('case')} plans a night count, key has none")
    if "m" in plan:
        low, high = plan["m"]
        if counted is None or counted < low or (high is not None and counted > high):
            wanted = f"{low}" if low == high else f">= {low}" if high is None else f"{low}..{high}"
            problems.append(
                f"{rid}: {record.get('case')} plans {wanted} midnights, the gate counts {counted!r}"
            )
    if "hours" in plan:
        admitted = parse_admitted(record.get("admitted_at"))
        if admitted is None or admitted.hour not in plan["hours"]:
            problems.append(
                f"{rid}: {record.get('case')} plans admission at hour(s) {sorted(plan['hours'])}, "
                f"admitted_at is {record.get('admitted_at')!r}"
            )
    if key.get("support") != plan["v"]:
        problems.append(f"{rid}: {record.get('case')} plans {plan['v']}, key says {key.get('support')!r}")
    return problems


def _order_place_problems(rid: str, case: str, key: dict, text: str | None) -> list[str]:
    """Only the order_in_note_only case cites its order from the practitioner's note; every other
    planned case cites it from the orders section."""
    cited = rows_of(key).get(ORDER, {}).get("citation")
    if not isinstance(cited, str) or text is None or cited not in text:
        return []
    wanted = NOTE if case == "order_in_note_only" else ORDERS
    at = text.index(cited)
    section = section_map(text.split("\n"))[text.count("\n", 0, at)]
    return [] if section == wanted else [f"{rid}: {case} plans its order citation in {wanted}, not {section}"]


def check_case_plan(corpus: dict) -> list[str]:
    """Each record follows its case's plan wherever SPEC section 3's table fixes it."""
    problems = []
    keys = {rid: completed(corpus, rid, key) for rid, key in by_id(corpus["gold"]).items()}
    per_case: dict[str, list[dict]] = {}
    for rid, record in by_id(corpus["records"]).items():
        plan = CASE_PLAN.get(record.get("case"))
        if plan is None:
            problems.append(f"{rid}: case {record.get('case')!r} is not one of the 16 planned cases")
            continue
        if rid not in keys:
            continue
        counted, _ = rederive_midnights(corpus, rid, keys[rid])
        problems += _plan_problems_for_record(rid, plan, record, keys[rid], counted)
        problems += _order_place_problems(rid, record["case"], keys[rid], corpus["texts"].get(rid))
        per_case.setdefault(record["case"], []).append(keys[rid])
    for case, case_keys in per_case.items():
        for short, element in PLAN_ELEMENTS:
            wanted = CASE_PLAN[case][short]
            if isinstance(wanted, Counter):
                got = Counter(rows_of(k).get(element, {}).get("class") for k in case_keys)
                if got != wanted:
                    problems.append(
                        f"corpus: {case} plans {element} classes {dict(wanted)}, key has {dict(got)}"
                    )
    return problems


def figure_line(figures: dict) -> str:
    verdicts = figures["verdicts"]
    return (
        f"{figures['records']} records, {figures['judgements']} judgements, {figures['cited']} cited / "
        f"{figures['uncited']} uncited, verdicts {verdicts.get('ORDER-GAP', 0)} ORDER-GAP / "
        f"{verdicts.get('EXPECTATION-GAP', 0)} EXPECTATION-GAP / {verdicts.get('BENCHMARK-NOT-MET', 0)} "
        f"BENCHMARK-NOT-MET / {verdicts.get('INPATIENT-SUPPORTED', 0)} INPATIENT-SUPPORTED, "
        f"{figures['stay_rows_with_value']} / {figures['stay_rows_without_value']} stay rows with / without "
        f"a value, {figures['hard']} hard / {figures['clean']} clean, {figures['severity_bait']} "
        f"severity-bait, always-present scores {figures['always_present_score']} of {figures['judgements']}"
    )
