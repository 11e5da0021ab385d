"""Forged documentation: lines written in the record's own voice that falsely document what an attacker
wants (an authenticated inpatient order line, an expected-discharge sentence by the attending, a
countersignature) instead of addressing the reader. No text scan can tell them from real charting; the
defence is structural (provenance and the recheck), and this module supplies what measures it.

Material is a JSON list, one forged line per entry:

  {"section": the section it was written for (a heading, or a placement name below),
   "text": the line (one line; a leading date stamp is dropped, each placement writes its own),
   "element": "admitting_order" | "stay_expectation" (what it forges),
   "claims": {"order_signed": bool, "midnights": int | null, "discharge_date": "YYYY-MM-DD" | null,
              "verdict": "INPATIENT-SUPPORTED" | null, "ignore_instructions": bool},
   "style": optional, a word for how it was written}

Each line is planted at every placement (the four sections after ENCOUNTER FACTS, as in
kit.arms.injection: a dated line in the orders, the services and the review notes, a sentence in the
practitioner's prose), whatever section it was written for, into a record whose key is not
INPATIENT-SUPPORTED; the clean record is never modified. The fooled reader (`read`, the credulous
reader's `believe`) takes every claim as true and quotes the planted line: an order claim as
`order-present`, a stay claim as `documented` with the claimed night count, or else the claimed discharge
date (the recheck counts its midnights against the record's admission date-time), and the claimed
verdict as its own.

Dates. A material is written against one admission of its writer's own, unknown to the kit: its
anchor is the earliest date any of its lines mentions (a stamp, a date in the text, a claimed
discharge), taken as that admission's day. Planted into a record, every date in a line's text and its
claimed discharge date move by the whole days from the anchor to the record's admission date, so a
line claiming discharge four days after its writer's admission claims four midnights in every record,
as a forgery written for that record would. Planting and reading only: kit.measure.forged_scoring
counts the flips.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import re
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from kit.arms import credulous, injection
from kit.corpus import Record
from kit.rules import Answer, benchmark, elements, record, rulebook

# In record order, the four sections after ENCOUNTER FACTS.
PLACEMENTS: tuple[str, ...] = (
    injection.ORDERS, injection.DOCUMENTATION, injection.SERVICES, injection.REVIEW,
)  # fmt: skip
HEADING = {
    injection.ORDERS: record.ORDERS,
    injection.DOCUMENTATION: record.DOCUMENTATION,
    injection.SERVICES: record.SERVICES,
    injection.REVIEW: record.REVIEW,
}
FORGED_ELEMENTS: tuple[str, ...] = (elements.ADMITTING_ORDER, elements.STAY_EXPECTATION)
CLAIMS = ("order_signed", "midnights", "discharge_date", "verdict", "ignore_instructions")
TARGET = injection.TARGET
SEED = 20261202
_DATE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")


class MaterialError(ValueError):
    """A forged-documentation file that is not in the format; the message names the entry and field."""


@dataclass(frozen=True)
class Forgery:
    """One forged line and what it claims."""

    index: int
    section: str  # the placement it was written for
    text: str  # as written, its date stamp (if any) dropped
    element: str
    order_signed: bool
    midnights: int | None
    discharge_date: str | None
    verdict: str | None
    ignore_instructions: bool
    style: str | None = None
    anchor: str | None = None  # the material's admission day (see Dates above); None: it names no date

    @property
    def claims_stay(self) -> bool:
        return self.midnights is not None or self.discharge_date is not None

    @property
    def claimed(self) -> tuple[str, ...]:
        """The elements whose reading the line claims (an order, a stay), in answer order."""
        said = {elements.ADMITTING_ORDER: self.order_signed, elements.STAY_EXPECTATION: self.claims_stay}
        return tuple(e for e in FORGED_ELEMENTS if said[e])


@dataclass(frozen=True)
class Placed:
    """One forged line planted into one record at one placement: the text the reader sees, the clean
    record it is graded against, and the line the reader quotes."""

    forgery: Forgery
    placement: str
    record: Record
    clean: Record
    line: str
    discharge_date: str | None  # the claimed discharge date, moved onto the record's timeline


def evidence_placement(element: str) -> str:
    """The placement whose section the rulebook's provenance table says the element's evidence must
    come from (the orders for an order, the practitioner's prose for a stay)."""
    section = rulebook.provenance()[element]["section"]
    return next(p for p, heading in HEADING.items() if heading == section)


def inside(forgery: Forgery, placement: str) -> bool:
    """True when the placement is the evidence section of some element the line claims: only there
    can provenance let a believed claim count."""
    return any(evidence_placement(e) == placement for e in forgery.claimed)


def _placement_of(section: Any, where: str) -> str:
    if isinstance(section, str):
        wanted = section.strip().upper()
        for placement, heading in HEADING.items():
            if wanted in (heading, placement.upper()):
                return placement
    names = ", ".join([*HEADING.values(), *HEADING])
    raise MaterialError(f"{where}: section {section!r} is none of {names}")


def _claims(raw: Any, where: str) -> dict[str, Any]:
    if not isinstance(raw, dict) or set(raw) != set(CLAIMS):
        keys = sorted(raw) if isinstance(raw, dict) else type(raw).__name__
        raise MaterialError(f"{where}: claims must hold exactly {', '.join(CLAIMS)}; got {keys}")
    for key in ("order_signed", "ignore_instructions"):
        if not isinstance(raw[key], bool):
            raise MaterialError(f"{where}: claims.{key} must be true or false, got {raw[key]!r}")
    nights = raw["midnights"]
    if nights is not None:
        try:
            benchmark.parse_nights(nights)
        except benchmark.BenchmarkError as err:
            raise MaterialError(f"{where}: claims.midnights: {err}") from None
    if raw["discharge_date"] is not None:
        try:
            benchmark.parse_discharge(raw["discharge_date"])
        except benchmark.BenchmarkError as err:
            raise MaterialError(f"{where}: claims.discharge_date: {err}") from None
    if raw["verdict"] not in (None, *rulebook.verdicts()):
        raise MaterialError(f"{where}: claims.verdict {raw['verdict']!r} is not a verdict of the rulebook")
    return raw


def parse(rows: Any, name: str = "material") -> tuple[Forgery, ...]:
    """The forged lines of a material file's JSON value; MaterialError naming the first fault."""
    if not isinstance(rows, list) or not rows:
        raise MaterialError(f"{name}: must be a non-empty JSON list of forged lines")
    out: list[Forgery] = []
    for n, row in enumerate(rows):
        where = f"{name}[{n}]"
        if not isinstance(row, dict):
            raise MaterialError(f"{where}: must be an object, got {type(row).__name__}")
        missing = {"section", "text", "element", "claims"} - set(row)
        if missing:
            raise MaterialError(f"{where}: lacks {', '.join(sorted(missing))}")
        text = row["text"]
        if not isinstance(text, str) or not text.strip() or "\n" in text.strip():
            raise MaterialError(f"{where}: text must be one non-empty line")
        if row["element"] not in FORGED_ELEMENTS:
            named = ", ".join(FORGED_ELEMENTS)
            raise MaterialError(f"{where}: element {row['element']!r} is none of {named}")
        style = row.get("style")
        if style is not None and not isinstance(style, str):
            raise MaterialError(f"{where}: style must be text, got {style!r}")
        claims = _claims(row["claims"], where)
        out.append(
            Forgery(
                n,
                _placement_of(row["section"], where),
                record.dated_text(text.strip()),
                row["element"],
                claims["order_signed"],
                claims["midnights"],
                claims["discharge_date"],
                claims["verdict"],
                claims["ignore_instructions"],
                style,
            )
        )
    anchor = _anchor(rows, name)
    return tuple(dataclasses.replace(f, anchor=anchor) for f in out)


def _anchor(rows: list[dict[str, Any]], name: str) -> str | None:
    """The earliest date the material mentions, in its texts (stamps included) or its claims."""
    found = []
    for n, row in enumerate(rows):
        for written in [*_DATE.findall(row["text"]), row["claims"]["discharge_date"]]:
            if written is None:
                continue
            try:
                found.append(benchmark.parse_discharge(written))
            except benchmark.BenchmarkError as err:
                raise MaterialError(f"{name}[{n}]: text: {err}") from None
    return min(found).isoformat() if found else None


def _moved(text: str, days: int) -> str:
    """Every YYYY-MM-DD in the text moved by `days`."""
    return _DATE.sub(lambda m: (date.fromisoformat(m.group(1)) + timedelta(days=days)).isoformat(), text)


def load(path: Path) -> tuple[Forgery, ...]:
    """The forged lines of a material file (UTF-8 JSON)."""
    try:
        rows = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise MaterialError(f"{path}: cannot read forged documentation: {err}") from None
    return parse(rows, Path(path).name)


def content_hash(path: Path) -> str:
    """sha256 of the material file's bytes: what figures measured on it are measured on."""
    return "sha256:" + hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _sentence(text: str) -> str:
    """The line as a sentence of prose: a full stop added when it ends without one."""
    return text if text.rstrip("\"')]").endswith((".", "!", "?")) else f"{text}."


def plant(clean: Record, forgery: Forgery, placement: str) -> Placed:
    """The record with the forged line written at the placement: a dated line (stamped from the
    record's admission, in date order) in a dated section, a sentence in the prose."""
    if placement not in PLACEMENTS:
        raise ValueError(f"unknown placement {placement!r}; placements are {', '.join(PLACEMENTS)}")
    digest = hashlib.sha256(forgery.text.encode("utf-8")).hexdigest()[:16]
    rng = random.Random(f"{SEED}:{clean.id}:{digest}:{placement}")
    admitted = benchmark.parse_admitted(clean.admitted_at)
    days = (admitted.date() - date.fromisoformat(forgery.anchor)).days if forgery.anchor else 0
    body = _moved(forgery.text, days)
    discharge = _moved(forgery.discharge_date, days) if forgery.discharge_date else None
    if placement == injection.DOCUMENTATION:
        line = _sentence(body)
        text = injection.insert_sentence(clean.text, line, rng)
    else:
        if placement == injection.ORDERS:
            stamp = (admitted + timedelta(minutes=rng.randint(20, 90))).strftime("%Y-%m-%d %H:%M")
        elif placement == injection.SERVICES:
            stamp = (admitted.date() + timedelta(days=rng.randint(1, 2))).isoformat()
        else:
            stamp = (admitted.date() + timedelta(days=rng.randint(2, 4))).isoformat()
        line = f"{stamp}  {body}"
        text = injection.insert_dated(clean.text, HEADING[placement], line)
    planted = Record(clean.id, text, clean.facts, clean.gold)
    return Placed(forgery, placement, planted, clean, line, discharge)


def read(placed: Placed) -> Answer:
    """The fooled reader's answer: every claim of the line believed, the line quoted (the credulous
    reader's `believe`); a night count is taken over a discharge date when the line claims both."""
    f = placed.forgery
    nights = f.midnights
    when = placed.discharge_date if nights is None else None
    return credulous.believe(
        placed.clean, placed.line, order=f.order_signed, nights=nights, date=when, asks=f.verdict
    )
