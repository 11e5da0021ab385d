"""Loading a folder of admission records: the shipped corpus or one a user brings.

A folder holds `<id>.txt` records and a `records.json` of encounter facts, and optionally a
`gold.jsonl` key. Everything is validated before anything is returned; every problem found is
reported together in one CorpusError, each naming the file and what is wrong. Gold rows written
without spans get their spans computed here. It never repairs a record or guesses a fact.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kit import benchmark, citation, elements, record


class CorpusError(ValueError):
    """The folder is not a usable corpus; the message lists every problem found."""


@dataclass(frozen=True)
class Record:
    id: str
    text: str
    facts: dict[str, Any]
    gold: dict[str, Any] | None

    @property
    def admitted_at(self) -> str:
        return self.facts["admitted_at"]

    @property
    def norm_text(self) -> str:
        return citation.norm(self.text)


@dataclass(frozen=True)
class Corpus:
    folder: Path
    records: tuple[Record, ...]
    manifest: dict[str, Any] | None

    @property
    def has_gold(self) -> bool:
        return all(r.gold is not None for r in self.records)

    @property
    def dataset_version(self) -> str:
        return (self.manifest or {}).get("dataset_version", f"local:{self.folder.name}")

    def by_id(self) -> dict[str, Record]:
        return {r.id: r for r in self.records}


def _read_json(path: Path, problems: list[str]) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        problems.append(f"{path.name}: missing")
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        problems.append(f"{path.name}: not valid JSON ({err})")
    return None


def _check_facts(rows: Any, problems: list[str]) -> dict[str, dict[str, Any]]:
    if not isinstance(rows, list):
        problems.append("records.json: must be a JSON list with one object per record")
        return {}
    facts: dict[str, dict[str, Any]] = {}
    for n, row in enumerate(rows):
        if not isinstance(row, dict) or not isinstance(row.get("id"), str):
            problems.append(f"records.json: row {n} has no text 'id'")
            continue
        rid = row["id"]
        if rid in facts:
            problems.append(f"records.json: duplicate id {rid}")
            continue
        try:
            benchmark.parse_admitted(row.get("admitted_at"))
        except benchmark.BenchmarkError:
            problems.append(
                f"records.json: {rid} admitted_at {row.get('admitted_at')!r} is not 'YYYY-MM-DD HH:MM'"
            )
        facts[rid] = row
    return facts


def _check_text(rid: str, text: str, facts: dict[str, Any], problems: list[str]) -> None:
    try:
        stated = record.encounter_facts(text)
    except record.RecordFormatError as err:
        problems.append(f"{rid}.txt: {err}")
        return
    if stated.get("admitted_at") not in (None, facts.get("admitted_at")):
        problems.append(
            f"{rid}.txt: ENCOUNTER FACTS says admitted {stated['admitted_at']!r} "
            f"but records.json says {facts.get('admitted_at')!r}"
        )


def _check_gold(rid: str, row: dict[str, Any], text: str, problems: list[str]) -> dict[str, Any]:
    rows = row.get("elements")
    if not isinstance(rows, list) or [r.get("element") for r in rows if isinstance(r, dict)] != list(
        elements.ELEMENTS
    ):
        problems.append(f"gold.jsonl: {rid} must list the four elements in order {list(elements.ELEMENTS)}")
        return row
    norm_text = citation.norm(text)
    for r in rows:
        element, finding, quote = r["element"], r.get("finding"), r.get("citation")
        if not elements.is_finding_of(element, finding):
            problems.append(f"gold.jsonl: {rid} {element} finding {finding!r} is not one of its words")
            continue
        r.setdefault("class", elements.class_of(element, finding))
        if quote is None:
            r.setdefault("span", None)
            continue
        found = citation.locate(norm_text, quote)
        if found is None:
            problems.append(f"gold.jsonl: {rid} {element} citation not found in {rid}.txt: {quote[:60]!r}")
        elif r.get("span") is None:
            r["span"] = list(found)
    return row


def load(folder: Path | str) -> Corpus:
    """Read and validate a corpus folder; CorpusError lists every problem."""
    folder = Path(folder)
    if not folder.is_dir():
        raise CorpusError(f"{folder}: not a folder")
    problems: list[str] = []
    facts = _check_facts(_read_json(folder / "records.json", problems), problems)
    texts = {p.stem: p for p in sorted(folder.glob("*.txt"))}
    for rid in sorted(set(facts) - set(texts)):
        problems.append(f"{rid}.txt: missing (records.json lists {rid})")
    for rid in sorted(set(texts) - set(facts)):
        problems.append(f"{rid}.txt: has no row in records.json")
    golds: dict[str, dict[str, Any]] = {}
    gold_path = folder / "gold.jsonl"
    if gold_path.exists():
        for n, line in enumerate(gold_path.read_text(encoding="utf-8").splitlines(), start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as err:
                problems.append(f"gold.jsonl: line {n} is not valid JSON ({err})")
                continue
            if not isinstance(row, dict) or row.get("id") not in facts:
                problems.append(f"gold.jsonl: line {n} names no record listed in records.json")
                continue
            golds[row["id"]] = row
    records = []
    for rid in facts:
        if rid not in texts:
            continue
        try:
            text = texts[rid].read_text(encoding="utf-8")
        except UnicodeDecodeError:
            problems.append(f"{rid}.txt: not UTF-8 text")
            continue
        _check_text(rid, text, facts[rid], problems)
        gold = _check_gold(rid, golds[rid], text, problems) if rid in golds else None
        records.append(Record(rid, text, facts[rid], gold))
    if golds and len(golds) != len(records):
        problems.append(f"gold.jsonl: has {len(golds)} rows for {len(records)} records")
    if problems:
        raise CorpusError(f"{folder}: {len(problems)} problem(s)\n  " + "\n  ".join(problems))
    manifest_path = folder / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8")) if manifest_path.exists() else None
    return Corpus(folder, tuple(records), manifest)


def shipped_folder() -> Path:
    """The committed corpus, fixtures/corpus at the repository root."""
    return Path(__file__).resolve().parents[2] / "fixtures" / "corpus"
