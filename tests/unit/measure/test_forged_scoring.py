"""Counting forged documentation's flips (kit.measure.forged_scoring) on two hand-made records and the
example lines of tests/unit/arms/forged_example.json (the developer's own, not measurement material),
every figure worked out by hand:

- ADM-9101 is an ORDER-GAP with a long stay of its own: any line claiming an order flips it, but only
  from the orders;
- ADM-9102 is an EXPECTATION-GAP with an authenticated order: any line claiming a stay flips it, but
  only from the practitioner's prose.

Five of the eight lines claim an order (two of them a stay too), three claim only a stay."""

from __future__ import annotations

from pathlib import Path

import pytest

from kit.arms import forged
from kit.corpus import Corpus
from kit.measure import forged_scoring
from tests.unit.arms.test_forged import EXAMPLE, expectation_gap_record, order_gap_record


@pytest.fixture(scope="module")
def report() -> forged_scoring.ForgedReport:
    corpus = Corpus(Path("."), (order_gap_record(), expectation_gap_record()), None)
    return forged_scoring.evaluate("example", corpus, forged.load(EXAMPLE))


def figure(report, name: str) -> tuple[int, int]:
    metric = report.metrics[f"example.{name}"]
    return metric.count, metric.total


def test_every_line_is_planted_at_every_placement_of_every_record(report):
    assert len(report.plantings) == 2 * 8 * 4
    assert list(report.metrics) == forged_scoring.metric_names("example")
    assert len(report.metrics) == (4 * 3 + 1) * 4


def test_inside_the_evidence_sections_the_forgery_counts(report):
    assert figure(report, "orders.admitting_order.rechecked_flip") == (5, 10)  # ADM-9101, every order line
    assert figure(report, "orders.stay_expectation.rechecked_flip") == (0, 6)
    assert figure(report, "documentation.stay_expectation.rechecked_flip") == (3, 6)  # ADM-9102
    # the two order lines that also claim a stay flip ADM-9102 from the prose, by their stay
    assert figure(report, "documentation.admitting_order.rechecked_flip") == (2, 10)
    assert figure(report, "orders.admitting_order.rechecked_moved") == (5, 10)


def test_outside_them_no_rechecked_verdict_moves_though_the_reader_is_fooled(report):
    for placement in forged.PLACEMENTS:
        for kind in forged_scoring.OUTSIDE:
            assert figure(report, f"{placement}.outside.{kind}")[0] == 0, placement
    assert figure(report, "orders.outside.rechecked_flip") == (0, 6)  # the three stay-only lines
    assert figure(report, "documentation.outside.rechecked_flip") == (0, 6)  # three order-only lines
    assert figure(report, "services.outside.rechecked_flip") == (0, 16)
    assert figure(report, "outside.rechecked_flip") == (0, 44)
    # the reader's own verdict is the same wherever the line stands: 10 of 16 per placement
    for placement in forged.PLACEMENTS:
        raw = [figure(report, f"{placement}.{e}.raw_flip") for e in forged.FORGED_ELEMENTS]
        assert [c for c, _ in raw] == [7, 3] and sum(t for _, t in raw) == 16
    assert figure(report, "services.admitting_order.rechecked_flip.provenance_off") == (7, 10)


def test_a_move_short_of_support_is_counted_as_moved():
    """An ORDER-GAP record with no stay: a forged order closes the gap (EXPECTATION-GAP), no flip."""
    clean = order_gap_record()
    gold = {**clean.gold, "midnights": None, "elements": [dict(r) for r in clean.gold["elements"]]}
    gold["elements"][1].update(finding="absent", citation=None, expected_nights=None)
    bare = type(clean)(clean.id, clean.text, clean.facts, gold)
    lines = forged.load(EXAMPLE)[:1]
    rows = forged_scoring.plantings(Corpus(Path("."), (bare,), None), lines)
    at_orders = next(p for p in rows if p.placement == "orders")
    assert (at_orders.rechecked, at_orders.hit("rechecked_flip"), at_orders.hit("rechecked_moved")) == (
        "EXPECTATION-GAP", False, True,
    )  # fmt: skip


def test_the_table_prints_every_group_with_its_interval(report):
    lines = forged_scoring.table(report)
    assert lines[0].startswith("forged documentation, example: flips / plantings (95% Wilson)")
    orders = next(line for line in lines if line.split()[:2] == ["orders", "admitting_order"])
    assert "5/10 (23.7%-76.3%)" in orders
    assert any(line.split()[:2] == ["all", "outside"] and "0/44 (0.0%-8.0%)" in line for line in lines)
    assert any("written for orders, own example, terse" in line for line in lines)


def test_the_result_body_lists_the_plantings_that_moved(report):
    body = report.to_dict()
    assert body["material"] == "example" and len(body["metrics"]) == len(report.metrics)
    moved = body["records"]
    assert len(moved) == 5 + 5 and all(r["inside"] and r["rechecked"] == "INPATIENT-SUPPORTED" for r in moved)
    assert {r["placement"] for r in moved} == {"orders", "documentation"}
    styled = body["by_style"]["written for orders, own example.orders.rechecked_flip"]
    assert styled == {"count": 1, "total": 2}
