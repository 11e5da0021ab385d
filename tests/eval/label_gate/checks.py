"""Every check of the gate by name, in the order the tests run them."""

from __future__ import annotations

from tests.eval.label_gate.citation_checks import (
    check_citation_placement,
    check_spans,
    check_value_in_citation,
)
from tests.eval.label_gate.key_checks import (
    check_citation_presence,
    check_expectation_values,
    check_midnights,
    check_rows,
    check_support_and_rule,
)
from tests.eval.label_gate.plan import check_case_plan
from tests.eval.label_gate.record_checks import check_records_agree

CHECKS = {
    "rows": check_rows,
    "citation_presence": check_citation_presence,
    "citation_placement": check_citation_placement,
    "spans": check_spans,
    "expectation_values": check_expectation_values,
    "value_in_citation": check_value_in_citation,
    "midnights": check_midnights,
    "support_and_rule": check_support_and_rule,
    "records_agree": check_records_agree,
    "case_plan": check_case_plan,
}


def run_all_checks(corpus: dict) -> dict[str, list[str]]:
    return {name: check(corpus) for name, check in CHECKS.items()}


def listing(problems: list[str]) -> str:
    return f"{len(problems)} problem(s):\n" + "\n".join(f"  {p}" for p in problems)
