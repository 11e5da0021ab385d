"""The offline arms, by name, each turning one record into the structured Answer a model reply is
parsed into, so one scorer grades them all. Also renders an Answer as reply JSON, which is what the
stub server sends back when it plays an offline arm over HTTP.

No arm here calls a model; the paid arm lives in kit.runner and the providers.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from kit import elements
from kit.answer import Answer
from kit.corpus.load import Record

OFFLINE_ARMS = ("floor", "always-present", "oracle")


class ArmError(ValueError):
    """An arm was asked for something it cannot do (unknown name, oracle without gold)."""


def _oracle(record: Record) -> Answer:
    from kit.arms import oracle

    if record.gold is None:
        raise ArmError(f"{record.id}: the oracle arm needs a gold row and this record has none")
    return oracle.from_gold(record.gold)


def arm(name: str) -> Callable[[Record], Answer]:
    """The answering function of an offline arm."""
    if name == "floor":
        from kit.arms import floor

        return lambda r: floor.answer(r.text, r.admitted_at)
    if name == "always-present":
        from kit.arms import always_present

        return lambda r: always_present.answer(r.text, r.admitted_at)
    if name == "oracle":
        return _oracle
    raise ArmError(f"unknown arm {name!r}; offline arms are {', '.join(OFFLINE_ARMS)}")


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
