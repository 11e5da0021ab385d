"""Both clock edges, as properties: midnights are calendar days, and hours disagree on both edges."""

from datetime import datetime, time, timedelta

from hypothesis import example, find, given
from hypothesis import strategies as st

from kit.rules import benchmark

ADMISSIONS = st.datetimes(min_value=datetime(2020, 1, 1), max_value=datetime(2030, 12, 31)).map(
    lambda d: d.replace(second=0, microsecond=0)
)


@given(ADMISSIONS, st.integers(min_value=0, max_value=60))
def test_count_is_the_calendar_day_difference(admitted, days):
    discharge = admitted.date() + timedelta(days=days)
    text = admitted.strftime("%Y-%m-%d %H:%M")
    assert benchmark.midnights(text, discharge.isoformat()) == days


@given(ADMISSIONS, st.times(), st.integers(min_value=0, max_value=30))
def test_count_does_not_depend_on_the_time_of_day(admitted, other_time, days):
    discharge = (admitted.date() + timedelta(days=days)).isoformat()
    moved = datetime.combine(admitted.date(), other_time).strftime("%Y-%m-%d %H:%M")
    assert benchmark.midnights(admitted.strftime("%Y-%m-%d %H:%M"), discharge) == benchmark.midnights(
        moved, discharge
    )


@given(ADMISSIONS, st.integers(min_value=0, max_value=365))
def test_night_form_returns_the_nights(admitted, nights):
    assert benchmark.midnights(admitted.strftime("%Y-%m-%d %H:%M"), expected_nights=nights) == nights


STAYS = st.tuples(ADMISSIONS, st.integers(min_value=0, max_value=4), st.integers(min_value=0, max_value=23))


def _calendar(stay) -> int:
    admitted, days, _ = stay
    return benchmark.midnights(
        admitted.strftime("%Y-%m-%d %H:%M"), (admitted.date() + timedelta(days=days)).isoformat()
    )


def _by_hours(stay) -> int:
    """The wrong way: elapsed hours to a discharge at a given hour, rounded to whole days."""
    admitted, days, hour = stay
    discharge = datetime.combine(admitted.date() + timedelta(days=days), time(hour))
    return round((discharge - admitted).total_seconds() / 86400)


def test_hours_miss_the_late_evening_edge():
    admitted, days, hour = find(STAYS, lambda s: _by_hours(s) < _calendar(s) and _calendar(s) == 2)
    assert admitted.time() > time(hour)


def test_hours_miss_the_small_hours_edge():
    admitted, days, hour = find(STAYS, lambda s: _by_hours(s) > _calendar(s) and _calendar(s) == 1)
    assert admitted.time() < time(hour)


@example(datetime(2026, 6, 10, 23, 50))
@given(st.datetimes(datetime(2020, 1, 1), datetime(2030, 12, 31)).map(lambda d: d.replace(hour=23)))
def test_late_evening_admission_day_after_next_is_two_midnights_on_about_a_day(admitted):
    admitted = admitted.replace(second=0, microsecond=0)
    stay = (admitted, 2, 0)
    assert _calendar(stay) == 2
    assert benchmark.meets(_calendar(stay))
    assert _by_hours(stay) == 1


@example(datetime(2026, 6, 10, 1, 0))
@given(st.datetimes(datetime(2020, 1, 1), datetime(2030, 12, 31)).map(lambda d: d.replace(hour=1)))
def test_small_hours_admission_late_next_day_is_one_midnight_on_nearly_two_days(admitted):
    admitted = admitted.replace(second=0, microsecond=0)
    stay = (admitted, 1, 23)
    assert _calendar(stay) == 1
    assert not benchmark.meets(_calendar(stay))
    assert _by_hours(stay) == 2


@given(ADMISSIONS, st.integers(min_value=1, max_value=400))
def test_a_discharge_before_admission_is_refused(admitted, days_before):
    discharge = (admitted.date() - timedelta(days=days_before)).isoformat()
    try:
        benchmark.midnights(admitted.strftime("%Y-%m-%d %H:%M"), discharge)
    except benchmark.BenchmarkError as err:
        assert discharge in str(err)
    else:
        raise AssertionError("a discharge date before admission was accepted")
