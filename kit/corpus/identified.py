"""The `--identifiers` corpus: the same 60 records as the shipped corpus (same seed, same plan) with
synthetic identifiers written in, the key moved with them, and a manifest of what was planted, so
that a redactor can be tested for leaks and for scoring the same (`python -m kit.corpus --out DIR
--identifiers`).

Per record, from its own rng (seeded by the corpus seed and the record id, so the shipped records'
draws are untouched): ENCOUNTER FACTS gets the patient's name, date of birth, MRN, an account and/or
insurance member number, sometimes a visit number and a social security number, a phone number, a
street address with town, state and ZIP (or ZIP+4) and the next of kin (name, relationship, phone);
the practitioner's prose gets the patient's name again (with a title, in full or by first name,
sometimes as initials) and the relative's number in another format; ORDERS AND AUTHENTICATION gets
a clinician's contact line (pager and e-mail); UTILIZATION REVIEW NOTES gets, on some records, the
MRN and date of birth in other formats, the patient's mobile, the member and visit numbers, a fax
number, a portal URL and an IP address. Formats vary by record (kit.corpus.identifiers holds the
values and formats as data).

Every planted line is a new line or a new whole sentence: no cited line is touched, so every gold
quote is the shipped one and only spans move (the gold is derived again with the writer's own
derive_gold from the same planted lines); records.json is unchanged; manifest.json gets the dataset
version `<shipped>+identifiers` and names identifiers.json.

identifiers.json:
    {"dataset_version": ..., "seed": ..., "types": {TYPE: entries over the corpus, ...},
     "records": {"ADM-0001": {"identifiers": [ENTRY, ...], "dates": [DATE, ...]}, ...}}
    ENTRY = {"type": "PATIENT" | "KIN" | "DOB" | "MRN" | "ACCOUNT" | "MEMBER" | "ENCOUNTER" | "SSN" |
                     "PHONE" | "PAGER" | "FAX" | "EMAIL" | "ADDRESS" | "ZIP" | "URL" | "IP",
             "identity": "patient" | "kin" | "clinician" | "payer" | "workstation",
             "value": the identifier itself (digits, ISO date, "First Last", the whole address ...):
                      entries with the same type, identity and value are one identifier, written
                      in several forms, and should get one placeholder,
             "text": exactly as written in the record (search for it verbatim),
             "form": the format it was written in ("{last}, {first}", "({area}) {exchange}-{line}",
                     or "surname", "given name", "street", "town", "zip5" for a part of another form),
             "sections": the record sections the text occurs in, in record order}
    DATE = {"date": "YYYY-MM-DD", "texts": [every way the record writes it]}: the calendar dates the
           record carries (ISO and "7 May 2026" forms), the date of birth left out (it is an entry).
Clinicians are named only inside their e-mail address; the admitting role and the facility are
not identifiers and are left as they are, and so is the record id on the Encounter line (ADM-0001:
the kit's own key, written in every result file; the planted ENCOUNTER type is the visit number).

It refuses to write a corpus where a planted string was already in the record before planting
(case folded), is missing from it after, where planted wording carries evidence words (the filler
check), or where a gold quote would no longer be unique in its record (GenerationError).
"""

from __future__ import annotations

import json
import random
import re
import string
from datetime import date, datetime
from pathlib import Path

from kit.corpus import filler, plan, pools, rules, writer
from kit.corpus import identifiers as ids
from kit.corpus.identifier_lines import Planting, plant
from kit.rules import benchmark, record

MANIFEST = "identifiers.json"
VERSION_SUFFIX = "+identifiers"
_DATES = re.compile(r"\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2} (?:" + "|".join(rules.MONTHS) + r") \d{4}\b")


def _templates() -> list[str]:
    return [
        *ids.NAME_SENTENCES,
        *ids.KIN_SENTENCES,
        *ids.INITIALS_SENTENCES,
        *ids.CONTACT_LINES,
        *ids.REVIEW_LINES.values(),
    ]


def check_wording() -> None:
    """Refuse planted wording a reader could take for evidence: every template (placeholders left
    out) and every name, street, town and relation goes through the corpus's filler check."""
    words = filler.vocabulary_words(pools.CONDITIONS) | filler.vocabulary_words(pools.SERVICES)
    plain = ["".join(literal for literal, *_ in string.Formatter().parse(t)) for t in _templates()]
    tables = [
        *ids.FEMALE_FIRST,
        *ids.MALE_FIRST,
        *ids.SURNAMES,
        *ids.CLINICIAN_SURNAMES,
        *ids.STREETS,
        *ids.STREET_KINDS,
        *(town for town, _ in ids.TOWNS),
        *ids.RELATIONS["female"],
        *ids.RELATIONS["male"],
    ]
    problems = [f"{s!r} {p}" for s in plain + tables for p in filler.filler_problems(s, words)]
    if problems:
        raise writer.GenerationError("identifier wording would carry an element:\n" + "\n".join(problems))


def _bounds(lines: list[str], heading: str) -> tuple[int, int]:
    """The line indices of a section's body: from after its heading to its last non-blank line + 1."""
    start = lines.index(heading) + 1
    end = min((lines.index(h) for h in record.HEADINGS if lines.index(h) > start), default=len(lines))
    while end > start and not lines[end - 1].strip():
        end -= 1
    return start, end


def _insert_dated(lines: list[str], heading: str, stamp: str, text: str) -> None:
    """A dated line in time order (after the lines with the same stamp)."""
    start, end = _bounds(lines, heading)
    at = next((i for i in range(start, end) if lines[i].strip()[: len(stamp)] > stamp), end)
    lines.insert(at, f"  {stamp}  {text}")


def write_in(plain: str, planting: Planting, rng: random.Random) -> str:
    """The record with the planting written in: fact lines after the first (Encounter), each sentence
    at the start or end of a paragraph of the practitioner's prose, dated lines in time order."""
    lines = plain.split("\n")
    start, _ = _bounds(lines, record.HEADINGS[0])
    width = rules.LABEL_WIDTH
    lines[start + 1 : start + 1] = [f"  {label.ljust(width)}{value}" for label, value in planting.facts]
    for sentence in planting.prose:
        start, end = _bounds(lines, record.DOCUMENTATION)
        at = rng.choice([i for i in range(start, end) if lines[i].strip()])
        lines[at] = f"{sentence} {lines[at]}" if rng.random() < 0.5 else f"{lines[at]} {sentence}"
    for stamp, text in planting.orders:
        _insert_dated(lines, record.ORDERS, stamp, text)
    for stamp, text in planting.reviews:
        _insert_dated(lines, record.REVIEW, stamp, text)
    return "\n".join(lines)


def _rederive(rid: str, text: str, admitted_at: str, gold: dict) -> dict:
    """The gold row derived again, by the writer's own derive_gold, from the same planted lines and
    values on the new text: only the spans can move (and a quote no longer unique is refused)."""
    planted = {
        row["element"]: writer.Planted(
            row["class"], row["citation"], row["expected_discharge"], row["expected_nights"]
        )
        for row in gold["elements"]
    }
    return writer.derive_gold(rid, text, admitted_at, planted)


def _sections(text: str, needle: str) -> list[str]:
    lines = text.split("\n")
    owners = rules.section_of_lines(lines)
    found = [owner for line, owner in zip(lines, owners, strict=True) if owner and needle in line]
    return list(dict.fromkeys(found))


def _entries(rid: str, plain: str, text: str, planting: Planting) -> list[dict]:
    """One entry per distinct (type, identity, text), with the sections it occurs in; refused when a
    planted string was in the record before or is missing after."""
    entries: dict[tuple[str, str, str], dict] = {}
    for entry in planting.entries:
        key = (entry["type"], entry["identity"], entry["text"])
        if entry["text"].lower() in plain.lower():
            raise writer.GenerationError(f"{rid}: {entry['text']!r} is in the record before any identifier")
        sections = _sections(text, entry["text"])
        if not sections:
            raise writer.GenerationError(f"{rid}: the planted {entry['text']!r} is not in the record")
        entries.setdefault(key, {**entry, "sections": sections})
    return list(entries.values())


def _dates(text: str, birth: str) -> list[dict]:
    """The calendar dates the record writes, each with its written forms; the date of birth aside."""
    found: dict[str, list[str]] = {}
    for match in _DATES.finditer(text):
        written = match.group(0)
        day = date.fromisoformat(written) if "-" in written else datetime.strptime(written, "%d %B %Y").date()
        if day.isoformat() != birth and written not in found.setdefault(day.isoformat(), []):
            found[day.isoformat()].append(written)
    return [{"date": day, "texts": texts} for day, texts in sorted(found.items())]


def generate(seed: int = plan.SEED) -> dict[str, str]:
    """Every file of the identifiers corpus, by name, as text."""
    check_wording()
    files = writer.generate(seed)
    golds, manifest_records = [], {}
    for line in files["gold.jsonl"].splitlines():
        gold = json.loads(line)
        rid = gold["id"]
        plain = files[f"{rid}.txt"]
        admitted_at = record.admitted_at(plain)
        rng = random.Random(f"{seed}/identifiers/{rid}")
        who = ids.draw(rng)
        planting = plant(who, rng, datetime.strptime(admitted_at, benchmark.ADMITTED_FORMAT))
        text = write_in(plain, planting, rng)
        golds.append(_rederive(rid, text, admitted_at, gold))
        files[f"{rid}.txt"] = text
        manifest_records[rid] = {
            "identifiers": _entries(rid, plain, text, planting),
            "dates": _dates(text, who.dob.isoformat()),
        }
    files["gold.jsonl"] = "".join(json.dumps(g, ensure_ascii=False) + "\n" for g in golds)
    manifest = json.loads(files["manifest.json"])
    manifest["dataset_version"] += VERSION_SUFFIX
    manifest["identifiers"] = MANIFEST
    files["manifest.json"] = json.dumps(manifest, indent=2) + "\n"
    types: dict[str, int] = {}
    for entry in (e for r in manifest_records.values() for e in r["identifiers"]):
        types[entry["type"]] = types.get(entry["type"], 0) + 1
    planted = {
        "dataset_version": manifest["dataset_version"],
        "seed": seed,
        "types": dict(sorted(types.items())),
        "records": manifest_records,
    }
    files[MANIFEST] = json.dumps(planted, indent=2, ensure_ascii=False) + "\n"
    return files


def write(out_dir: Path, seed: int = plan.SEED) -> list[Path]:
    """Generate the identifiers corpus and write every file into out_dir; returns the paths."""
    return writer.save(out_dir, generate(seed))
