"""The scorer on hand-altered oracle answers: each alteration must land in exactly the metric and
taxonomy bucket it belongs to."""

import copy

import pytest

from kit.arms import always_present
from kit.arms.oracle import from_gold
from kit.measure import grading, scoring
from kit.rules import provenance, record, taxonomy
from kit.rules.answer import Answer


def _first(corpus, predicate):
    return next(r for r in corpus.records if predicate(r))


def _oracle(corpus):
    return {r.id: from_gold(r.gold) for r in corpus.records}


def _case(record):
    return record.facts["case"]


def _cited_in(rec, element_index: int, section: str) -> bool:
    """Whether the key cites this element of the record from that section."""
    return section in provenance.sections_holding(rec.text, rec.gold["elements"][element_index]["citation"])


def test_the_oracle_is_perfect(corpus):
    report = scoring.score("oracle", corpus, _oracle(corpus))
    assert report.metrics["records.fully_right"].count == 60
    assert report.metrics["citations.credited"].count == 214


def test_a_softened_order_gap_is_counted_and_named(corpus):
    rec = _first(corpus, lambda r: r.gold["support"] == "ORDER-GAP")
    answers = _oracle(corpus)
    answers[rec.id].support = "INPATIENT-SUPPORTED"
    report = scoring.score("t", corpus, answers)
    assert report.metrics["taxonomy.order_gap_softened"].costly == (rec.id,)
    assert report.metrics["taxonomy.supported_overclaimed"].costly == (rec.id,)
    assert report.metrics["support.raw"].count == 59
    assert report.metrics["support.rechecked"].count == 60
    assert report.metrics["support.overturned"].costly == (rec.id,)
    assert report.metrics["records.fully_right"].costly == (rec.id,)


def test_citation_outcomes_are_told_apart(corpus):
    answers = _oracle(corpus)
    ids = [r.id for r in corpus.records]
    short, wrong, uncited, elsewhere = (answers[i].row("comorbidities") for i in ids[:4])
    short.citation = short.citation[:12]
    wrong.citation = "A sentence that is nowhere in this record."
    uncited.citation = None
    elsewhere.citation = answers[ids[3]].row("admitting_order").citation  # another line of its record
    report = scoring.score("t", corpus, answers)
    assert report.metrics["citations.located_but_short"].costly == (ids[0],)
    assert report.metrics["citations.not_found"].costly == (ids[1],)
    assert report.metrics["citations.uncited_owed"].costly == (ids[2],)
    assert report.metrics["citations.located_elsewhere"].costly == (ids[3],)
    assert report.metrics["citations.credited"].count == 210


def test_citing_on_an_absent_element_is_wrong_not_empty(corpus):
    rec = _first(corpus, lambda r: r.gold["elements"][2]["class"] == "ABSENT")
    answers = _oracle(corpus)
    answers[rec.id].row("comorbidities").citation = "ENCOUNTER FACTS"
    report = scoring.score("t", corpus, answers)
    assert report.metrics["citations.cited_on_absent"].costly == (rec.id,)
    assert report.metrics["findings"].count == 240
    assert rec.id in report.metrics["records.fully_right"].costly


@pytest.mark.parametrize("section", [record.DOCUMENTATION, record.REVIEW])
def test_a_decoy_read_as_the_expectation(corpus, section):
    rec = _first(corpus, lambda r: _case(r) == "expectation_decoy" and _cited_in(r, 1, section))
    answers = _oracle(corpus)
    stay = answers[rec.id].row("stay_expectation")
    stay.finding, stay.expected_nights = "documented", 4
    report = scoring.score("t", corpus, answers)
    assert report.metrics["taxonomy.decoy_read_as_expectation"].costly == (rec.id,)
    assert report.metrics["values.none_when_none"].costly == (rec.id,)
    if section == record.DOCUMENTATION:
        # A decoy in the practitioner's own prose (a conditional, a past stay) passes provenance.
        assert rec.id in report.metrics["support.rechecked"].costly
        assert report.metrics["provenance.stay_outside"].count == 0
    else:
        # A planner's date in the review notes is no expectation under provenance: the recheck holds.
        assert rec.id not in report.metrics["support.rechecked"].costly
        assert report.metrics["provenance.stay_outside"].costly == (rec.id,)
        assert report.metrics["provenance.verdict_changed"].costly == (rec.id,)


def test_gap_words_confused_and_order_invented(corpus):
    missing = _first(corpus, lambda r: r.gold["elements"][0]["finding"] == "order-missing")
    present = _first(corpus, lambda r: r.gold["elements"][0]["finding"] == "order-present")
    answers = _oracle(corpus)
    answers[missing.id].row("admitting_order").finding = "order-ambiguous"
    answers[present.id].row("admitting_order").finding = "order-ambiguous"
    report = scoring.score("t", corpus, answers)
    assert report.metrics["taxonomy.order_gap_word_confused"].costly == (missing.id,)
    assert report.metrics["taxonomy.order_gap_invented"].costly == (present.id,)
    assert report.metrics["order_row.order-missing"].costly == (missing.id,)


def test_a_missing_answer_is_graded_as_empty(corpus):
    answers = _oracle(corpus)
    gone = corpus.records[0].id
    del answers[gone]
    report = scoring.score("t", corpus, answers)
    assert report.metrics["taxonomy.no_usable_answer"].costly == (gone,)
    assert report.metrics["findings"].count == 236


def test_citation_floors_are_arguments(corpus):
    answers = _oracle(corpus)
    row = answers[corpus.records[0].id].row("admitting_order")
    row.citation = row.citation[: int(len(row.citation) * 0.7)]
    assert scoring.score("t", corpus, answers).metrics["citations.credited"].count == 214
    strict = scoring.score("t", corpus, answers, coverage_min=0.9)
    assert strict.metrics["citations.credited"].count == 213


def test_every_rate_has_count_denominator_and_interval(corpus):
    from kit.measure.stats import wilson

    report = scoring.score(
        "always-present", corpus, {r.id: always_present.answer(r.text, r.admitted_at) for r in corpus.records}
    )
    for name in scoring.metric_names():
        data = report.metrics[name].to_dict()
        assert data["rate"] == data["count"] / data["total"], name
        assert data["ci95"] == list(wilson(data["count"], data["total"])), name
        assert data["ci95"][0] <= data["rate"] <= data["ci95"][1], name
    findings = report.metrics["findings"].to_dict()
    assert (findings["count"], findings["total"]) == (167, 240)
    assert findings["ci95"][0] == pytest.approx(0.6349, abs=1e-4)


def test_guards_are_the_spec_figures(corpus):
    g = scoring.guards(corpus)
    assert (g["records"], g["judgements"], g["cited"], g["uncited"]) == (60, 240, 214, 26)
    assert g["verdicts"] == {
        "ORDER-GAP": 23,
        "EXPECTATION-GAP": 13,
        "BENCHMARK-NOT-MET": 9,
        "INPATIENT-SUPPORTED": 15,
    }
    assert (g["expectation_with_value"], g["hard"], g["severity_bait"]) == (42, 45, 9)


def test_grading_without_gold_is_refused(corpus):
    rec = copy.copy(corpus.records[0])
    object.__setattr__(rec, "gold", None)
    with pytest.raises(ValueError, match="without gold"):
        grading.grade_record(rec, Answer())


def test_a_gap_softened_by_the_readings_counts_even_when_the_offered_verdict_is_right(corpus):
    rec = _first(
        corpus,
        lambda r: r.gold["support"] == "ORDER-GAP" and r.gold["midnights"] is not None
        and _cited_in(r, 0, record.ORDERS),
    )
    answers = _oracle(corpus)
    answers[rec.id].row("admitting_order").finding = "order-present"
    report = scoring.score("t", corpus, answers)
    assert report.metrics["taxonomy.order_gap_softened"].costly == (rec.id,)
    assert report.metrics["taxonomy.order_gap_softened"].total == 23
    assert report.metrics["support.raw"].count == 60
    assert rec.id in report.metrics["support.rechecked"].costly


def test_an_order_plan_in_the_prose_read_as_present_is_held_by_provenance(corpus):
    rec = _first(corpus, lambda r: _case(r) == "order_in_note_only")
    answers = _oracle(corpus)
    answers[rec.id].row("admitting_order").finding = "order-present"
    report = scoring.score("t", corpus, answers)
    assert report.metrics["provenance.order_outside"].costly == (rec.id,)
    assert report.metrics["provenance.order_outside"].total == 38
    assert report.metrics["support.rechecked"].count == 60
    assert report.metrics["taxonomy.order_gap_softened"].count == 0
    assert rec.id in report.metrics["findings.admitting_order"].costly


def test_a_stay_read_as_documented_without_a_value_is_not_a_decoy_read(corpus):
    rec = _first(corpus, lambda r: _case(r) == "expectation_vague")
    answers = _oracle(corpus)
    answers[rec.id].row("stay_expectation").finding = "documented"
    report = scoring.score("t", corpus, answers)
    assert report.metrics["taxonomy.decoy_read_as_expectation"].count == 0
    assert rec.id in report.metrics["findings.stay_expectation"].costly


def test_each_taxonomy_rate_is_over_the_records_at_risk(corpus):
    report = scoring.score("oracle", corpus, _oracle(corpus))
    totals = {k: report.metrics[f"taxonomy.{k}"].total for k in taxonomy.KINDS}
    assert totals == {
        "no_usable_answer": 60,
        "order_gap_softened": 23,
        "order_gap_invented": 37,
        "order_gap_word_confused": 23,
        "decoy_read_as_expectation": 10,
        "supported_overclaimed": 45,
    }


def test_an_answer_that_said_nothing_is_wrong_on_every_metric_it_is_counted_in(corpus):
    # The real-server run: an empty answer rechecked to ORDER-GAP and "had" no value where the
    # key has none, so it passed support.rechecked.ORDER-GAP and values.none_when_none.
    rec = _first(corpus, lambda r: r.gold["support"] == "ORDER-GAP" and r.gold["midnights"] is None)
    answers = _oracle(corpus)
    answers[rec.id] = Answer()
    report = scoring.score("x", corpus, answers)
    grade = next(g for g in report.grades if g.id == rec.id)
    assert grade.rechecked_support == "ORDER-GAP" and not grade.rechecked_right and not grade.usable
    over_every_record = [
        "records.fully_right", "findings", "support.raw", "support.rechecked", "support.overturned",
        "provenance.verdict_changed", "taxonomy.no_usable_answer", "support.rechecked.ORDER-GAP",
        "values.none_when_none", "taxonomy.order_gap_softened", "citations.not_found",
    ]  # fmt: skip
    assert [n for n in over_every_record if rec.id not in report.metrics[n].costly] == []


def test_a_recheck_is_credited_only_from_four_readings(corpus):
    rec = _first(corpus, lambda r: r.gold["support"] == "ORDER-GAP")
    answers = _oracle(corpus)
    del answers[rec.id].elements["services_delivered"]
    grade = next(g for g in scoring.score("x", corpus, answers).grades if g.id == rec.id)
    assert grade.usable and not grade.readings_complete
    assert grade.rechecked_support == "ORDER-GAP" and not grade.rechecked_right
    assert grade.raw_right  # the verdict it offered is still its own, and right


def test_a_missing_stay_row_never_has_the_right_value(corpus):
    rec = _first(corpus, lambda r: r.gold["midnights"] is None)
    answers = _oracle(corpus)
    del answers[rec.id].elements["stay_expectation"]
    report = scoring.score("x", corpus, answers)
    grade = next(g for g in report.grades if g.id == rec.id)
    stay = next(e for e in grade.elements if e.element == "stay_expectation")
    assert stay.value_right is False
    assert rec.id in report.metrics["values.none_when_none"].costly
