"""The corpus loader on folders a user might bring: each problem is one line naming the file, never a
traceback (that an unusable folder under `pytest --corpus` stops the session once, before collection,
is in tests/plugin/test_corpus_sessions.py). `shipped_copy`, a copy of the shipped folder to damage,
is from tests/corpora.py."""

import json

import pytest

from kit.corpus import load
from kit.corpus.__main__ import main

REPO = load.shipped_folder().parents[1]


def gold_rows(folder):
    return [json.loads(line) for line in (folder / "gold.jsonl").read_text().splitlines()]


def write_gold(folder, rows):
    (folder / "gold.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))


def problems(folder) -> str:
    with pytest.raises(load.CorpusError) as err:
        load.load(folder)
    return str(err.value)


def test_a_gold_id_that_is_a_list_is_named(shipped_copy):
    rows = gold_rows(shipped_copy)
    rows[0]["id"] = ["ADM-0001"]
    write_gold(shipped_copy, rows)
    assert "gold.jsonl: line 1 is not an object with a text 'id'" in problems(shipped_copy)


@pytest.mark.parametrize("name", ["records.json", "gold.jsonl", "ADM-0001.txt", "manifest.json"])
def test_a_folder_in_place_of_a_file_is_named(shipped_copy, name):
    (shipped_copy / name).unlink()
    (shipped_copy / name).mkdir()
    assert f"{name}: is a folder, not a file" in problems(shipped_copy)


def test_a_repeated_gold_row_is_refused_not_silently_replaced(shipped_copy):
    rows = gold_rows(shipped_copy)
    second = json.loads(json.dumps(rows[0]))
    second["elements"][0]["finding"] = "order-missing"
    write_gold(shipped_copy, [*rows, second])
    assert "gold.jsonl: line 61 repeats ADM-0001 (first on line 1)" in problems(shipped_copy)


def test_an_empty_records_list_and_an_empty_gold_file_are_refused(shipped_copy):
    (shipped_copy / "gold.jsonl").write_text("\n")
    assert "gold.jsonl: holds no rows" in problems(shipped_copy)
    (shipped_copy / "records.json").write_text("[]")
    assert "records.json: lists no records" in problems(shipped_copy)


def test_a_byte_order_mark_is_accepted_on_every_file(shipped_copy, corpus):
    for path in [shipped_copy / "ADM-0001.txt", shipped_copy / "records.json", shipped_copy / "gold.jsonl"]:
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    loaded = load.load(shipped_copy)
    assert loaded.records[0].text == corpus.records[0].text
    assert loaded.records[0].gold == corpus.records[0].gold


def test_check_says_a_folder_without_gold_cannot_be_graded(shipped_copy, capsys):
    (shipped_copy / "gold.jsonl").unlink()
    assert main(["--check", str(shipped_copy)]) == 0
    out = capsys.readouterr().out
    assert "without gold, valid" in out and "cannot be graded" in out and "kit assemble" in out
    with pytest.raises(load.CorpusError, match="has no gold.jsonl, so it cannot be graded"):
        load.load_graded(shipped_copy)


