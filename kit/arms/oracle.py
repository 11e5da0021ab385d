"""The oracle: answers copied from the gold key. It must score 100% on every metric, which proves
the key and the scorer agree. It refuses a record that has no gold."""

from __future__ import annotations

from kit.corpus import GoldKey
from kit.rules import Answer, ElementAnswer


def from_gold(gold: GoldKey) -> Answer:
    """The key's readings and verdict as an answer, sure of itself (confidence 1.0)."""
    rows = {
        r["element"]: ElementAnswer(
            r["element"], r["finding"], r["citation"], r["expected_discharge"], r["expected_nights"]
        )
        for r in gold["elements"]
    }
    return Answer(rows, support=gold["support"], confidence=1.0, why="copied from the gold key")
