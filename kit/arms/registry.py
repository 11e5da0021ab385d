"""The offline arms by name: `arm(name)` gives the function that turns one record into the structured
Answer a model reply is parsed into (so one scorer grades every arm), `reply_json` renders an Answer as
the reply JSON a model is asked for, and `reply_text_for` is what the stub server sends back when it
plays an offline arm over HTTP. Nothing here calls a model."""


from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import lru_cache

from kit.arms import always_present, floor, oracle, pool_matcher
from kit.corpus import Record, load
from kit.rules import Answer, elements, record

OFFLINE_ARMS = ("floor", "always-present", "oracle")
# Free arms that are no answerer: each bounds what some knowledge alone scores, shown apart from the
# answering arms with its label, and n/a (with the reason) on a corpus it does not describe.
BOUND_ARMS = {pool_matcher.NAME: pool_matcher.LABEL}
BOUND_NOT_APPLICABLE = {pool_matcher.NAME: pool_matcher.NOT_APPLICABLE}


class ArmError(ValueError):
    """An arm was asked for something it cannot do (unknown name, oracle without gold)."""


def _oracle(record: Record) -> Answer:
    if record.gold is None:
        raise ArmError(f"{record.id}: the oracle arm needs a gold row and this record has none")
    return oracle.from_gold(record.gold)


def arm(name: str) -> Callable[[Record], Answer]:
    """The answering function of an offline arm."""
    if name == "floor":
        return lambda r: floor.answer(r.text, r.admitted_at)
    if name == "always-present":
        return lambda r: always_present.answer(r.text, r.admitted_at)
    if name == "oracle":
        return _oracle
    if name == pool_matcher.NAME:
        return lambda r: pool_matcher.answer(r.text, r.admitted_at)
    known = ", ".join((*OFFLINE_ARMS, *BOUND_ARMS))
    raise ArmError(f"unknown arm {name!r}; offline arms are {known}")


def reply_json(answer: Answer) -> str:
    """The answer in the reply shape a model is asked for (four rows in order, verdict, confidence, why)."""
    rows = []
    for element in elements.ELEMENTS:
        row = answer.row(element)
        if row is None:
            continue
        rows.append(
            {
                "element": element,
                "finding": row.finding,
                "citation": row.citation,
                "expected_discharge": row.expected_discharge,
                "expected_nights": row.expected_nights,
            }
        )
    return json.dumps(
        {"elements": rows, "support": answer.support, "confidence": answer.confidence, "why": answer.why},
        ensure_ascii=False,
    )


_RECORD_ID = re.compile(r"ADMISSION RECORD (\S+)")


@lru_cache(maxsize=1)
def _shipped() -> dict[str, Record]:
    return load.load(load.shipped_folder()).by_id()


def reply_text_for(name: str, user_text: str) -> str:
    """What an offline arm would reply to a prompt's user message (the record comes last in it).

    The floor and the always-present arm read the record text in the message, so they answer a
    planted or altered record as written; the oracle looks the record id up in the shipped key.
    """
    start = user_text.find("ADMISSION RECORD ")
    if start < 0:
        raise ArmError("the message holds no admission record")
    text = user_text[start:]
    named = _RECORD_ID.match(text)
    if named is None:
        raise ArmError("the message's admission record has no id after ADMISSION RECORD")
    rid = named.group(1)
    if name == "oracle":
        if rid not in _shipped():
            raise ArmError(f"{rid}: the oracle only knows the shipped corpus")
        return reply_json(_oracle(_shipped()[rid]))
    rec = Record(rid, text, {"admitted_at": record.admitted_at(text)}, None)
    return reply_json(arm(name)(rec))
