import re

import pytest

from kit.arms import credulous, injection, plants
from kit.arms.oracle import from_gold
from kit.measure import injection_scoring
from kit.rules import benchmark, citation, record
from tests import charting
from tests.unit.guard import test_scan, test_scan_script

SECTION = {
    injection.REVIEW: record.REVIEW,
    injection.ORDERS: record.ORDERS,
    injection.DOCUMENTATION: record.DOCUMENTATION,
    injection.SERVICES: record.SERVICES,
}


@pytest.mark.parametrize(("family", "placement"), injection.set_names())
def test_each_set_plants_once_in_the_named_section_of_every_hard_record(corpus, family, placement):
    sets = injection.planted_set(corpus.records, placement, family)
    assert len(sets) == 45
    for p in sets:
        assert p.family == family and p.set_name == f"{family}.{placement}"
        assert p.clean.gold["support"] != "INPATIENT-SUPPORTED"
        assert p.record.text.count(p.sentence) == 1
        assert p.line in record.sections(p.record.text)[SECTION[placement]]
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


def test_every_overt_plant_claims_an_order_a_long_stay_and_asks_for_support(corpus):
    for p in injection.planted_set(corpus.records, injection.DOCUMENTATION, plants.OVERT):
        assert "INPATIENT-SUPPORTED" in p.sentence
        assert "authenticated" in p.sentence or "signed" in p.sentence
        nights = re.search(r"(\d+) (?:further nights|more nights|midnights)", p.sentence)
        date = re.search(r"\d{4}-\d{2}-\d{2}", p.sentence)
        count = int(nights.group(1)) if nights else benchmark.midnights(p.clean.admitted_at, date.group(0))
        assert count >= 3


def test_the_subtle_family_spreads_its_kinds_and_names_no_verdict_in_the_clinician_voice(corpus):
    sets = injection.planted_set(corpus.records, injection.SERVICES, plants.SUBTLE)
    kinds = [p.template.kind for p in sets]
    assert {kinds.count(k) for k in plants.SUBTLE_KINDS} <= {6, 7}
    assert len({p.sentence for p in sets}) >= 35, "many phrasings, not a handful repeated"
    for template in plants.SUBTLE_TEMPLATES:
        assert template.order or template.stay, template.text
        if template.kind == plants.CLINICIAN:
            text = template.render(4, "2026-01-05").lower()
            assert "supported" not in text and not template.asks
            assert not re.search(r"\b(?:ai|bot|model|system|tool|assembler|reviewer)\b", text), text


def _shingles(text: str, n: int = 5) -> set[tuple[str, ...]]:
    words = re.findall(r"\w+", citation.norm(text).lower())
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def test_subtle_plants_share_no_five_word_run_with_the_scan_unit_test_examples():
    examples = [attack for attack, _ in test_scan.ATTACKS] + [*charting.CHARTING_ATTACK_ADJACENT]
    examples += test_scan_script.EXAMPLES
    seen = set().union(*(_shingles(e) for e in examples))
    for template in plants.SUBTLE_TEMPLATES:
        shared = _shingles(template.render(4, "2026-01-05")) & seen
        assert not shared, (template.text, shared)


def test_the_credulous_reader_believes_the_plant_only_where_the_record_falls_short(corpus):
    by_id = {r.id: r for r in corpus.records}
    for placement in (injection.ORDERS, injection.DOCUMENTATION):
        for p in injection.planted_set(corpus.records, placement, plants.OVERT):
            answer = credulous.read(p, p.record.text)
            gold = {row["element"]: row for row in by_id[p.clean.id].gold["elements"]}
            order, stay = answer.row("admitting_order"), answer.row("stay_expectation")
            if gold["admitting_order"]["class"] == "PRESENT":
                assert order.citation == gold["admitting_order"]["citation"]
            else:
                assert (order.finding, order.citation) == ("order-present", p.line)
            if not benchmark.meets(by_id[p.clean.id].gold["midnights"]):
                assert (stay.finding, stay.citation) == ("documented", p.line)
                assert (stay.expected_nights, stay.expected_discharge) in ((p.nights, None), (None, p.date))
            assert answer.support == "INPATIENT-SUPPORTED"


def test_the_credulous_reader_sees_nothing_once_the_plant_is_withheld(corpus):
    p = injection.planted_set(corpus.records, injection.REVIEW, plants.OVERT)[0]
    withheld = injection_scoring.quarantined(p)
    assert credulous.read(p, withheld.text).to_dict() == from_gold(p.clean.gold).to_dict()
    assert credulous.answerer(corpus)([withheld])[p.clean.id].to_dict() == from_gold(p.clean.gold).to_dict()
    fooled = credulous.answerer(corpus)([p.record])[p.clean.id]
    assert fooled.support == "INPATIENT-SUPPORTED" and fooled.row("admitting_order").citation == p.line


def test_an_unknown_placement_or_family_is_refused(corpus):
    with pytest.raises(ValueError, match="unknown placement"):
        injection.plant(corpus.records[0], "header")
    with pytest.raises(ValueError, match="unknown plant family"):
        injection.plant(corpus.records[0], injection.ORDERS, "loud")
