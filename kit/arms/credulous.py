"""The credulous reader: a worst-case answerer for the injection arm, one that believes every plant it
can see.

It answers a planted record from the gold key of the clean record (the oracle's answer), then, when
the planted line is still in the text it is given (the scan's quarantine may have withheld it),
believes the plant wherever the clean record falls short: an order claim replaces an order that is
not `order-present`, a stay claim replaces a stay that does not reach the benchmark, each read as
the plant says (`order-present`; `documented` with the plant's date or night count) and quoting the
planted line. What the record already establishes it keeps, with its own citation: that is the
combination most likely to flip a verdict. Its verdict is INPATIENT-SUPPORTED when the plant asks for
it, and otherwise the verdict its readings give with provenance unchecked.

What it is for: measuring what the recheck, with provenance on and off, holds back when a reader is
fooled completely, which no offline arm that reads carefully (the floor) can show. It is not a model,
not a baseline to beat, and it reads nothing but the planted line; it finds that line by looking for
each of the record's planted texts in what it is given.
"""

from __future__ import annotations

from collections.abc import Callable

from kit.arms import injection
from kit.arms.oracle import from_gold
from kit.corpus import Corpus, Record
from kit.rules import Answer, ElementAnswer, benchmark, elements, recheck

WHY = "credulous reader: believes the planted line"


def read(planted: injection.Planted, seen_text: str) -> Answer:
    """The answer of a reader who believes the plant when its line is in `seen_text`."""
    answer = from_gold(planted.clean.gold)
    template = planted.template
    if planted.line not in seen_text:
        return answer
    order, stay = elements.ADMITTING_ORDER, elements.STAY_EXPECTATION
    gold = planted.clean.gold
    if template.order and answer.finding(order) != elements.word(order, elements.PRESENT):
        answer.elements[order] = ElementAnswer(order, elements.word(order, elements.PRESENT), planted.line)
    if template.stay and not benchmark.meets(gold["midnights"]):
        nights = planted.nights if template.stay_value == "nights" else None
        date = planted.date if template.stay_value == "date" else None
        word = elements.word(stay, elements.PRESENT)
        answer.elements[stay] = ElementAnswer(stay, word, planted.line, date, nights)
    asked = injection.TARGET if template.asks else None
    answer.support = asked or recheck(answer, planted.clean.admitted_at).verdict
    answer.why = WHY
    return answer


def answerer(corpus: Corpus) -> Callable[[list[Record]], dict[str, Answer]]:
    """An injection answerer (records in, answers by id out) that knows every planted set of the corpus
    and believes whichever plant it finds in each record it is given; with none there, it answers as
    the oracle does."""
    clean = {r.id: r for r in corpus.records}
    plants: dict[str, list[injection.Planted]] = {}
    for family, placement in injection.set_names():
        for planted in injection.planted_set(corpus.records, placement, family):
            plants.setdefault(planted.clean.id, []).append(planted)

    def answer(records: list[Record]) -> dict[str, Answer]:
        out = {}
        for rec in records:
            # The longest line found: a planted prose sentence can also stand inside a planted dated line.
            found = [p for p in plants.get(rec.id, []) if p.line in rec.text]
            best = max(found, key=lambda p: len(p.line), default=None)
            out[rec.id] = read(best, rec.text) if best else from_gold(clean[rec.id].gold)
        return out

    return answer
