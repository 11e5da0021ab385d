"""Checks that records.json, gold.jsonl and the record texts agree with each other."""

from __future__ import annotations

from collections import Counter

from tests.eval.label_gate.days import rederive_midnights
from tests.eval.label_gate.layout import DATED_LINE, FACT_FIELDS, FACTS, HEADINGS, LABEL_WIDTH, section_lines
from tests.eval.label_gate.loader import by_id, rows_of
from tests.eval.label_gate.vocabulary import ORDER, SUPPORTED, apply_rules, class_of_word


def _record_layout_problems(rid: str, text: str, record: dict, manifest: dict | None) -> list[str]:
    """The record's layout, and its title line and facts against the records.json fields it gives
    (a folder a user brings may leave out title, facility, service_line and admitting_role)."""
    problems = []
    lines = text.split("\n")
    title_line = f"ADMISSION RECORD {rid} -- {record.get('title')}"
    if "title" in record and lines[0] != title_line:
        problems.append(f"{rid}: first line is {lines[0]!r}, wanted {title_line!r}")
    found_headings = [line for line in lines if line in HEADINGS]
    if found_headings != list(HEADINGS):
        problems.append(
            f"{rid}: section headings are {found_headings}, wanted each of {list(HEADINGS)} once in order"
        )
    facts: dict[str, str] = {}
    for line in section_lines(text, FACTS):
        if not line.strip():
            continue
        label, value = line[2 : 2 + LABEL_WIDTH].rstrip(), line[2 + LABEL_WIDTH :]
        if not line.startswith("  ") or line[2] == " " or len(line) <= 2 + LABEL_WIDTH or value[:1] == " ":
            problems.append(
                f"{rid}: encounter fact line is not '  <label padded to {LABEL_WIDTH}><value>': {line!r}"
            )
            continue
        facts[label] = value
    for label, field in FACT_FIELDS:
        if field in record and facts.get(label) != record[field]:
            problems.append(
                f"{rid}: records.json {field} is {record.get(field)!r}, the record says {facts.get(label)!r}"
            )
    as_of = (manifest or {}).get("as_of")
    if as_of is not None and facts.get("Record assembled as at") != as_of:
        problems.append(
            f"{rid}: 'Record assembled as at' is {facts.get('Record assembled as at')!r}, "
            f"manifest says {as_of}"
        )
    for heading, shape in DATED_LINE.items():
        for line in section_lines(text, heading):
            if line.strip() and not (line.startswith("  ") and shape.match(line[2:])):
                problems.append(f"{rid}: line in {heading} is not a two-space-indented dated line: {line!r}")
    return problems


def check_records_agree(corpus: dict) -> list[str]:
    """records.json, gold.jsonl and the .txt files name the same ids; each record's title line and
    ENCOUNTER FACTS match records.json; `hard`, where given, follows the gate's own verdict."""
    problems = []

    def ids_of(rows: list) -> list[str]:
        found = [row.get("id") for row in rows if isinstance(row, dict)]
        return [rid if isinstance(rid, str) else f"id {rid!r}" for rid in found]

    record_ids, gold_ids = ids_of(corpus["records"]), ids_of(corpus["gold"])
    for name, ids in (("records.json", record_ids), ("gold.jsonl", gold_ids)):
        for rid, times in Counter(ids).items():
            if times > 1:
                problems.append(f"{rid}: appears {times} times in {name}")
    sources = {"records.json": set(record_ids), "gold.jsonl": set(gold_ids), "*.txt": set(corpus["texts"])}
    for rid in sorted(set().union(*sources.values()), key=str):
        missing = [name for name, ids in sources.items() if rid not in ids]
        if missing:
            problems.append(f"{rid}: missing from {', '.join(missing)}")
    keys = by_id(corpus["gold"])
    for rid, record in by_id(corpus["records"]).items():
        if rid in corpus["texts"]:
            problems += _record_layout_problems(rid, corpus["texts"][rid], record, corpus["manifest"])
        order = rows_of(keys.get(rid, {})).get(ORDER, {})
        order_class = class_of_word(ORDER, order.get("finding"))
        if "hard" in record and order_class is not None:
            verdict, _ = apply_rules(order_class, rederive_midnights(corpus, rid, keys[rid])[0])
            if record["hard"] is not (verdict != SUPPORTED):
                problems.append(f"{rid}: hard is {record['hard']!r} but the gate's verdict is {verdict}")
    return problems
