import pytest

from kit.rules import citation as C

RECORD = """ADMISSION RECORD ADM-9999 -- Example

ORDERS AND AUTHENTICATION
  2026-06-10 13:11  Admit to inpatient status under cardiology; signed by the attending hospitalist.

ADMITTING PRACTITIONER DOCUMENTATION
Belongings were listed on arrival. I expect discharge on 2026-06-13 once the course is complete.
The patient prefers tea to coffee.
"""
NORM = C.norm(RECORD)
GOLD_LINE = "I expect discharge on 2026-06-13 once the course is complete."
GOLD = C.span_of(NORM, GOLD_LINE)


def test_norm_folds_quotes_dashes_and_whitespace():
    assert C.norm("  \u201cA\u201d \u2014 it\u2019s\n\tfine  ") == '"A" - it\'s fine'


def test_exact_line_is_credited_in_full():
    g = C.grade(NORM, GOLD, GOLD_LINE)
    assert (g.outcome, g.coverage, g.precision) == (C.CREDITED, 1.0, 1.0)


def test_a_seventy_percent_fragment_is_credited():
    fragment = GOLD_LINE[: round(len(GOLD_LINE) * 0.7)].strip()
    g = C.grade(NORM, GOLD, fragment)
    assert g.credited
    assert g.coverage == len(fragment) / len(GOLD_LINE)
    assert 0.65 < g.coverage < 0.75


def test_half_the_line_is_located_but_short_however_precise():
    """Coverage under COVERAGE_MIN (0.60) of the key's line earns nothing (a floor lowered to 0.30
    passed every other test of the default selection)."""
    fragment = GOLD_LINE[: round(len(GOLD_LINE) * 0.5)].strip()
    g = C.grade(NORM, GOLD, fragment)
    assert 0.45 < g.coverage < 0.55 and g.precision == 1.0
    assert g.outcome == C.SHORT and not g.credited


def test_a_short_fragment_is_located_but_short():
    g = C.grade(NORM, GOLD, "I expect discharge")
    assert g.outcome == C.SHORT
    assert g.precision == 1.0


def test_quote_not_in_the_record_scores_nothing():
    g = C.grade(NORM, GOLD, "I expect discharge on 2026-06-14 once the course is complete.")
    assert (g.outcome, g.coverage, g.precision) == (C.NOT_FOUND, 0.0, 0.0)


def test_the_whole_record_is_not_credited():
    g = C.grade(NORM, GOLD, RECORD)
    assert g.outcome == C.SHORT
    assert g.coverage == 1.0 and g.precision < 0.3


def test_a_dated_line_with_its_stamp_and_typographic_variants_is_located():
    quote = (
        "2026-06-10 13:11 Admit to inpatient status under cardiology; signed by the attending hospitalist."
    )
    assert C.locate(NORM, quote) is not None
    assert C.locate(NORM, "  I expect discharge on 2026\u201106\u201113  ") is not None


def test_empty_quote_is_not_found():
    assert C.locate(NORM, "   ") is None


def test_floors_are_arguments():
    fragment = GOLD_LINE[: int(len(GOLD_LINE) * 0.7)]
    assert C.credit(NORM, GOLD, fragment)
    assert not C.credit(NORM, GOLD, fragment, coverage_min=0.9)


def test_span_of_a_missing_line_raises():
    with pytest.raises(ValueError, match="not found"):
        C.span_of(NORM, "nowhere in the record")


def test_a_quote_repeated_earlier_in_the_record_is_graded_at_the_gold_line():
    text = C.norm("Seen on the ward. Plan reviewed. Notes follow. Seen on the ward. Plan reviewed.")
    gold = (text.rindex("Seen on the ward."), text.rindex("Seen on the ward.") + len("Seen on the ward."))
    g = C.grade(text, gold, "Seen on the ward.")
    assert (g.outcome, g.coverage, g.precision) == (C.CREDITED, 1.0, 1.0)


@pytest.mark.parametrize(
    "quote",
    ["The patient prefers tea to coffee.", "Belongings were listed on arrival.",
     "2026-06-10 13:11  Admit to inpatient status under cardiology; signed by the attending hospitalist."],
)  # fmt: skip
def test_a_quote_of_another_line_or_sentence_is_located_elsewhere_not_short(quote):
    """Before: a quote found in the record but with no character on the key's line (coverage 0.00) was
    called located-but-short. It is located elsewhere; short is kept for a quote on the key's line."""
    g = C.grade(NORM, GOLD, quote)
    assert (g.outcome, g.coverage, g.precision) == (C.ELSEWHERE, 0.0, 0.0)
    assert C.grade(NORM, GOLD, "I expect discharge").outcome == C.SHORT
