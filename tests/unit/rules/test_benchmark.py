import pytest

from kit.rules import benchmark as B


def test_late_evening_edge_two_midnights_on_about_a_day():
    assert B.midnights("2026-06-10 23:50", "2026-06-12") == 2
    assert "2 midnights, about 24 to 48 hours" in B.explain("2026-06-10 23:50", "2026-06-12")


def test_small_hours_edge_one_midnight_on_nearly_two_days():
    assert B.midnights("2026-06-10 01:00", "2026-06-11") == 1
    assert "1 midnight, about 23 to 47 hours" in B.explain("2026-06-10 01:00", "2026-06-11")


def test_same_day_discharge_is_zero():
    assert B.midnights("2026-06-10 08:00", "2026-06-10") == 0


def test_month_and_year_boundaries():
    assert B.midnights("2026-06-30 12:00", "2026-07-02") == 2
    assert B.midnights("2026-12-31 22:00", "2027-01-01") == 1


def test_night_form_returns_the_nights():
    assert B.midnights("2026-06-10 12:00", expected_nights=3) == 3
    assert B.explain("2026-06-10 12:00", expected_nights=3) == (
        "admitted 2026-06-10 12:00, 3 further nights stated: 3 midnights"
    )


def test_one_night_reads_in_the_singular():
    assert B.explain("2026-06-10 12:00", expected_nights=1) == (
        "admitted 2026-06-10 12:00, 1 further night stated: 1 midnight"
    )


def test_nothing_given_is_none():
    assert B.midnights("2026-06-10 12:00") is None
    assert "no midnight count" in B.explain("2026-06-10 12:00")


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("2026-06-10 12:00", "2026-06-12", 2), "not both"),
        (("2026-06-10", "2026-06-12", None), "'2026-06-10'"),
        (("2026-06-10 25:00", "2026-06-12", None), "'2026-06-10 25:00'"),
        (("2026-6-10 09:00", "2026-06-12", None), "'2026-6-10 09:00'"),
        (("2026-06-10 12:00", "12/06/2026", None), "'12/06/2026'"),
        (("2026-06-10 12:00", "2026-02-30", None), "'2026-02-30'"),
        (("2026-06-10 12:00", "2026-06-09", None), "before the admission date"),
        (("2026-06-10 12:00", None, -1), "negative"),
        (("2026-06-10 12:00", None, 2.5), "2.5"),
        (("2026-06-10 12:00", None, "3"), "'3'"),
        (("2026-06-10 12:00", None, True), "True"),
        ((None, "2026-06-12", None), "None"),
    ],
)
def test_bad_input_raises_one_error_type_naming_the_value(args, named):
    with pytest.raises(B.BenchmarkError, match=named.replace("(", r"\(")):
        B.midnights(*args)


def test_meets_reads_the_rulebook_threshold():
    assert not B.meets(None)
    assert not B.meets(1)
    assert B.meets(2)
    assert B.meets(7)
