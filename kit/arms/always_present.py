"""The null baseline: the PRESENT word on every element, nothing else (no citation, no value, no
verdict). It exists to show what a degenerate answerer scores; it reads nothing from the record."""

from __future__ import annotations

from kit.rules import Answer, ElementAnswer, elements


def answer(record_text: str, admitted_at: str) -> Answer:
    """The PRESENT word on every element and nothing else, whatever the record (both arguments are
    taken only to answer as every offline arm is called)."""
    rows = {e: ElementAnswer(e, elements.word(e, elements.PRESENT)) for e in elements.ELEMENTS}
    return Answer(rows, support=None, confidence=None, why=None)
