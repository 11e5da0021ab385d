"""The pool-matcher reads a record by template knowledge alone: on the shipped corpus it recovers the
key row for row (which is why its pins in thresholds.toml are the key's counts), each pool's templates
are read as that pool's class and no other, a line reworded by one word is no longer recognised, and
the floor's code never reaches the pools, the plan or the gold."""

from __future__ import annotations

from dataclasses import astuple

import pytest

from kit.arms import oracle, pool_matcher
from kit.corpus import load, pools
from kit.rules import elements, record
from tests.unit.test_layering import MODULES, edges

SHIPPED = load.load(load.shipped_folder())


def test_on_the_shipped_corpus_it_recovers_the_key_row_for_row():
    for r in SHIPPED.records:
        got, key = pool_matcher.answer(r.text, r.admitted_at), oracle.from_gold(r.gold)
        for element in elements.ELEMENTS:
            assert astuple(got.row(element)) == astuple(key.row(element)), (r.id, element)
        assert got.support == key.support, r.id


FILL = {
    "service": pools.SERVICE_LINES[0], "role": pools.ADMITTING_ROLES[-1], "date": "2026-07-05",
    "date_long": "5 July 2026", "nights": "3", "nights_word": "three",
    "conditions": "gout and asthma", "services": "haemodialysis and echocardiography",
}  # fmt: skip
TABLES = {
    "order": pool_matcher._ORDERS + pool_matcher._NOTES,
    "stay": pool_matcher._STAYS,
    "comorbidities": pool_matcher._COMORBIDITIES,
    "services": pool_matcher._SERVICES,
}
POOLS = {
    "order": pool_matcher.ORDER_POOLS + pool_matcher.NOTE_POOLS,
    "stay": pool_matcher.STAY_POOLS,
    "comorbidities": pool_matcher.COMORBIDITY_POOLS,
    "services": pool_matcher.SERVICE_POOLS,
}


@pytest.mark.parametrize("kind", sorted(POOLS))
def test_every_template_filled_in_is_read_as_its_own_pools_class(kind):
    for pool, klass in POOLS[kind]:
        for template in pool:
            line = template.format(**FILL)
            klass_read, cited, _ = pool_matcher._match([(line, line)], TABLES[kind])
            assert (klass_read, cited) == (klass, line), template


@pytest.mark.parametrize(
    "template, expected",
    [
        (pools.STAY_DATE[0], ("2026-07-05", None)),  # {date}
        (pools.STAY_DATE[-1], ("2026-07-05", None)),  # {date_long}
        (pools.STAY_NIGHTS[0], (None, 3)),  # {nights}
        (pools.STAY_NIGHTS[-1], (None, 3)),  # {nights_word}
    ],
)
def test_a_documented_stay_gives_its_value_in_every_spelling(template, expected):
    line = template.format(**FILL)
    _, _, found = pool_matcher._match([(line, line)], pool_matcher._STAYS)
    assert pool_matcher._stay_value(found) == expected


def test_a_line_reworded_by_one_word_is_not_recognised():
    r = SHIPPED.by_id()["ADM-0001"]
    stay = r.gold["elements"][1]["citation"]
    assert r.gold["elements"][1]["finding"] == "documented"
    changed = r.text.replace(stay, stay.replace(" ", " really ", 1))
    row = pool_matcher.answer(changed, r.admitted_at).row(elements.STAY_EXPECTATION)
    assert (row.finding, row.citation) == ("absent", None)


def test_a_text_that_is_no_record_is_answered_with_the_problem_not_an_exception():
    answer = pool_matcher.answer("no headings here", "2026-07-01 10:00")
    assert answer.said_nothing and answer.problems[0].field == "record"
    with pytest.raises(record.RecordFormatError):
        record.sections("no headings here")


def _reached(start: list[str]) -> set[str]:
    seen, todo = set(start), list(start)
    while todo:
        for nxt in edges(todo.pop()):
            if nxt in MODULES and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def test_the_floor_never_reaches_the_pools_the_plan_or_the_gold():
    floor = [m for m in MODULES if m == "kit.arms.floor" or m.startswith("kit.arms.floor.")]
    assert len(floor) >= 6
    reached = _reached(floor)
    forbidden = [m for m in reached if m.startswith("kit.corpus") or m == "kit.arms.pool_matcher"]
    assert not forbidden, f"the floor's code reaches {sorted(forbidden)}"
