import inspect
import json

import pytest

from kit.rules import elements, policy, rulebook


@pytest.mark.parametrize(
    ("order", "midnights", "verdict", "rule"),
    [
        ("order-missing", 5, "ORDER-GAP", "TM-1"),
        ("order-missing", None, "ORDER-GAP", "TM-1"),
        ("order-ambiguous", 9, "ORDER-GAP", "TM-2"),
        ("order-ambiguous", None, "ORDER-GAP", "TM-2"),
        ("order-present", None, "EXPECTATION-GAP", "TM-3"),
        ("order-present", 0, "BENCHMARK-NOT-MET", "TM-4"),
        ("order-present", 1, "BENCHMARK-NOT-MET", "TM-4"),
        ("order-present", 2, "INPATIENT-SUPPORTED", "TM-5"),
        ("order-present", 30, "INPATIENT-SUPPORTED", "TM-5"),
    ],
)
def test_worked_examples(order, midnights, verdict, rule):
    assert policy.decide(order, midnights) == policy.Decision(verdict, rule)


def test_engine_takes_only_an_order_finding_and_a_count():
    assert list(inspect.signature(policy.decide).parameters) == ["order_finding", "midnights"]


def test_a_word_from_another_element_is_refused():
    with pytest.raises(KeyError):
        policy.decide("documented", 3)


def test_reordering_the_json_changes_the_answer(monkeypatch):
    data = json.loads(json.dumps(rulebook.policy()))
    data["rule_order"] = ["TM-5", "TM-1", "TM-2", "TM-3", "TM-4"]
    monkeypatch.setattr(rulebook, "policy", lambda: data)
    assert policy.decide("order-missing", None) == policy.Decision("INPATIENT-SUPPORTED", "TM-5")


def test_a_changed_verdict_in_the_json_is_what_comes_out(monkeypatch):
    data = json.loads(json.dumps(rulebook.policy()))
    data["rules"]["TM-4"]["verdict"] = "EXPECTATION-GAP"
    monkeypatch.setattr(rulebook, "policy", lambda: data)
    assert policy.decide("order-present", 1) == policy.Decision("EXPECTATION-GAP", "TM-4")


def test_a_condition_on_an_input_the_engine_does_not_have_is_refused(monkeypatch):
    data = json.loads(json.dumps(rulebook.policy()))
    data["rules"]["TM-1"]["when"] = {"input": "severity", "test": "equals", "value": "ABSENT"}
    monkeypatch.setattr(rulebook, "policy", lambda: data)
    with pytest.raises(rulebook.RulebookError, match="'severity'"):
        policy.decide("order-missing", 2)


def test_an_empty_rule_list_is_a_clear_error(monkeypatch):
    data = json.loads(json.dumps(rulebook.policy()))
    data["rule_order"] = ["TM-1", "TM-2"]
    monkeypatch.setattr(rulebook, "policy", lambda: data)
    with pytest.raises(rulebook.RulebookError, match="no rule"):
        policy.decide("order-present", 2)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.pop("threshold_midnights"), "threshold_midnights"),
        (lambda d: d["rule_order"].append("TM-9"), "TM-9"),
        (lambda d: d["rules"]["TM-5"].update(verdict="ADMIT"), "TM-5"),
    ],
)
def test_a_malformed_policy_json_is_named(monkeypatch, change, message):
    data = json.loads(json.dumps(rulebook.policy()))
    change(data)
    rulebook.policy.cache_clear()
    monkeypatch.setattr(rulebook, "_read", lambda name: json.dumps(data) if name == "policy.json" else "")
    try:
        with pytest.raises(rulebook.RulebookError, match=message):
            rulebook.policy()
    finally:
        monkeypatch.undo()
        rulebook.policy.cache_clear()


def test_an_unknown_condition_is_a_clear_error(monkeypatch):
    data = json.loads(json.dumps(rulebook.policy()))
    data["rules"]["TM-1"]["when"] = {"input": "severity", "test": "greater_than", "value": 3}
    monkeypatch.setattr(rulebook, "policy", lambda: data)
    with pytest.raises(rulebook.RulebookError, match="greater_than"):
        policy.decide("order-present", 2)


def _rule_paragraphs(text: str) -> dict[str, str]:
    rules_part = text[text.index("## The five rules") : text.index("## Counting midnights")]
    paragraphs = {}
    for rule_id in rulebook.rule_ids():
        start = rules_part.index(f"**{rule_id}.**")
        following = [rules_part.find(f"**{other}.**", start + 1) for other in rulebook.rule_ids()]
        end = min([f for f in following if f > start] or [len(rules_part)])
        paragraphs[rule_id] = rules_part[start:end]
    return paragraphs


def test_rulebook_prose_names_every_rule_in_order_with_its_verdict():
    text = rulebook.prose()
    positions = [text.index(f"**{rule_id}.**") for rule_id in rulebook.rule_ids()]
    assert positions == sorted(positions)
    for rule_id, paragraph in _rule_paragraphs(text).items():
        verdict = rulebook.policy()["rules"][rule_id]["verdict"]
        assert f"Verdict: **{verdict}**" in " ".join(paragraph.split()), rule_id
    for verdict in rulebook.verdicts():
        assert verdict in text
    assert f"fewer than {rulebook.threshold()} midnights" in text


def _provenance_table(text: str) -> list[list[str]]:
    """The cells of each row of policy.md's provenance table (header and rule row left out)."""
    part = text[text.index("## Where the evidence must be written") :]
    part = part[: part.index("\n## ", 1)]
    rows = [line for line in part.splitlines() if line.startswith("| ") and "`" in line]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows]


def test_rulebook_prose_states_every_provenance_rule_of_the_json():
    table = _provenance_table(rulebook.prose())
    rules = rulebook.provenance()
    assert len(table) == len(rules) == 2
    for element, rule in rules.items():
        reading = elements.word(element, rule["reading"])
        worth = elements.word(element, rule["elsewhere"])
        rows = [cells for cells in table if f"`{reading}`" in cells[0]]
        assert len(rows) == 1, (element, table)
        assert rows[0][1] == rule["section"], (element, rows[0])
        assert rows[0][2].startswith(f"`{worth}`"), (element, rows[0])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["provenance"].update(severity=d["provenance"]["admitting_order"]), "severity"),
        (lambda d: d["provenance"]["admitting_order"].update(section="NURSING NOTES"), "NURSING NOTES"),
        (lambda d: d["provenance"]["stay_expectation"].update(elsewhere="MAYBE"), "MAYBE"),
        (lambda d: d["provenance"]["stay_expectation"].pop("reading"), "stay_expectation"),
    ],
)
def test_a_malformed_provenance_entry_is_named(monkeypatch, change, message):
    data = json.loads(json.dumps(rulebook.policy()))
    change(data)
    rulebook.policy.cache_clear()
    monkeypatch.setattr(rulebook, "_read", lambda name: json.dumps(data) if name == "policy.json" else "")
    try:
        with pytest.raises(rulebook.RulebookError, match=message):
            rulebook.policy()
    finally:
        monkeypatch.undo()
        rulebook.policy.cache_clear()
