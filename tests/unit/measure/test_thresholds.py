import pytest

from kit.measure import thresholds
from kit.measure.scoring import HIGHER, LOWER, Metric

GOOD = Metric("findings", 47, 60, HIGHER)
BAD = Metric("citations.not_found", 3, 60, LOWER)


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
    assert thresholds.judge({"arm": {metric.name: spec}}, "arm", metric).passed is passed


def test_star_is_the_default_and_a_named_metric_wins():
    tables = {"arm": {"*": "perfect", "findings": 0.5}}
    assert thresholds.judge(tables, "arm", GOOD).passed
    assert not thresholds.judge(tables, "arm", BAD).passed


def test_a_missing_threshold_fails():
    verdict = thresholds.judge({}, "arm", GOOD)
    assert not verdict.passed and "no threshold configured" in verdict.reason


def test_a_rate_gate_with_nothing_to_count_fails():
    assert not thresholds.judge({"arm": {"x": 0.5}}, "arm", Metric("x", 0, 0)).passed


def test_bad_specs_are_clear_errors():
    with pytest.raises(thresholds.ThresholdError, match="unknown threshold keys"):
        thresholds.judge({"arm": {"findings": {"least": 3}}}, "arm", GOOD)
    with pytest.raises(thresholds.ThresholdError, match="cannot read"):
        thresholds.judge({"arm": {"findings": "most"}}, "arm", GOOD)
    with pytest.raises(thresholds.ThresholdError, match="ambiguous"):
        thresholds.judge({"arm": {"findings": 1}}, "arm", GOOD)


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


def test_no_shipped_threshold_is_one_that_cannot_fail():
    """A rate of 0 or 1, or a lone lower bound of 0, passes whatever the arm scores."""
    from pathlib import Path

    tables = thresholds.load(Path(__file__).resolve().parents[3])
    for arm, table in tables.items():
        for name, spec in table.items():
            if isinstance(spec, float):
                assert 0.0 < spec < 1.0, (arm, name, spec)
            elif isinstance(spec, dict):
                assert spec != {"min": 0}, (arm, name, spec)
            else:
                assert spec == "perfect", (arm, name, spec)
