"""Corrections become gold: what the board saves is a labelled folder in the corpus format that
`python -m kit.corpus --check` accepts and the eval suite grades (the oracle perfect on it), a row the
checker would refuse is not written, and saves at once from several tabs all land."""

from __future__ import annotations

import json
import threading

from kit import pipeline
from kit.board import labelled
from kit.corpus import __main__ as corpus_main
from kit.corpus import load
from kit.measure.metric import HIGHER
from kit.rules import elements
from tests.board.conftest import own_record


def corrections_from(view: dict) -> list[dict]:
    kept = ("element", "finding", "expected_discharge", "expected_nights")
    return [{**{k: e[k] for k in kept}, "citation": e["quote"]} for e in view["elements"]]


def oracle_is_perfect(folder, tmp_path) -> bool:
    corpus = load.load_graded(folder)
    settings = pipeline.RunSettings(run_id="r-labelled", results_dir=tmp_path / "graded")
    scored = pipeline.run(corpus, pipeline.OfflineArm("oracle"), settings)
    metrics = scored.report.metrics.values()
    return all((m.count == m.total) if m.better == HIGHER else m.count == 0 for m in metrics)


def test_correcting_two_elements_saves_gold_that_checks_and_grades(board, shipped, tmp_path, capsys):
    # a record the floor reads wrongly somewhere: take the floor's reading, correct what differs
    wrong = None
    for record in shipped.records:
        floor = board.client.get(f"/api/record/corpus/{record.id}?source=floor").json()["view"]
        bad = [e for e in floor["shared"]["elements"] if not e["finding_right"]]
        if len(bad) >= 1:
            wrong = record, floor, bad
            break
    assert wrong is not None
    record, floor, bad = wrong
    sent = corrections_from(floor)
    key = {r["element"]: r for r in record.gold["elements"]}
    for row in sent:
        if row["element"] in {e["element"] for e in bad} or row["element"] == elements.COMORBIDITIES:
            gold = key[row["element"]]
            row.update(finding=gold["finding"], citation=gold["citation"],
                       expected_discharge=gold["expected_discharge"], expected_nights=gold["expected_nights"])
    got = board.post(f"/api/save/corpus/{record.id}", {"elements": sent})
    assert got.status_code == 200, got.json()
    saved = [json.loads(line) for line in (board.labelled / "gold.jsonl").read_text().splitlines()]
    assert [r["id"] for r in saved] == [record.id]
    row = saved[0]
    for want, have in zip(record.gold["elements"], row["elements"], strict=True):
        assert have["finding"] == want["finding"] and have["span"] == want["span"]  # spans computed
    assert (row["support"], row["rule"], row["midnights"]) == (
        record.gold["support"], record.gold["rule"], record.gold["midnights"]
    )  # derived, not sent
    assert corpus_main.main(["--check", str(board.labelled)]) == 0
    assert "1 records, with gold, valid" in capsys.readouterr().out
    assert oracle_is_perfect(board.labelled, tmp_path)
    listing = board.client.get("/api/records").json()["records"]
    mine = [r for r in listing if r["place"] == "labelled"]
    assert [(r["id"], r["key"]) for r in mine] == [(record.id, record.gold["support"])]
    again = board.client.get(f"/api/record/labelled/{record.id}").json()
    assert again["source"] == "key" and [e["finding"] for e in again["view"]["elements"]] == [
        r["finding"] for r in record.gold["elements"]
    ]


def test_a_correction_the_checker_refuses_is_not_written(board):
    floor = board.client.get("/api/record/corpus/ADM-0001?source=floor").json()["view"]
    sent = corrections_from(floor)
    sent[0]["citation"] = "a line that is nowhere in the record"
    got = board.post("/api/save/corpus/ADM-0001", {"elements": sent})
    assert got.status_code == 400
    assert any("citation not found in ADM-0001.txt" in p for p in got.json()["problems"])
    sent[0]["citation"], sent[2]["finding"] = floor["elements"][0]["quote"], "order-present"
    got = board.post("/api/save/corpus/ADM-0001", {"elements": sent})
    assert got.status_code == 400 and "not one of its findings" in got.json()["problems"][0]
    assert not board.labelled.exists() or not (board.labelled / "gold.jsonl").exists()


def test_a_pasted_record_corrected_and_saved_is_found_after_a_reload(board, tmp_path):
    assert board.post("/api/own", {"text": own_record("MY-0100", source="ADM-0005")}).status_code == 200
    key = load.load(load.shipped_folder()).by_id()["ADM-0005"].gold
    sent = [
        {"element": r["element"], "finding": r["finding"], "citation": r["citation"],
         "expected_discharge": r["expected_discharge"], "expected_nights": r["expected_nights"]}
        for r in key["elements"]
    ]  # fmt: skip
    assert board.post("/api/save/own/MY-0100", {"elements": sent}).status_code == 200
    listing = board.client.get("/api/records").json()["records"]
    assert ("labelled", "MY-0100", key["support"]) in [(r["place"], r["id"], r["key"]) for r in listing]
    assert oracle_is_perfect(board.labelled, tmp_path)


def test_saves_at_once_all_land(tmp_path):
    """Eight tabs save eight records at the same moment: the folder ends with all eight."""
    shipped = load.load(load.shipped_folder()).records[:8]
    folder = tmp_path / "labelled"
    start = threading.Barrier(len(shipped))
    errors: list[BaseException] = []

    def one(record) -> None:
        sent = [dict(r) for r in record.gold["elements"]]
        start.wait()
        try:
            labelled.save(folder, record.text, sent)
        except BaseException as err:  # noqa: BLE001 - reported below
            errors.append(err)

    threads = [threading.Thread(target=one, args=(r,)) for r in shipped]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    corpus = load.load_graded(folder)
    assert sorted(r.id for r in corpus.records) == sorted(r.id for r in shipped)


def test_a_labelled_folder_that_does_not_load_is_said(board):
    board.labelled.mkdir()
    (board.labelled / "records.json").write_text("[]")
    listing = board.client.get("/api/records").json()
    assert not any(r["place"] == "labelled" for r in listing["records"])
    assert listing["warnings"] == [
        f"the labelled folder is not shown: {board.labelled}: 1 problem(s)\n  records.json: lists no records"
    ]
