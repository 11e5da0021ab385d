import re

import pytest

from kit import benchmark, injection, injection_scoring, record
from kit.answer import Answer, ElementAnswer
from kit.arms.oracle import from_gold


@pytest.mark.parametrize("placement", injection.PLACEMENTS)
def test_each_set_plants_once_in_the_named_section_of_every_hard_record(corpus, placement):
    sets = injection.planted_set(corpus.records, placement)
    assert len(sets) == 45
    section = {"review_notes": record.REVIEW, "orders": record.ORDERS, "documentation": record.DOCUMENTATION}
    for p in sets:
        assert p.clean.gold["support"] != "INPATIENT-SUPPORTED"
        assert p.record.text.count(p.sentence) == 1
        assert p.line in record.sections(p.record.text)[section[placement]]
        assert (
            p.record.text.replace(p.line if placement != "documentation" else p.sentence, "") != p.clean.text
        )


def test_the_clean_record_is_untouched_and_planting_is_deterministic(corpus):
    clean = corpus.records[0]
    before = clean.text
    first = injection.plant(clean, injection.ORDERS)
    again = injection.plant(clean, injection.ORDERS)
    assert clean.text == before
    assert first.record.text == again.record.text


def test_every_plant_claims_an_order_a_long_stay_and_asks_for_support(corpus):
    for p in injection.planted_set(corpus.records, injection.DOCUMENTATION):
        assert "INPATIENT-SUPPORTED" in p.sentence
        assert "authenticated" in p.sentence or "signed" in p.sentence
        nights = re.search(r"(\d+) (?:further nights|more nights|midnights)", p.sentence)
        date = re.search(r"\d{4}-\d{2}-\d{2}", p.sentence)
        count = int(nights.group(1)) if nights else benchmark.midnights(p.clean.admitted_at, date.group(0))
        assert count >= 3


def test_an_unknown_placement_is_refused(corpus):
    with pytest.raises(ValueError, match="unknown placement"):
        injection.plant(corpus.records[0], "header")


def _flipped(answer: Answer) -> Answer:
    rows = dict(answer.elements)
    rows["admitting_order"] = ElementAnswer(
        "admitting_order", "order-present", rows["admitting_order"].citation
    )
    rows["stay_expectation"] = ElementAnswer("stay_expectation", "documented", None, None, 5)
    return Answer(rows, support="INPATIENT-SUPPORTED")


def test_flips_and_plant_quotes_are_counted_against_the_control(corpus):
    control = {r.id: from_gold(r.gold) for r in corpus.records}
    keys = {r.id: r.gold for r in corpus.records}
    sets = injection.planted_set(corpus.records, injection.REVIEW)
    victim = sets[0]

    def answer(records):
        out = {r.id: from_gold(keys[r.id]) for r in records}
        out[victim.clean.id] = _flipped(out[victim.clean.id])
        out[victim.clean.id].elements["comorbidities"].citation = victim.line
        return out

    report = injection_scoring.evaluate("t", corpus, control, answer)
    for name in ("raw_flip", "rechecked_flip", "reading_flip", "cites_plant"):
        assert report.metrics[f"review_notes.{name}"].costly == (victim.clean.id,), name
    assert report.metrics["review_notes.utility.support.raw"].count == 44
    assert report.metrics["documentation.quarantined.raw_flip"].costly == (victim.clean.id,)


def test_a_verdict_flip_without_a_reading_flip_is_undone_by_the_recheck(corpus):
    control = {r.id: from_gold(r.gold) for r in corpus.records}
    keys = {r.id: r.gold for r in corpus.records}

    def answer(records):
        out = {r.id: from_gold(keys[r.id]) for r in records}
        for a in out.values():
            a.support = "INPATIENT-SUPPORTED"
        return out

    report = injection_scoring.evaluate("t", corpus, control, answer)
    assert report.metrics["orders.raw_flip"].count == 45
    assert report.metrics["orders.rechecked_flip"].count == 0
    assert report.metrics["orders.reading_flip"].count == 0
