"""The rules floor on small records written for these tests, and over the shipped corpus for
properties that need no key (it never raises; it never finds an order without an inpatient word)."""

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.arms import floor
from kit.rules import citation, elements, record
from kit.rules.answer import Answer
from kit.rules.recheck import recheck
from tests.helpers import admission_record

CORPUS = Path(__file__).resolve().parents[3] / "fixtures" / "corpus"

T = "2026-03-02 14:30  "
SIGNED = T + "Admit to inpatient, general medicine; order e-signed by the attending hospitalist."
LAB = T + "Lab: basic metabolic panel and troponin at 18:00."


def make(
    orders=(SIGNED,),
    prose="The patient lives alone and manages own shopping.",
    services=("2026-03-03  IV ceftriaxone given and telemetry continued overnight.",),
    review=("2026-03-04  Chart opened for routine concurrent review.",),
    admitted="2026-03-02 13:40",
):
    return admission_record(
        orders=orders, documentation=prose, services=services, review=review, admitted=admitted
    )


def run(text):
    return floor.answer(text, record.admitted_at(text))


def row(answer, element):
    return answer.row(element)


# --- the admitting order ---------------------------------------------------------------------------


def test_signed_inpatient_order_is_present_and_cites_the_whole_dated_line():
    a = run(make(orders=(LAB, SIGNED)))
    r = row(a, elements.ADMITTING_ORDER)
    assert r.finding == "order-present"
    assert r.citation == SIGNED


@pytest.mark.parametrize(
    "line",
    [
        T + "Telephone order: admit as inpatient to cardiology. Read back; awaiting countersignature.",
        T + "VO admit to inpatient status per Dr on call, not yet signed.",
        T + "Verbal order to admit to in-patient bed, general surgery (pending authentication).",
        T + "Admit to inpatient telemetry unit; order unsigned at time of review.",
    ],
)
def test_unauthenticated_inpatient_order_is_ambiguous_and_an_order_gap_even_with_a_long_stay(line):
    prose = "I anticipate discharge home on 2026-03-08 after a full course of treatment."
    a = run(make(orders=(LAB, line), prose=prose))
    assert a.finding(elements.ADMITTING_ORDER) == "order-ambiguous"
    assert row(a, elements.ADMITTING_ORDER).citation == line
    assert a.finding(elements.STAY_EXPECTATION) == "documented"
    assert a.support == "ORDER-GAP"
    assert recheck(a, "2026-03-02 13:40").rule == "TM-2"


def test_verbal_order_later_countersigned_is_present():
    line = T + "Verbal order: admit to inpatient, respiratory; countersigned by the consultant 16:10."
    assert run(make(orders=(line,))).finding(elements.ADMITTING_ORDER) == "order-present"


@pytest.mark.parametrize(
    "line",
    [
        T + "Place in outpatient observation status, hospitalist service; signed.",
        T + "Order: register patient under observation for chest pain pathway, signed by ED attending.",
        T + "Observation services ordered (clinical decision unit); authenticated electronically.",
    ],
)
def test_observation_order_is_ambiguous(line):
    a = run(make(orders=(line,)))
    assert a.finding(elements.ADMITTING_ORDER) == "order-ambiguous"
    assert a.support == "ORDER-GAP"


@pytest.mark.parametrize(
    "line",
    [
        T + "ADMIT TO INPATIENT - ORTHOPAEDICS. SIGNED BY ADMITTING SURGEON.",
        T + "Inpatient admission, neurology, with close observation overnight; signed.",
    ],
)
def test_capitals_and_nursing_observation_do_not_spoil_a_signed_inpatient_order(line):
    assert run(make(orders=(line,))).finding(elements.ADMITTING_ORDER) == "order-present"


def test_status_change_from_observation_to_inpatient_is_present():
    line = T + "Status changed from observation to inpatient; order signed by attending physician."
    assert run(make(orders=(line,))).finding(elements.ADMITTING_ORDER) == "order-present"


def test_admit_order_without_a_status_word_is_ambiguous():
    line = T + "Admit to ward 6B under general medicine, bed requested; signed."
    assert run(make(orders=(line,))).finding(elements.ADMITTING_ORDER) == "order-ambiguous"


def test_only_other_orders_is_missing_with_no_citation():
    orders = (LAB, "2026-03-02 15:00  Order: chest X-ray PA view.", "2026-03-02 15:10  Diet: low sodium.")
    a = run(make(orders=orders))
    r = row(a, elements.ADMITTING_ORDER)
    assert (r.finding, r.citation) == ("order-missing", None)
    assert a.support == "ORDER-GAP"
    assert recheck(a, "2026-03-02 13:40").rule == "TM-1"


def test_plan_to_admit_in_the_note_only_is_ambiguous_and_cites_the_sentence():
    prose = "Seen in the emergency department. Plan to admit under medicine for IV fluids. Family updated."
    a = run(make(orders=(LAB,), prose=prose))
    r = row(a, elements.ADMITTING_ORDER)
    assert r.finding == "order-ambiguous"
    assert r.citation == "Plan to admit under medicine for IV fluids."


def test_an_inpatient_word_in_another_kind_of_order_is_not_an_admission_order():
    line = T + "Pharmacy: inpatient supply of home inhalers dispensed; signed by pharmacist."
    assert run(make(orders=(LAB, line))).finding(elements.ADMITTING_ORDER) == "order-missing"


def test_a_past_admission_in_the_history_is_not_an_intention_to_admit():
    prose = "She was admitted last winter with a chest infection."
    assert run(make(orders=(LAB,), prose=prose)).finding(elements.ADMITTING_ORDER) == "order-missing"


# --- the stay expectation ------------------------------------------------------------------------


def test_planner_date_only_is_ambiguous_and_an_expectation_gap():
    review = ("2026-03-03  Discharge planner set a provisional discharge date of 2026-03-07.",)
    a = run(make(review=review))
    r = row(a, elements.STAY_EXPECTATION)
    assert r.finding == "ambiguous"
    assert r.citation == review[0]
    assert (r.expected_discharge, r.expected_nights) == (None, None)
    assert a.support == "EXPECTATION-GAP"


@pytest.mark.parametrize(
    "sentence",
    [
        "Case management has pencilled in discharge for 2026-03-06.",
        "On his previous admission he stayed four nights before going home.",
        "If the echo is normal she could go home on 2026-03-04.",
        "Discharge on 2026-03-05 depending on the culture results.",
        "Expect a short stay.",
        "Likely home in a few days.",
    ],
)
def test_foreign_conditional_or_vague_lengths_are_ambiguous(sentence):
    a = run(make(prose=f"Reviewed on the ward. {sentence}"))
    r = row(a, elements.STAY_EXPECTATION)
    assert (r.finding, r.citation) == ("ambiguous", sentence)
    assert a.support == "EXPECTATION-GAP"


def test_late_evening_admission_with_a_date_two_days_on_is_supported():
    prose = "Chest pain under investigation. I expect to discharge her on 2026-06-12."
    a = run(make(prose=prose, admitted="2026-06-10 23:50"))
    r = row(a, elements.STAY_EXPECTATION)
    assert (r.finding, r.expected_discharge, r.expected_nights) == ("documented", "2026-06-12", None)
    assert r.citation == "I expect to discharge her on 2026-06-12."
    assert a.support == "INPATIENT-SUPPORTED"
    assert recheck(a, "2026-06-10 23:50").midnights == 2


def test_small_hours_admission_with_a_next_day_date_is_one_midnight():
    prose = "Anticipated discharge date 2026-06-11, late afternoon, after repeat bloods."
    a = run(make(prose=prose, admitted="2026-06-10 01:00"))
    assert row(a, elements.STAY_EXPECTATION).expected_discharge == "2026-06-11"
    assert a.support == "BENCHMARK-NOT-MET"
    assert recheck(a, "2026-06-10 01:00").rule == "TM-4"


@pytest.mark.parametrize(
    ("sentence", "nights"),
    [
        ("I expect he will need two more nights in hospital.", 2),
        ("Anticipate a stay of at least 3 midnights for IV therapy.", 3),
        ("She is likely to remain with us for five further nights.", 5),
    ],
)
def test_night_counts_in_digits_and_words(sentence, nights):
    a = run(make(prose=sentence))
    r = row(a, elements.STAY_EXPECTATION)
    assert (r.finding, r.expected_discharge, r.expected_nights) == ("documented", None, nights)


def test_night_habits_and_ranges_are_not_counts():
    assert (
        run(make(prose="He works three nights a week as a porter.")).finding(elements.STAY_EXPECTATION)
        == "absent"
    )
    a = run(make(prose="Expect two to three nights on the ward."))
    assert a.finding(elements.STAY_EXPECTATION) == "ambiguous"


def test_practitioner_date_wins_over_a_planner_note():
    prose = "My expected date of discharge is 2026-03-06."
    review = ("2026-03-03  Case manager notes a target discharge of 2026-03-09.",)
    a = run(make(prose=prose, review=review))
    r = row(a, elements.STAY_EXPECTATION)
    assert (r.finding, r.expected_discharge, r.citation) == ("documented", "2026-03-06", prose)


def test_a_date_before_admission_is_not_an_expectation():
    a = run(make(prose="Discharged home on 2026-01-15 from this ward."))
    assert a.finding(elements.STAY_EXPECTATION) == "ambiguous"


@pytest.mark.parametrize(
    "sentence",
    ["Admission date 2026-03-02.", "Will need clinic follow-up on 2026-04-10 with repeat imaging."],
)
def test_admission_labels_and_follow_up_dates_are_not_stay_expectations(sentence):
    assert run(make(prose=sentence)).finding(elements.STAY_EXPECTATION) == "absent"


def test_no_length_at_all_is_absent():
    r = row(run(make()), elements.STAY_EXPECTATION)
    assert (r.finding, r.citation) == ("absent", None)


# --- comorbidities and services --------------------------------------------------------------------


def test_named_comorbidities_are_documented():
    prose = "Lives with a partner. Background of type 2 diabetes, CKD stage 3a and atrial fibrillation."
    r = row(run(make(prose=prose)), elements.COMORBIDITIES)
    cited = "Background of type 2 diabetes, CKD stage 3a and atrial fibrillation."
    assert (r.finding, r.citation) == ("documented", cited)


def test_history_cue_with_an_unlisted_disease_is_documented():
    r = row(run(make(prose="Known history of sarcoidosis.")), elements.COMORBIDITIES)
    assert r.finding == "documented"


def test_burden_without_names_is_ambiguous():
    prose = "Elderly man with multiple comorbidities, seen with his daughter."
    r = row(run(make(prose=prose)), elements.COMORBIDITIES)
    assert (r.finding, r.citation) == ("ambiguous", prose)


def test_denied_and_family_conditions_are_not_the_patients():
    prose = "No history of diabetes or heart disease. Her mother had breast cancer."
    assert run(make(prose=prose)).finding(elements.COMORBIDITIES) == "absent"


def test_named_service_line_is_documented_and_vague_is_ambiguous():
    line = "2026-03-03  Physiotherapy assessment and supplemental oxygen via nasal cannula."
    vague = "2026-03-04  Treatment continues as planned."
    a = run(make(services=("2026-03-03  Visitor parking permit issued.", vague, line)))
    assert (a.finding(elements.SERVICES_DELIVERED), row(a, elements.SERVICES_DELIVERED).citation) == (
        "documented",
        line,
    )
    a = run(make(services=(vague,)))
    assert (a.finding(elements.SERVICES_DELIVERED), row(a, elements.SERVICES_DELIVERED).citation) == (
        "ambiguous",
        vague,
    )
    a = run(make(services=("2026-03-03  Pt given a newspaper.",)))
    assert a.finding(elements.SERVICES_DELIVERED) == "absent"


def test_a_cancelled_service_is_not_delivered():
    a = run(make(services=("2026-03-03  CT abdomen cancelled by radiology.",)))
    assert a.finding(elements.SERVICES_DELIVERED) == "absent"


# --- the whole answer ----------------------------------------------------------------------------


def test_every_non_absent_citation_is_located_and_the_verdict_is_the_recheck():
    prose = (
        "Temperature 38.9 on arrival with productive cough. Dr. Lee reviewed the films. "
        "Known COPD and hypertension.\nI expect discharge home on 2026-03-05."
    )
    text = make(prose=prose)
    a = run(text)
    norm = citation.norm(text)
    assert [r.element for r in a.elements.values()] == list(elements.ELEMENTS)
    for r in a.elements.values():
        assert elements.is_finding_of(r.element, r.finding)
        assert r.citation is not None
        assert citation.locate(norm, r.citation) is not None
    assert row(a, elements.COMORBIDITIES).citation == "Known COPD and hypertension."
    assert a.support == recheck(a, "2026-03-02 13:40").verdict == "INPATIENT-SUPPORTED"
    assert a.confidence is None and "rules floor" in a.why
    assert floor.answer(text, "2026-03-02 13:40") == a


UNREADABLE = ["", "just some words", "ENCOUNTER FACTS\nORDERS AND AUTHENTICATION\n", None, 7]


@pytest.mark.parametrize("text", UNREADABLE)
def test_unparseable_record_gives_problems_not_an_exception(text):
    a = floor.answer(text, "2026-03-02 13:40")
    assert isinstance(a, Answer)
    assert a.problems and a.support is None and not a.elements


_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=200)


@given(order=_TEXT, prose=_TEXT, service=_TEXT, admitted=st.sampled_from(["2026-03-02 13:40", "bad", ""]))
def test_never_raises_on_arbitrary_content_in_the_format(order, prose, service, admitted):
    text = make(
        orders=(T + order.replace("\n", " "),),
        prose=prose,
        services=("2026-03-03  " + service.replace("\n", " "),),
    )
    a = floor.answer(text, admitted)
    if a.elements:
        for element in elements.ELEMENTS:
            assert elements.is_finding_of(element, a.finding(element))
        assert a.support is not None


# --- the shipped corpus, properties needing no key -----------------------------------------------


def test_over_the_corpus_never_raises_and_never_finds_an_order_without_an_inpatient_word():
    paths = sorted(CORPUS.glob("ADM-*.txt"))
    assert len(paths) == 60
    for path in paths:
        text = path.read_text(encoding="utf-8")
        admitted = record.admitted_at(text)
        a = floor.answer(text, admitted)
        norm = citation.norm(text)
        assert not a.problems, path.name
        assert a.support == recheck(a, admitted).verdict
        for element in elements.ELEMENTS:
            r = a.row(element)
            assert elements.is_finding_of(element, r.finding)
            absent = r.finding == elements.word(element, elements.ABSENT)
            assert (r.citation is None) == absent, (path.name, element)
            if not absent:
                assert citation.locate(norm, r.citation) is not None, (path.name, element)
        orders = record.sections(text)[record.ORDERS]
        if a.finding(elements.ADMITTING_ORDER) == "order-present":
            assert "inpatient" in orders.lower(), path.name
            assert "inpatient" in row(a, elements.ADMITTING_ORDER).citation.lower(), path.name
