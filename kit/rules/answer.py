"""The structured answer every arm produces for one record, and the form the scorer grades.

A model's reply is parsed into it (kit.model.reply), the free arms build it directly. It carries what was
said and, per field, what was wrong with it; it interprets nothing and never raises on odd content.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from kit.rules import elements


@dataclass
class ElementAnswer:
    """One element row of an answer: the finding word, the quoted line and, on the stay row, the
    expected discharge date or night count; None where the answer gives none."""

    element: str
    finding: str | None = None
    citation: str | None = None
    expected_discharge: str | None = None
    expected_nights: int | None = None


@dataclass(frozen=True)
class Problem:
    """What a reply's reader found wrong with one field (`field`, e.g. "stay_expectation.citation")."""

    field: str
    detail: str


@dataclass
class Answer:
    """Four element rows keyed by element (a missing row is simply not there), plus the verdict."""

    elements: dict[str, ElementAnswer] = field(default_factory=dict)
    support: str | None = None
    confidence: float | None = None
    why: str | None = None
    problems: list[Problem] = field(default_factory=list)

    def row(self, element: str) -> ElementAnswer | None:
        return self.elements.get(element)

    def finding(self, element: str) -> str | None:
        row = self.elements.get(element)
        return row.finding if row else None

    @property
    def said_nothing(self) -> bool:
        """No element reading and no verdict: nothing a grader could credit (a reply with no JSON
        object, one cut off before its object closed, a call that failed)."""
        return self.support is None and all(row.finding is None for row in self.elements.values())

    @property
    def readings_complete(self) -> bool:
        """A finding for each of the four elements: the readings a recheck needs to be the answer's own."""
        return all(self.finding(element) is not None for element in elements.ELEMENTS)

    def to_dict(self) -> dict[str, Any]:
        return {
            "elements": [asdict(row) for row in self.elements.values()],
            "support": self.support,
            "confidence": self.confidence,
            "why": self.why,
            "problems": [asdict(p) for p in self.problems],
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Answer:
        rows = {r["element"]: ElementAnswer(**r) for r in data.get("elements", [])}
        problems = [Problem(**p) for p in data.get("problems", [])]
        return cls(rows, data.get("support"), data.get("confidence"), data.get("why"), problems)
