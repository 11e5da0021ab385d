"""The rule engine: an order finding and a midnight count in, a verdict and the rule that gave it out.

Rules, their order and their verdicts are read from policy.json; nothing about them is written here.
The engine has no parameter for severity, comorbidities or services, so none can reach a rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.rules import elements, rulebook


@dataclass(frozen=True)
class Decision:
    verdict: str
    rule: str


# The condition tests policy.json may use, and the one engine input each reads.
TESTS = {"equals": "order_class", "is_none": "midnights", "below_threshold": "midnights", "always": "any"}


def _holds(when: dict[str, Any], order_class: str, midnights: int | None) -> bool:
    test, source = when.get("test"), when.get("input")
    if test not in TESTS:
        raise rulebook.RulebookError(f"policy.json uses an unknown condition test {test!r}")
    if source != TESTS[test]:
        raise rulebook.RulebookError(
            f"policy.json: the test {test!r} reads {TESTS[test]!r}, not {source!r} "
            f"(the engine has no other input)"
        )
    if test == "always":
        return True
    if test == "equals":
        return order_class == when["value"]
    if test == "is_none":
        return midnights is None
    return midnights is not None and midnights < rulebook.threshold()


def decide(order_finding: str, midnights: int | None) -> Decision:
    """The first rule, in policy.json's order, whose condition holds.

    order_finding is the admitting-order row's word (order-present / order-ambiguous / order-missing).
    """
    order_class = elements.class_of(elements.ADMITTING_ORDER, order_finding)
    data = rulebook.policy()
    for rule_id in data["rule_order"]:
        rule = data["rules"][rule_id]
        if _holds(rule["when"], order_class, midnights):
            return Decision(rule["verdict"], rule_id)
    raise rulebook.RulebookError("no rule in policy.json matched; the last rule should always hold")
