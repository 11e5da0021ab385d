"""Each metric is defined once: the scorer's and the injection scoring's metric names and figures are both
read from one table of definitions (name, which way is better, which rows, what counts). A definition
without a computation, or a name defined twice, fails here."""

from dataclasses import replace

import pytest

from kit.arms.oracle import from_gold
from kit.measure import injection_scoring, scoring
from kit.measure.metric import DIRECTIONS, LOWER, Definition, check


def tables() -> dict[str, list[Definition]]:
    """Every table of metric definitions, by who reports it (one per planted set of the injection)."""
    out = {"scoring": scoring.definitions(), "scan": injection_scoring.scan_definitions()}
    for name in injection_scoring._set_names():
        out[f"injection {name}"] = injection_scoring.set_definitions(name)
    return out


@pytest.mark.parametrize("owner", list(tables()))
def test_every_definition_has_a_direction_rows_and_a_computation(owner):
    for d in tables()[owner]:
        assert d.name, d
        assert d.better in DIRECTIONS, (owner, d.name, d.better)
        assert d.over, (owner, d.name)
        assert callable(d.counted), f"{owner}: {d.name} has no computation"
        assert callable(d.where), f"{owner}: {d.name} says no rows"


@pytest.mark.parametrize(
    ("names", "owner"),
    [
        (scoring.metric_names, "scoring"),
        (injection_scoring.metric_names, "injection"),
        (injection_scoring.scan_metric_names, "scan"),
    ],
)
def test_no_metric_name_appears_twice(names, owner):
    listed = names()
    twice = sorted({n for n in listed if listed.count(n) > 1})
    assert not twice, f"{owner} lists {twice} more than once"
    assert listed, owner


def test_the_injection_utility_is_the_scorers_own_definition():
    scored = {d.name: d for d in scoring.definitions()}
    for d in injection_scoring.set_definitions("overt.orders"):
        if ".utility." in d.name:
            own = scored[d.name.split(".utility.", 1)[1]]
            assert (d.better, d.over) == (own.better, own.over), d.name
            for mine, theirs in ((d.counted, own.counted), (d.where, own.where)):
                assert (mine.__code__, mine.__defaults__) == (theirs.__code__, theirs.__defaults__), d.name


def test_what_is_computed_is_exactly_what_is_listed(corpus):
    """Nothing computed goes unlisted (the eval tests parametrize on the lists), in the listed order."""
    report = scoring.score("t", corpus, {})
    assert list(report.metrics) == scoring.metric_names()
    metrics, _ = injection_scoring.scan_metrics(corpus)
    assert list(metrics) == injection_scoring.scan_metric_names()
    keys = {r.id: r.gold for r in corpus.records}
    injected = injection_scoring.evaluate(
        "t", corpus, {}, lambda records: {r.id: from_gold(keys[r.id]) for r in records}
    )
    assert list(injected.metrics) == injection_scoring.metric_names()


def _findings_right(row) -> bool:
    return row.element.finding_right


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        (lambda t: [*t, t[1]], "metric findings is defined twice"),
        (
            lambda t: [replace(t[0], counted=None), *t[1:]],
            "records.fully_right: its definition has no computation",
        ),
        (
            lambda t: [replace(t[0], where=None), *t[1:]],
            "records.fully_right: its definition has no computation",
        ),
        (lambda t: [replace(t[0], better="more"), *t[1:]], "better is 'more'"),
        (lambda t: [replace(t[0], over="lines"), *t[1:]], "counts over 'lines'"),
        (lambda t: [*t, Definition("", LOWER, scoring.ELEMENTS, _findings_right)], "has no name"),
    ],
)
def test_check_refuses_a_broken_table_naming_the_metric(broken, message):
    table = scoring.definitions()
    check(table, (scoring.RECORDS, scoring.ELEMENTS))  # the real table passes
    with pytest.raises(ValueError, match=message):
        check(broken(table), (scoring.RECORDS, scoring.ELEMENTS))


def test_a_utility_name_the_scorer_does_not_define_is_refused(monkeypatch):
    monkeypatch.setattr(injection_scoring, "UTILITY", (*injection_scoring.UTILITY, "findings.typo"))
    with pytest.raises(ValueError, match="findings.typo"):
        injection_scoring.metric_names()
