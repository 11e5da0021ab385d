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
from kit.measure.report import record_view

FLIPS = ("raw_flip", "rechecked_flip", "reading_flip", "cites_plant")


def _planted(name: str, corpus: Corpus) -> dict[str, injection.Planted]:
    """The planted set a set name ("family.placement", maybe ".quarantined") was graded on, by id."""
    family, placement = name.split(".")[:2]
    return {p.clean.id: p for p in injection.planted_set(corpus.records, placement, family)}


def _key_marks(planted: injection.Planted) -> list[dict[str, Any]]:
    """The key's lines where they stand in the planted text (the gold spans count in the clean one)."""
    out = []
    for row in planted.clean.gold["elements"] if planted.clean.gold else []:
        quote = row["citation"]
        out += record_view.quote_marks(planted.record.text, quote, record_view.KEY, row["element"])
    return out


def planted_view(planted: injection.Planted) -> dict[str, Any]:
    """The planted text as record.js draws it, stored as a difference from the clean record (the
    clean record's lines are embedded once): `head` lines kept from its start, `tail` from its end,
    `middle` the lines between, with the plant marked and the scan's flags on the planted text."""
    part = record_view.record_part(planted.record)
    lines, clean = part["lines"], planted.clean.text.split("\n")
    head = 0
    while head < min(len(lines), len(clean)) and lines[head] == clean[head]:
        head += 1
    tail = 0
    while tail < min(len(lines), len(clean)) - head and lines[-1 - tail] == clean[-1 - tail]:
        tail += 1
    return {
        "base": planted.clean.id,
        "head": head,
        "tail": tail,
        "middle": lines[head : len(lines) - tail],
        "marks": record_view.plant_marks(lines, planted.sentence),
        "middle_key_marks": [m for m in _key_marks(planted) if head < m["line"] <= len(lines) - tail],
        "flagged": part["flagged"],
    }


def expand(clean: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """The planted text's lines and marks again from the clean record's part and a planted view: the
    clean record's key marks move with their lines, those on changed lines come from the view.
    report.js does the same in the browser."""
    base = clean["lines"]
    lines = base[: view["head"]] + view["middle"] + base[len(base) - view["tail"] :]
    shift = len(lines) - len(base)
    key_marks = [m for m in clean["key_marks"] if m["line"] <= view["head"]]
    key_marks += view["middle_key_marks"]
    key_marks += [
        {**m, "line": m["line"] + shift} for m in clean["key_marks"] if m["line"] > len(base) - view["tail"]
    ]
    return {"lines": lines, "key_marks": key_marks, "marks": view["marks"], "flagged": view["flagged"]}


def placements(
    data: dict[str, Any], corpus: Corpus, shared: dict[str, dict[str, Any]]
) -> list[dict[str, Any]]:
    """One entry per planted set, in the order the result file lists them; the clean records the
    shown ones were planted into go into `shared` (their lines are what a planted view extends)."""
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
            if planted.clean.id not in shared:
                shared[planted.clean.id] = record_view.record_part(planted.clean)
            plant = f"{'.'.join(name.split('.')[:2])}|{r['id']}"  # one per set and record
            offered = r.get("support") or "(none)"
            shown.append({**r, "offered": offered, "plant": plant, "view": planted_view(planted)})
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
