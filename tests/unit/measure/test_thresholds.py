from pathlib import Path

import pytest

from kit.corpus import fingerprint, load
from kit.measure import thresholds
from kit.measure.metric import HIGHER, LOWER, Metric

GOOD = Metric("findings", 47, 60, HIGHER)
BAD = Metric("citations.not_found", 3, 60, LOWER)
HOME, AWAY = "sha256:home", "sha256:away"  # the corpus a table was measured on, and another
REPO = Path(__file__).resolve().parents[3]


def judge(tables, metric, corpus_hash=HOME, peers=None):
    return thresholds.judge(tables, "arm", metric, corpus_hash, peers)


@pytest.mark.parametrize(
    ("spec", "metric", "passed"),
    [
        (0.75, GOOD, True),
        (0.80, GOOD, False),
        (0.05, BAD, True),
        (0.04, BAD, False),
        ({"exact": 47}, GOOD, True),
        ({"exact": 48}, GOOD, False),
        ({"min": 40, "max": 50}, GOOD, True),
        ({"max": 2}, BAD, False),
        ("perfect", GOOD, False),
        ("perfect", Metric("x", 0, 60, LOWER), True),
        ("perfect", Metric("x", 60, 60, HIGHER), True),
    ],
)
def test_judge(spec, metric, passed):
    assert judge({"arm": {metric.name: spec}}, metric).passed is passed
    measured = {"arm": {metric.name: spec, thresholds.MEASURED_ON: HOME}}
    assert judge(measured, metric).passed is passed, "on the corpus it was measured on, a pin is judged"


def test_star_is_the_default_and_a_named_metric_wins():
    tables = {"arm": {"*": "perfect", "findings": 0.5}}
    assert judge(tables, GOOD).passed
    assert not judge(tables, BAD).passed


def test_a_missing_threshold_fails():
    verdict = judge({}, GOOD)
    assert verdict.passed is False and "no threshold configured" in verdict.reason


def test_a_rate_gate_with_nothing_to_count_fails_on_the_measured_corpus_and_is_na_elsewhere():
    tables = {"arm": {"x": 0.5}, "other": {thresholds.MEASURED_ON: HOME}}
    assert judge(tables, Metric("x", 0, 0)).passed is False
    away = judge(tables, Metric("x", 0, 0), AWAY)
    assert away.passed is None and away.reason == thresholds.NO_ITEMS


@pytest.mark.parametrize("spec", [{"exact": 36}, {"max": 0}, {"min": 50}])
def test_a_count_pinned_on_one_corpus_is_na_on_another_and_says_why(spec):
    tables = {"arm": {"findings": spec, thresholds.MEASURED_ON: HOME}}
    verdict = judge(tables, GOOD, AWAY)
    assert verdict.passed is None
    assert verdict.reason == thresholds.pin_reason(HOME, AWAY)
    assert HOME[:15] in verdict.reason and AWAY[:15] in verdict.reason and "\n" not in verdict.reason


def test_rates_and_perfect_apply_to_every_corpus_and_bounds_without_measured_on_too():
    measured = {"findings": 0.9, "x": "perfect", thresholds.MEASURED_ON: HOME}
    tables = {"arm": measured, "paid": {"*": {"max": 0}}}
    assert judge(tables, GOOD, AWAY).passed is False  # 47/60 < 90%
    assert judge(tables, Metric("x", 3, 4), AWAY).passed is False
    assert judge(tables, Metric("x", 4, 4), AWAY).passed is True
    assert thresholds.judge(tables, "paid", Metric("y", 1, 40, LOWER), AWAY, None).passed is False


def test_same_as_compares_with_the_named_arm_of_the_run():
    tables = {"arm": {"*": {"same-as": "floor"}}}
    twin = {"floor": {"findings": Metric("findings", 47, 60, HIGHER)}}
    other = {"floor": {"findings": Metric("findings", 46, 60, HIGHER)}}
    verdict = judge(tables, GOOD, AWAY, twin)
    assert verdict.passed is True and verdict.threshold == "= floor 47"
    assert judge(tables, GOOD, AWAY, other).passed is False
    costs_another = {"floor": {"findings": Metric("findings", 47, 60, HIGHER, ("ADM-0001",))}}
    assert judge(tables, GOOD, HOME, costs_another).passed is False
    missing = judge(tables, GOOD, HOME, {})
    assert missing.passed is None and "floor arm is not in this run" in missing.reason


def test_bad_specs_are_clear_errors():
    with pytest.raises(thresholds.ThresholdError, match="unknown threshold keys"):
        judge({"arm": {"findings": {"least": 3}}}, GOOD)
    with pytest.raises(thresholds.ThresholdError, match="unknown threshold keys"):
        judge({"arm": {"findings": {"least": 3}, thresholds.MEASURED_ON: HOME}}, GOOD, AWAY)
    with pytest.raises(thresholds.ThresholdError, match="unknown threshold keys"):
        judge({"arm": {"findings": {"same-as": "floor", "exact": 3}}}, GOOD)
    with pytest.raises(thresholds.ThresholdError, match="cannot read"):
        judge({"arm": {"findings": "most"}}, GOOD)
    with pytest.raises(thresholds.ThresholdError, match="ambiguous"):
        judge({"arm": {"findings": 1}}, GOOD)


def test_load_merges_pyproject_and_the_named_file(tmp_path):
    (tmp_path / "pyproject.toml").write_text(
        '[tool.kit]\nthresholds-file = "t.toml"\n[tool.kit.thresholds.oracle]\n"*" = "perfect"\n'
    )
    (tmp_path / "t.toml").write_text('[thresholds.floor]\nfindings = { exact = 3 }\n')
    tables = thresholds.load(tmp_path)
    assert tables == {"oracle": {"*": "perfect"}, "floor": {"findings": {"exact": 3}}}
    assert thresholds.load(tmp_path, tmp_path / "t.toml") == {"floor": {"findings": {"exact": 3}}}
    with pytest.raises(thresholds.ThresholdError):
        thresholds.load(tmp_path, tmp_path / "missing.toml")


def test_the_shipped_pins_were_measured_on_the_shipped_corpus():
    """Regenerating the corpus moves its hash: the pins must then be measured again and the hash with
    them, or every pin would quietly be n/a on the shipped corpus."""
    shipped = fingerprint.corpus_hash(load.load(load.shipped_folder()))
    assert thresholds.measured_on(thresholds.load(REPO)) == {shipped}


def test_the_project_root_is_found_from_a_folder_inside_it(tmp_path):
    assert thresholds.project_root(REPO / "fixtures" / "corpus") == REPO
    assert thresholds.project_root(tmp_path) is None


def test_no_shipped_threshold_is_one_that_cannot_fail():
    """A rate of 0 or 1, or a lone lower bound of 0, passes whatever the arm scores."""
    tables = thresholds.load(REPO)
    for arm, table in tables.items():
        for name, spec in table.items():
            if name == thresholds.MEASURED_ON:
                continue
            if isinstance(spec, float):
                assert 0.0 < spec < 1.0, (arm, name, spec)
            elif isinstance(spec, dict):
                assert spec != {"min": 0} and spec.get("same-as") != arm, (arm, name, spec)
            else:
                assert spec == "perfect", (arm, name, spec)
