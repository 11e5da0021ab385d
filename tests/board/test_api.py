"""The board's API through Starlette's test client: the records list against the key and the recorded
run, one record read by the key, the floor and a run, a record of one's own checked with the
checker's own messages, and the guards (token, origin, host, record ids, upload size, CSP)."""

from __future__ import annotations

import base64
import json
import shutil

import pytest

from kit.corpus import __main__ as corpus_main
from kit.measure import compare
from kit.rules import benchmark, elements
from tests.board.conftest import ORIGIN, RUN_ID, own_record
from tests.unit.cli.test_one_record_reader import DAMAGES, check_says


def test_the_page_carries_a_strict_policy_and_loads_only_its_own_files(board):
    page = board.client.get("/")
    assert page.status_code == 200
    csp = page.headers["content-security-policy"]
    assert "default-src 'none'" in csp and "script-src 'self'" in csp and "unsafe" not in csp
    assert "frame-ancestors 'none'" in csp
    assert page.headers["x-content-type-options"] == "nosniff"
    sources = [m for m in page.text.split('"') if m.startswith(("http:", "https:", "//"))]
    assert sources == []
    assert board.client.get("/static/board.js").status_code == 200
    assert board.client.get("/static/board.js").headers["content-security-policy"] == csp


def test_records_list_has_the_keys_verdict_and_the_runs(board, shipped, results):
    listing = board.client.get("/api/records").json()
    rows = {r["id"]: r for r in listing["records"] if r["place"] == "corpus"}
    assert len(rows) == 60
    assert {rid: r["key"] for rid, r in rows.items()} == {r.id: r.gold["support"] for r in shipped.records}
    assert listing["runs"] == [f"{RUN_ID}/always-present", f"{RUN_ID}/floor"]
    floor = json.loads((results / RUN_ID / "floor.json").read_text())
    graded = {r["id"]: r for r in floor["records"]}
    for rid, row in rows.items():
        assert row["runs"][f"{RUN_ID}/floor"]["verdict"] == graded[rid]["rechecked_support"]
        assert row["runs"][f"{RUN_ID}/floor"]["right"] == compare.grade_of(graded[rid]).fully_right
    # the README's figure for the floor: 36/60 records fully right; always-present is never fully right
    assert sum(r["runs"][f"{RUN_ID}/floor"]["right"] for r in rows.values()) == 36
    assert not any(r["runs"][f"{RUN_ID}/always-present"]["right"] for r in rows.values())


def test_a_record_read_by_the_key_marks_the_key_lines_and_says_the_rule(board, shipped):
    record = shipped.by_id()["ADM-0001"]
    got = board.client.get("/api/record/corpus/ADM-0001").json()
    assert got["source"] == "key"
    assert got["sources"][:2] == ["key", "floor"] and f"run:{RUN_ID}/floor" in got["sources"]
    shown = got["view"]
    marks = shown["shared"]["marks"]  # the report's own view-model (kit.measure.record_view)
    cited = {e: [m["line"] for m in marks if m["element"] == e] for e in elements.ELEMENTS}
    keys = shown["shared"]["key_marks"]
    keyed = {e: [m["line"] for m in keys if m["element"] == e] for e in elements.ELEMENTS}
    assert cited == keyed and all(len(v) == 1 for v in keyed.values())
    lines = record.text.split("\n")
    for row in record.gold["elements"]:
        mark = next(m for m in marks if m["element"] == row["element"])
        assert lines[mark["line"] - 1][mark["start"] : mark["end"]] == row["citation"]
    assert [e["finding"] for e in shown["elements"]] == [r["finding"] for r in record.gold["elements"]]
    assert shown["rechecked"] == record.gold["support"] and shown["rule"]["id"] == record.gold["rule"]
    assert shown["rule"]["sentence"].startswith("Anything that reaches this rule: a proper order")
    assert shown["shared"]["right"] is True
    stay = record.gold["elements"][1]
    assert shown["arithmetic"] == benchmark.explain(record.admitted_at, stay["expected_discharge"], None)
    assert shown["differ"] == [] and shown["provenance"] == []


def test_a_run_that_cites_nothing_shows_why_raw_and_rechecked_differ(board, shipped):
    rid = next(r.id for r in shipped.records if r.gold["support"] == "INPATIENT-SUPPORTED")
    got = board.client.get(f"/api/record/corpus/{rid}?source=run:{RUN_ID}/always-present").json()
    shown = got["view"]
    assert all(e["finding"] in elements.vocabulary(e["element"]) for e in shown["elements"])
    assert shown["rechecked"] == "ORDER-GAP"
    assert any("must be cited from ORDERS AND AUTHENTICATION" in p for p in shown["provenance"])
    assert shown["shared"]["marks"] == [] and shown["shared"]["right"] is False
    if shown["offered"] != "ORDER-GAP":
        assert shown["differ"] and "ORDER-GAP" in shown["differ"][0]


def test_switching_to_the_floor_and_back(board, shipped):
    floor = board.client.get("/api/record/corpus/ADM-0002?source=floor").json()["view"]
    key = board.client.get("/api/record/corpus/ADM-0002?source=key").json()["view"]
    assert floor["source"] == "floor" and key["source"] == "key"
    assert [e["key_finding"] for e in floor["shared"]["elements"]] == [e["finding"] for e in key["elements"]]
    assert [e["answered"] for e in floor["shared"]["elements"]] == [e["finding"] for e in floor["elements"]]
    assert board.client.get("/api/record/corpus/ADM-0002?source=run:nope/floor").status_code == 404


def test_a_record_of_ones_own_is_answered_by_the_floor(board):
    sent = board.post("/api/own", {"text": own_record("MY-0001")})
    assert sent.status_code == 200, sent.json()
    got = sent.json()
    assert (got["place"], got["id"], got["source"], got["sources"]) == ("own", "MY-0001", "floor", ["floor"])
    assert got["view"]["key_verdict"] is None and got["view"]["shared"] is None
    marked = {m["element"]: m["line"] for m in got["view"]["text"]["marks"]}
    assert marked["admitting_order"] == 12  # ADM-0001's order line, as in the key
    listing = board.client.get("/api/records").json()["records"]
    own = [(r["place"], r["id"], r["key"]) for r in listing if r["place"] == "own"]
    assert own == [("own", "MY-0001", None)]


def test_an_invalid_record_gets_the_checkers_own_messages(board, tmp_path, capsys):
    text = own_record("MY-0002", change=("Admitted                      2026-08-09 23:05", "Admitted  soon"))
    got = board.post("/api/own", {"text": text})
    assert got.status_code == 400
    folder = tmp_path / "check"
    folder.mkdir()
    (folder / "MY-0002.txt").write_text(text)
    (folder / "records.json").write_text(json.dumps([{"id": "MY-0002", "admitted_at": "2026-08-09 23:05"}]))
    assert corpus_main.main(["--check", str(folder)]) == 1
    checker = [ln.strip() for ln in capsys.readouterr().err.splitlines()[1:]]
    assert any("fact line" in p for p in got.json()["problems"])
    assert set(got.json()["problems"]) & set(checker)
    shutil.rmtree(folder)


def test_changes_need_the_token_and_the_boards_own_origin(board):
    body = {"text": own_record("MY-0003")}
    assert board.post("/api/own", body, Origin="http://evil.example").status_code == 403
    assert board.client.post("/api/own", json=body, headers={"X-Board-Token": board.token}).status_code == 403
    assert board.post("/api/own", body, **{"X-Board-Token": "guess"}).status_code == 403
    listing = board.client.get("/api/records").json()["records"]
    assert not any(r["place"] == "own" for r in listing), "a refused request changed something"
    assert board.post("/api/own", body).status_code == 200


def test_a_foreign_host_is_refused(board):
    assert board.client.get("/api/records", headers={"Host": "rebound.example"}).status_code == 400


def test_record_ids_cannot_reach_outside(board):
    for bad in ("..%2F..%2Fetc%2Fpasswd", "..", ".hidden", "a%00b"):
        assert board.client.get(f"/api/record/corpus/{bad}").status_code == 404
    assert board.client.get("/api/record/nowhere/ADM-0001").status_code == 404
    hostile = own_record("ADM-0001").replace("ADM-0001", "../../x")
    got = board.post("/api/own", {"text": hostile})
    assert got.status_code == 400 and "not a record id" in " ".join(got.json()["problems"])
    assert board.post("/api/save/corpus/..%2Fx", {"elements": []}).status_code == 404


def test_an_oversized_upload_is_refused_with_a_message(board):
    big = own_record("MY-0004") + "\n" * (600 * 1024)
    got = board.post("/api/own", {"text": big})
    assert got.status_code == 413 and "at most" in got.json()["error"]


def test_record_text_comes_back_as_data_not_markup(board):
    hostile = '<script>window.__pwned = 1</script> <img src=x onerror="alert(1)">'
    text = own_record("MY-0005", change=("Background:", f"{hostile} Background:"))
    got = board.post("/api/own", {"text": text})
    assert got.status_code == 200, got.json()
    assert any(hostile in line for line in got.json()["view"]["lines"])
    assert got.headers["content-type"].startswith("application/json")


def test_model_button_is_refused_without_a_provider(board):
    shown = board.client.get("/api/model/status").json()
    assert shown["ready"] is False and "no model provider is configured" in shown["why"]
    assert shown["run"].startswith("kit configure")
    got = board.post("/api/model/corpus/ADM-0001", {})
    assert got.status_code == 409 and "kit configure" in " ".join(got.json()["problems"])


def test_origin_must_match_exactly(board):
    assert board.post("/api/own", {"text": "x"}, Origin=ORIGIN + ".evil.example").status_code == 403
    assert board.post("/api/own", {"text": "x"}, Origin="null").status_code == 403


@pytest.mark.parametrize("damage", DAMAGES)
def test_an_uploaded_file_gets_the_checkers_words_for_its_bytes(board, tmp_path, damage):
    """The file's bytes reach the board undecoded and are read by --check's own reader. Before: the
    page decoded them itself and a Latin-1 file was accepted as `n\ufffde M\ufffdller, caf\ufffd`."""
    said = check_says(tmp_path, DAMAGES[damage])
    sent = {"file": base64.b64encode(DAMAGES[damage]).decode("ascii"), "name": "mine.txt"}
    got = board.post("/api/own", sent)
    assert got.status_code == 400 and got.json()["problems"] == [f"mine.txt: {said}"]


def test_an_uploaded_utf8_file_with_a_byte_order_mark_is_read(board):
    data = b"\xef\xbb\xbf" + own_record("MY-0006").encode("utf-8")
    got = board.post("/api/own", {"file": base64.b64encode(data).decode("ascii"), "name": "MY-0006.txt"})
    assert got.status_code == 200 and got.json()["id"] == "MY-0006"


def test_the_list_says_what_is_wrong_where_the_verdict_is_right(board, results):
    """Before: a record whose rechecked verdict was the key's but which was not fully right was listed
    as "ORDER-GAP (wrong)" in red. Each recorded reading now says whether its verdict is the key's and
    names what is wrong: every finding, citation and value the grade marks wrong."""
    rows = {r["id"]: r for r in board.client.get("/api/records").json()["records"] if r["place"] == "corpus"}
    floor = {r["id"]: r for r in json.loads((results / RUN_ID / "floor.json").read_text())["records"]}
    partly = 0
    for rid, graded in floor.items():
        shown = rows[rid]["runs"][f"{RUN_ID}/floor"]
        assert shown["verdict_right"] == (graded["rechecked_support"] == graded["gold_support"])
        if shown["right"]:
            assert shown["wrong"] == []
            continue
        said = " ".join(shown["wrong"])
        for e in graded["elements"]:
            cited = e["citation"] in ("credited", "null-ok")
            if not (e["finding_right"] and cited and e.get("value_right") is not False):
                assert e["element"] in said, (rid, e["element"], said)
        partly += shown["verdict_right"]
    assert partly >= 5  # the floor has records whose verdict is right and that are still not fully right


def test_a_refusal_never_reads_none(board):
    """Before: a change sent without an Origin header was refused with "... (http://testserver), not None"."""
    got = board.client.post("/api/own", json={"text": "x"}, headers={"X-Board-Token": board.token})
    assert got.status_code == 403 and "None" not in got.json()["error"]
    assert got.json()["error"].endswith("; this request names no origin")
    elsewhere = board.post("/api/own", {"text": "x"}, Origin="http://evil.example").json()["error"]
    assert elsewhere.endswith("; not http://evil.example")
