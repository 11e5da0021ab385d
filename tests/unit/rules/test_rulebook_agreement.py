"""The rulebook's two renderings agree: policy.md's rule list, thresholds and verdicts, read for their
structure, against policy.json. An edit to one rendering and not the other fails here naming the line
of policy.md that disagrees, whatever the prompt snapshot says; a rulebook in other words is read the
same way."""

import copy

import pytest

from kit.rules import rulebook
from kit.rules.rulebook_agreement import disagreements

PROSE = rulebook.prose()
POLICY = rulebook.policy()


def line_of(text: str, needle: str) -> int:
    """The 1-based number of the only line of `text` that holds `needle`."""
    (n,) = [n for n, line in enumerate(text.splitlines(), 1) if needle in line]
    return n


def test_the_shipped_renderings_agree():
    found = disagreements(rulebook.prose(), rulebook.policy())
    assert not found, "kit/data/policy.md and policy.json disagree:\n" + "\n".join(found)


@pytest.fixture
def shipped():
    """The tests below change one rendering of the shipped rulebook and need the two agreeing first; when
    they do not, the test above fails naming the line, and these are skipped rather than fail with it."""
    if disagreements(PROSE, POLICY):
        pytest.skip("the shipped renderings disagree: test_the_shipped_renderings_agree names the line")


def test_a_threshold_changed_only_in_the_prose_is_named_by_its_line(shipped):
    prose = PROSE.replace("The midnight count is below 2.", "The midnight count is below 3.")
    assert prose != PROSE
    assert disagreements(prose, POLICY) == [
        f'policy.md line {line_of(prose, "below 3")}: "below 3" puts the midnight threshold at 3; '
        "policy.json's threshold_midnights is 2"
    ]


def test_a_threshold_changed_only_in_the_json_names_every_line_that_states_the_old_one(shipped):
    policy = copy.deepcopy(POLICY)
    policy["threshold_midnights"] = 3
    found = disagreements(PROSE, policy)
    lines = [
        line_of(PROSE, s)
        for s in ("fewer than 2 midnights |", "2 or more midnights;", "below 2", "**TM-5.**")
    ]
    assert [f.split(":")[0] for f in found] == [f"policy.md line {n}" for n in lines]
    assert all("threshold_midnights is 3" in f for f in found), found


def test_a_threshold_wrapped_over_two_lines_is_still_read(shipped):
    prose = PROSE.replace("The midnight count is below 2.", "The midnight count is below\n   3 midnights.")
    (found,) = disagreements(prose, POLICY)
    assert found.startswith(f"policy.md line {line_of(prose, 'count is below')}:") and '"below 3"' in found


def test_a_verdict_changed_only_in_the_json_is_named_at_the_rule(shipped):
    policy = copy.deepcopy(POLICY)
    policy["rules"]["TM-4"]["verdict"] = "EXPECTATION-GAP"
    assert disagreements(PROSE, policy) == [
        f"policy.md line {line_of(PROSE, '**TM-4.**')}: TM-4 names verdict BENCHMARK-NOT-MET; "
        "policy.json gives EXPECTATION-GAP"
    ]


def test_a_verdict_changed_only_in_the_prose_is_named_at_its_line(shipped):
    prose = PROSE.replace("Verdict: **BENCHMARK-NOT-MET**", "Verdict: **EXPECTATION-GAP**")
    (found,) = disagreements(prose, POLICY)
    assert found.startswith(
        f"policy.md line {line_of(PROSE, '**TM-4.**')}: TM-4 names verdict EXPECTATION-GAP"
    )


def test_rules_in_another_order_are_named(shipped):
    policy = copy.deepcopy(POLICY)
    policy["rule_order"] = ["TM-1", "TM-2", "TM-4", "TM-3", "TM-5"]
    (found,) = disagreements(PROSE, policy)
    assert found.startswith(f"policy.md line {line_of(PROSE, '**TM-3.**')}: rule TM-3 is stated in place 3")


def test_a_rule_the_json_lacks_or_the_prose_lacks_is_named(shipped):
    policy = copy.deepcopy(POLICY)
    policy["rule_order"].append("TM-6")
    policy["rules"]["TM-6"] = {
        "title": "t",
        "when": {"input": "any", "test": "always"},
        "verdict": "ORDER-GAP",
    }
    assert "policy.md states no rule TM-6 (a list item or table row starting with TM-6)" in disagreements(
        PROSE, policy
    )
    prose = PROSE.replace("**TM-5.**", "**TM-7.**")
    found = disagreements(prose, POLICY)
    assert f"policy.md line {line_of(prose, 'TM-7')}: rule TM-7 is not in policy.json's rule_order" in found


def test_the_order_finding_a_rule_tests_is_held_to_the_json(shipped):
    policy = copy.deepcopy(POLICY)
    policy["rules"]["TM-1"]["when"]["value"] = "AMBIGUOUS"
    assert disagreements(PROSE, policy) == [
        f"policy.md line {line_of(PROSE, '**TM-1.**')}: TM-1 names finding order-missing; "
        "policy.json's condition is order-ambiguous"
    ]


def test_a_verdict_the_json_renames_is_named_in_the_verdict_table(shipped):
    policy = copy.deepcopy(POLICY)
    policy["verdicts"] = ["NO-ORDER" if v == "ORDER-GAP" else v for v in policy["verdicts"]]
    found = disagreements(PROSE, policy)
    row = line_of(PROSE, "| ORDER-GAP |")
    assert found[0].startswith(
        f"policy.md line {row}: verdict ORDER-GAP is not one of policy.json's verdicts"
    )
    assert "the verdict table has no row for NO-ORDER" in found[1]


def test_a_rule_stated_twice_with_no_verdict_or_no_comparison_is_named(shipped):
    prose = PROSE.replace("Verdict: **EXPECTATION-GAP**.", "Verdict: see the table above.")
    prose = prose.replace("The midnight count is below 2.", "The midnight count is too small.")
    prose = prose.replace(
        "## Counting midnights", "6. **TM-5.** Verdict: **INPATIENT-SUPPORTED**.\n\n## Counting", 1
    )
    tm3, tm4 = line_of(prose, "**TM-3.**"), line_of(prose, "**TM-4.**")
    assert disagreements(prose, POLICY) == [
        f"policy.md line {line_of(prose, '6. **TM-5.**')}: rule TM-5 is stated twice",
        f"policy.md line {tm3}: TM-3 names no verdict; policy.json gives EXPECTATION-GAP",
        f"policy.md line {tm4}: TM-4 tests the midnight threshold but states no comparison; "
        "policy.json's threshold_midnights is 2",
    ]


OWN_WORDS = """# Our admissions rulebook

## Outcomes

| outcome | when it is given |
|---|---|
| ORDER-GAP | no usable inpatient order |
| EXPECTATION-GAP | nothing to count midnights against |
| BENCHMARK-NOT-MET | the expected stay spans under two midnights |
| INPATIENT-SUPPORTED | an order, and at least two midnights expected |

## Rules, first match wins

| rule | condition | outcome |
|---|---|---|
| TM-1 | the order reads `order-missing` | ORDER-GAP |
| TM-2 | the order reads `order-ambiguous` | ORDER-GAP |
| TM-3 | no midnight count could be made | EXPECTATION-GAP |
| TM-4 | a midnight count of one or fewer | BENCHMARK-NOT-MET |
| TM-5 | anything else, i.e. more than 1 midnight | INPATIENT-SUPPORTED |
"""


def test_a_rulebook_in_its_owners_own_words_is_read_for_its_structure(shipped):
    assert disagreements(OWN_WORDS, POLICY) == []
    drifted = OWN_WORDS.replace("one or fewer", "two or fewer")
    assert disagreements(drifted, POLICY) == [
        f'policy.md line {line_of(drifted, "two or fewer")}: "two or fewer" puts the midnight threshold '
        "at 3; policy.json's threshold_midnights is 2"
    ]
    swapped = OWN_WORDS.replace(
        "| TM-3 | no midnight count could be made | EXPECTATION-GAP |", "| TM-3 | x | ORDER-GAP |"
    )
    assert disagreements(swapped, POLICY) == [
        f"policy.md line {line_of(swapped, '| TM-3 |')}: TM-3 names verdict ORDER-GAP; "
        "policy.json gives EXPECTATION-GAP"
    ]


@pytest.mark.parametrize(
    ("words", "threshold"),
    [("below 2", 2), ("fewer than two", 2), ("2 or more", 2), ("at least 3", 3), ("more than 1", 2),
     ("at most 2", 3), ("1 or fewer", 2), ("no fewer than 2", 2)],
)  # fmt: skip
def test_each_way_of_stating_the_threshold_is_read(words, threshold, shipped):
    prose = PROSE.replace("The midnight count is below 2.", f"The midnight count is {words}.")
    found = disagreements(prose, POLICY)
    assert (found == []) == (threshold == 2), found
    if threshold != 2:
        assert f"puts the midnight threshold at {threshold};" in found[0]


def test_numbers_outside_a_comparison_about_midnights_are_not_thresholds(shipped):
    prose = PROSE + "\nA review takes at least 3 days. Admitted at 01:00: 1 midnight, about 46 hours.\n"
    assert disagreements(prose, POLICY) == []
