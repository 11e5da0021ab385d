"""Loading a folder of admission records: the shipped corpus or one a user brings.

A folder holds `<id>.txt` records and a `records.json` of encounter facts, and optionally a
`gold.jsonl` key. Everything is validated before anything is returned; every problem found is
reported together in one CorpusError, each naming the file and what is wrong. The gold key is read
and completed by kit.corpus.gold, the one reader every user of gold goes through. It never repairs a
record or guesses a fact.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kit.corpus import gold, rules, textfile
from kit.corpus.gold import GoldKey
from kit.rules import benchmark, citation, record


class CorpusError(ValueError):
    """The folder is not a usable corpus; the message lists every problem found."""


@dataclass(frozen=True)
class Record:
    """One record of a corpus: its id, its text exactly as the file holds it, its records.json row
    (`facts`) and its completed gold key (None in a corpus without gold.jsonl)."""

    id: str
    text: str
    facts: dict[str, Any]
    gold: GoldKey | None

    @property
    def admitted_at(self) -> str:
        return self.facts["admitted_at"]

    @property
    def key(self) -> GoldKey:
        """The record's gold key, for code that grades; ValueError naming the record when it has none."""
        if self.gold is None:
            raise ValueError(f"{self.id}: has no gold key (the corpus's gold.jsonl has no row for it)")
        return self.gold

    @property
    def norm_text(self) -> str:
        return citation.norm(self.text)


@dataclass(frozen=True)
class Corpus:
    """A validated corpus folder: its records in records.json's order and its manifest, if any."""

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


def _read_text(path: Path, problems: list[str], empty_ok: bool = False) -> str | None:
    """The file's text (kit.corpus.textfile, the one reader), or None with the problem noted."""
    try:
        return textfile.read(path, empty_ok=empty_ok)
    except textfile.Unreadable as err:
        problems.append(f"{path.name}: {err}")
    return None


def _read_json(path: Path, problems: list[str]) -> Any:
    text = _read_text(path, problems)
    if text is None:
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        problems.append(f"{path.name}: not valid JSON ({err})")
    return None


def _check_facts(rows: Any, problems: list[str]) -> dict[str, dict[str, Any]]:
    if rows is None:
        return {}
    if not isinstance(rows, list):
        problems.append("records.json: must be a JSON list with one object per record")
        return {}
    if not rows:
        problems.append("records.json: lists no records")
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
            given = row.get("admitted_at")
            said = "has no admitted_at: give" if given is None else f"admitted_at {given!r} is not"
            problems.append(f"records.json: {rid} {said} 'YYYY-MM-DD HH:MM'")
        facts[rid] = row
    return facts


def _check_text(rid: str, text: str, facts: dict[str, Any], as_of: str | None, problems: list[str]) -> bool:
    """Check the record against its facts; False when it is not in the record format at all (its gold
    citations are then not looked for)."""
    try:
        stated = record.encounter_facts(text)
    except record.RecordFormatError as err:
        problems.append(f"{rid}.txt: {err}")
        return False
    if "admitted_at" not in stated:
        problems.append(f"{rid}.txt: ENCOUNTER FACTS has no 'Admitted' line")
    elif stated["admitted_at"] != facts.get("admitted_at") and facts.get("admitted_at") is not None:
        problems.append(
            f"{rid}.txt: ENCOUNTER FACTS says admitted {stated['admitted_at']!r} "
            f"but records.json says {facts.get('admitted_at')!r}"
        )
    problems += rules.layout_problems(rid, text, facts, as_of)
    return True


def _gold_rows(path: Path, facts: dict[str, Any], problems: list[str]) -> dict[str, dict[str, Any]]:
    """The gold rows by record id, read by kit.corpus.gold; none when there is no gold.jsonl."""
    text = _read_text(path, problems, empty_ok=True) if path.exists() or path.is_symlink() else None
    return gold.read_lines(text, facts, problems)


def load(folder: Path | str) -> Corpus:
    """Read and validate a corpus folder; CorpusError lists every problem."""
    folder = Path(folder)
    if not folder.is_dir():
        raise CorpusError(f"{folder}: not a folder")
    problems: list[str] = []
    facts = _check_facts(_read_json(folder / "records.json", problems), problems)
    if not facts:
        raise _error(folder, problems or ["records.json: lists no usable record"])
    texts = {p.stem: p for p in sorted(folder.glob("*.txt"))}
    for rid in sorted(set(facts) - set(texts)):
        problems.append(f"{rid}.txt: missing (records.json lists {rid})")
    for rid in sorted(set(texts) - set(facts)):
        problems.append(f"{rid}.txt: has no row in records.json")
    golds = _gold_rows(folder / "gold.jsonl", facts, problems)
    manifest_path = folder / "manifest.json"
    manifest = _read_json(manifest_path, problems) if manifest_path.exists() else None
    if manifest is not None and not isinstance(manifest, dict):
        problems.append("manifest.json: must be a JSON object")
        manifest = None
    as_of = (manifest or {}).get("as_of")
    as_of = as_of if isinstance(as_of, str) else None
    records = []
    for rid in facts:
        if rid not in texts:
            continue
        text = _read_text(texts[rid], problems)
        if text is None:
            continue
        gold_row = None
        if _check_text(rid, text, facts[rid], as_of, problems) and rid in golds:
            gold_row = gold.check(rid, golds[rid], text, facts[rid], problems)
        records.append(Record(rid, text, facts[rid], gold_row))
    without = [rid for rid in facts if rid not in golds]
    if golds and without:
        more = f" and {len(without) - 5} more" if len(without) > 5 else ""
        problems.append(f"gold.jsonl: no row for {', '.join(without[:5])}{more}")
    if problems:
        raise _error(folder, problems)
    return Corpus(folder, tuple(records), manifest)


def _error(folder: Path, problems: list[str]) -> CorpusError:
    return CorpusError(f"{folder}: {len(problems)} problem(s)\n  " + "\n  ".join(problems))


NO_GOLD = (
    "{folder}: has no gold.jsonl, so it cannot be graded: the eval tests (pytest --corpus) score every "
    "answer against the gold key. Without gold, `kit assemble {folder}/<id>.txt` still assembles any "
    "record's evidence package."
)


def load_graded(folder: Path | str) -> Corpus:
    """load(), and also refuse a corpus without gold, since nothing in it could be graded."""
    corpus = load(folder)
    if not corpus.has_gold:
        raise CorpusError(NO_GOLD.format(folder=corpus.folder))
    return corpus


def shipped_folder() -> Path:
    """The committed corpus, fixtures/corpus at the repository root."""
    return Path(__file__).resolve().parents[2] / "fixtures" / "corpus"
