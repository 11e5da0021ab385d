"""The redactor's learned recogniser (kit/guard/redact/learned.py): what it reads of a word, how the words
it takes become spans, the limits the rules' own design sets for it, and forms it finds that no rule of
the redactor knows (each test below also runs with the model taken away, and the form then leaks)."""

import pytest

from kit.guard.redact import core, learned
from kit.guard.redact.spans import FREE
from tests.helpers import admission_record

SALT = "learned-test-salt"


def _redacted(documentation: str = "", review: tuple[str, ...] = ()) -> str:
    core._redacted.cache_clear()
    return core.redact(admission_record(documentation=documentation, review=review), "ADM-9301", SALT).text


@pytest.fixture
def without_model(monkeypatch):
    monkeypatch.setattr(learned, "spans", lambda text: [])
    core._redacted.cache_clear()
    yield
    core._redacted.cache_clear()


@pytest.mark.parametrize(
    ("word", "expected"),
    [("Harbor", "Xxx"), ("4471-TR", "dd-XX"), ("jp", "xx"), ("14N2207", "ddXdd"), ("O'Neil", "X'Xxx")],
)
def test_a_word_is_read_by_its_shape(word, expected):
    assert learned.shape(word) == expected


def test_dates_and_times_are_not_scored_and_a_number_beside_a_word_is_read_by_its_form():
    text = "Seen 2026-03-04 at 14:05 with plate 3KF 228 today."
    scored = {text[a:b]: f for a, b, f in learned.features(text)}
    assert "2026-03-04" not in scored and "14:05" not in scored
    assert "p1:#dXX" in scored["228"] and "p1:plate" in scored["3KF"]
    assert "n1:<date>" in scored["Seen"]


def test_a_frame_keeps_the_words_around_a_planted_line_out_of_its_features():
    text = "Seen on the take. Lives alone. Background of asthma."
    at = text.index("Lives")
    framed = {text[a:b]: f for a, b, f in learned.features(text, (at, at + len("Lives alone.")))}
    assert "p1:<line>" in framed["Lives"] and "n1:</line>" in framed["alone"]
    assert "p1:take" in {text[a:b]: f for a, b, f in learned.features(text)}["Lives"]


def test_a_facts_value_is_read_with_its_label():
    text = admission_record(more_facts=(("Emerg. contact", "Quennell"),))
    scored = {text[a:b]: f for a, b, f in learned.features(text)}
    assert "lab:emerg. contact" in scored["Quennell"]


def test_words_taken_side_by_side_are_one_span_but_never_across_a_full_stop(monkeypatch):
    monkeypatch.setattr(learned, "score", lambda feats: 5.0 if {"w:alder", "w:quay"} & set(feats) else -5.0)
    text = admission_record(documentation="Moved to Alder Quay last year. Quay was cold.")
    spans = learned.spans(text)
    assert [text[s.start : s.end] for s in spans] == ["Alder Quay"]  # "Quay" opens a sentence: never taken
    assert {s.rank for s in spans} == {FREE}  # a rule's span of the same length wins the tie


@pytest.mark.parametrize("word", ["Mr.", "Dr", "0800", "1700", "Metoprolol", "INR"])
def test_the_model_never_takes_a_title_a_clock_time_or_a_clinical_word(word):
    assert not learned._may_take(word, [f"w:{word.lower()}"])


def test_a_sentence_first_word_is_taken_only_with_a_digit():
    first = ["l|first:unknown|True"]
    assert not learned._may_take("Saturations", first)
    assert learned._may_take("B7F-2210", first)


@pytest.mark.parametrize(
    ("documentation", "review", "identifying"),
    [
        ("", ("2026-03-04  SSN on file ends -4471.",), "4471"),
        ("She keeps a flat abroad (Via dei Serpenti 41, int. 6, Roma).", (), "Serpenti"),
        ("Evacuated from the trawler F/V Northern Dawn this morning.", (), "Northern Dawn"),
    ],
)
def test_forms_no_rule_knows_are_found_by_the_model(documentation, review, identifying, request):
    assert identifying not in _redacted(documentation, review)
    request.getfixturevalue("without_model")
    assert identifying in _redacted(documentation, review)


def test_a_common_word_in_capitals_is_never_taken():
    assert not learned._may_take("INPATIENT-SUPPORTED", ["w:inpatient-supported"])
    assert learned._may_take("QUENNELL", ["w:quennell"])
