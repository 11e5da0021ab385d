"""An unusable folder under `pytest --corpus` stops the session once, before collection, with the list
`python -m kit.corpus --check` prints (in this process, and spread over xdist workers), and a folder
without gold says why once. The loader's own messages are in tests/unit/corpus/test_corpus_load.py."""

import pytest

from kit.corpus import load
from kit.corpus.__main__ import main
from tests.unit.corpus.test_corpus_load import gold_rows, write_gold

REPO = load.shipped_folder().parents[1]


def pytest_session(pytester, folder, *extra) -> tuple[int, str]:
    """The exit code and output of `pytest --corpus=folder` on the free arms: in this process, or as
    a subprocess when `extra` spreads it over xdist workers."""
    args = [str(REPO / "tests" / "eval" / "test_free_arms.py"), f"--corpus={folder}",
            f"--results-dir={folder.parent / 'results'}", f"--rootdir={REPO}", "-c", str(REPO / "pytest.ini"),
            "-p", "no:cacheprovider", "-q", *extra]
    run = pytester.runpytest_subprocess if "-n" in extra else pytester.runpytest_inprocess
    result = run(*args)
    return result.ret, "\n".join(result.outlines + result.errlines)


@pytest.mark.parametrize("spread", [(), ("-n", "2")], ids=["serial", "xdist"])
def test_pytest_with_an_invalid_corpus_stops_once_with_the_check_list(pytester, shipped_copy, spread, capsys):
    rows = gold_rows(shipped_copy)
    rows[3]["id"] = ["ADM-0004"]
    write_gold(shipped_copy, rows)
    assert main(["--check", str(shipped_copy)]) == 1
    listed = capsys.readouterr().err.strip().splitlines()
    code, output = pytest_session(pytester, shipped_copy, *spread)
    assert code == 4, output
    assert "Traceback" not in output and "passed" not in output and "failed" not in output
    shown = [line.strip() for line in output.splitlines()]
    for line in listed[1:]:
        assert shown.count(line.strip()) == 1, (line, output)
    assert len(output.splitlines()) <= len(listed) + 3, output


def test_pytest_with_a_corpus_without_gold_says_why_once(pytester, shipped_copy):
    (shipped_copy / "gold.jsonl").unlink()
    code, output = pytest_session(pytester, shipped_copy)
    assert code == 4, output
    assert output.count("has no gold.jsonl, so it cannot be graded") == 1, output
    assert "Traceback" not in output and len(output.splitlines()) <= 3, output
