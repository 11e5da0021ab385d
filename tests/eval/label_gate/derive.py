"""The key completed with the gate's own rules: what the figures and the case plan read.

A key a user writes from docs/corpus-format.md may leave out an element row's `class`, an uncited
row's `citation`, the value keys, and the record's `midnights`, `meets_benchmark`, `support` and
`rule`. The checks in key_checks.py judge what is written; the figures and the case plan need every
field, so each absent one is derived here with the gate's own class table, day counter and rule
table (never the library's). A field that is written is kept as written, so a wrong one still shows.
"""

from __future__ import annotations

from tests.eval.label_gate.days import rederive_midnights
from tests.eval.label_gate.loader import key_rows, rows_of
from tests.eval.label_gate.vocabulary import ORDER, THRESHOLD, apply_rules, class_of_word

VALUE_KEYS = ("expected_discharge", "expected_nights")


def completed(corpus: dict, rid: str, key: dict) -> dict:
    """A copy of one key row with every absent derivable field filled in by the gate's own rules."""
    rows = []
    for element, row in rows_of(key).items():
        full = {"class": class_of_word(element, row.get("finding")), "citation": None, **row}
        rows.append({**{name: None for name in VALUE_KEYS}, **full})
    counted, _ = rederive_midnights(corpus, rid, key)
    order_class = class_of_word(ORDER, rows_of(key).get(ORDER, {}).get("finding"))
    verdict, rule = apply_rules(order_class, counted) if order_class else (None, None)
    derived = {
        "midnights": counted,
        "meets_benchmark": counted is not None and counted >= THRESHOLD,
        "support": verdict,
        "rule": rule,
    }
    return {**derived, **key, "elements": rows}


def completed_keys(corpus: dict) -> list[tuple[str, dict]]:
    """Every key row of the corpus, completed."""
    return [(rid, completed(corpus, rid, key)) for rid, key in key_rows(corpus)]
