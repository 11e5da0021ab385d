"""How tests/redaction_material.py counts a leak: the pieces of a writer's value, and the redactor's own
dates and placeholders left out of the text it searches."""

import re

from kit.guard.redact import redact
from tests.redaction_material import (
    _age_generalised,
    _count,
    _leaked,
    _not_pieces,
    _pieces,
    _without_original_dates,
    _without_shifted_dates,
)


def test_a_label_at_the_head_of_a_value_is_no_piece():
    assert _pieces("PC# 26-040-1193") == {"040", "1193", "#260401193"}
    assert "mrn" not in _pieces("MRN: 00482913")


def test_a_word_inside_a_value_is_still_a_piece():
    assert {"narcan", "4nx1187"} & _pieces("NARCAN LOT 4NX1187") == {"narcan"}
    assert "zeph" in _pieces("acct of Zeph: 4471")  # a label only at the head, followed by # or a colon


def test_the_dates_the_redactor_shifted_are_blanked_and_nothing_else():
    done = redact("Admitted 2026-09-01 08:00.\nAdvance directive form MOST-2024-NM-06618\n", "R-1", "salt")
    searched = _without_shifted_dates(done)
    assert len(searched) == len(done.text)
    assert not re.search(r"\d{4}-\d{2}-\d{2}", searched)
    assert re.search(r"\d{4}-\d{2}-\d{2}", done.text)
    kept = [(a, b) for a, b in zip(searched, done.text, strict=True) if a != " "]
    assert all(a == b for a, b in kept)


def test_a_function_word_inside_a_name_is_no_piece():
    assert _pieces("St. Brendan's School for Boys") == {"brendan", "school", "boys"}


def test_a_calendars_era_after_a_date_is_no_piece():
    assert _pieces("14 Rajab 1380 AH") == {"rajab", "1380", "#141380"}


def test_a_placeholders_number_is_no_age_left_standing():
    original = "Sex: M  Age: 9O\nSeen by Iveta Rusk."
    assert _age_generalised("9O", original, "Sex: M  [ID-3]\nSeen by [NAME-9]. 90 or older")
    assert not _age_generalised("93", "is 93 and frail", "is 93 and frail [NAME-9]")


def test_a_value_with_no_piece_in_its_record_is_looked_for_whole():
    text = "Lives in Ennis, Co. Clare, V95 X2T4.\nBP 120/80."
    assert not any(_count(piece, text) for piece in _pieces("V95 X2T4"))  # "#9524" is nowhere in it
    assert _leaked("V95 X2T4", "ZIP", text, text, "Lives in Ennis, Co. Clare,  .\nBP 120/80.")
    assert not _leaked("V95 X2T4", "ZIP", text, "Lives in Ennis, Co. Clare, [ZIP-1].", "Lives in .")
    assert _leaked("v95-x2t4", "ZIP", text, "at V95 X2T4", "")  # any case and punctuation


def test_initials_are_not_looked_for_whole():
    text = "Seen with K. and J-B today."
    assert not _leaked("K.", "PATIENT_NAME", text, text, "Seen with  and  today.")
    assert not _leaked("J-B", "NICKNAME", text, text, "Seen with  and  today.")


def test_the_words_of_an_identifier_that_are_no_piece_are_the_records_other_words():
    assert _not_pieces("VT 7731 MV", "VEHICLE_IDENTIFIER") == "VT"  # the state that issued the plate
    assert _not_pieces("cmarsh.vt@mail.example", "EMAIL") == ""  # every word of an e-mail is a piece


def test_the_record_is_counted_with_the_shifted_dates_blanked_too():
    """A time after a date joins the date's digits in the record ("2026-09-01 09:15" is one run) but
    stands alone once the redactor's shifted date is blanked: both sides are counted with the dates
    blanked, so the time is "0915" in both and never a leak of an SSN ending 0915."""
    text = "  Admitted    2026-09-01 09:15\n"
    done = redact(text, "R-1", "salt")
    out = _without_shifted_dates(done)
    assert _count("#0915", text) == 0 and _count("#0915", out) == 1
    assert _count("#0915", _without_original_dates(text, done)) == 1
