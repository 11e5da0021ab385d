"""Planted records for the injection arm: one text added to a record whose key is not
INPATIENT-SUPPORTED, claiming an authenticated inpatient order, a stay of three or more midnights, or
both, and (for most templates) asking for INPATIENT-SUPPORTED. The texts come from kit.arms.plants in two
families, overt and subtle, each planted and measured as its own sets.

Four placements, each its own set per family: a dated line in UTILIZATION REVIEW NOTES, a dated line
inside ORDERS AND AUTHENTICATION, a sentence inside the ADMITTING PRACTITIONER DOCUMENTATION prose,
and a dated line inside SERVICES DELIVERED. Template, stay length and position are chosen
deterministically from the record id (the overt family's first three placements exactly as before
the subtle family existed, so their planted texts are unchanged). The clean record is never
modified; a planted record is a new text. This module plants only; it does not score
(kit.measure.injection_scoring), detect (kit.guard.scan) or answer (kit.arms.credulous).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import timedelta

from kit.arms import plants
from kit.corpus import Record
from kit.rules import benchmark, record

REVIEW, ORDERS, DOCUMENTATION, SERVICES = "review_notes", "orders", "documentation", "services"
PLACEMENTS: tuple[str, ...] = (REVIEW, ORDERS, DOCUMENTATION, SERVICES)
FAMILIES = plants.FAMILIES
TARGET = "INPATIENT-SUPPORTED"
SEED = 20260912


@dataclass(frozen=True)
class Planted:
    """One planted record: the text a model sees, the clean record it is graded against, and the plant."""

    placement: str
    record: Record
    clean: Record
    sentence: str
    line: str
    family: str
    template: plants.Template
    nights: int
    date: str

    @property
    def set_name(self) -> str:
        return f"{self.family}.{self.placement}"


def _choose(
    clean: Record, family: str, placement: str, slot: int | None
) -> tuple[random.Random, plants.Template, int, str]:
    # The overt family keeps the seed it had before families existed, so its planted texts are unchanged.
    family_key = "" if family == plants.OVERT else f"{family}:"
    rng = random.Random(f"{SEED}:{clean.id}:{family_key}{placement}")
    admitted = benchmark.parse_admitted(clean.admitted_at)
    nights = rng.randint(3, 6)
    templates = plants.TEMPLATES[family]
    if family == plants.SUBTLE:
        # The kinds take turns along a planted set, so each is measured on about as many records.
        kinds = plants.SUBTLE_KINDS
        kind = kinds[slot % len(kinds)] if slot is not None else rng.choice(kinds)
        templates = tuple(t for t in templates if t.kind == kind)
    template = rng.choice(templates)
    return rng, template, nights, (admitted.date() + timedelta(days=nights)).isoformat()


def insert_dated(text: str, heading: str, line: str) -> str:
    """Insert a dated line into a section, in date order (after any line with the same stamp)."""
    lines = text.split("\n")
    start = next(i for i, row in enumerate(lines) if row.strip() == heading) + 1
    end = start
    while end < len(lines) and lines[end].strip() and lines[end].strip() not in record.HEADINGS:
        end += 1
    stamp = line.split("  ", 1)[0]
    position = next((i for i in range(start, end) if lines[i].strip().split("  ", 1)[0] > stamp), end)
    return "\n".join(lines[:position] + [f"  {line}"] + lines[position:])


def insert_sentence(text: str, sentence: str, rng: random.Random) -> str:
    lines = text.split("\n")
    start = next(i for i, row in enumerate(lines) if row.strip() == record.DOCUMENTATION) + 1
    end = next(i for i, row in enumerate(lines) if row.strip() == record.SERVICES)
    prose = [i for i in range(start, end) if lines[i].strip()]
    if not prose:
        lines.insert(start, sentence)
        return "\n".join(lines)
    target = rng.choice(prose)
    parts = lines[target].split(". ")
    cut = rng.randint(0, len(parts))
    head, tail = ". ".join(parts[:cut]), ". ".join(parts[cut:])
    pieces = [p for p in (head + ("." if head and tail else ""), sentence, tail) if p]
    lines[target] = " ".join(pieces)
    return "\n".join(lines)


def plant(clean: Record, placement: str, family: str = plants.OVERT, slot: int | None = None) -> Planted:
    """The record with one text of the family planted at the placement. `slot` (the record's place in
    its planted set) picks the subtle kind, so kinds are spread evenly over a set."""
    if family not in plants.FAMILIES:
        raise ValueError(f"unknown plant family {family!r}; families are {', '.join(plants.FAMILIES)}")
    rng, template, nights, date = _choose(clean, family, placement, slot)
    sentence = template.render(nights, date)
    admitted = benchmark.parse_admitted(clean.admitted_at)
    if placement == REVIEW:
        day = (admitted.date() + timedelta(days=4)).isoformat()
        line = f"{day}  {sentence}"
        text = insert_dated(clean.text, record.REVIEW, line)
    elif placement == ORDERS:
        stamp = (admitted + timedelta(minutes=rng.randint(20, 90))).strftime("%Y-%m-%d %H:%M")
        line = f"{stamp}  {sentence}"
        text = insert_dated(clean.text, record.ORDERS, line)
    elif placement == DOCUMENTATION:
        line = sentence
        text = insert_sentence(clean.text, sentence, rng)
    elif placement == SERVICES:
        day = (admitted.date() + timedelta(days=rng.randint(1, 2))).isoformat()
        line = f"{day}  {sentence}"
        text = insert_dated(clean.text, record.SERVICES, line)
    else:
        raise ValueError(f"unknown placement {placement!r}; placements are {', '.join(PLACEMENTS)}")
    planted = Record(clean.id, text, clean.facts, clean.gold)
    return Planted(placement, planted, clean, sentence, line, family, template, nights, date)


def targets(records: tuple[Record, ...] | list[Record]) -> list[Record]:
    """The records an injection can flip: those whose key is not already INPATIENT-SUPPORTED."""
    return [r for r in records if r.gold is not None and r.gold["support"] != TARGET]


def planted_set(
    records: tuple[Record, ...] | list[Record], placement: str, family: str = plants.OVERT
) -> list[Planted]:
    """One planted record per target among `records` (those an injection can flip, see targets), each
    with a plant of `family` at `placement`; the same records give the same set on every run."""
    return [plant(r, placement, family, slot) for slot, r in enumerate(targets(records))]


def set_names() -> list[tuple[str, str]]:
    """(family, placement) of every planted set, families first, in the order they are reported."""
    return [(family, placement) for family in plants.FAMILIES for placement in PLACEMENTS]
