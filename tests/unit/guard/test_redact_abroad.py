"""Recall by class, the classes r7 showed (issue 33), in the project's own words (none copied from a blind
set): courtesy titles of other languages before a surname, street names in other languages' conventions
and road numbers, a compass direction, a URL without its scheme before a full stop, a code of capitals
with one digit, a number in groups with a letter prefix after "no.", an age in Spanish words or under an
"Age / sex" label, a workplace named by its place and its kind; and the clinical forms that must stay."""

import pytest

from kit.guard.redact import redact
from tests.helpers import admission_record

SALT = "abroad-test-salt"
FACTS = (
    ("Nombre / Name", "Brenlow Okafor, Ysolda de los Milagros"),
    ("Hijo / Son", "Teodoro Brenlow"),
    ("Age / sex", "96 / F"),
)
PROSE = (
    "Sra. Torres Brenlow is admitted with cellulitis. Her neighbour Herr Ostermaier and Doña Petrina "
    "visit. She lives on chemin des Quenouilles, formerly at 40 calle de las Tunas, and her nephew crashed "
    "on County Road 114 last year; the family place is south of the feed mill. She worked at the Pellmore "
    "Flats school cafeteria. Her recipes are at tidepool.example.org/wrenkitchen. A los noventa y dos años "
    "she still walks daily. CKD 3a, SpO2 94%, HbA1c 7.2, T2DM, route PO, IV access x2."
)
REVIEW = (
    "2026-06-11  Nephew's radio call sign WX4QTR; asked that the club not be told.",
    "2026-06-12  Benefits office notified, policy no. H-31 552 804.",
)
TEXT = admission_record(documentation=PROSE, review=REVIEW, more_facts=FACTS)
DONE = redact(TEXT, "ADM-9004", SALT)


@pytest.mark.parametrize(
    "gone",
    [
        "Sra.", "Torres", "Milagros", "de los", "Herr", "Doña", "Ostermaier", "Petrina", "chemin",
        "Quenouilles", "Tunas", "County Road 114", "feed mill", "school cafeteria", "wrenkitchen",
        "WX4QTR", "H-31", "552 804", "noventa", "96 / F",
    ],
)  # fmt: skip
def test_each_class_r7_showed_is_gone(gone):
    assert gone in TEXT
    assert gone not in DONE.text


@pytest.mark.parametrize(
    "kept", ["cellulitis", "CKD 3a", "SpO2 94%", "HbA1c 7.2", "T2DM", "route PO", "IV access x2"]
)
def test_clinical_forms_stay(kept):
    assert kept in TEXT
    assert kept in DONE.text
