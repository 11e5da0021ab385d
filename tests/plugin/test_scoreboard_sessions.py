"""The scoreboard of the free arms, printed by the plugin at the end of an inner pytest session:
the same table with and without xdist, and one result file per arm in one run folder."""

from pathlib import Path

from tests.plugin.conftest import REPO, inner_args

FREE_ARMS = REPO / "tests" / "eval" / "test_free_arms.py"


def _run(pytester, results: Path, *extra: str):
    return pytester.runpytest_subprocess(*inner_args(FREE_ARMS, results, *extra))


def _board(text: str) -> str:
    return text.split("admission evidence kit: scoreboard", 1)[1].split("results:", 1)[0]


def test_the_scoreboard_is_the_same_with_and_without_xdist(pytester, tmp_path):
    plain = _run(pytester, tmp_path / "plain")
    spread = _run(pytester, tmp_path / "spread", "-n", "2")
    plain.assert_outcomes(passed=117)
    spread.assert_outcomes(passed=117)
    assert _board(plain.stdout.str()) == _board(spread.stdout.str())
    for arm in ("floor", "always-present", "oracle"):
        assert f"arm: {arm}  (39 metrics, 0 below threshold)" in plain.stdout.str()


def test_one_result_file_per_arm_in_one_run_folder_under_xdist(pytester, tmp_path):
    _run(pytester, tmp_path / "spread", "-n", "2", "--run-id=r-test").assert_outcomes(passed=117)
    written = sorted(p.name for p in (tmp_path / "spread" / "r-test").iterdir())
    assert written == ["always-present.json", "floor.json", "oracle.json"]


def test_a_missed_threshold_fails_and_names_metric_value_threshold_and_records(pytester, tmp_path):
    strict = tmp_path / "strict.toml"
    strict.write_text(
        '[thresholds.floor]\n"*" = "perfect"\n[thresholds.oracle]\n"*" = "perfect"\n'
        '[thresholds.always-present]\n"*" = { min = 0 }\n'
    )
    result = _run(pytester, tmp_path / "r", f"--thresholds={strict}", "-k", "floor and findings")
    assert result.ret == 1
    result.stdout.fnmatch_lines(
        ["*floor / findings: */240 does not meet = 240*records that cost it: ADM-*"]
    )
