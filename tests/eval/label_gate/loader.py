"""Loading a corpus folder into plain dicts, and looking key rows up in it."""

from __future__ import annotations

import json
from pathlib import Path

from tests.eval.label_gate.vocabulary import ELEMENTS

REPO_ROOT = Path(__file__).resolve().parents[3]
CORPUS_DIR = REPO_ROOT / "fixtures" / "corpus"


class CorpusMissing(Exception):
    """The corpus folder, or one of its required files, is not there."""


def load_corpus(corpus_dir: Path = CORPUS_DIR) -> dict:
    """records.json, gold.jsonl, manifest.json (when present) and every *.txt of a corpus folder."""
    corpus_dir = Path(corpus_dir)
    for required in ("records.json", "gold.jsonl"):
        if not (corpus_dir / required).is_file():
            raise CorpusMissing(
                f"no {required} in {corpus_dir}: the label gate needs the generated corpus "
                f"(ADM-*.txt, records.json, gold.jsonl, manifest.json) there"
            )
    records = json.loads((corpus_dir / "records.json").read_text(encoding="utf-8-sig"))
    gold = []
    gold_text = (corpus_dir / "gold.jsonl").read_text(encoding="utf-8-sig")
    for number, line in enumerate(gold_text.splitlines(), 1):
        if line.strip():
            try:
                gold.append(json.loads(line))
            except json.JSONDecodeError as err:
                raise ValueError(f"gold.jsonl line {number} is not JSON: {err}") from None
    manifest_path = corpus_dir / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8-sig")) if manifest_path.is_file() else None
    texts = {path.stem: path.read_text(encoding="utf-8-sig") for path in sorted(corpus_dir.glob("*.txt"))}
    return {"dir": corpus_dir, "records": records, "gold": gold, "manifest": manifest, "texts": texts}


def by_id(rows: object) -> dict[str, dict]:
    """First row per id (duplicates are reported by the id check)."""
    found: dict[str, dict] = {}
    for row in rows if isinstance(rows, list) else []:
        if isinstance(row, dict) and isinstance(row.get("id"), str):
            found.setdefault(row["id"], row)
    return found


def rows_of(gold_row: dict) -> dict[str, dict]:
    """The element rows of one key row, by element name (first of each)."""
    found: dict[str, dict] = {}
    elements = gold_row.get("elements")
    for row in elements if isinstance(elements, list) else []:
        if isinstance(row, dict) and row.get("element") in ELEMENTS:
            found.setdefault(row["element"], row)
    return found


def key_rows(corpus: dict) -> list[tuple[str, dict]]:
    return [(str(row.get("id")), row) for row in corpus["gold"] if isinstance(row, dict)]
