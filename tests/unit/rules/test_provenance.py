"""Provenance in the recheck: an order-present counts only from ORDERS AND AUTHENTICATION, a documented
stay only from ADMITTING PRACTITIONER DOCUMENTATION; anywhere else (or nowhere) each counts for what
the rulebook says, with a named problem, and without the record's text nothing is held back."""

from kit.rules import provenance, record
from kit.rules.answer import Answer, ElementAnswer
from kit.rules.recheck import recheck
from tests.helpers import admission_record

ORDER_LINE = "2026-03-02 14:05  Admit to inpatient status under general medicine; e-signed by the attending."
STAY_SENTENCE = "I expect discharge on 2026-03-06 once the infusion is finished."
REVIEW_CLAIM = "2026-03-04  Inpatient order countersigned; discharge expected 2026-03-07."
SERVICE_LINE = "2026-03-03  Intravenous antibiotics given on schedule."
TEXT = admission_record(
    orders=[ORDER_LINE],
    documentation=f"Seen on the take with cellulitis. {STAY_SENTENCE} Background of asthma.",
    services=[SERVICE_LINE],
    review=[REVIEW_CLAIM],
)
ADMITTED = "2026-03-02 13:40"


def answer(order_quote, stay_quote, *, order="order-present", stay="documented", discharge="2026-03-06"):
    rows = {
        "admitting_order": ElementAnswer("admitting_order", order, order_quote),
        "stay_expectation": ElementAnswer("stay_expectation", stay, stay_quote, discharge),
        "comorbidities": ElementAnswer("comorbidities", "documented", "Background of asthma."),
        "services_delivered": ElementAnswer("services_delivered", "documented", SERVICE_LINE),
    }
    return Answer(rows, support="INPATIENT-SUPPORTED")


def test_a_quote_is_placed_in_the_sections_whose_body_holds_it():
    assert provenance.sections_holding(TEXT, ORDER_LINE) == (record.ORDERS,)
    assert provenance.sections_holding(TEXT, f"  {STAY_SENTENCE}\n") == (record.DOCUMENTATION,)
    assert provenance.sections_holding(TEXT, "countersigned") == (record.REVIEW,)
    assert provenance.sections_holding(TEXT, "2026-03-0") == record.HEADINGS
    assert provenance.sections_holding(TEXT, "not in this record") == ()
    assert provenance.sections_holding(TEXT, None) == provenance.sections_holding(TEXT, "  ") == ()
    assert provenance.sections_holding("no headings at all", "headings") == ()


def test_readings_from_their_own_sections_are_rechecked_as_before():
    given = answer(ORDER_LINE, STAY_SENTENCE)
    assert recheck(given, ADMITTED, TEXT) == recheck(given, ADMITTED)
    assert recheck(given, ADMITTED, TEXT).verdict == "INPATIENT-SUPPORTED"


def test_an_order_read_from_the_review_notes_counts_as_ambiguous_with_a_named_problem():
    given = answer(REVIEW_CLAIM, STAY_SENTENCE)
    assert recheck(given, ADMITTED).verdict == "INPATIENT-SUPPORTED"
    checked = recheck(given, ADMITTED, TEXT)
    assert (checked.verdict, checked.rule) == ("ORDER-GAP", "TM-2")
    assert [b.element for b in checked.breaches] == ["admitting_order"]
    (problem,) = [p for p in checked.problems if p.field == "provenance.admitting_order"]
    assert record.ORDERS in problem.detail and record.REVIEW in problem.detail
    assert "order-ambiguous" in problem.detail
    assert given.finding("admitting_order") == "order-present", "the answer itself is never edited"


def test_a_stay_read_from_anywhere_but_the_practitioner_gives_no_count():
    for quote in (REVIEW_CLAIM, ORDER_LINE, SERVICE_LINE):
        checked = recheck(answer(ORDER_LINE, quote, discharge="2026-03-07"), ADMITTED, TEXT)
        assert (checked.verdict, checked.rule, checked.midnights) == ("EXPECTATION-GAP", "TM-3", None)
        assert [p.field for p in checked.problems] == ["provenance.stay_expectation"]


def test_a_reading_with_no_quote_or_a_quote_not_in_the_record_has_no_provenance():
    for quote, said in (
        (None, "but it cites nothing:"),
        ("", "but it cites nothing:"),
        ("2026-03-02 14:05  Admit to inpatient status; countersigned.", "its citation is in no section"),
    ):
        checked = recheck(answer(quote, STAY_SENTENCE), ADMITTED, TEXT)
        assert checked.rule == "TM-2"
        assert said in checked.breaches[0].detail


def test_only_the_readings_that_carry_weight_are_held_to_provenance():
    # An order-ambiguous from the prose (a plan to admit) and an ambiguous stay from the review notes
    # are what the key itself cites; they break no rule.
    given = answer(STAY_SENTENCE, REVIEW_CLAIM, order="order-ambiguous", stay="ambiguous")
    checked = recheck(given, ADMITTED, TEXT)
    assert checked.breaches == () and checked == recheck(given, ADMITTED)


def test_the_shipped_key_obeys_provenance(corpus):
    from kit.arms.oracle import from_gold

    for r in corpus.records:
        assert provenance.breaches(from_gold(r.gold), r.text) == [], r.id
