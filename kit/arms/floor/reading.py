"""What every element reader of the floor returns, and the two-pass pick the evidence readers share.

It holds no phrases and reads no section itself.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from kit.rules import elements


@dataclass(frozen=True)
class Reading:
    """One element's class, the one line or sentence it rests on, and the stay's value if any."""

    klass: str
    citation: str | None = None
    expected_discharge: str | None = None
    expected_nights: int | None = None


def first(candidates: list[str], present: Callable[[str], bool], vague: Callable[[str], bool]) -> Reading:
    """PRESENT at the first candidate that names the thing, else AMBIGUOUS at the first that gestures
    at it, else ABSENT."""
    for text in candidates:
        if present(text):
            return Reading(elements.PRESENT, text)
    for text in candidates:
        if vague(text):
            return Reading(elements.AMBIGUOUS, text)
    return Reading(elements.ABSENT)
