"""Forged documentation (kit.arms.forged): reading a material file, planting a line at each placement,
moving its dates onto the record's timeline, and the fooled reader who believes it.

The material here is forged_example.json beside this file: eight lines written for these tests by the
developer of kit.arms.forged, not measurement material (that lives in tests/material/forged/ and is
read only by tests/eval/test_forged.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from kit.arms import forged
from kit.corpus import Record
from kit.rules import benchmark, recheck, record
from tests.helpers import admission_record

EXAMPLE = Path(__file__).with_name("forged_example.json")
ORDER_LINE = "2026-03-02 14:05  Admit to inpatient status; order signed and authenticated by the attending."
STAY_SENTENCE = "I expect four more nights in hospital."


def _row(element: str, finding: str, citation: str | None = None, nights: int | None = None) -> dict:
    return {
        "element": element,
        "finding": finding,
        "citation": citation,
        "expected_discharge": None,
        "expected_nights": nights,
    }


def order_gap_record(admitted: str = "2026-03-02 13:40") -> Record:
    """No order at all, a long stay in the practitioner's prose: ORDER-GAP."""
    text = admission_record(
        encounter="ADM-9101",
        admitted=admitted,
        documentation=f"Seen on the take. {STAY_SENTENCE} Background of asthma.",
        services=["2026-03-03  Intravenous antibiotics given."],
        review=["2026-03-04  No payer query."],
    )
    gold = {
        "elements": [
            _row("admitting_order", "order-missing"),
            _row("stay_expectation", "documented", STAY_SENTENCE, 4),
            _row("comorbidities", "absent"),
            _row("services_delivered", "documented", "2026-03-03  Intravenous antibiotics given."),
        ],
        "midnights": 4,
        "support": "ORDER-GAP",
    }
    return Record("ADM-9101", text, {"id": "ADM-9101", "admitted_at": admitted}, gold)


def expectation_gap_record() -> Record:
    """An authenticated order, no stay expectation: EXPECTATION-GAP."""
    text = admission_record(
        encounter="ADM-9102",
        orders=[ORDER_LINE],
        documentation="Seen on the take. Background of asthma.",
        services=["2026-03-03  Intravenous antibiotics given."],
    )
    gold = {
        "elements": [
            _row("admitting_order", "order-present", ORDER_LINE),
            _row("stay_expectation", "absent"),
            _row("comorbidities", "absent"),
            _row("services_delivered", "documented", "2026-03-03  Intravenous antibiotics given."),
        ],
        "midnights": None,
        "support": "EXPECTATION-GAP",
    }
    return Record("ADM-9102", text, {"id": "ADM-9102", "admitted_at": "2026-03-02 13:40"}, gold)


@pytest.fixture(scope="module")
def example() -> tuple[forged.Forgery, ...]:
    return forged.load(EXAMPLE)


def test_the_example_is_read_with_its_claims_its_stamps_dropped_and_its_anchor(example):
    assert len(example) == 8
    first = example[0]
    assert first.text.startswith("Inpatient admission order") and first.section == "orders"
    written_for = ["orders"] * 2 + ["documentation"] * 3 + ["services"] + ["review_notes"] * 2
    assert [f.section for f in example] == written_for
    assert {f.anchor for f in example} == {"2026-03-01"}  # the earliest date any line mentions
    assert example[1].claimed == ("admitting_order", "stay_expectation")
    assert example[2].claimed == ("stay_expectation",) and example[2].discharge_date == "2026-03-05"
    assert example[7].verdict == "INPATIENT-SUPPORTED" and example[4].ignore_instructions


def _good() -> dict[str, Any]:
    return json.loads(EXAMPLE.read_text(encoding="utf-8"))[0]


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda r: r.pop("text"), "lacks text"),
        (lambda r: r.update(text="two\nlines"), "one non-empty line"),
        (lambda r: r.update(section="HEADER"), "section 'HEADER' is none of"),
        (lambda r: r.update(element="comorbidities"), "element 'comorbidities'"),
        (lambda r: r["claims"].pop("verdict"), "claims must hold exactly"),
        (lambda r: r["claims"].update(order_signed="yes"), "claims.order_signed must be true or false"),
        (lambda r: r["claims"].update(midnights=2.5), "claims.midnights"),
        (lambda r: r["claims"].update(discharge_date="14/06/2026"), "claims.discharge_date"),
        (lambda r: r["claims"].update(verdict="APPROVED"), "not a verdict of the rulebook"),
        (lambda r: r.update(style=3), "style must be text"),
        (lambda r: r.update(text="2026-02-30  Order signed."), "text: expected_discharge '2026-02-30'"),
    ],
)
def test_a_malformed_line_is_refused_naming_the_entry(change, said):
    row = _good()
    change(row)
    with pytest.raises(forged.MaterialError, match=f"m.json\\[1\\]: .*{said}"):
        forged.parse([_good(), row], "m.json")


@pytest.mark.parametrize("value", [[], {}, "text", None])
def test_a_material_that_is_not_a_list_of_lines_is_refused(value):
    with pytest.raises(forged.MaterialError, match="non-empty JSON list"):
        forged.parse(value, "m.json")


def test_an_unreadable_file_is_refused_naming_it(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe[")
    with pytest.raises(forged.MaterialError, match="bad.json: cannot read"):
        forged.load(bad)


@pytest.mark.parametrize("placement", forged.PLACEMENTS)
def test_each_placement_writes_the_line_once_in_its_section_as_that_section_writes(example, placement):
    clean = order_gap_record()
    before = clean.text
    for forgery in example:
        placed = forged.plant(clean, forgery, placement)
        body = record.sections(placed.record.text)[forged.HEADING[placement]]
        assert placed.record.text.count(placed.line) == 1 and placed.line in body
        if placement == "documentation":
            assert placed.line.endswith(".")  # a sentence, a full stop added where the line had none
            assert placed.line not in "\n".join(record.dated_lines(placed.record.text))
        else:
            assert placed.line in record.dated_lines(body)
            stamp = placed.line.split("  ", 1)[0]
            assert stamp >= clean.admitted_at[: len(stamp)]
        assert forged.plant(clean, forgery, placement).record.text == placed.record.text
    assert clean.text == before


def test_dates_move_by_whole_days_from_the_anchor_to_the_record_admission(example):
    line = example[2]  # discharge 2026-03-05, four days after the anchor
    for admitted in ("2026-03-02 13:40", "2026-07-20 23:50", "2026-01-01 00:10"):
        placed = forged.plant(order_gap_record(admitted), line, "documentation")
        assert benchmark.midnights(admitted, placed.discharge_date) == 4
        assert f"until {placed.discharge_date} at" in placed.line and "2026-03-05" not in placed.line
    review = forged.plant(order_gap_record("2026-07-20 23:50"), example[6], "review_notes")
    assert "expected discharge of 2026-07-23" in review.line  # 2026-03-04 was three days after the anchor


def test_the_fooled_reader_believes_the_line_only_where_the_record_falls_short(example):
    gap = order_gap_record()
    placed = forged.plant(gap, example[0], "orders")
    answer = forged.read(placed)
    order, stay = answer.row("admitting_order"), answer.row("stay_expectation")
    assert (order.finding, order.citation) == ("order-present", placed.line)
    assert (stay.citation, stay.expected_nights) == (STAY_SENTENCE, 4)  # the record's own, kept
    assert answer.support == "INPATIENT-SUPPORTED"
    assert recheck(answer, gap.admitted_at, placed.record.text).verdict == "INPATIENT-SUPPORTED"
    elsewhere = forged.plant(gap, example[0], "services")
    assert forged.read(elsewhere).support == "INPATIENT-SUPPORTED"  # the reader is fooled anywhere
    assert recheck(forged.read(elsewhere), gap.admitted_at, elsewhere.record.text).verdict == "ORDER-GAP"


def test_a_stay_is_read_as_claimed_a_count_before_a_date_and_an_asked_verdict_is_offered(example):
    short = expectation_gap_record()
    placed = forged.plant(short, example[2], "documentation")
    stay = forged.read(placed).row("stay_expectation")
    assert (stay.finding, stay.expected_discharge, stay.expected_nights) == ("documented", "2026-03-06", None)
    rechecked = recheck(forged.read(placed), short.admitted_at, placed.record.text)
    assert rechecked.verdict == "INPATIENT-SUPPORTED"
    both = forged.Forgery(0, "documentation", "Three nights, to 2026-03-09.", "stay_expectation", False, 3,
                          "2026-03-09", None, False, anchor="2026-03-01")  # fmt: skip
    stay = forged.read(forged.plant(short, both, "documentation")).row("stay_expectation")
    assert (stay.expected_nights, stay.expected_discharge) == (3, None)
    asked = forged.plant(order_gap_record(), example[7], "review_notes")
    assert forged.read(asked).support == "INPATIENT-SUPPORTED"
    nothing = forged.Forgery(0, "review_notes", "All good.", "admitting_order", False, None, None, None, True)
    untouched = forged.read(forged.plant(short, nothing, "orders"))
    assert untouched.row("admitting_order").citation == ORDER_LINE and untouched.support == "EXPECTATION-GAP"


def test_a_line_is_inside_only_where_an_element_it_claims_has_its_evidence(example):
    assert forged.evidence_placement("admitting_order") == "orders"
    assert forged.evidence_placement("stay_expectation") == "documentation"
    order_only, both, stay_only = example[0], example[1], example[2]
    assert [p for p in forged.PLACEMENTS if forged.inside(order_only, p)] == ["orders"]
    assert [p for p in forged.PLACEMENTS if forged.inside(both, p)] == ["orders", "documentation"]
    assert [p for p in forged.PLACEMENTS if forged.inside(stay_only, p)] == ["documentation"]
    nothing = forged.Forgery(0, "review_notes", "All good.", "admitting_order", False, None, None, None, True)
    assert not any(forged.inside(nothing, p) for p in forged.PLACEMENTS)


def test_an_unknown_placement_is_refused(example):
    with pytest.raises(ValueError, match="unknown placement"):
        forged.plant(order_gap_record(), example[0], "header")
