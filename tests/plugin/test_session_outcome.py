"""The report's first screen says when the pytest session that wrote the run failed, naming the tests,
and then never says in green that every threshold passed (issue 34). Inner sessions (pytester, in this
process) on a small test file that writes the floor's result file on the shipped corpus, whose
thresholds all pass, with and without a planted failure; the page written by `--kit-report` and the
one `kit report` writes later from the run folder say the same."""

from __future__ import annotations

import re

from kit.corpus import load
from kit.measure import report, thresholds
from kit.measure.report import outcome
from tests.plugin.sessions import REPO, inner_args

TESTS = '''
def test_the_floor_is_written(offline_report):
    assert offline_report("floor").arm == "floor"


def test_a_planted_failure(pytestconfig):
    assert not pytestconfig.getoption("--run-id").startswith("failing"), "a planted failure"
'''
GREEN = '<p class="pass">Every threshold that was set passed.</p>'


def first_screen(page: str) -> str:
    """What the page shows above its navigation: the title, the notes and the session's outcome."""
    return page.split("<nav>", 1)[0]


def outcome_block(page: str) -> str:
    return re.search(r'<div class="session-outcome fail".*?</div>', page, re.S).group(0)


def session(pytester, tmp_path, run_id: str) -> str:
    file = pytester.makepyfile(test_outcome_session=TESTS)
    args = inner_args(file, tmp_path, f"--run-id={run_id}", "--kit-report")
    pytester.runpytest_inprocess(*args)
    return (tmp_path / run_id / "report.html").read_text(encoding="utf-8")


def test_a_session_that_failed_says_so_on_the_first_screen_and_names_the_test(pytester, tmp_path):
    page = session(pytester, tmp_path, "failing")
    top = first_screen(page)
    assert "The pytest session that wrote this run failed: 1 test(s) failed or errored" in top
    assert "(1 failed, 1 passed)" in top
    named = r"<li><code>[^<]*test_outcome_session\.py::test_a_planted_failure</code>: AssertionError: a"
    assert re.search(named, top)
    assert GREEN not in page and "Every threshold that was set passed, but the session" in page
    assert '<p class="fail">Every threshold that was set passed, but' in page

    again = report.write(tmp_path / "failing", load.load(load.shipped_folder()), tmp_path / "again.html",
                         thresholds.load(REPO))  # fmt: skip
    assert outcome_block(again.read_text(encoding="utf-8")) == outcome_block(page)


def test_a_session_that_passed_says_so_and_keeps_the_green_line(pytester, tmp_path):
    page = session(pytester, tmp_path, "passing")
    assert "The pytest session that wrote this run: 2 passed; no test failed." in first_screen(page)
    assert GREEN in page and "failed or errored" not in page


def test_the_outcome_file_reads_back_what_was_written(tmp_path):
    written = outcome.Outcome(
        "2 failed, 5 passed",
        (
            outcome.Failure("tests/a.py::test_x[p\tq]", "AssertionError: one\nand more"),
            outcome.Failure("b", ""),
        ),
    )
    outcome.write(tmp_path, written)
    read = outcome.read(tmp_path / "floor.json")  # beside a result file: its run folder's
    assert read == outcome.Outcome(
        "2 failed, 5 passed",
        (outcome.Failure("tests/a.py::test_x[p q]", "AssertionError: one"), outcome.Failure("b", "")),
    )
    assert outcome.read(tmp_path / "elsewhere" / "floor.json") is None
