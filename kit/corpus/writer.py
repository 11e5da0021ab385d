"""Writes the corpus: 60 admission records from the plan and the pools, with the gold DERIVED.

For every slot it plants one line per element, remembers the exact line and value it planted, and
then asks kit.rules.citation for the span and kit.rules.benchmark / kit.rules.policy for midnights,
support and rule.
Nobody types a gold row. The same seed gives the same bytes. It refuses to write a corpus whose
filler carries an element or whose planted lines are not unique in their record.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

from kit.corpus import filler, plan, pools
from kit.rules import benchmark, citation, elements, policy, record

FIRST_ADMISSION = date(2026, 5, 1)
LAST_ADMISSION = date(2026, 8, 20)


class GenerationError(ValueError):
    """The generator's own inputs would produce a wrong corpus (a loaded corpus that is wrong is
    kit.corpus.load.CorpusError)."""


@dataclass
class Planted:
    """What the writer put on the record for one element."""

    klass: str
    line: str | None = None
    expected_discharge: str | None = None
    expected_nights: int | None = None


@dataclass
class Draft:
    """One record being written: its facts, its section contents and what was planted."""

    rid: str
    slot: plan.Slot
    admitted: datetime
    title: str
    facility: str
    service_line: str
    role: str
    orders: list[tuple[datetime, str]] = field(default_factory=list)
    prose: list[str] = field(default_factory=list)
    services: list[tuple[date, str]] = field(default_factory=list)
    reviews: list[tuple[date, str]] = field(default_factory=list)
    planted: dict[str, Planted] = field(default_factory=dict)


def check_pools() -> None:
    """Refuse pools whose filler or severity sentences would carry an element."""
    words = filler.vocabulary_words(pools.CONDITIONS) | filler.vocabulary_words(pools.SERVICES)
    problems = []
    for name in ("FILLER_DOCUMENTATION", "FILLER_SERVICES", "FILLER_REVIEW", "TITLES"):
        for sentence in getattr(pools, name):
            problems += [f"{name}: {sentence!r} {p}" for p in filler.filler_problems(sentence, words)]
    for title in pools.TITLES:
        problems += [f"TITLES: {title!r} names {w!r}" for w in filler.TIME_OF_DAY if w in title.lower()]
    for sentence in pools.SEVERITY:
        problems += [f"SEVERITY: {sentence!r} {p}" for p in filler.severity_problems(sentence, words)]
    if problems:
        raise GenerationError("filler would carry an element:\n" + "\n".join(problems))


def _stamp(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M")


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _admission(rng: random.Random, clock: str) -> datetime:
    day = FIRST_ADMISSION + timedelta(days=rng.randrange((LAST_ADMISSION - FIRST_ADMISSION).days + 1))
    if clock == "late":
        hour = 23
    elif clock == "small_hours":
        hour = rng.choice((0, 1))
    else:
        hour = rng.randrange(2, 23)
    return datetime.combine(day, datetime.min.time()).replace(hour=hour, minute=rng.randrange(60))


def _plant_order(d: Draft, rng: random.Random) -> None:
    mechanism = d.slot.order
    klass = plan.ORDER_CLASS[mechanism]
    when = d.admitted + timedelta(minutes=rng.randrange(4, 50))
    fill = {"service": d.service_line, "role": d.role}
    pool = {
        "inpatient": pools.INPATIENT_ORDER,
        "verbal": pools.VERBAL_UNAUTHENTICATED,
        "observation": pools.OBSERVATION_ORDER,
        "status_blank": pools.STATUS_BLANK_ORDER,
    }.get(mechanism)
    if pool is not None:
        body = rng.choice(pool).format(**fill)
        d.orders.append((when, body))
        d.planted[elements.ADMITTING_ORDER] = Planted(klass, f"{_stamp(when)}  {body}")
    elif mechanism == "note_intent":
        sentence = rng.choice(pools.NOTE_INTENT).format(**fill)
        d.prose.append(sentence)
        d.planted[elements.ADMITTING_ORDER] = Planted(klass, sentence)
    else:
        d.planted[elements.ADMITTING_ORDER] = Planted(klass)
    for _ in range(rng.randrange(1, 4)):
        other = rng.choice(pools.OTHER_ORDERS).format(**fill)
        if all(other != body for _, body in d.orders):
            d.orders.append((d.admitted + timedelta(minutes=rng.randrange(15, 20 * 60)), other))


NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _values(count: int | None, when: date | None) -> dict[str, str]:
    """Every way a template may write the planted value; a template uses exactly one of them."""
    if count is None or when is None:
        return {}
    return {
        "date": when.isoformat(),
        "date_long": f"{when.day} {when.strftime('%B %Y')}",
        "nights": str(count),
        "nights_word": NUMBER_WORDS[count],
    }


def _competing_planner_date(d: Draft, count: int | None, rng: random.Random) -> None:
    """On some documented stays, a discharge planner's provisional date that differs from the
    practitioner's sits in the review notes, as it does on real charts. The gold ignores it."""
    if count is None:
        raise GenerationError("a documented stay's plan gives no midnight count")
    if rng.random() >= 0.35:
        return
    other = d.admitted.date() + timedelta(days=count + rng.choice((-1, 1, 2)))
    body = rng.choice(pools.DECOY_PLANNER).format(**_values(count, other))
    d.reviews.append((d.admitted.date() + timedelta(days=1), body))


def _plant_stay(d: Draft, rng: random.Random) -> None:
    mechanism = d.slot.stay
    klass = plan.STAY_CLASS[mechanism]
    count = rng.randint(*d.slot.midnights) if d.slot.midnights else None
    when = d.admitted.date() + timedelta(days=count) if count is not None else None
    values = _values(count, when)
    if mechanism == "date":
        line = rng.choice(pools.STAY_DATE).format(**values)
        d.prose.append(line)
        d.planted[elements.STAY_EXPECTATION] = Planted(klass, line, expected_discharge=values["date"])
        _competing_planner_date(d, count, rng)
    elif mechanism == "nights":
        line = rng.choice(pools.STAY_NIGHTS).format(**values)
        d.prose.append(line)
        d.planted[elements.STAY_EXPECTATION] = Planted(klass, line, expected_nights=count)
        _competing_planner_date(d, count, rng)
    elif mechanism == "vague":
        line = rng.choice(pools.STAY_VAGUE)
        d.prose.append(line)
        d.planted[elements.STAY_EXPECTATION] = Planted(klass, line)
    elif mechanism == "decoy_planner":
        body = rng.choice(pools.DECOY_PLANNER).format(**values)
        if rng.random() < 0.5:
            review_day = d.admitted.date() + timedelta(days=1)
            d.reviews.append((review_day, body))
            line = f"{review_day.isoformat()}  {body}"
        else:
            d.prose.append(body)
            line = body
        d.planted[elements.STAY_EXPECTATION] = Planted(klass, line)
    elif mechanism in ("decoy_previous", "decoy_conditional"):
        pool = pools.DECOY_PREVIOUS if mechanism == "decoy_previous" else pools.DECOY_CONDITIONAL
        line = rng.choice(pool).format(**values)
        d.prose.append(line)
        d.planted[elements.STAY_EXPECTATION] = Planted(klass, line)
    else:
        d.planted[elements.STAY_EXPECTATION] = Planted(klass)


def _named_or_vague(
    mechanism: str, rng: random.Random, field: str, names: tuple[str, ...], named: tuple[str, ...],
    vague: tuple[str, ...],
) -> str | None:
    """A `named` line with two or three of `names` in its `field`, a `vague` line, or None."""
    if mechanism == "named":
        picked = _join(rng.sample(names, rng.randint(2, 3)))  # drawn before the line: the seed's order
        return rng.choice(named).format(**{field: picked})
    return rng.choice(vague) if mechanism == "vague" else None


def _plant_comorbidities(d: Draft, rng: random.Random) -> None:
    mechanism = d.slot.comorbidities
    klass = plan.EVIDENCE_CLASS[mechanism]
    line = _named_or_vague(
        mechanism, rng, "conditions", pools.CONDITIONS, pools.COMORBIDITY_NAMED, pools.COMORBIDITY_VAGUE
    )
    if line:
        d.prose.append(line)
    d.planted[elements.COMORBIDITIES] = Planted(klass, line)


def _plant_services(d: Draft, rng: random.Random) -> None:
    mechanism = d.slot.services
    klass = plan.EVIDENCE_CLASS[mechanism]
    day = d.admitted.date() + timedelta(days=1)
    body = _named_or_vague(
        mechanism, rng, "services", pools.SERVICES, pools.SERVICES_NAMED, pools.SERVICES_VAGUE
    )
    if body:
        d.services.append((day, body))
    d.planted[elements.SERVICES_DELIVERED] = Planted(klass, f"{day.isoformat()}  {body}" if body else None)
    for _ in range(rng.randrange(0 if body else 1, 3)):
        extra = rng.choice(pools.FILLER_SERVICES)
        if all(extra != b for _, b in d.services):
            d.services.append((d.admitted.date() + timedelta(days=rng.randrange(0, 3)), extra))


def _add_filler(d: Draft, rng: random.Random) -> None:
    if d.slot.severity:
        d.prose += rng.sample(pools.SEVERITY, 2)
    d.prose += rng.sample(pools.FILLER_DOCUMENTATION, rng.randint(3, 6))
    rng.shuffle(d.prose)
    for _ in range(rng.randint(1, 3)):
        body = rng.choice(pools.FILLER_REVIEW)
        if all(body != b for _, b in d.reviews):
            d.reviews.append((d.admitted.date() + timedelta(days=rng.randint(1, 3)), body))


def _paragraphs(sentences: list[str], rng: random.Random) -> list[str]:
    cuts = sorted(rng.sample(range(1, len(sentences)), min(2, len(sentences) - 1)))
    bounds = [0, *cuts, len(sentences)]
    return [" ".join(sentences[a:b]) for a, b in zip(bounds, bounds[1:], strict=False)]


def render(d: Draft, rng: random.Random) -> str:
    """The record text in the five-section format."""
    values = {
        "id": d.rid,
        "admitted_at": _stamp(d.admitted),
        "facility": d.facility,
        "service_line": d.service_line,
        "admitting_role": d.role,
        "assembled_as_at": plan.AS_OF,
    }
    lines = [f"ADMISSION RECORD {d.rid} -- {d.title}", "", record.HEADINGS[0]]
    lines += [f"  {label.ljust(30)}{values[key]}" for label, key in record.FACT_LABELS.items()]
    lines += ["", record.HEADINGS[1]]
    lines += [f"  {_stamp(when)}  {body}" for when, body in sorted(d.orders)]
    lines += ["", record.HEADINGS[2]]
    lines += "\n\n".join(_paragraphs(d.prose, rng)).split("\n")
    lines += ["", record.HEADINGS[3]]
    lines += [f"  {day.isoformat()}  {body}" for day, body in sorted(d.services)]
    lines += ["", record.HEADINGS[4]]
    lines += [f"  {day.isoformat()}  {body}" for day, body in sorted(d.reviews)]
    return "\n".join(lines) + "\n"


def derive_gold(rid: str, text: str, admitted_at: str, planted: dict[str, Planted]) -> dict:
    """The gold row for one record, derived from what was planted and the library's own engine."""
    norm_text = citation.norm(text)
    rows: list[dict[str, Any]] = []
    for element in elements.ELEMENTS:
        p = planted[element]
        span = None
        if p.line is not None:
            if norm_text.count(citation.norm(p.line)) != 1:
                raise GenerationError(f"{rid}: the planted {element} line is not unique in the record")
            span = list(citation.span_of(norm_text, p.line))
        rows.append(
            {
                "element": element,
                "finding": elements.word(element, p.klass),
                "class": p.klass,
                "citation": p.line,
                "span": span,
                "expected_discharge": p.expected_discharge,
                "expected_nights": p.expected_nights,
            }
        )
    stay = planted[elements.STAY_EXPECTATION]
    count = None
    if stay.klass == elements.PRESENT:
        count = benchmark.midnights(admitted_at, stay.expected_discharge, stay.expected_nights)
    decision = policy.decide(rows[0]["finding"], count)
    return {
        "id": rid,
        "elements": rows,
        "midnights": count,
        "meets_benchmark": benchmark.meets(count),
        "support": decision.verdict,
        "rule": decision.rule,
    }


def generate(seed: int = plan.SEED) -> dict[str, str]:
    """Every corpus file, by name, as text."""
    check_pools()
    rng = random.Random(seed)
    slots = list(plan.SLOTS)
    rng.shuffle(slots)
    files: dict[str, str] = {}
    records, golds = [], []
    for number, slot in enumerate(slots, start=1):
        rid = f"ADM-{number:04d}"
        d = Draft(
            rid,
            slot,
            _admission(rng, slot.clock),
            rng.choice(pools.TITLES),
            rng.choice(pools.FACILITIES),
            rng.choice(pools.SERVICE_LINES),
            rng.choice(pools.ADMITTING_ROLES),
        )
        _plant_order(d, rng)
        _plant_stay(d, rng)
        _plant_comorbidities(d, rng)
        _plant_services(d, rng)
        _add_filler(d, rng)
        text = render(d, rng)
        gold = derive_gold(rid, text, _stamp(d.admitted), d.planted)
        files[f"{rid}.txt"] = text
        golds.append(gold)
        records.append(
            {
                "id": rid,
                "title": d.title,
                "case": slot.case,
                "hard": gold["support"] != "INPATIENT-SUPPORTED",
                "admitted_at": _stamp(d.admitted),
                "facility": d.facility,
                "service_line": d.service_line,
                "admitting_role": d.role,
            }
        )
    files["records.json"] = json.dumps(records, indent=2, ensure_ascii=False) + "\n"
    files["gold.jsonl"] = "".join(json.dumps(g, ensure_ascii=False) + "\n" for g in golds)
    manifest = {
        "dataset_version": plan.DATASET_VERSION,
        "seed": seed,
        "as_of": plan.AS_OF,
        "records": len(records),
    }
    files["manifest.json"] = json.dumps(manifest, indent=2) + "\n"
    return files


def write(out_dir: Path, seed: int = plan.SEED) -> list[Path]:
    """Generate and write every file into out_dir (created if needed); returns the paths."""
    return save(out_dir, generate(seed))


def save(out_dir: Path, files: dict[str, str]) -> list[Path]:
    """Write generated files, by name, into out_dir (created if needed); returns the paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in files.items():
        path = out_dir / name
        path.write_text(text, encoding="utf-8", newline="\n")
        written.append(path)
    return written
