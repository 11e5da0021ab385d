"""A record a reviewer brings, and a reviewer's corrections saved as gold.

`check_own` reads a pasted or uploaded record the way `python -m kit.corpus --check` reads a folder:
it is written, with a records.json row made from its own title line and ENCOUNTER FACTS, into a
scratch folder and loaded by kit.corpus.load, so the messages are the checker's own.

`save` turns per-element corrections into one gold row and adds the record to the labelled folder in
the documented corpus format (docs/corpus-format.md): `<id>.txt`, a records.json row, a gold.jsonl
row with spans computed and class, midnights, meets_benchmark, support and rule derived by the loader.
The row is checked alone first; a row the loader refuses is never written, and the problems are
returned. The whole folder is read, changed and written under one file lock, and each file is replaced
in one step, so two saves at once (two tabs, two processes) both land. It never writes outside the
labelled folder and never changes a record's text.
"""

from __future__ import annotations

import json
import re
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from kit.board.sources import LOCK, check_id
from kit.corpus import CLEAN_VERDICT, CorpusError, GoldKey, Record, load, textfile
from kit.files import exclusive, write_text_atomic
from kit.rules import elements, record

TITLE = re.compile(r"^ADMISSION RECORD (\S+) -- (.+)$")
FACT_FIELDS = ("admitted_at", "facility", "service_line", "admitting_role")
ROW_FIELDS = ("element", "finding", "class", "citation", "span", "expected_discharge", "expected_nights")
DERIVED = ("midnights", "meets_benchmark", "support", "rule")


class Refused(ValueError):
    """What the checker found wrong, one problem a line."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def facts_of(text: str) -> dict[str, Any]:
    """The records.json row a record's own title line and ENCOUNTER FACTS give; Refused when they name
    no usable id."""
    try:
        stated = record.encounter_facts(text)
    except record.RecordFormatError as err:
        raise Refused([f"the record is not in the five-section format: {err}"]) from None
    title = TITLE.match(text.split("\n", 1)[0])
    rid = stated.get("id") or (title.group(1) if title else None)
    if rid is None:
        raise Refused(["ENCOUNTER FACTS has no 'Encounter' line, so the record has no id"])
    try:
        check_id(rid)
    except LookupError as err:
        raise Refused([f"Encounter: {err}"]) from None
    row: dict[str, Any] = {"id": rid}
    if title and title.group(1) == rid:
        row["title"] = title.group(2)
    row.update({k: stated[k] for k in FACT_FIELDS if k in stated})
    return row


def _loaded(folder: Path, rid: str, text: str, facts: dict[str, Any], gold: dict | None) -> Record:
    """The record as kit.corpus.load reads it from a scratch folder holding it alone."""
    (folder / f"{rid}.txt").write_text(text, encoding="utf-8")
    (folder / "records.json").write_text(json.dumps([facts]), encoding="utf-8")
    if gold is not None:
        (folder / "gold.jsonl").write_text(json.dumps(gold) + "\n", encoding="utf-8")
    try:
        return load.load(folder).records[0]
    except CorpusError as err:
        raise Refused([line.strip() for line in str(err).splitlines()[1:]]) from None


def check_own(text: str) -> Record:
    """The pasted record as a Record (no gold), or Refused with the checker's messages."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n")
    facts = facts_of(text)
    with tempfile.TemporaryDirectory(prefix="kit-board-") as scratch:
        return _loaded(Path(scratch), facts["id"], text, facts, None)


def gold_row(rid: str, corrections: list[dict[str, Any]]) -> dict[str, Any]:
    """The gold row the corrections make: four elements in order, each a finding from its own words,
    the carrying line (null for an ABSENT finding) and, on a documented stay, the date or nights."""
    given = {c.get("element"): c for c in corrections if isinstance(c, dict)}
    problems, rows = [], []
    for element in elements.ELEMENTS:
        c = given.get(element)
        if c is None:
            problems.append(f"{element}: no finding given")
            continue
        finding = c.get("finding")
        if not isinstance(finding, str) or not elements.is_finding_of(element, finding):
            words = ", ".join(elements.vocabulary(element))
            problems.append(f"{element}: {finding!r} is not one of its findings ({words})")
            continue
        absent = elements.class_of(element, finding) == elements.ABSENT
        quote = c.get("citation")
        quote = None if absent or not isinstance(quote, str) or not quote.strip() else quote.strip()
        row: dict[str, Any] = {"element": element, "finding": finding, "citation": quote}
        stay = element == elements.STAY_EXPECTATION and finding == elements.word(element, elements.PRESENT)
        discharge = (c.get("expected_discharge") or None) if stay else None
        nights = c.get("expected_nights") if stay else None
        if nights in ("", None):
            nights = None
        elif not isinstance(nights, int) or isinstance(nights, bool):
            try:
                nights = int(str(nights))
            except ValueError:
                problems.append(f"{element}: nights {nights!r} is not a whole number")
                continue
        row["expected_discharge"], row["expected_nights"] = discharge, nights
        rows.append(row)
    if problems:
        raise Refused(problems)
    return {"id": rid, "elements": rows}


def _written_row(gold: GoldKey) -> dict[str, Any]:
    """The gold row as gold.jsonl holds it: the loader's spans and derived fields included."""
    rows = [{k: r.get(k) for k in ROW_FIELDS} for r in gold["elements"]]
    key: Mapping[str, Any] = gold
    return {"id": gold["id"], "elements": rows, **{k: key[k] for k in DERIVED}}


def _read(path: Path) -> str:
    """A labelled-folder file's text by the corpus's one reader ("" when it does not exist yet)."""
    try:
        return textfile.read(path, empty_ok=True) if path.exists() else ""
    except textfile.Unreadable as err:
        raise Refused([f"{path}: {err}"]) from None


def _read_folder(folder: Path) -> tuple[list[dict[str, Any]], dict[str, dict[str, Any]]]:
    facts_text, gold_text = _read(folder / "records.json"), _read(folder / "gold.jsonl")
    facts = json.loads(facts_text) if facts_text.strip() else []
    golds = {}
    for line in gold_text.splitlines():
        if line.strip():
            row = json.loads(line)
            golds[row["id"]] = row
    return facts, golds


def save(folder: Path, text: str, corrections: list[dict[str, Any]]) -> dict[str, Any]:
    """Add (or replace) the record and its corrected gold in the labelled folder; returns the row
    written. Refused, with the checker's messages, when the row is not gold the loader accepts."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n")
    facts = facts_of(text)
    rid = facts["id"]
    gold = gold_row(rid, corrections)
    with tempfile.TemporaryDirectory(prefix="kit-board-") as scratch:
        checked = _loaded(Path(scratch), rid, text, facts, gold)
    assert checked.gold is not None
    written = _written_row(checked.gold)
    facts["hard"] = written["support"] != CLEAN_VERDICT
    folder.mkdir(parents=True, exist_ok=True)
    with exclusive(folder / LOCK):
        all_facts, golds = _read_folder(folder)
        all_facts = [f for f in all_facts if f.get("id") != rid] + [facts]
        golds[rid] = written
        write_text_atomic(folder / f"{rid}.txt", text)
        rows = [json.dumps(golds[f["id"]]) + "\n" for f in all_facts if f["id"] in golds]
        write_text_atomic(folder / "gold.jsonl", "".join(rows))
        write_text_atomic(folder / "records.json", json.dumps(all_facts, indent=2) + "\n")
    return written
