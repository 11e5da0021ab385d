"""Recall by class (issue 33): each class of place an identifier is written in, in the project's own words
(none copied from a blind set): a facts value under a label the safe list does not know, overlapping
candidates, numbers with letters, masks and groups, a birth date in any separator, a title before a name,
directions, an employer after a work verb, an age told without the word "age"; and what must stay."""

import pytest

from kit.guard.redact import check_egress, redact, shapes
from tests.helpers import admission_record

SALT = "classes-test-salt"
FACTS = (
    ("Landing strip", "Quillmoor Flats, behind the Osterhage grain elevator"),
    ("Sex", "F"),
    ("Language", "Portuguese, interpreter requested"),
    ("Plan", "Tessaly Mutual TMX-418-22-907"),
    ("BD", "4.19.58"),
)
PROSE = (
    "Lives with her son Okwudili Brennagh; her pastor, Rev. Tobenna Ashgrove, visits. She drives for "
    "Quillvane and was raised in Marrowfield before moving. Directions: third lane past the Fennick silo, "
    "green gate. Her licence 330-71-XXXX is on file; device serial QVR 448120 K, checked. She hopes to "
    "see 102. Glasgow Coma Scale 15; BP 158/94; ranges 400-600 and 88-92; heparin 5000 units."
)
REVIEW = (
    "2026-06-11  Tessaly Mutual notified, ref TMX-IP-0611-55201; booking ref ORBAIR QZ7PLW.",
    "2026-06-12  Tessaly Mutual TMX-418-22-907 verified.",
)
TEXT = admission_record(documentation=PROSE, review=REVIEW, more_facts=FACTS)
DONE = redact(TEXT, "ADM-9002", SALT)


@pytest.mark.parametrize(
    "gone",
    [
        "Quillmoor", "Osterhage", "Tessaly", "TMX-418-22-907", "4.19.58", "Okwudili", "Rev.", "Tobenna",
        "Ashgrove", "Quillvane", "Marrowfield", "Fennick", "green gate", "330-71", "XXXX", "QVR", "448120",
        " K,", "102", "TMX-IP-0611-55201", "ORBAIR", "QZ7PLW",
    ],
)  # fmt: skip
def test_each_class_of_identifier_is_gone(gone):
    assert gone in TEXT
    assert gone not in DONE.text


@pytest.mark.parametrize(
    "kept",
    ["Sex", "  F\n", "Portuguese, interpreter requested", "Glasgow Coma Scale 15", "BP 158/94", "400-600",
     "88-92", "heparin 5000 units"],
)  # fmt: skip
def test_safe_labels_and_clinical_values_stay(kept):
    assert kept in TEXT
    assert kept in DONE.text


def test_the_gate_passes_the_record_and_reads_no_name_in_a_placeholder():
    check_egress("ADM-9002", TEXT, DONE.text)
    text = admission_record(documentation="Husband Winston's phone (803) 555-0119 is on file.")
    check_egress("ADM-9003", text, redact(text, "ADM-9003", SALT).text)


def test_overlapping_candidates_are_replaced_as_one():
    """The plan's name (an echo of its facts value) and its number overlap; neither is left in part."""
    line = next(line for line in DONE.text.splitlines() if "verified" in line)
    assert "Mutual" not in line and "TMX" not in line and "418" not in line and "907" not in line


@pytest.mark.parametrize(
    ("text", "found"),
    [("ref HUR-229-04-118 ok", "HUR-229-04-118"), ("VA ID 926-41-XXXX", "926-41-XXXX"),
     ("reachable at +91 98xxx xx421 via", "+91 98xxx xx421")],
)  # fmt: skip
def test_numbers_with_letters_masks_and_groups_are_shaped(text, found):
    assert any(text[a:b] == found for a, b, _ in shapes.find(text))
