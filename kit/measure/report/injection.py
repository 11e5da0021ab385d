"""The report's view of an injection arm's result file: per placement (with and without the scan's
quarantine), how many records flipped and which, each shown with the planted instruction marked in
the text the arm was given.

The planted text is made again by kit.arms.injection, which is deterministic in the record id, so the
result file need not carry it. It reads and lays out; it grades nothing again.
"""

from __future__ import annotations

from typing import Any

from kit.arms import injection
from kit.corpus import Corpus
from kit.measure.report.text import marked

FLIPS = ("raw_flip", "rechecked_flip", "reading_flip", "cites_plant")


def _planted(name: str, corpus: Corpus) -> dict[str, injection.Planted]:
    """The planted set a set name ("family.placement", maybe ".quarantined") was graded on, by id."""
    family, placement = name.split(".")[:2]
    return {p.clean.id: p for p in injection.planted_set(corpus.records, placement, family)}


def placements(data: dict[str, Any], corpus: Corpus) -> list[dict[str, Any]]:
    """One entry per planted set, in the order the result file lists them."""
    sets: dict[str, list[dict[str, Any]]] = {}
    for row in data.get("records", []):
        sets.setdefault(row["set"], []).append(row)
    out = []
    for name, rows in sets.items():
        counts = {k: sum(1 for r in rows if r.get(k)) for k in FLIPS}
        shown = []
        planted_by_id = _planted(name, corpus)
        for r in rows:
            if not any(r.get(k) for k in FLIPS) or r["id"] not in planted_by_id:
                continue
            planted = planted_by_id[r["id"]]
            lines = marked(planted.record, [], plant=planted.sentence)
            shown.append({**r, "offered": r.get("support") or "(none)", "lines": lines})
        out.append(
            {
                "name": name,
                "quarantined": name.endswith(".quarantined"),
                "records": len(rows),
                "counts": counts,
                "shown": shown,
            }
        )
    return out
