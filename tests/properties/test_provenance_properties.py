"""Provenance as properties, over the shipped records and readings drawn at random from their lines:
an order cited from outside the orders can never give INPATIENT-SUPPORTED or BENCHMARK-NOT-MET, and a
reading that obeys provenance is rechecked exactly as it was before the rule existed."""

from datetime import date, timedelta

from hypothesis import given
from hypothesis import strategies as st

from kit.corpus import load
from kit.rules import citation, elements, provenance, record
from kit.rules.answer import Answer, ElementAnswer
from kit.rules.recheck import recheck

RECORDS = load.load(load.shipped_folder()).records
ORDER = elements.ADMITTING_ORDER
STAY = elements.STAY_EXPECTATION
NOT_AFTER_A_GAP = {"INPATIENT-SUPPORTED", "BENCHMARK-NOT-MET"}
JUNK_WORDS = st.sampled_from(["", "order-pending", "documented", "ORDER-PRESENT"])


def _units(text: str) -> dict[str, list[str]]:
    """Every quotable unit of the record, by section: dated lines and prose sentences."""
    out = {}
    for heading, body in record.sections(text).items():
        lines = record.dated_lines(body) or [s for line in body.splitlines() for s in record.sentences(line)]
        out[heading] = lines or [heading]
    return out


@st.composite
def readings(draw, order_outside: bool = False):
    """A record and an answer whose order and stay rows quote units of it (or anything at all)."""
    rec = draw(st.sampled_from(RECORDS))
    units = _units(rec.text)
    orders_body = citation.norm(record.sections(rec.text)[record.ORDERS])

    def quote(home: str, outside_orders: bool = False) -> str | None:
        sections = [h for h in [home] * 3 + list(units) if not (outside_orders and h == record.ORDERS)]
        pick = draw(st.sampled_from(sections))
        line = st.sampled_from(units[pick])
        chosen = draw(st.one_of(line, line, line, st.none(), st.text(max_size=30)))
        if outside_orders and chosen and citation.norm(chosen) and citation.norm(chosen) in orders_body:
            return None  # the same words also stand in the orders: not outside after all
        return chosen

    # Weighted toward the readings that could carry a verdict, so the rule has something to hold back.
    present = elements.word(ORDER, elements.PRESENT), elements.word(STAY, elements.PRESENT)
    order_word = draw(st.sampled_from([present[0]] * 4 + list(elements.vocabulary(ORDER))) | JUNK_WORDS)
    stay_word = draw(st.sampled_from([present[1]] * 4 + list(elements.vocabulary(STAY))) | JUNK_WORDS)
    admitted = date.fromisoformat(rec.admitted_at[:10])
    form = draw(st.sampled_from(["nights", "date", "both", "none"]))
    nights = draw(st.integers(min_value=-1, max_value=9)) if form in ("nights", "both") else None
    later = draw(st.integers(min_value=-2, max_value=9))
    discharge = (admitted + timedelta(days=later)).isoformat() if form in ("date", "both") else None
    rows = {
        ORDER: ElementAnswer(ORDER, order_word, quote(record.ORDERS, order_outside)),
        STAY: ElementAnswer(STAY, stay_word, quote(record.DOCUMENTATION), discharge, nights),
    }
    support = draw(st.sampled_from(["INPATIENT-SUPPORTED", "ORDER-GAP", None]))
    return rec, Answer(rows, support=support)


@given(readings(order_outside=True))
def test_an_order_cited_outside_the_orders_never_gives_support_or_a_benchmark_verdict(case):
    rec, answer = case
    checked = recheck(answer, rec.admitted_at, rec.text)
    assert checked.verdict not in NOT_AFTER_A_GAP
    if answer.finding(ORDER) == elements.word(ORDER, elements.PRESENT):
        assert checked.rule == "TM-2" and ORDER in [b.element for b in checked.breaches]


@given(readings())
def test_a_reading_that_obeys_provenance_is_rechecked_exactly_as_before(case):
    rec, answer = case
    before = recheck(answer, rec.admitted_at)
    after = recheck(answer, rec.admitted_at, rec.text)
    if not provenance.breaches(answer, rec.text):
        assert after == before
    else:
        # and one that does not is rechecked as the reading the rulebook says it is worth
        worth = recheck(provenance.worth(answer, provenance.breaches(answer, rec.text)), rec.admitted_at)
        assert (after.verdict, after.rule, after.midnights) == (worth.verdict, worth.rule, worth.midnights)


@given(readings())
def test_provenance_only_ever_lowers_what_a_reading_is_worth(case):
    rank = {"ORDER-GAP": 0, "EXPECTATION-GAP": 0, "BENCHMARK-NOT-MET": 1, "INPATIENT-SUPPORTED": 2}
    rec, answer = case
    before = recheck(answer, rec.admitted_at)
    after = recheck(answer, rec.admitted_at, rec.text)
    assert rank[after.verdict] <= rank[before.verdict]
    assert after.verdict == before.verdict or after.breaches
