import pytest

from kit.rules import record

TEXT = """ADMISSION RECORD ADM-0042 -- Example

ENCOUNTER FACTS
  Encounter                     ADM-0042
  Admitted                      2026-06-10 23:50
  Facility                      Example Hospital
  Service line                  cardiology
  Admitting role                attending hospitalist
  Record assembled as at        2026-09-01

ORDERS AND AUTHENTICATION
  2026-07-11 00:20  Order: chest radiograph.

ADMITTING PRACTITIONER DOCUMENTATION
First sentence. Second sentence.

SERVICES DELIVERED

UTILIZATION REVIEW NOTES
  2026-06-11  Pulled for audit.
"""


def test_sections_and_facts():
    bodies = record.sections(TEXT)
    assert list(bodies) == list(record.HEADINGS)
    assert bodies["SERVICES DELIVERED"] == ""
    assert record.encounter_facts(TEXT)["admitting_role"] == "attending hospitalist"
    assert record.admitted_at(TEXT) == "2026-06-10 23:50"


def test_dated_lines():
    body = record.sections(TEXT)["ORDERS AND AUTHENTICATION"]
    assert record.dated_lines(body) == ["2026-07-11 00:20  Order: chest radiograph."]
    assert record.dated_text("  2026-06-11  Pulled for audit.") == "Pulled for audit."


def test_missing_heading_is_named():
    with pytest.raises(record.RecordFormatError, match="SERVICES DELIVERED"):
        record.sections(TEXT.replace("SERVICES DELIVERED", "SERVICES"))


def test_headings_out_of_order_are_refused():
    swapped = TEXT.replace("SERVICES DELIVERED", "TMP").replace(
        "UTILIZATION REVIEW NOTES", "SERVICES DELIVERED"
    )
    with pytest.raises(record.RecordFormatError):
        record.sections(swapped.replace("TMP", "UTILIZATION REVIEW NOTES"))


def test_missing_admitted_line_is_named():
    with pytest.raises(record.RecordFormatError, match="Admitted"):
        record.admitted_at(TEXT.replace("  Admitted                      2026-06-10 23:50\n", ""))


def test_sentence_split_keeps_decimals_and_titles():
    body = "Temp 38.9 today. Seen by Dr. Khan at noon. Plan reviewed.\n\nSecond paragraph here"
    assert record.sentences(body) == [
        "Temp 38.9 today.",
        "Seen by Dr. Khan at noon.",
        "Plan reviewed.",
        "Second paragraph here",
    ]


def test_sentences_keep_closing_quotes_and_split_after_a_closed_comment():
    line = 'He said "home soon." Then slept (well.) <!-- aside --> Next cf. Smith. End'
    assert record.sentences(line) == [
        'He said "home soon."',
        "Then slept (well.)",
        "<!-- aside -->",
        "Next cf. Smith.",
        "End",
    ]
