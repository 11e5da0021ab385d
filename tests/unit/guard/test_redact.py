"""kit.guard.redact on hand-written records carrying identifiers in many spellings: every one replaced,
one placeholder per identifier, dates moved by whole weeks (dates of birth replaced instead), the
record restored exactly, quotes mapped back, and the configuration's on/off rule."""

import re
from datetime import date

import pytest

from kit.guard.redact import Redactor, redact, restore_answer, restore_quote, restore_text
from kit.guard.redact.dates import find
from kit.guard.redact.restore import forward_quote
from kit.measure.redaction_ledger import digest
from kit.model.config import Config, ConfigError, load_config
from kit.model.redaction import redactor_for
from kit.rules import benchmark, record
from kit.rules.answer import Answer, ElementAnswer
from tests.helpers import admission_record

SALT = "unit-test-salt"

FACTS = (
    ("Patient", "Okonkwo-Reyes, Adaeze M."),
    ("MRN", "00482913"),
    ("Date of birth", "03/14/1962"),
    ("Phone", "(617) 555-0143"),
    ("Address", "48 Larkspur Avenue, Brookfield, MA 02139"),
    ("Next of kin", "Tobias Okonkwo-Reyes (son), 617.555.0199"),
    ("Account number", "AC-77120931"),
    ("Member ID", "XQZ884410022"),
)
ORDERS = (
    "2026-03-02 23:58  Inpatient admission ordered; signed by Dr Lindqvist (pager 4471, "
    "h.lindqvist@testhospital.example.org, fax +1 617 555 0100).",
    "2026-03-03 06:10  Paracetamol 1 g four times daily; metoprolol 25 mg twice daily at 08:00 and 20:00.",
)
PROSE = (
    "Ms Okonkwo-Reyes is a retired teacher; Adaeze lives at 48 Larkspur Ave. with her son. "
    "I expect discharge on 5 March 2026, and told Tobias on 6175550199. "
    "D.O.B. March 14, 1962; SSN 123-45-6789; hospital no. 00-482-913. "
    "Portal https://portal.testhospital.example.org/p/88123 from 10.20.30.44; ZIP code 02139."
)
SERVICES = ("2026-03-03  IV antibiotics, telemetry and physiotherapy; Okonkwo-Reyes, Adaeze seen on a ward.",)
REVIEW = ("2026-03-04  Reviewed against the standard checklist on 04/03/2026.",)
PLANTED = (
    "Okonkwo-Reyes", "Adaeze", "Tobias", "00482913", "00-482-913", "03/14/1962", "March 14, 1962",
    "(617) 555-0143", "617.555.0199", "6175550199", "+1 617 555 0100", "48 Larkspur", "Brookfield",
    "02139", "AC-77120931", "XQZ884410022", "Lindqvist", "4471", "h.lindqvist@testhospital.example.org",
    "123-45-6789", "portal.testhospital", "10.20.30.44",
)  # fmt: skip
CLINICAL = (
    "Paracetamol 1 g four times daily", "metoprolol 25 mg twice daily at 08:00 and 20:00",
    "IV antibiotics, telemetry and physiotherapy", "retired teacher", "Inpatient admission ordered",
    "general medicine", "attending hospitalist", "23:40", "23:58",
)  # fmt: skip


def planted_record() -> str:
    return admission_record(
        orders=ORDERS, documentation=PROSE, services=SERVICES, review=REVIEW, admitted="2026-03-02 23:40",
        more_facts=FACTS,
    )  # fmt: skip


TEXT = planted_record()
DONE = redact(TEXT, "ADM-9001", SALT)


@pytest.mark.parametrize("planted", PLANTED)
def test_every_planted_identifier_is_gone(planted):
    assert planted in TEXT
    assert planted not in DONE.text


@pytest.mark.parametrize("clinical", CLINICAL)
def test_clinical_text_and_times_of_day_are_untouched(clinical):
    assert clinical in DONE.text


def test_one_identifier_one_placeholder_across_spellings():
    spelt = DONE.placeholders()
    patient = next(ph for ph, originals in spelt.items() if "Okonkwo-Reyes, Adaeze M." in originals)
    assert patient == "[PATIENT-1]"
    assert {"Okonkwo-Reyes", "Adaeze", "Okonkwo-Reyes, Adaeze"} <= set(spelt[patient])
    assert "Ms [PATIENT-1] is a retired teacher; [PATIENT-1] lives at" in DONE.text
    son = next(ph for ph, originals in spelt.items() if "Tobias Okonkwo-Reyes (son)" in originals)
    assert son.startswith("[RELATIVE-") and "told [RELATIVE-1] on [PHONE-2]" in DONE.text
    assert "Tobias" in spelt[son]  # the field replaced whole and the name in prose: one identity
    assert set(spelt["[PHONE-2]"]) == {"617.555.0199", "6175550199"}
    assert set(spelt["[MRN-1]"]) == {"00482913", "00-482-913"}
    assert set(spelt["[DOB-1]"]) == {"03/14/1962", "March 14, 1962"}
    assert "Dr [CLINICIAN-1] (pager [PAGER-1], [EMAIL-1], fax [FAX-1])" in DONE.text


@pytest.mark.parametrize("labelled, bare", [("V538574162", "538574162"), ("538574162", "V538574162")])
def test_a_record_number_is_one_identifier_with_or_without_its_letter_prefix(labelled, bare):
    text = f"Visit number: {labelled}\nFiled under visit {bare}; visit note 12 of 20.\n"
    done = redact(text, "ADM-9002", SALT)
    assert done.text == "Visit number: [ENCOUNTER-1]\nFiled under visit [ENCOUNTER-1]; visit note 12 of 20.\n"


def test_the_redacted_record_keeps_its_layout_and_restores_exactly():
    assert record.sections(DONE.text).keys() == record.sections(TEXT).keys()
    assert len(DONE.text.splitlines()) == len(TEXT.splitlines())
    assert restore_text(DONE, DONE.text) == TEXT


def test_every_date_moves_by_the_same_whole_number_of_weeks_and_no_original_date_stays():
    before = [f.day for f in find(TEXT, 2026) if f.day != date(1962, 3, 14)]
    after = [f.day for f in find(DONE.text, 2026)]
    assert len(before) == len(after) == 8
    offsets = {(b - a).days for a, b in zip(before, after, strict=True)}
    assert len(offsets) == 1 and offsets.pop() == DONE.shift_days
    assert DONE.shift_days % 7 == 0 and DONE.shift_days <= -7 * 53
    assert not set(before) & set(after)
    assert "5 March 2026" not in DONE.text
    assert re.search(r"discharge on \d{1,2} [A-Z][a-z]+ \d{4},", DONE.text)


def test_the_midnight_count_is_the_same_on_the_redacted_record():
    own = benchmark.midnights(record.admitted_at(TEXT), "2026-03-05")
    moved = next(f for f in find(DONE.text, 2026) if f.style == "dmy")
    assert benchmark.midnights(record.admitted_at(DONE.text), moved.day.isoformat()) == own == 3


def test_the_offset_depends_on_the_salt_and_the_record_and_nothing_else():
    assert redact(TEXT, "ADM-9001", SALT).text == DONE.text
    offsets = {redact(TEXT, "ADM-9001", f"salt-{n}").shift_days for n in range(12)}
    assert len(offsets) > 6


def test_a_quote_of_a_redacted_line_restores_to_the_original_line():
    line = next(line.strip() for line in DONE.text.splitlines() if "[CLINICIAN-1]" in line)
    original = next(line.strip() for line in TEXT.splitlines() if "Lindqvist" in line)
    assert restore_quote(DONE, line) == original
    assert restore_quote(DONE, "  " + line.replace("  ", " ") + "  ") == original  # spacing differs
    sentence = next(s for s in record.sentences(DONE.text) if s.startswith("I expect discharge"))
    said = "I expect discharge on 5 March 2026, and told Tobias on 6175550199."
    assert restore_quote(DONE, sentence) == said
    assert forward_quote(DONE, restore_quote(DONE, sentence)) == sentence


def test_a_misquote_still_has_its_placeholders_and_dates_put_back():
    moved = forward_quote(DONE, "on 5 March 2026")
    said = f"[PATIENT-1] goes home {moved} (not in the record)"
    meant = "Okonkwo-Reyes, Adaeze M. goes home on 5 March 2026 (not in the record)"
    assert restore_quote(DONE, said) == meant


def test_an_answer_is_restored_quotes_and_discharge_date_both():
    moved = forward_quote(DONE, "2026-03-05")
    stay = ElementAnswer("stay_expectation", "documented", "[PATIENT-1] lives at [ADDRESS-1]", moved)
    back = restore_answer(DONE, Answer({"stay_expectation": stay}))
    row = back.row("stay_expectation")
    assert row.expected_discharge == "2026-03-05"
    assert row.citation == "Adaeze lives at 48 Larkspur Ave."


def test_the_redactor_restores_by_record_and_leaves_unknown_ones_alone():
    class Rec:
        id, text = "ADM-9001", TEXT

    row = ElementAnswer("admitting_order", "order-present", "Dr [CLINICIAN-1]")
    answer = Answer({"admitting_order": row})
    restore = Redactor(SALT).restorer([Rec()])
    assert restore("ADM-9001", answer).row("admitting_order").citation == "Dr Lindqvist"
    assert restore("ADM-0000", answer) is answer


def test_the_ledger_digest_is_a_salted_sha256_an_auditor_can_recompute():
    assert digest(SALT, "00482913") == digest(SALT, "00482913") != digest("other", "00482913")
    assert len(digest(SALT, "00482913")) == 64 and "00482913" not in digest(SALT, "00482913")


@pytest.mark.parametrize(
    ("provider", "base_url", "redact", "on", "source"),
    [
        ("openai", "https://api.openai.com/v1", "", True, "default for a hosted endpoint"),
        ("anthropic", None, "", True, "default for a hosted endpoint"),
        ("openai", "http://127.0.0.1:8000/v1", "", False, "default for a local server"),
        ("openai", "http://gpu-box.lan:8000/v1", "", False, "default for a local server"),
        ("openai", "https://api.openai.com/v1", "off", False, "REDACT=off"),
        ("openai", "http://127.0.0.1:8000/v1", "on", True, "REDACT=on"),
        ("stub", None, "yes", True, "REDACT=on"),
    ],
)
def test_redaction_is_on_for_hosted_and_off_for_local_unless_set(provider, base_url, redact, on, source):
    env = {"PROVIDER": provider, "MODEL": "m", "REDACT": redact, "REDACT_SALT": "s"}
    config = load_config({**env, **({"BASE_URL": base_url} if base_url else {})}, dotenv_path="/nonexistent")
    assert (config.redacting, config.redact_source) == (on, source)
    assert config.settings()["redact"] == ("on" if on else "off")
    assert (redactor_for(config) is not None) == on


def test_redaction_without_a_salt_is_refused_and_the_salt_is_never_shown(tmp_path):
    config = Config(provider="openai", base_url="https://api.example.com/v1", model="m")
    with pytest.raises(ConfigError, match="REDACT_SALT is not set: run `kit configure`"):
        redactor_for(config)
    assert "sekrit" not in repr(Config(redact_salt="sekrit"))
    with pytest.raises(ConfigError, match="REDACT must be on, off or auto"):
        load_config({"REDACT": "maybe"}, dotenv_path=tmp_path / ".env")
