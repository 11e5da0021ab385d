from kit.rules.answer import Answer, ElementAnswer
from kit.rules.recheck import recheck


def _answer(order="order-present", stay="documented", discharge=None, nights=None, support="ORDER-GAP"):
    rows = {
        "admitting_order": ElementAnswer("admitting_order", order, "x"),
        "stay_expectation": ElementAnswer("stay_expectation", stay, "y", discharge, nights),
        "comorbidities": ElementAnswer("comorbidities", "documented", "z"),
        "services_delivered": ElementAnswer("services_delivered", "documented", "w"),
    }
    return Answer(rows, support=support)


def test_discards_the_offered_verdict_and_rederives_it():
    r = recheck(_answer(discharge="2026-06-12", support="ORDER-GAP"), "2026-06-10 23:50")
    assert (r.verdict, r.rule, r.midnights) == ("INPATIENT-SUPPORTED", "TM-5", 2)


def test_small_hours_edge_through_the_recheck():
    r = recheck(_answer(discharge="2026-06-11"), "2026-06-10 01:00")
    assert (r.verdict, r.rule, r.midnights) == ("BENCHMARK-NOT-MET", "TM-4", 1)


def test_value_on_an_ambiguous_stay_is_not_counted():
    r = recheck(_answer(stay="ambiguous", discharge="2026-06-20"), "2026-06-10 12:00")
    assert (r.verdict, r.midnights) == ("EXPECTATION-GAP", None)


def test_invalid_value_is_a_problem_not_an_exception():
    r = recheck(_answer(discharge="2026-06-01"), "2026-06-10 12:00")
    assert r.verdict == "EXPECTATION-GAP"
    assert any("before the admission date" in p.detail for p in r.problems)
    r = recheck(_answer(discharge="2026-06-12", nights=2), "2026-06-10 12:00")
    assert any("not both" in p.detail for p in r.problems)


def test_documented_without_a_value_is_a_problem():
    r = recheck(_answer(), "2026-06-10 12:00")
    assert r.verdict == "EXPECTATION-GAP"
    assert r.problems


def test_missing_or_foreign_order_word_is_read_as_missing():
    answer = _answer(nights=3)
    del answer.elements["admitting_order"]
    assert recheck(answer, "2026-06-10 12:00").rule == "TM-1"
    r = recheck(_answer(order="documented", nights=3), "2026-06-10 12:00")
    assert r.rule == "TM-1" and r.problems


def test_ambiguous_order_is_never_softened_by_a_long_stay():
    r = recheck(_answer(order="order-ambiguous", nights=9), "2026-06-10 12:00")
    assert (r.verdict, r.rule) == ("ORDER-GAP", "TM-2")
