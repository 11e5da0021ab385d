"""The egress gate (kit.guard.redact.gate): after redaction, an identifier the record's own fields name
that is still in the outgoing text, in any case, spacing or order, stops the call; the refusal names
the record and the type, never the value. Proved with redactors made to miss on purpose."""

import re
from dataclasses import replace

import pytest

from kit.guard.redact import EgressRefused, Redacted, Redactor, check_egress, redact
from kit.guard.redact.gate import leaks
from kit.pipeline import through_stub
from tests.helpers import admission_record
from tests.identifiers import identifiers_corpus

SALT = "gate-test-salt"
FACTS = (
    ("Patient", "Van der Berg, Pieter J."),
    ("MRN", "00482913"),
    ("Phone", "(781) 555-0123"),
    ("SSN", "123-45-6789"),
    ("Address", "48 Larkspur Avenue, Brookfield, MA 02139"),
    ("Next of kin", "Chidinma Okonkwo (niece), 617.555.0199"),
)
TEXT = admission_record(
    documentation="Seen on the take with his niece. Background of asthma.",
    more_facts=FACTS,
)


def _with(outgoing_extra: str) -> str:
    return redact(TEXT, "ADM-9101", SALT).text + "\n" + outgoing_extra


def test_the_redacted_record_may_go():
    assert leaks(TEXT, redact(TEXT, "ADM-9101", SALT).text) == []


@pytest.mark.parametrize(
    ("left_behind", "kind"),
    [
        ("[PATIENT-1] der Berg, Pieter J.", "PATIENT"),  # first name left
        ("[PATIENT-1] DER BERG", "PATIENT"),  # capitals, a part of the surname
        ("pieter", "PATIENT"),  # lower case
        ("Chidinma [RELATIVE-1]", "RELATIVE"),
        ("okonkwo", "RELATIVE"),
        ("781 555 0123", "PHONE"),  # spaced
        ("7815550123", "PHONE"),
        ("(617)5550199", "PHONE"),  # the relative's number, as written in the field after the name
        ("00 482 913", "MRN"),
        ("123 45 6789", "SSN"),
        ("48 larkspur avenue", "ADDRESS"),
    ],
)
def test_an_identifier_left_behind_in_any_case_or_spacing_stops_the_call(left_behind, kind):
    assert kind in leaks(TEXT, _with(left_behind))
    with pytest.raises(EgressRefused) as refused:
        check_egress("ADM-9101", TEXT, _with(left_behind))
    message = str(refused.value)
    assert "ADM-9101" in message and kind in message
    assert not re.search(r"pieter|berg|chidinma|okonkwo|555|482|larkspur|6789", message, re.I), message


@pytest.mark.parametrize("harmless", ["der", "van", "Bergen", "7815550123456", "year 2026, dose 1000 mg"])
def test_particles_and_longer_words_or_numbers_do_not_stop_a_call(harmless):
    assert leaks(TEXT, _with(harmless)) == []


class MissesPhones(Redactor):
    """A redactor made to miss on purpose: every phone number it found is written back as it was."""

    def redact(self, record_id: str, text: str) -> Redacted:
        done = super().redact(record_id, text)
        out = done.text
        for piece in done.pieces:
            if piece.kind == "PHONE":
                out = out.replace(piece.replacement, piece.original)
        return replace(done, text=out)


def test_a_run_with_a_redactor_that_misses_sends_nothing_for_the_records_it_would_leak(tmp_path):
    from kit.corpus import load

    folder, _ = identifiers_corpus(tmp_path / "corpus")
    records = load.load(folder).records[:4]
    outcome, requests = through_stub("floor", records, tmp_path / "run", redactor=MissesPhones(SALT))
    failed = [c for c in outcome.calls if c.status == "failed"]
    assert requests == 0 and len(failed) == 4
    for call, rec in zip(failed, records, strict=True):
        assert call.error.startswith(f"not sent: egress gate: PHONE named in the fields of {rec.id}")
        assert not re.search(r"\d{3}\D{0,2}\d{4}", call.error)
        log = outcome.sent[rec.id]  # the refusal is logged beside the gate's time, and nothing was sent
        assert log["sent"] == "nothing: the egress gate refused the record"
        assert log["guards"]["gate"]["verdict"] == "refuse" and log["guards"]["gate"]["ms"] >= 0
    outcome, requests = through_stub("floor", records, tmp_path / "run2", redactor=Redactor(SALT))
    assert requests == 4 and all(c.status == "bought" for c in outcome.calls)
    assert {log["guards"]["gate"]["verdict"] for log in outcome.sent.values()} == {"pass"}
    assert all(log["guards"]["redaction"]["placeholders"] > 0 for log in outcome.sent.values())


def test_a_field_name_the_parser_cannot_read_still_stops_the_call(monkeypatch):
    from kit.guard.redact import finder

    pieter, chidinma = _with("Pieter rang"), _with("Chidinma rang")  # redacted before the parser is broken
    monkeypatch.setattr(finder, "people", lambda text: [])
    assert leaks(TEXT, pieter) == ["PATIENT"]
    assert leaks(TEXT, chidinma) == ["RELATIVE"]


class MissesNames(Redactor):
    """A redactor made to miss on purpose: every name it found is written back as it was."""

    def redact(self, record_id: str, text: str) -> Redacted:
        done = super().redact(record_id, text)
        out = done.text
        for piece in done.pieces:
            if piece.kind in ("PATIENT", "RELATIVE"):
                out = out.replace(piece.replacement, piece.original)
        return replace(done, text=out)


def test_a_redactor_that_misses_names_is_refused_by_type():
    assert leaks(TEXT, MissesNames(SALT).redact("ADM-9101", TEXT).text) == ["PATIENT", "RELATIVE"]


def test_a_label_after_the_name_in_a_persons_field_is_no_name_word():
    text = admission_record(more_facts=(("NOK", "BARTOLO FENECH SON  TEL 356-555-0177"),))
    outgoing = redact(text, "ADM-9102", SALT).text + "\n  TEL 2126  (ward extension)"
    assert leaks(text, outgoing) == []
    assert leaks(text, outgoing + "\nBartolo rang") == ["RELATIVE"]
