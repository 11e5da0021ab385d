"""The rulebook's two renderings (policy.json, policy.md) against the gate's own table, and policy.json's
provenance entries against the sections the gate's layout lets a PRESENT order or stay be cited from."""

from __future__ import annotations

import re

from tests.eval.label_gate.layout import allowed_sections
from tests.eval.label_gate.loader import REPO_ROOT
from tests.eval.label_gate.vocabulary import AMBIGUOUS, ORDER, PRESENT, RULE_TABLE, STAY, THRESHOLD, VERDICTS

POLICY_JSON = REPO_ROOT / "kit" / "data" / "policy.json"
POLICY_MD = REPO_ROOT / "kit" / "data" / "policy.md"


def policy_problems(policy: dict, prose: str) -> list[str]:
    """policy.json matches the gate's table, and policy.md names every rule id (in rule_order) and verdict."""
    problems = []
    order = policy.get("rule_order")
    own_order = [rule_id for rule_id, *_ in RULE_TABLE]
    if order != own_order:
        problems.append(f"policy.json: rule_order is {order!r}, the gate's table runs {own_order}")
    rules = policy.get("rules") if isinstance(policy.get("rules"), dict) else {}
    if isinstance(order, list) and sorted(rules) != sorted(order):
        problems.append(f"policy.json: rules {sorted(rules)} do not match rule_order {order}")
    for rule_id, name, test, value, verdict in RULE_TABLE:
        rule = rules.get(rule_id)
        if not isinstance(rule, dict):
            problems.append(f"policy.json: no rule {rule_id}")
            continue
        if rule.get("verdict") != verdict:
            problems.append(
                f"policy.json: {rule_id} gives {rule.get('verdict')!r}, the gate's table gives {verdict}"
            )
        when = {"input": name, "test": test} | ({"value": value} if value is not None else {})
        if rule.get("when") != when:
            problems.append(
                f"policy.json: {rule_id} condition is {rule.get('when')!r}, the gate's table has {when}"
            )
    if policy.get("threshold_midnights") != THRESHOLD:
        problems.append(
            f"policy.json: threshold_midnights is {policy.get('threshold_midnights')!r}, "
            f"the gate uses {THRESHOLD}"
        )
    provenance = policy.get("provenance") if isinstance(policy.get("provenance"), dict) else {}
    for element in (ORDER, STAY):
        (section,) = allowed_sections(element, PRESENT)
        wanted = {"reading": PRESENT, "section": section, "elsewhere": AMBIGUOUS}
        given = provenance.get(element)
        if given != wanted:
            problems.append(f"policy.json: provenance for {element} is {given!r}, the gate has {wanted}")
    if sorted(policy.get("verdicts") or []) != sorted(VERDICTS):
        problems.append(f"policy.json: verdicts {policy.get('verdicts')!r}, the gate knows {list(VERDICTS)}")
    firsts = []
    for rule_id in order if isinstance(order, list) else []:
        hit = re.search(rf"(?<![\w-]){re.escape(str(rule_id))}(?!\w)", prose)
        if hit is None:
            problems.append(f"policy.md: never names rule {rule_id}")
        else:
            firsts.append((hit.start(), rule_id))
    if [rule_id for _, rule_id in sorted(firsts)] != [rule_id for _, rule_id in firsts]:
        problems.append(
            f"policy.md: rules first appear in the order {[r for _, r in sorted(firsts)]}, not rule_order"
        )
    for verdict in (policy.get("verdicts") or []) + list(VERDICTS):
        if not re.search(rf"(?<![\w-]){re.escape(str(verdict))}(?![\w-])", prose):
            problems.append(f"policy.md: never names verdict {verdict}")
    return problems
