"""Damaging a copy of the real corpus, for the tests that prove each check names what it should."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.eval.label_gate.checks import run_all_checks
from tests.eval.label_gate.loader import CORPUS_DIR, load_corpus


def damaged_copy(tmp_path: Path) -> Path:
    """A copy of the real corpus under tmp_path, to be damaged; FAILS when the corpus is not there."""
    if not (CORPUS_DIR / "gold.jsonl").is_file():
        pytest.fail(f"the real corpus is not there yet: no gold.jsonl in {CORPUS_DIR}", pytrace=False)
    target = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR, target)
    return target


def rewrite_gold(folder: Path, edit) -> None:
    path = folder / "gold.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    edit(rows)
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")


def rewrite_records(folder: Path, edit) -> None:
    path = folder / "records.json"
    rows = json.loads(path.read_text(encoding="utf-8"))
    edit(rows)
    path.write_text(json.dumps(rows, indent=2), encoding="utf-8")


def new_problems_for(check: str, before: dict, after: dict, rid: str) -> list[str]:
    """The problems one check names for one record after the damage that it did not name before."""
    fresh = set(after[check]) - set(before[check])
    return [p for p in fresh if p.startswith(f"{rid}:")]


def bite(tmp_path: Path, edit_gold=None, edit_records=None) -> tuple[dict, dict]:
    """Every check's problems on a fresh copy of the corpus, before and after the edits."""
    folder = damaged_copy(tmp_path)
    before = run_all_checks(load_corpus(folder))
    if edit_gold:
        rewrite_gold(folder, edit_gold)
    if edit_records:
        rewrite_records(folder, edit_records)
    return before, run_all_checks(load_corpus(folder))
