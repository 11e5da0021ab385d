"""The corpus loader on folders a user might bring: each problem is one line naming the file, never a
traceback, and an unusable folder under `pytest --corpus` stops the session once, before collection."""

import json
import shutil

import pytest

from kit.corpus import load
from kit.corpus.__main__ import main

REPO = load.shipped_folder().parents[1]


@pytest.fixture
def folder(tmp_path):
    target = tmp_path / "mine"
    shutil.copytree(load.shipped_folder(), target)
    return target


def gold_rows(folder):
    return [json.loads(line) for line in (folder / "gold.jsonl").read_text().splitlines()]


def write_gold(folder, rows):
    (folder / "gold.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))


def problems(folder) -> str:
    with pytest.raises(load.CorpusError) as err:
        load.load(folder)
    return str(err.value)


def test_a_gold_id_that_is_a_list_is_named(folder):
    rows = gold_rows(folder)
    rows[0]["id"] = ["ADM-0001"]
    write_gold(folder, rows)
    assert "gold.jsonl: line 1 is not an object with a text 'id'" in problems(folder)


@pytest.mark.parametrize("name", ["records.json", "gold.jsonl", "ADM-0001.txt", "manifest.json"])
def test_a_folder_in_place_of_a_file_is_named(folder, name):
    (folder / name).unlink()
    (folder / name).mkdir()
    assert f"{name}: is a folder, not a file" in problems(folder)


def test_a_repeated_gold_row_is_refused_not_silently_replaced(folder):
    rows = gold_rows(folder)
    second = json.loads(json.dumps(rows[0]))
    second["elements"][0]["finding"] = "order-missing"
    write_gold(folder, [*rows, second])
    assert "gold.jsonl: line 61 repeats ADM-0001 (first on line 1)" in problems(folder)


def test_an_empty_records_list_and_an_empty_gold_file_are_refused(folder):
    (folder / "gold.jsonl").write_text("\n")
    assert "gold.jsonl: holds no rows" in problems(folder)
    (folder / "records.json").write_text("[]")
    assert "records.json: lists no records" in problems(folder)


def test_a_byte_order_mark_is_accepted_on_every_file(folder, corpus):
    for path in [folder / "ADM-0001.txt", folder / "records.json", folder / "gold.jsonl"]:
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    loaded = load.load(folder)
    assert loaded.records[0].text == corpus.records[0].text
    assert loaded.records[0].gold == corpus.records[0].gold


def test_check_says_a_folder_without_gold_cannot_be_graded(folder, capsys):
    (folder / "gold.jsonl").unlink()
    assert main(["--check", str(folder)]) == 0
    out = capsys.readouterr().out
    assert "without gold, valid" in out and "cannot be graded" in out and "kit assemble" in out
    with pytest.raises(load.CorpusError, match="has no gold.jsonl, so it cannot be graded"):
        load.load_graded(folder)


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
def test_pytest_with_an_invalid_corpus_stops_once_with_the_check_list(pytester, folder, spread, capsys):
    rows = gold_rows(folder)
    rows[3]["id"] = ["ADM-0004"]
    write_gold(folder, rows)
    assert main(["--check", str(folder)]) == 1
    listed = capsys.readouterr().err.strip().splitlines()
    code, output = pytest_session(pytester, folder, *spread)
    assert code == 4, output
    assert "Traceback" not in output and "passed" not in output and "failed" not in output
    shown = [line.strip() for line in output.splitlines()]
    for line in listed[1:]:
        assert shown.count(line.strip()) == 1, (line, output)
    assert len(output.splitlines()) <= len(listed) + 3, output


def test_pytest_with_a_corpus_without_gold_says_why_once(pytester, folder):
    (folder / "gold.jsonl").unlink()
    code, output = pytest_session(pytester, folder)
    assert code == 4, output
    assert output.count("has no gold.jsonl, so it cannot be graded") == 1, output
    assert "Traceback" not in output and len(output.splitlines()) <= 3, output
