"""Redaction of what a record names outside a plain field (issue 24): surnames with particles, names in
any case, people named in prose by their relation to the patient, a nickname the field gives, the
employer, phone numbers in any format (libphonenumber), a one-letter surname, a number in a person's
field. Written here from the issue's own examples; the generated forms are measured in
tests/eval/test_redaction_forms.py."""

import re

import pytest

from kit.guard.redact import redact
from kit.guard.redact.prose import employers, phones, related
from tests.helpers import admission_record

SALT = "prose-test-salt"


def _redacted(facts=(), prose="", orders=(), review=()) -> str:
    text = admission_record(more_facts=facts, documentation=prose, orders=orders, review=review)
    return redact(text, "ADM-9201", SALT).text


def test_the_issue_record_leaves_no_name_or_number():
    out = _redacted(
        facts=(("Patient", 'Van der Berg, Pieter J. ("Piet")'),),
        prose="Pieter Van der Berg was seen with her relative Chidinma Okonkwo, reachable on 781 555 0123. "
        "Piet works as a welder at Kessler & Vos GmbH.",
        review=("2026-03-04  VAN DER BERG, PIETER reviewed.",),
    )
    for word in ("Pieter", "Berg", "Chidinma", "Okonkwo", "555", "Piet", "Kessler"):
        assert not re.search(word, out, re.IGNORECASE), (word, out)
    assert "[PATIENT-1]" in out and "[RELATIVE-1]" in out and "[EMPLOYER-1]" in out and "[PHONE-1]" in out


def test_a_name_in_lower_case_goes_and_the_particles_go_with_the_surname():
    out = _redacted(facts=(("Patient", "Hope de la Cruz"),), prose="hope de la cruz said she was tired.")
    assert "cruz" not in out.lower() and "de la" not in out and "[PATIENT-1] said" in out


@pytest.mark.parametrize(
    ("sentence", "name"),
    [
        ("Her daughter Bea rang the ward.", "Bea"),
        ("Lives with her lodger Kiki Schulten.", "Kiki Schulten"),
        ("Seen with his nephew, Raf Henric van den Nuwenhuse.", "Raf Henric van den Nuwenhuse"),
    ],
)
def test_a_person_named_after_a_relation_word_is_found(sentence, name):
    assert related(sentence) == [(name, "RELATIVE")]
    assert name.split()[0] not in _redacted(prose=sentence)


@pytest.mark.parametrize(
    ("sentence", "firm"),
    [
        ("She works as a clerk at Thies Gunpf GmbH & Co. KGaA. Her son drives.",
         "Thies Gunpf GmbH & Co. KGaA"),
        ("Employed by Thomas, Ward and Buckley until March.", "Thomas, Ward and Buckley"),
        ("Works nights at the local bakery.", None),
    ],
)
def test_the_employer_is_found_by_the_words_in_front_of_it(sentence, firm):
    assert employers(sentence) == ([firm] if firm else [])


@pytest.mark.parametrize(
    "number", ["781 555 0123", "+31 6 4469 6293", "(01632) 960 586", "04/ 895 86 23", "+44 20 7946 0958"]
)
def test_phone_numbers_in_any_format_are_found(number):
    assert [raw.strip() for _, _, raw in phones(f"Call {number} after five.")] == [number]


@pytest.mark.parametrize(
    "clinical",
    [
        "BP 120/80, HR 88.", "Heparin 25,000 units in 500 mL.", "Seen 2026-08-09 23:05.",
        "Capillary glucose 131 / 176 / 209 / 158 before meals.", "NDC 0781-3207-95 vancomycin vial.",
        "Overnight BP 98-152/58-91, HR 64-110.",
    ],
)
def test_doses_vitals_and_dates_are_no_phone_numbers(clinical):
    assert phones(clinical) == []


def test_a_one_letter_surname_and_a_number_in_a_kin_field_are_found():
    out = _redacted(
        facts=(("Patient", "DE LA O, Dawn"), ("Next of kin", "Matilda Nilsson (neighbour), 08-21 81 78")),
        prose="Mrs de la O and dawn agreed.",
    )
    assert "de la O" not in out and "dawn" not in out and "08-21 81 78" not in out and "Nilsson" not in out


# The forms the fourth and fifth generated sets found missed (tests/redaction_forms.py DEVELOPMENT_5
# and _6), each as a sentence a record could hold.
@pytest.mark.parametrize(
    ("facts", "prose", "gone"),
    [
        ((("Next of kin", "Drago volk (neighbour), 041 555 0199"),), "", ["volk"]),
        ((), "Seen with her daughter Tanja petek, reachable by phone.", ["Tanja", "petek"]),
        ((), "She works as a clerk at Perum Hidayat (Persero) Tbk. Tired.", ["Hidayat"]),
        ((), "Seen with her brother Amir, reachable on 752 41 38 after six.", ["752 41 38"]),
        ((), "Lives with her flatmate Şəhrəbanu Gözəlov and a cat.", ["Şəhrəbanu", "Gözəlov"]),
        ((("Patient", "Natasha B. Ó Tóláin"),), "Ms Ó Tóláin agreed.", ["Tóláin", "Natasha"]),
        ((), "Seen with her brother Faith Mac na Midhe today.", ["Midhe"]),
        ((("Next of kin", "ObaniJesu de Omidina (son)"),), "", ["ObaniJesu", "Omidina"]),
        ((("Patient", "Yılmaz, Aylin"),), "YILMAZ, AYLIN reviewed.", ["YILMAZ", "Yılmaz"]),
        ((("Patient", "İzzət Əliyev"),), "i̇zzət lives alone.", ["i̇zzət", "zzət"]),
        ((("Patient", "Joy Mitchell-Ward"),), "Seen with mitchell present.", ["mitchell"]),
        ((("Patient", "Sitarə Ü. Abdullazadə"),), "S.A. consented.", ["S.A.", "Ü."]),
        ((("Phone", "00/ 659 15 77"),), "", ["659 15 77"]),
        # the fifth held-apart set's misses (seeds 8801-8803), development sets since
        ((("Patient", "Bappa, Sa’adatu A."),), "sa’adatu agreed.", ["adatu", "Bappa"]),
        ((), "Lives with her lodger E’zoza Jalolov and a dog.", ["zoza", "Jalolov"]),
        ((), "Seen with her niece Ulug‘bek Zakiyaxonova-Ominova, tired.", ["bek", "Ominova"]),
        ((), "Seen with her neighbour Rita, reachable on 95 44 01 today.", ["95 44 01"]),
        ((("Next of kin", "John van den silva (brother), 0412 555 019"),), "", ["silva"]),
        # the sixth held-apart set's miss (seeds 3301-3303): an Irish mutation before the capital
        ((), "Seen with her relative Orlaith de hÓra, reachable later.", ["Orlaith", "hÓra"]),
        # the seventh held-apart set's misses (seeds 2201-2203)
        ((("Patient", 'Bourgondië, van, Hope ("Bo")'),), "hope agreed.", ["Bourgondië", "hope"]),
        ((("Patient", 'ribič, Rose ("Mimi")'),), "Dr ribič saw Mimi.", ["ribič", "Mimi", "Rose"]),
        ((), "She works as a clerk at žagar d.d.. Tired.", ["žagar"]),
    ],
)
def test_the_forms_the_generated_sets_found_are_redacted(facts, prose, gone):
    out = _redacted(facts=facts, prose=prose)
    assert not [word for word in gone if word.lower() in out.lower()], out


@pytest.mark.parametrize(
    ("sentence", "name"),
    [("Seen with her daughter Tanja today, and agreed.", "Tanja"), ("Her son Ivo present, and home.", "Ivo")],
)
def test_a_lower_case_word_that_closes_a_clause_is_no_surname(sentence, name):
    assert related(sentence) == [(name, "RELATIVE")]


@pytest.mark.parametrize("sentence", ["Works at home as a carer.", "Works at home e.g. as a carer.",
                                      "Works nights at the local bakery."])
def test_a_lower_case_workplace_without_a_legal_form_is_no_employer(sentence):
    assert employers(sentence) == []


def test_a_short_number_without_a_phone_word_is_no_phone():
    assert phones("Hb 752 41 38 trend unclear; ward 7 bed 14.") == []


@pytest.mark.parametrize(
    "line",
    [
        "Teaching attending: Discussed with team on rounds, echo ordered.",
        "Consultant: Seen and examined, agree with plan.",
        "Attending: Agrees with admission, order to follow.",
    ],
)
def test_a_verb_after_a_clinician_label_is_no_name(line):
    out = _redacted(review=(f"2026-03-04  {line}",))
    assert line in out, out
