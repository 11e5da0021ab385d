"""The scoreboard of the free arms, printed by the plugin at the end of an inner pytest session:
the same table with and without xdist (the controller collects the workers' rows), and one result
file per arm in one run folder. Only the xdist session needs a process of its own; the others run
in this process."""

from tests.plugin.sessions import REPO, inner_args

FREE_ARMS = REPO / "tests" / "eval" / "test_free_arms.py"


def _board(text: str) -> str:
    return text.split("admission evidence kit: scoreboard", 1)[1].split("results:", 1)[0]


def test_the_scoreboard_is_the_same_with_and_without_xdist_and_one_file_per_arm(pytester, tmp_path):
    plain = pytester.runpytest_inprocess(*inner_args(FREE_ARMS, tmp_path / "plain"))
    spread_args = inner_args(FREE_ARMS, tmp_path / "spread", "-n", "2", "--run-id=r1")
    spread = pytester.runpytest_subprocess(*spread_args)
    plain.assert_outcomes(passed=123)  # 40 metrics and a calibration line per arm
    spread.assert_outcomes(passed=123)
    assert _board(plain.stdout.str()) == _board(spread.stdout.str())
    for arm in ("floor", "always-present", "oracle"):
        assert f"arm: {arm}  (40 metrics, 0 below threshold)" in plain.stdout.str()
        assert f"calibration, {arm}: " in _board(plain.stdout.str())
    written = sorted(p.name for p in (tmp_path / "spread" / "r1").iterdir())
    assert written == ["always-present.json", "floor.json", "oracle.json", "pytest-session.log"]
    ends_with_the_table_across_arms(plain.stdout.lines)


def ends_with_the_table_across_arms(lines: list[str]) -> None:
    """Before: ~770 lines over 11 arms and no table across them. After the per-arm tables comes the
    report's first table: per arm its headline figures (the same as its own table's rows) and its
    thresholds tallied, always-present's exact figures met reading "as expected", not "passed"."""
    start = lines.index("summary across arms (the report's first table):")
    end = next(n for n, x in enumerate(lines) if x.startswith("results: "))
    table = lines[start:end]
    assert start > max(n for n, x in enumerate(lines) if x.startswith("arm: ")) and len(table) < 40
    for arm in ("floor", "always-present", "oracle"):
        own = next(x for x in lines[lines.index(next(x for x in lines if x.startswith(f"arm: {arm} "))) :]
                   if x.strip().startswith("records.fully_right "))  # fmt: skip
        count = own.split()[1]  # e.g. 36/60
        rows = [x for x in table if x.startswith(f"{arm} ")]
        assert f" {count} " in rows[0], (arm, rows)
        said = " ".join(rows)
        assert "40 as expected" in said if arm != "oracle" else "40 passed" in said, (arm, said)


def test_a_missed_threshold_fails_and_names_metric_value_threshold_and_records(pytester, tmp_path):
    strict = tmp_path / "strict.toml"
    strict.write_text(
        '[thresholds.floor]\n"*" = "perfect"\n[thresholds.oracle]\n"*" = "perfect"\n'
        '[thresholds.always-present]\n"*" = { min = 0 }\n'
    )
    args = inner_args(FREE_ARMS, tmp_path / "r", f"--thresholds={strict}", "-k", "floor and findings")
    result = pytester.runpytest_inprocess(*args)
    assert result.ret == 1
    result.stdout.fnmatch_lines(
        ["*floor / findings: */240 does not meet = 240*records that cost it: ADM-*"]
    )


def test_a_failing_run_is_one_line_per_metric_and_ends_with_the_scoreboard_and_what_failed(
    pytester, tmp_path
):
    strict = tmp_path / "strict.toml"
    strict.write_text('[thresholds.floor]\n"*" = "perfect"\n')
    args = inner_args(FREE_ARMS, tmp_path / "r", f"--thresholds={strict}", "-k", "floor and findings")
    result = pytester.runpytest_inprocess(*args)
    result.assert_outcomes(failed=6, passed=2)  # the floor gets services_delivered and ABSENT all right
    lines = result.stdout.lines
    traced = [x for x in lines if x.startswith(("E ", ">", "Traceback")) or "def check_metric" in x]
    assert not traced
    failures = lines[lines.index(next(x for x in lines if "= FAILURES =" in x)) + 1 :]
    messages = failures[: failures.index(next(x for x in failures if x.startswith("=")))]
    assert len(messages) == 2 * 6, messages  # a header and one line per failed metric
    board = lines.index(next(x for x in lines if "admission evidence kit: scoreboard" in x))
    tail = lines[board:]
    assert not [x for x in tail if x.startswith("FAILED")]
    summary = tail.index("6 metric(s) below threshold:")
    assert tail[summary + 1] == "  floor / findings: 211/240 (87.9%), threshold = 240"
    named = [x.split(":")[0].strip() for x in tail[summary + 1 : summary + 7]]
    missed = [x.split(": ")[0] for x in messages if " does not meet " in x]
    assert named == sorted(missed) and len(missed) == 6
    assert tail[summary + 7].startswith("results: ") and "6 failed" in tail[-1]
