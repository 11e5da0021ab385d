import pytest

from kit.measure.stats import wilson


def test_known_value():
    low, high = wilson(47, 60)
    assert low == pytest.approx(0.6638, abs=1e-4)
    assert high == pytest.approx(0.8688, abs=1e-4)


def test_edges_stay_inside_zero_and_one():
    assert wilson(0, 60)[0] == 0.0
    assert wilson(60, 60)[1] == 1.0
    assert wilson(167, 167)[1] == 1.0
    assert 0.0 < wilson(60, 60)[0] < 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_bad_counts_are_refused():
    with pytest.raises(ValueError):
        wilson(5, 4)
