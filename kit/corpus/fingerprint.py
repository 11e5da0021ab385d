"""Content hashes that say whether two result files graded the same thing: one over the corpus
(every record's id, text, encounter facts and gold row) and one over the rulebook's policy.json.

Two runs are comparable only when both hashes agree (kit.measure.compare refuses otherwise). This module
hashes; it judges nothing and reads no result file.
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources

from kit.corpus.load import Corpus


def corpus_hash(corpus: Corpus) -> str:
    """sha256 of the corpus content, in record id order, independent of the folder it was read from."""
    rows = [
        {"id": r.id, "text": r.text, "facts": r.facts, "gold": r.gold}
        for r in sorted(corpus.records, key=lambda r: r.id)
    ]
    body = json.dumps(rows, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(body.encode("utf-8")).hexdigest()


def policy_hash() -> str:
    """sha256 of policy.json exactly as shipped (the data the rule engine runs on)."""
    data = resources.files("kit").joinpath("data", "policy.json").read_bytes()
    return "sha256:" + hashlib.sha256(data).hexdigest()
