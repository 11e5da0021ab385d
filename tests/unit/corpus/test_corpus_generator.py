import json
import re
import shutil
from datetime import datetime

import pytest

from kit.corpus import filler, load, pools, writer
from kit.corpus.__main__ import main
from kit.rules import benchmark, policy

CLINICAL = filler.vocabulary_words(pools.CONDITIONS) | filler.vocabulary_words(pools.SERVICES)


@pytest.mark.parametrize("pool", ["FILLER_DOCUMENTATION", "FILLER_SERVICES", "FILLER_REVIEW", "TITLES"])
def test_no_filler_sentence_carries_an_element(pool):
    bad = {s: filler.filler_problems(s, CLINICAL) for s in getattr(pools, pool)}
    assert not {s: p for s, p in bad.items() if p}


def test_no_severity_sentence_carries_another_element():
    bad = {s: filler.severity_problems(s, CLINICAL) for s in pools.SEVERITY}
    assert not {s: p for s, p in bad.items() if p}


def test_the_filler_check_refuses_a_sentence_that_mentions_a_stay(monkeypatch):
    monkeypatch.setattr(pools, "FILLER_REVIEW", (*pools.FILLER_REVIEW, "Expected home in three days."))
    with pytest.raises(writer.GenerationError, match="Expected home"):
        writer.generate()


def test_the_filler_check_refuses_a_named_condition(monkeypatch):
    sentence = f"The family mentioned {pools.CONDITIONS[0]} in passing."
    monkeypatch.setattr(pools, "FILLER_DOCUMENTATION", (*pools.FILLER_DOCUMENTATION, sentence))
    with pytest.raises(writer.GenerationError, match="names"):
        writer.generate()


def _other_orders(r) -> list[str]:
    orders = r.text.split("ORDERS AND AUTHENTICATION\n", 1)[1].split("\n\n", 1)[0]
    planted = r.gold["elements"][0]["citation"]
    return [line.strip() for line in orders.splitlines() if line.strip() and line.strip() != planted]


def test_other_orders_appear_with_and_without_an_admission_order(corpus):
    without = [r for r in corpus.records if r.gold["elements"][0]["class"] == "ABSENT"]
    with_order = [r for r in corpus.records if r.gold["elements"][0]["class"] == "PRESENT"]
    assert without and with_order
    for r in without:
        assert _other_orders(r), f"{r.id}: no other order on a record without an admission order"
    assert sum(1 for r in with_order if _other_orders(r)) >= len(with_order) // 2


def _edit_gold(folder, index, change):
    rows = [json.loads(line) for line in (folder / "gold.jsonl").read_text().splitlines()]
    change(rows[index])
    (folder / "gold.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))


def test_byo_verdict_fields_are_derived_when_left_out(tmp_path, corpus):
    folder = _copy(tmp_path)
    rows = [json.loads(line) for line in (folder / "gold.jsonl").read_text().splitlines()]
    for row in rows:
        for key in ("midnights", "meets_benchmark", "support", "rule"):
            row.pop(key)
    (folder / "gold.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    mine = load.load(folder)
    for ours, shipped in zip(mine.records, corpus.records, strict=True):
        for key in ("midnights", "meets_benchmark", "support", "rule"):
            assert ours.gold[key] == shipped.gold[key], (ours.id, key)


def _copy(tmp_path):
    folder = tmp_path / "mine"
    shutil.copytree(load.shipped_folder(), folder)
    return folder


def test_byo_a_valid_folder_loads_without_gold(tmp_path):
    folder = _copy(tmp_path)
    (folder / "gold.jsonl").unlink()
    corpus = load.load(folder)
    assert len(corpus.records) == 60 and not corpus.has_gold


def test_byo_spans_are_computed_when_left_out(tmp_path, corpus):
    folder = _copy(tmp_path)
    rows = [json.loads(line) for line in (folder / "gold.jsonl").read_text().splitlines()]
    for row in rows:
        for element in row["elements"]:
            element.pop("span")
    (folder / "gold.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    mine = load.load(folder)
    for ours, shipped in zip(mine.records, corpus.records, strict=True):
        assert [e["span"] for e in ours.gold["elements"]] == [e["span"] for e in shipped.gold["elements"]]


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda f: (f / "ADM-0003.txt").unlink(), "ADM-0003.txt: missing"),
        (lambda f: (f / "ADM-0099.txt").write_text("x"), "ADM-0099.txt: has no row in records.json"),
        (
            lambda f: (f / "records.json").write_text(
                (f / "records.json").read_text().replace('"ADM-0002"', '"ADM-0001"', 1)
            ),
            "duplicate id ADM-0001",
        ),
        (
            lambda f: (f / "records.json").write_text(
                json.dumps(
                    [
                        {**r, "admitted_at": "10/06/2026"} if r["id"] == "ADM-0004" else r
                        for r in json.loads((f / "records.json").read_text())
                    ]
                )
            ),
            "ADM-0004 admitted_at '10/06/2026'",
        ),
        (
            lambda f: (f / "ADM-0005.txt").write_text(
                (f / "ADM-0005.txt").read_text().replace("SERVICES DELIVERED", "SERVICES")
            ),
            "ADM-0005.txt: missing the section heading 'SERVICES DELIVERED'",
        ),
        (
            lambda f: (f / "gold.jsonl").write_text(
                (f / "gold.jsonl").read_text().replace('"citation": "2026', '"citation": "1999', 1)
            ),
            "citation not found in",
        ),
        (lambda f: (f / "records.json").write_text("[{"), "records.json: not valid JSON"),
        (lambda f: (f / "manifest.json").write_text("{"), "manifest.json: not valid JSON"),
        (lambda f: (f / "gold.jsonl").write_bytes(b"\xff\xfe{"), "gold.jsonl: not UTF-8 text"),
        (lambda f: _edit_gold(f, 0, lambda row: row["elements"][0].update(citation=7)), "needs a citation"),
        (lambda f: _edit_gold(f, 0, lambda row: row["elements"].insert(1, "x")), "four elements in order"),
        (
            lambda f: _edit_gold(f, 0, lambda row: row.update(support="BENCHMARK-NOT-MET")),
            "support is 'BENCHMARK-NOT-MET' but the rulebook gives",
        ),
        (
            lambda f: _edit_gold(f, 0, lambda row: row["elements"][2].update(span=[0, 5])),
            "does not cut the citation",
        ),
        (
            lambda f: (f / "ADM-0006.txt").write_text(
                "\n".join(
                    line
                    for line in (f / "ADM-0006.txt").read_text().split("\n")
                    if not line.startswith("  Admitted ")
                )
            ),
            "ADM-0006.txt: ENCOUNTER FACTS has no 'Admitted' line",
        ),
    ],
)
def test_byo_bad_input_gets_a_message_naming_file_and_problem(tmp_path, damage, message):
    folder = _copy(tmp_path)
    damage(folder)
    with pytest.raises(load.CorpusError) as err:
        load.load(folder)
    assert message in str(err.value)


def test_byo_command_line_reports_without_a_traceback(tmp_path, capsys):
    folder = _copy(tmp_path)
    (folder / "ADM-0003.txt").unlink()
    assert main(["--check", str(folder)]) == 1
    captured = capsys.readouterr()
    assert "ADM-0003.txt: missing" in captured.err and "Traceback" not in captured.err
    assert main(["--check", str(load.shipped_folder())]) == 0


WORDS = {w: n for n, w in enumerate(("zero", "one", "two", "three", "four", "five", "six", "seven"))}


def _decoy_value(line: str, admitted_at: str) -> int | None:
    """The midnight count a reader would get by taking the decoy's date or night count as written."""
    body = line.split("  ", 1)[-1]
    if iso := re.search(r"\d{4}-\d{2}-\d{2}", body):
        return benchmark.midnights(admitted_at, iso.group(0))
    if long := re.search(r"\b(\d{1,2} [A-Z][a-z]+ \d{4})\b", body):
        day = datetime.strptime(long.group(1), "%d %B %Y").date()
        return benchmark.midnights(admitted_at, day.isoformat())
    if digits := re.search(r"\b(\d+)\b", body):
        return int(digits.group(1))
    words = [WORDS[w] for w in re.findall(r"[a-z]+", body.lower()) if w in WORDS]
    return words[0] if words else None


def test_every_decoy_would_change_the_verdict_if_read_as_the_expectation(corpus):
    decoys = [r for r in corpus.records if r.facts["case"] == "expectation_decoy"]
    assert len(decoys) == 5
    for r in decoys:
        line = r.gold["elements"][1]["citation"]
        count = _decoy_value(line, r.admitted_at)
        assert count is not None, f"{r.id}: the decoy carries no date or night count: {line!r}"
        misread = policy.decide(r.gold["elements"][0]["finding"], count).verdict
        assert misread != r.gold["support"], f"{r.id}: reading the decoy {line!r} changes nothing"
