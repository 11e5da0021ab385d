"""The report's data, embedded once in the page as JSON inside a non-executed script element: each
record's own part of its view (record_view.record_part) by id, per arm its answers' parts, and the
planted texts of the injection arms as differences from their clean records (one per planted set
and record, whichever arms and quarantine settings answered it).

What every answer would repeat is written once: the rules' words (an answer names its rule by id),
the key's findings, quotes and values (in the record's part, not in each answer's elements), and the
failure kinds' words (an answer lists their ids). report.js puts a whole view back together before
record.js draws it. Every "<" is escaped, so no text can close the element.
"""

from __future__ import annotations

import json
from typing import Any

from markupsafe import Markup

from kit.measure.report import record_view
from kit.rules import rulebook

# Element fields left out when they hold their usual value; report.js puts them back.
DEFAULTS = {"quote": None, "value": "", "value_right": None, "coverage": 0.0, "precision": 0.0}
DERIVED = ("raw_right", "rechecked_right")  # offered == key, rechecked == key: report.js works them out


def compact(answer: dict[str, Any]) -> dict[str, Any]:
    """An answer's part without what the record's part or the rules table already holds, what follows
    from the rest, and element fields at their usual value."""
    elements = [
        {k: v for k, v in e.items() if k not in record_view.KEY_FIELDS and DEFAULTS.get(k, ...) != v}
        for e in answer["elements"]
    ]
    kept = {k: v for k, v in answer.items() if k not in DERIVED}
    return {**kept, "rule": answer["rule"]["id"], "taxonomy": [t["id"] for t in answer["taxonomy"]],
            "elements": elements}  # fmt: skip


def embedded(shared: dict[str, dict[str, Any]], sections: list[dict[str, Any]]) -> Markup:
    data = {
        "rules": {rid: record_view.rule_words(rid) for rid in rulebook.rule_ids()},
        "element_defaults": DEFAULTS,
        "records": shared,
        "arms": {s["name"]: [compact(a) for a in s["records"]] for s in sections if s["records"]},
        "plants": {r["plant"]: r.pop("view") for s in sections for p in s["placements"] for r in p["shown"]},
    }
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    return Markup(text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029"))
