"""The scan looks for the kit's own words exactly as the vocabulary spells them: every verdict, rule
id and the policy id from policy.json, every coined finding word and underscored element name from
kit.rules.elements and every underscored reply field from the schema is flagged, and a renamed verdict,
rule or finding word moves what the scan looks for with no edit to the scan."""

import copy

import pytest

from kit.guard import scan
from kit.guard.scan import vocabulary
from kit.model import reply
from kit.rules import elements, rulebook


def reasons(text: str) -> set[str]:
    return {reason for flag in scan.scan(text) for reason in flag.reasons}


def carrying(word: str) -> str:
    return f"Entry copied from the ward sheet reads {word} for this encounter."


def test_the_carrier_sentence_alone_is_not_flagged():
    assert reasons(carrying("nothing unusual")) == set()


@pytest.mark.parametrize("verdict", rulebook.verdicts())
def test_every_verdict_is_flagged_joined_or_spaced_in_capitals(verdict):
    for spelling in (verdict, verdict.lower(), verdict.replace("-", "_"), verdict.replace("-", " ")):
        assert scan.VERDICT in reasons(carrying(spelling)), spelling


@pytest.mark.parametrize("rule_id", (*rulebook.rule_ids(), rulebook.policy_id()))
def test_every_rule_id_and_the_policy_id_are_flagged(rule_id):
    assert scan.VOCABULARY in reasons(carrying(rule_id))


COINED_FINDINGS = sorted(w for w in elements.all_words() if "-" in w)
ROW_FIELDS = reply.schema()["properties"]["elements"]["prefixItems"][0]["properties"]
UNDERSCORED = sorted({*(e for e in elements.ELEMENTS if "_" in e), *(k for k in ROW_FIELDS if "_" in k)})


def test_the_vocabulary_has_coined_words_to_look_for():
    assert COINED_FINDINGS and UNDERSCORED


@pytest.mark.parametrize("word", COINED_FINDINGS)
def test_every_coined_finding_word_is_flagged(word):
    for spelling in (word, word.replace("-", "_"), word.upper()):
        assert scan.VOCABULARY in reasons(carrying(spelling)), spelling


@pytest.mark.parametrize("name", UNDERSCORED)
def test_every_underscored_element_and_reply_field_name_is_flagged(name):
    assert scan.VOCABULARY in reasons(carrying(name))


@pytest.mark.parametrize(
    "word",
    sorted(
        {w for w in elements.all_words() if "-" not in w} | {e for e in elements.ELEMENTS if "_" not in e}
    ),
)
def test_plain_words_of_the_vocabulary_are_left_to_charting(word):
    assert reasons(carrying(word)) == set()


def test_renamed_verdicts_rules_and_finding_words_move_what_the_scan_looks_for(monkeypatch):
    data = copy.deepcopy(rulebook.policy())
    verdicts = {v: v.replace("-", "") + "-V2" for v in data["verdicts"]}
    rules = {r: f"RB-{n}" for n, r in enumerate(data["rule_order"], start=1)}
    data["verdicts"] = [verdicts[v] for v in data["verdicts"]]
    data["rule_order"] = [rules[r] for r in data["rule_order"]]
    data["rules"] = {
        rules[r]: rule | {"verdict": verdicts[rule["verdict"]]} for r, rule in data["rules"].items()
    }
    policy_ids = {data["policy_id"]: "RB-2031"}
    data["policy_id"] = "RB-2031"
    monkeypatch.setattr(rulebook, "policy", lambda: data)
    order_words = dict(elements.FINDINGS[elements.ADMITTING_ORDER])
    renamed_words = {klass: word.replace("order-", "admit-") for klass, word in order_words.items()}
    monkeypatch.setitem(elements.FINDINGS, elements.ADMITTING_ORDER, renamed_words)

    joined, spaced = vocabulary.verdict_patterns()
    words = vocabulary.vocabulary_pattern()
    for old, new in verdicts.items():
        assert joined.search(carrying(new)) and spaced.search(carrying(new.replace("-", " ")))
        assert not joined.search(carrying(old)) and not spaced.search(carrying(old.replace("-", " "))), old
    for old, new in (rules | policy_ids).items():
        assert words.search(carrying(new)), new
        assert not words.search(carrying(old)), f"{old} is still looked for after it was renamed {new}"
    for klass, old in order_words.items():
        assert words.search(carrying(renamed_words[klass]))
        assert not words.search(carrying(old)), f"{old} is still looked for after it was renamed"
