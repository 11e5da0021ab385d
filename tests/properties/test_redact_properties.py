"""Redaction properties: redact-then-restore is the identity on any record (shipped records with
identifiers and arbitrary text written in, and arbitrary text alone); shifting keeps every midnight
count and weekday; a citation of any line of the redacted record restores to the original line."""

from datetime import date, datetime, timedelta

from hypothesis import given
from hypothesis import strategies as st

from kit.corpus import load
from kit.guard.redact import redact, restore_quote, restore_text
from kit.guard.redact.dates import STYLES, find, render
from kit.rules import benchmark

RECORDS = load.load(load.shipped_folder()).records
SALTS = st.text(min_size=1, max_size=20)
NAMES = st.sampled_from(["Okafor", "Lindqvist", "Nakamura-Hill", "O'Brien", "McAllister", "Adaeze", "Tobias"])
IDENTIFIERS = st.one_of(
    st.builds(lambda n: f"Patient: {n} Reyes", NAMES),
    st.builds(lambda n: f"Next of kin: Mrs {n}", NAMES),
    st.builds(lambda n: f"Dr {n} (pager {4000 + len(n)})", NAMES),
    st.builds(lambda a, b: f"MRN {a:04d}{b:04d}", st.integers(0, 9999), st.integers(0, 9999)),
    st.builds(lambda a, b: f"({a}) 555-{b:04d}", st.integers(200, 999), st.integers(0, 9999)),
    st.builds(lambda a, b: f"+44 7700 {a:03d}{b:03d}", st.integers(0, 999), st.integers(0, 999)),
    st.builds(lambda d: f"DOB {d:%m/%d/%Y}", st.dates(date(1920, 1, 1), date(2010, 12, 31))),
    st.builds(lambda d: f"born {d.day} {d:%B %Y}", st.dates(date(1920, 1, 1), date(2010, 12, 31))),
    st.builds(lambda n: f"{n.lower()}.r@clinic.example.org", NAMES),
    st.builds(lambda a: f"{a} Larkspur Avenue, Brookfield, MA 02139", st.integers(1, 9999)),
    st.just("SSN 123-45-6789, https://portal.example.org/x?id=7 from 10.0.0.12"),
)


def _plant(text: str, pieces: list[tuple[int, str]]) -> str:
    lines = text.splitlines()
    for where, piece in pieces:
        at = where % len(lines)
        lines[at] = f"{lines[at]} {piece}" if lines[at].strip() else lines[at]
    return "\n".join(lines) + "\n"


PLANTED = st.builds(
    _plant,
    st.sampled_from([r.text for r in RECORDS]),
    st.lists(st.tuples(st.integers(0, 10_000), IDENTIFIERS), max_size=8),
)


@given(st.one_of(PLANTED, st.text()), SALTS)
def test_redact_then_restore_is_the_identity_on_any_record(text, salt):
    done = redact(text, "ADM-0001", salt)
    assert restore_text(done, done.text) == text
    assert len(done.text.splitlines()) == len(text.splitlines())


@given(PLANTED, SALTS)
def test_a_citation_of_any_redacted_line_restores_to_the_original_line(text, salt):
    done = redact(text, "ADM-0001", salt)
    for original, redacted in zip(text.splitlines(), done.text.splitlines(), strict=True):
        if redacted.strip():
            assert restore_quote(done, redacted.strip()) == original.strip()


MOMENTS = st.datetimes(datetime(1990, 1, 1), datetime(2060, 12, 31))
STYLE_OF = {"iso": "2026-08-09", "dmy": "9 August 2026", "mdy": "Aug 9, 2026", "num": "08/09/2026"}


@given(MOMENTS, st.integers(0, 400), st.sampled_from(sorted(STYLES)), SALTS)
def test_shifting_keeps_every_midnight_count_and_weekday(admitted, nights, style, salt):
    discharge = admitted.date() + timedelta(days=nights)
    written = render(find(STYLE_OF[style], 2026)[0], discharge)
    text = (
        "ENCOUNTER FACTS\n"
        f"  Admitted                      {admitted:%Y-%m-%d %H:%M}\n"
        f"Expected discharge on {written}.\n"
    )
    done = redact(text, "ADM-0001", salt)
    _, day, clock = done.text.splitlines()[1].split()
    moved_admitted = f"{day} {clock}"
    moved_discharge = find(done.text.splitlines()[2], 2026)[0].day
    own = benchmark.midnights(f"{admitted:%Y-%m-%d %H:%M}", discharge.isoformat())
    assert benchmark.midnights(moved_admitted, moved_discharge.isoformat()) == own
    assert moved_discharge.weekday() == discharge.weekday()
    assert moved_admitted[-5:] == f"{admitted:%H:%M}"
