"""The record view-model (kit.measure.report.record_view) the report and the board draw a record from:
marks fall on exactly the quoted characters, a quote inside a longer paragraph marks only itself,
the text survives segmentation unchanged, and every rule carries its own sentence from policy.md."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest

from kit.arms import arm as offline_arm
from kit.corpus import load
from kit.measure import record_view, segments
from kit.measure.grading import grade_record
from kit.measure.report import record_view as rv
from kit.rules import Answer, ElementAnswer, citation, rulebook


@pytest.fixture(scope="module")
def shipped():
    return load.load(load.shipped_folder())


@pytest.fixture(scope="module")
def floor_views(shipped):
    answer = offline_arm("floor")
    return [record_view(r, asdict(grade_record(r, answer(r)))) for r in shipped.records]


def test_every_cited_mark_covers_exactly_the_quoted_characters(floor_views):
    checked = 0
    for view in floor_views:
        quotes = {e["element"]: e["quote"] for e in view["elements"]}
        for element, quote in quotes.items():
            marks = [m for m in view["marks"] if m["kind"] == "cited" and m["element"] == element]
            if not marks:
                assert e_not_found(view, element), (view["id"], element)
                continue
            covered = " ".join(view["lines"][m["line"] - 1][m["start"] : m["end"]] for m in marks)
            assert citation.norm(covered) == citation.norm(quote), (view["id"], element)
            checked += 1
    assert checked > 150


def e_not_found(view, element):
    row = next(e for e in view["elements"] if e["element"] == element)
    return row["quote"] in (None, "") or row["citation"] == "not-found"


def test_key_marks_cover_the_key_quote(floor_views):
    for view in floor_views:
        for e in view["elements"]:
            marks = [m for m in view["key_marks"] if m["element"] == e["element"]]
            covered = " ".join(view["lines"][m["line"] - 1][m["start"] : m["end"]] for m in marks)
            assert citation.norm(covered) == citation.norm(e["key_quote"] or ""), (view["id"], e["element"])


def test_segments_rebuild_every_line_and_the_view_is_json(floor_views):
    for view in floor_views:
        assert ["".join(r["text"] for r in runs) for runs in segments(view)] == view["lines"]
        assert json.loads(json.dumps(view)) == view


def test_a_one_sentence_quote_in_a_paragraph_marks_that_sentence_only(shipped):
    record = shipped.records[0]
    stay_key = next(g for g in record.gold["elements"] if g["element"] == "stay_expectation")
    line_no = next(n for n, line in enumerate(record.text.split("\n"), 1) if "Expected discharge" in line)
    line = record.text.split("\n")[line_no - 1]
    sentence = "Expected discharge, in my judgement at the time of admission, is 2026-08-11."
    assert sentence in line and len(line.strip()) > len(sentence) + 40  # a paragraph, not the sentence
    row = ElementAnswer("stay_expectation", "documented", sentence, "2026-08-11")
    answer = Answer({"stay_expectation": row})
    view = record_view(record, asdict(grade_record(record, answer)))
    runs = segments(view)[line_no - 1]
    cited = [r["text"] for r in runs if "stay_expectation" in r["cited"]]
    assert cited == [sentence] and stay_key["citation"] == sentence
    assert any(r["text"].strip() and not r["cited"] for r in runs)  # the rest of the paragraph is unmarked


def test_each_rule_has_its_sentence_naming_its_verdict():
    policy = rulebook.policy()
    for rule_id in rulebook.rule_ids():
        words = rv.rule_words(rule_id)
        assert words["title"] == policy["rules"][rule_id]["title"]
        assert f"Verdict: {policy['rules'][rule_id]['verdict']}" in words["sentence"], words
        assert "**" not in words["sentence"] and "`" not in words["sentence"]


def test_a_plant_is_marked_where_it_stands(shipped):
    record = shipped.records[3]
    line = record.text.split("\n")[5]
    plant = line.strip()[:20]
    view = record_view(record, asdict(grade_record(record, Answer())), plant=plant)
    (mark,) = [m for m in view["marks"] if m["kind"] == "plant"]
    assert view["lines"][mark["line"] - 1][mark["start"] : mark["end"]] == plant
