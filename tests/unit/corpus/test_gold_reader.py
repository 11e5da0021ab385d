"""One reader for gold: a key written from docs/corpus-format.md, leaving out what the docs say may be
left out, passes `--check` and is graded by the scorer (fixtures/user-corpus: 40 records written by hand
from the docs; even-numbered rows leave out every derived field, no non-stay row carries value keys).

Before the reader completed the rows, --check accepted this folder and the scorer then raised
KeyError: 'expected_nights' / 'expected_discharge'."""

import json
from pathlib import Path

import pytest

from kit.arms import OFFLINE_ARMS, arm
from kit.corpus import gold, load
from kit.corpus.__main__ import main
from kit.measure import scoring

USER = load.shipped_folder().parent / "user-corpus"
# From fixtures/user-corpus/EXPECTED.md, worked out by hand from the rulebook.
EXPECTED_VERDICTS = {"INPATIENT-SUPPORTED": 14, "BENCHMARK-NOT-MET": 5, "EXPECTATION-GAP": 6, "ORDER-GAP": 15}
EXPECTED_RULES = {"TM-1": 4, "TM-2": 11, "TM-3": 6, "TM-4": 5, "TM-5": 14}


def test_the_user_corpus_leaves_out_what_the_docs_allow() -> None:
    rows = [json.loads(line) for line in (USER / "gold.jsonl").read_text().splitlines()]
    assert not any("support" in r for r in rows[1::2]) and all("support" in r for r in rows[0::2])
    assert not any("expected_nights" in e for r in rows for e in r["elements"][2:])


def test_check_accepts_it(capsys) -> None:
    assert main(["--check", str(USER)]) == 0
    assert "40 records, with gold, valid" in capsys.readouterr().out


def test_every_gold_row_comes_out_whole() -> None:
    for record in load.load(USER).records:
        assert set(gold.FULL_KEY_FIELDS) <= set(record.gold), record.id
        for row in record.gold["elements"]:
            assert set(gold.FULL_ROW_KEYS) <= set(row), (record.id, row["element"])


def test_the_derived_verdicts_are_the_hand_worked_ones() -> None:
    records = load.load(USER).records
    verdicts = {v: sum(r.gold["support"] == v for r in records) for v in EXPECTED_VERDICTS}
    rules = {k: sum(r.gold["rule"] == k for r in records) for k in EXPECTED_RULES}
    assert (verdicts, rules) == (EXPECTED_VERDICTS, EXPECTED_RULES)


@pytest.mark.parametrize("name", OFFLINE_ARMS)
def test_the_scorer_grades_every_offline_arm_on_it(name: str) -> None:
    corpus = load.load(USER)
    answer = arm(name)
    report = scoring.score(name, corpus, {r.id: answer(r) for r in corpus.records})
    assert report.metrics["records.fully_right"].total == 40
    assert scoring.guards(corpus)["verdicts"] == EXPECTED_VERDICTS
    if name == "oracle":
        assert report.metrics["records.fully_right"].count == 40
        assert report.metrics["support.rechecked"].count == 40


def test_a_value_left_out_of_a_documented_stay_is_still_refused(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    for path in USER.iterdir():
        (folder / path.name).write_bytes(path.read_bytes())
    rows = [json.loads(line) for line in (folder / "gold.jsonl").read_text().splitlines()]
    rows[1]["elements"][1].pop("expected_discharge")
    (folder / "gold.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    with pytest.raises(load.CorpusError, match="UC-002 stay_expectation is documented but gives no date"):
        load.load(folder)
