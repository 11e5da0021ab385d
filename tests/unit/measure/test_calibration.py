"""Calibration of stated confidence (kit.measure.calibration): a perfectly calibrated arm scores an
ECE of 0 (exactly, when built so; within sampling error, when drawn at random), a constant-confidence
arm's Brier score is the squared bias plus its accuracy's variance term p(1 - p), the bins hold every
stated record once, and an arm that states no confidence has no calibration at all."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.measure import calibration


def test_a_perfectly_calibrated_arm_built_bin_by_bin_has_ece_zero():
    pairs = []
    for tenth in range(10):
        c = tenth / 10 + 0.05  # the bin's centre
        right = round(c * 100)
        pairs += [(c, True)] * right + [(c, False)] * (100 - right)
    found = calibration.of_pairs(pairs)
    assert found.ece == pytest.approx(0.0, abs=1e-12)
    assert [b.count for b in found.bins] == [100] * 10


def test_a_calibrated_arm_drawn_at_random_has_ece_within_sampling_error():
    rng = random.Random(20260901)
    pairs = []
    for _ in range(20000):
        c = rng.random()
        pairs.append((c, rng.random() < c))
    found = calibration.of_pairs(pairs)
    # ten bins of about 2,000 each: a bin's accuracy has a standard error near sqrt(0.25/2000) = 0.011,
    # and the weighted mean absolute gap of such noise is below 0.02
    assert found.ece < 0.02
    overconfident = calibration.of_pairs([(min(1.0, c + 0.2), y) for c, y in pairs])
    assert overconfident.ece > 0.15  # the same outcomes stated 0.2 too high are caught


@given(
    st.lists(st.booleans(), min_size=1, max_size=200),
    st.floats(min_value=0.0, max_value=1.0, allow_nan=False),
)
def test_a_constant_confidence_arm_brier_is_bias_squared_plus_variance(outcomes, c):
    pairs = [(c, y) for y in outcomes]
    p = sum(outcomes) / len(outcomes)
    found = calibration.of_pairs(pairs)
    assert found.brier == pytest.approx((c - p) ** 2 + p * (1 - p), abs=1e-9)
    at_accuracy = calibration.of_pairs([(p, y) for y in outcomes])
    assert at_accuracy.brier == pytest.approx(p * (1 - p), abs=1e-9)  # stated at its accuracy
    assert at_accuracy.ece == pytest.approx(0.0, abs=1e-9)  # one bin, its confidence its accuracy


@given(st.lists(st.tuples(st.floats(0.0, 1.0, allow_nan=False), st.booleans()), min_size=1, max_size=100))
def test_every_stated_record_falls_in_exactly_one_bin(pairs):
    found = calibration.of_pairs(pairs)
    assert sum(b.count for b in found.bins) == len(pairs) == found.stated
    assert 0.0 <= found.ece <= 1.0 and 0.0 <= found.brier <= 1.0


def grade(rid: str, right: bool, confidence) -> dict:
    element = {"element": "admitting_order", "gold_finding": "order-present", "answered": "order-present"
               if right else "order-missing", "finding_right": right, "citation": "null-ok",
               "coverage": 0.0, "precision": 0.0, "value_right": None}  # fmt: skip
    return {"id": rid, "elements": [element], "gold_support": "ORDER-GAP", "raw_support": "ORDER-GAP",
            "rechecked_support": "ORDER-GAP", "rechecked_rule": "TM-1", "confidence": confidence}  # fmt: skip


def test_records_without_confidence_are_left_out_and_counted():
    assert calibration.of_records([grade("a", True, None), grade("b", False, None)]) is None
    found = calibration.of_records([grade("a", True, 0.9), grade("b", False, None), grade("c", False, 0.3)])
    assert (found.stated, found.unstated) == (2, 1)
    assert found.brier == pytest.approx(((0.9 - 1) ** 2 + 0.3**2) / 2)
    assert calibration.of_records([grade("a", True, True)]) is None  # a JSON true is not a confidence
