"""Larger corpora for the volume tests: the shipped records renumbered. Copy k of record ADM-00NN is
ADM-{k*60+NN}, with its id changed wherever it is written (the title line, ENCOUNTER FACTS,
records.json, gold.jsonl); nothing else changes, so every span, verdict and figure of a copy is the
original's and the folder passes `python -m kit.corpus --check`.

Run by hand: `python -m tests.volume DIR 6000` writes a 6,000-record corpus into DIR.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from kit.corpus import load

ID = re.compile(r"ADM-(\d{4})")


def renumbered(records: int, out: Path, source: Path | None = None) -> Path:
    """Write a corpus of `records` records (a multiple of the shipped corpus's size) into `out`."""
    source = source or load.shipped_folder()
    rows = json.loads((source / "records.json").read_text(encoding="utf-8"))
    lines = (source / "gold.jsonl").read_text(encoding="utf-8").splitlines()
    golds = [json.loads(line) for line in lines if line]
    size = len(rows)
    if records % size or records < size or records > 9999:
        raise ValueError(f"records must be a multiple of {size} from {size} to 9999, not {records}")
    out.mkdir(parents=True, exist_ok=True)
    texts = {row["id"]: (source / f"{row['id']}.txt").read_text(encoding="utf-8") for row in rows}
    all_rows, all_golds = [], []
    for copy in range(records // size):

        def new(match: re.Match[str], copy: int = copy) -> str:
            return f"ADM-{copy * size + int(match.group(1)):04d}"

        for row in rows:
            rid = ID.sub(new, row["id"])
            (out / f"{rid}.txt").write_text(ID.sub(new, texts[row["id"]]), encoding="utf-8")
            all_rows.append({**row, "id": rid})
        all_golds += [json.loads(ID.sub(new, json.dumps(gold))) for gold in golds]
    (out / "records.json").write_text(json.dumps(all_rows, indent=2) + "\n", encoding="utf-8")
    (out / "gold.jsonl").write_text("".join(json.dumps(g) + "\n" for g in all_golds), encoding="utf-8")
    return out


if __name__ == "__main__":
    renumbered(int(sys.argv[2]), Path(sys.argv[1]))
