"""Recall first where identifiers live (kit.guard.redact.zones, shapes, ages, places): written here, in
the project's own words, for the forms issue 33 named; none is copied from a blind set."""

import pytest

from kit.guard.redact import ages, check_egress, places, redact, restore_quote, shapes
from tests.helpers import admission_record

SALT = "zones-test-salt"
FACTS = (
    ("Pt", "NGUYEN THI LAN"),
    ("Guarantor", "Tran Van Minh (husband) 714 555 0102"),
    ("Home addr", "1187 Calle Ocho, Apt 4"),
    ("", "Santa Ana, CA 92704"),
    ("Plan member no", "XKW-220-91845"),
    ("Employer", "Saigon Pearl Nail Studio"),
    ("Code status", "Full code"),
    ("Plate / VIN", "7PQR512 / 1HGCM82633A004352"),
)
PROSE = (
    'Mrs. Nguyen, "Bông" to her family, is a 94-year-old woman who still keeps the books for Saigon Pearl '
    "Nail Studio. She lives in Garden Grove with her husband Minh. I expect discharge on 2026-06-13. "
    "SSN on file ends 4471. Glasgow Coma Scale 15; BP 158/94, metoprolol 25 mg, 1000 mL bolus at 0940."
)
REVIEW = (
    "2026-06-11  Spoke with Darnell at Lotus Harbor Health, call ref LHH-20260611-7731; pt LAN T aware.",
    "2026-06-12  UR: InterQual criteria reviewed, no change; bong will call back.",
)


def _record(facts=FACTS, documentation=PROSE, review=REVIEW) -> str:
    return admission_record(documentation=documentation, review=review, more_facts=facts)


TEXT = _record()
DONE = redact(TEXT, "ADM-9001", SALT)


@pytest.mark.parametrize(
    "gone",
    [
        "NGUYEN", "THI", "LAN", "Tran", "Minh", "555 0102", "Calle Ocho", "Santa Ana", "92704",
        "XKW-220-91845", "Saigon", "Pearl", "7PQR512", "1HGCM82633A004352", "Bông", "bong", "Garden Grove",
        "4471", "Darnell", "Lotus Harbor", "LHH-20260611-7731", "94-year-old",
    ],
)  # fmt: skip
def test_what_the_places_identifiers_live_give_up_is_gone(gone):
    assert gone in TEXT
    assert gone not in DONE.text


@pytest.mark.parametrize(
    "kept",
    ["Full code", "Glasgow Coma Scale 15", "BP 158/94", "metoprolol 25 mg", "1000 mL bolus at 0940", "UR:",
     "InterQual criteria reviewed", "I expect discharge on"],
)  # fmt: skip
def test_clinical_words_and_values_stay(kept):
    assert kept in DONE.text


def test_an_age_over_89_reads_90_or_older_and_a_younger_one_stays():
    assert "is a 90 or older woman" in DONE.text
    young = redact(_record(documentation="A 58-year-old man, aged 58, seen today."), "ADM-9001", SALT)
    assert "A 58-year-old man, aged 58" in young.text
    forms = ("Age 92", "aged ninety-one", "96 y/o", "93F", "Age 89")
    found = {t: [t[a:b] for a, b in ages.find(t)] for t in forms}
    assert found == {"Age 92": ["92"], "aged ninety-one": ["ninety-one"], "96 y/o": ["96 y/o"],
                     "93F": ["93F"], "Age 89": []}  # fmt: skip


def test_the_egress_gate_passes_the_redacted_text_and_refuses_the_original():
    check_egress("ADM-9001", TEXT, DONE.text)
    with pytest.raises(Exception, match="PATIENT"):
        check_egress("ADM-9001", TEXT, TEXT.replace("2026-06-", "2025-01-"))


def test_a_quote_of_a_redacted_line_maps_back_to_the_line():
    line = next(line for line in DONE.text.splitlines() if "90 or older" in line)
    assert "94-year-old woman who still keeps the books for Saigon Pearl" in restore_quote(DONE, line)


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("plate DJ 48213 on the van", ["DJ", "DJ 48213"]),
        ("last four 1234", ["1234"]),
        ("Auth #IP-4471093 issued", ["#IP-4471093"]),
        ("see portal.example-health.org/p/8812 for results", ["portal.example-health.org/p/8812"]),
        ("a page at get-well.test/hollis-fairweather, shared", ["get-well.test/hollis-fairweather"]),
        ("Na 138/K 4.1 mg/dL, b.i.d./prn, pt.refused/declined", []),
        ("SpO2 88-92%, K 4.2, HbA1c 8.9%, I21.4 NSTEMI, CHA2DS2-VASc 4, sg 1.030, 80s-90s", []),
        ("given at 2200 and 0214; admitted in 2019; 1,500 mL", []),
    ],
)
def test_identifier_shaped_tokens(text, found):
    assert [text[a:b] for a, b, _ in shapes.find(text)] == found


def test_places_from_the_gazetteer_but_not_ordinary_words_or_eponyms():
    text = "Moved from Decatur to Sacramento. Falls precautions. Glasgow Coma Scale 14. Reading glasses on."
    assert [text[a:b] for a, b in places.find(text)] == ["Decatur", "Sacramento"]


def test_the_record_s_own_fields_are_never_touched():
    labels = ("Encounter", "Facility", "Service line", "Admitting role")  # the two dated ones are shifted
    own = [line for line in TEXT.splitlines() if line.strip().split("  ")[0] in labels]
    assert len(own) == 4 and all(line in DONE.text for line in own)


def test_a_clinician_s_initial_is_not_a_spanish_street():
    """"C. Mbeki MD" once read as "Calle Mbeki": an abbreviated street prefix is not looked for, and a
    signed order line quoted back maps back whole."""
    text = _record(documentation="Seen today.", review=())
    order = "2026-06-10 20:44  Admit to inpatient; attending C. Mbeki MD; signed C. Mbeki MD 20:45"
    done = redact(admission_record(orders=[order], more_facts=FACTS), "ADM-9001", SALT)
    line = next(line for line in done.text.splitlines() if "Admit to inpatient" in line)
    assert line.endswith(" 20:45") and restore_quote(done, line).endswith(order.split("  ", 1)[1])
    assert "Seen today." in redact(text, "ADM-9001", SALT).text
