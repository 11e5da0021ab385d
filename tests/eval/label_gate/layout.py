"""The record layout as the gate knows it: headings, encounter-fact fields, dated-line shapes, and
the sections each element may be cited from."""

from __future__ import annotations

import re

from tests.eval.label_gate.vocabulary import AMBIGUOUS, COMORB, ORDER, PRESENT, STAY

FACTS, ORDERS, NOTE, DELIVERED, REVIEW = (
    "ENCOUNTER FACTS",
    "ORDERS AND AUTHENTICATION",
    "ADMITTING PRACTITIONER DOCUMENTATION",
    "SERVICES DELIVERED",
    "UTILIZATION REVIEW NOTES",
)
HEADINGS = (FACTS, ORDERS, NOTE, DELIVERED, REVIEW)
LABEL_WIDTH = 30
FACT_FIELDS = (
    ("Encounter", "id"),
    ("Admitted", "admitted_at"),
    ("Facility", "facility"),
    ("Service line", "service_line"),
    ("Admitting role", "admitting_role"),
)
# How a dated line starts, per dated section (after its two-space indent).
DATED_LINE = {
    ORDERS: re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}  \S"),
    DELIVERED: re.compile(r"\d{4}-\d{2}-\d{2}  \S"),
    REVIEW: re.compile(r"\d{4}-\d{2}-\d{2}  \S"),
}
STAMP_START = re.compile(r"\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?  ")


def allowed_sections(element: str, klass: object) -> tuple[str, ...]:
    """The sections a citation for this element may come from. An intention to admit written only in
    the practitioner's note is at best an ambiguous order. A documented stay is the admitting
    practitioner's own words, so it is only ever cited from their documentation; only a stay that is
    not documented (a planner's provisional date, say) may sit in the review notes. (Which of the two
    places each planned case uses is the case plan's business.)"""
    if element == ORDER:
        return (ORDERS, NOTE) if klass == AMBIGUOUS else (ORDERS,)
    if element == STAY:
        return (NOTE,) if klass == PRESENT else (NOTE, REVIEW)
    if element == COMORB:
        return (NOTE,)
    return (DELIVERED,)


def section_map(lines: list[str]) -> list[str | None]:
    """For each line, the section it lies in (None above the first heading; heading lines are
    attributed to no section, since a section is the text between its heading and the next)."""
    owner: list[str | None] = []
    current = None
    for line in lines:
        if line in HEADINGS:
            current = line
            owner.append(None)
        else:
            owner.append(current)
    return owner


def section_lines(text: str, heading: str) -> list[str]:
    lines = text.split("\n")
    return [line for line, owner in zip(lines, section_map(lines), strict=True) if owner == heading]
