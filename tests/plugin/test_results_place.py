"""Where a session's runs go (kit.plugin.place, issue 34): a session that runs the kit's own tests
beside the eval suite (the README's test command) writes its run under its temporary directory and
leaves the project's results/ as the user left it; a session of tests/eval only (the main job) writes
into results/ as before; --results-dir always wins. Inner sessions in a scratch project rooted in the
test's own folder (an eval file that writes the floor's result file, and a unit test), so a broken
rule writes into the scratch project's results/, never the repository's; one of them under xdist."""

from __future__ import annotations

import re
from pathlib import Path

from kit.plugin.place import evaluation_only
from tests.plugin.sessions import REPO

EVAL_FILE = '''
def test_the_floor_is_written(offline_report, record_property):
    assert offline_report("floor").arm == "floor"
    record_property("kit_note", "a note, so the session ends with the scoreboard and where it wrote")
'''
UNIT_FILE = '''
def test_a_unit_test():
    assert True
'''


def scratch_project(pytester) -> Path:
    """A project with the kit's thresholds, an eval file and a unit test; returns its root."""
    pytester.makeini("[pytest]\n")
    pytester.makepyprojecttoml(f'[tool.kit]\nthresholds-file = "{REPO / "thresholds.toml"}"\n')
    for folder, name, body in (("eval", "test_eval_part", EVAL_FILE), ("unit", "test_unit_part", UNIT_FILE)):
        (pytester.path / "tests" / folder).mkdir(parents=True)
        (pytester.path / "tests" / folder / f"{name}.py").write_text(body)
    return pytester.path


def written_to(out: str) -> Path:
    """The run folder the scoreboard's last line names."""
    return Path(re.search(r"^results: (\S+)/ \(floor\.json\)$", out, re.M).group(1))


def test_a_session_with_the_kits_own_tests_leaves_results_alone(pytester):
    root = scratch_project(pytester)
    result = pytester.runpytest_inprocess("tests", "--run-id=mixed", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)
    run = written_to(result.stdout.str())
    assert not (root / "results").exists()
    assert run.name == "mixed" and (run / "floor.json").is_file() and not run.is_relative_to(root / "results")


def test_under_xdist_the_workers_and_the_controller_agree_on_the_temporary_folder(pytester):
    root = scratch_project(pytester)
    result = pytester.runpytest_subprocess("tests", "-n", "2", "--run-id=spread", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=2)
    run = written_to(result.stdout.str())
    assert not (root / "results").exists() and (run / "floor.json").is_file()


def test_an_evaluation_session_and_a_named_folder_keep_their_place(pytester, tmp_path):
    root = scratch_project(pytester)
    result = pytester.runpytest_inprocess("tests/eval", "--run-id=main-job", "-p", "no:cacheprovider")
    assert written_to(result.stdout.str()) == root / "results" / "main-job"
    assert (root / "results" / "main-job" / "floor.json").is_file()
    named = tmp_path / "mine"
    args = ("tests", f"--results-dir={named}", "--run-id=r", "-p", "no:cacheprovider")
    result = pytester.runpytest_inprocess(*args)
    assert written_to(result.stdout.str()) == named / "r" and (named / "r" / "floor.json").is_file()


def test_only_a_session_wholly_under_tests_eval_is_an_evaluation(tmp_path):
    eval_dir = tmp_path / "tests" / "eval"
    assert evaluation_only(tmp_path, [eval_dir / "test_a.py", eval_dir / "label_gate" / "test_b.py"])
    assert evaluation_only(tmp_path, [])
    assert not evaluation_only(tmp_path, [eval_dir / "test_a.py", tmp_path / "tests" / "unit" / "test_c.py"])
    assert not evaluation_only(tmp_path, [tmp_path / "tests" / "evaluation" / "test_d.py"])
