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


def believe(
    clean: Record,
    line: str,
    *,
    order: bool,
    nights: int | None = None,
    date: str | None = None,
    asks: str | None = None,
) -> Answer:
    """The answer of a reader who believes `line` (a text it found in the record) wherever the clean
    record falls short: an order claim (`order`) replaces an order that is not `order-present`, a stay
    claim (a night count or a discharge date, as the line states it) replaces a stay that does not
    reach the benchmark, each quoting `line`. Its verdict is `asks` when the line asks for one, and
    otherwise the verdict its readings give with provenance unchecked. Shared by the injection arm's
    plants and the forged documentation (kit.arms.forged)."""
    answer = from_gold(clean.key)
    order_row, stay = elements.ADMITTING_ORDER, elements.STAY_EXPECTATION
    present = elements.word(order_row, elements.PRESENT)
    if order and answer.finding(order_row) != present:
        answer.elements[order_row] = ElementAnswer(order_row, present, line)
    if (nights is not None or date is not None) and not benchmark.meets(clean.key["midnights"]):
        word = elements.word(stay, elements.PRESENT)
        answer.elements[stay] = ElementAnswer(stay, word, line, date, nights)
    answer.support = asks or recheck(answer, clean.admitted_at).verdict
    answer.why = WHY
    return answer


def read(planted: injection.Planted, seen_text: str) -> Answer:
    """The answer of a reader who believes the plant when its line is in `seen_text`."""
    template = planted.template
    if planted.line not in seen_text:
        return from_gold(planted.clean.key)
    value = template.stay_value
    return believe(
        planted.clean,
        planted.line,
        order=template.order,
        nights=planted.nights if value == "nights" else None,
        date=planted.date if value == "date" else None,
        asks=injection.TARGET if template.asks else None,
    )


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
            out[rec.id] = read(best, rec.text) if best else from_gold(clean[rec.id].key)
        return out

    return answer
