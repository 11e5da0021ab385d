"""Rule precedence as properties: the engine is the first matching rule of policy.json, an order gap
is never softened, and a present order never moves away from support as midnights grow."""

from hypothesis import given
from hypothesis import strategies as st

from kit.rules import elements, policy, rulebook

ORDER_WORDS = st.sampled_from(elements.vocabulary(elements.ADMITTING_ORDER))
COUNTS = st.none() | st.integers(min_value=0, max_value=400)
SUPPORT_RANK = {"ORDER-GAP": 0, "EXPECTATION-GAP": 0, "BENCHMARK-NOT-MET": 1, "INPATIENT-SUPPORTED": 2}


def _first_matching_rule(order_word: str, count: int | None) -> str:
    """An independent reading of policy.json's conditions, in its stated order."""
    order_class = elements.class_of(elements.ADMITTING_ORDER, order_word)
    threshold = rulebook.policy()["threshold_midnights"]
    for rule_id in rulebook.policy()["rule_order"]:
        when = rulebook.policy()["rules"][rule_id]["when"]
        holds = {
            "always": True,
            "equals": order_class == when.get("value"),
            "is_none": count is None,
            "below_threshold": count is not None and count < threshold,
        }[when["test"]]
        if holds:
            return rule_id
    raise AssertionError("no rule matched")


@given(ORDER_WORDS, COUNTS)
def test_decide_is_the_first_matching_rule_in_json_order(order_word, count):
    rule_id = _first_matching_rule(order_word, count)
    assert policy.decide(order_word, count) == policy.Decision(
        rulebook.policy()["rules"][rule_id]["verdict"], rule_id
    )


@given(st.sampled_from(["order-missing", "order-ambiguous"]), COUNTS)
def test_an_order_gap_is_never_softened(order_word, count):
    assert policy.decide(order_word, count).verdict == "ORDER-GAP"


@given(COUNTS, st.integers(min_value=0, max_value=400))
def test_with_an_order_more_midnights_never_move_away_from_support(count, extra):
    longer = extra if count is None else count + extra
    before = SUPPORT_RANK[policy.decide("order-present", count).verdict]
    after = SUPPORT_RANK[policy.decide("order-present", longer).verdict]
    assert after >= before


@given(COUNTS)
def test_with_an_order_the_verdict_follows_the_benchmark(count):
    verdict = policy.decide("order-present", count).verdict
    if count is None:
        assert verdict == "EXPECTATION-GAP"
    elif count < 2:
        assert verdict == "BENCHMARK-NOT-MET"
    else:
        assert verdict == "INPATIENT-SUPPORTED"
