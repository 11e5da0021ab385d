"""The one reader of a gold key (gold.jsonl): every line checked, then completed to the full form.

`--check`, the eval session's `--corpus` check and the scorer all take their gold from here (through
kit.corpus.load), so a key that `--check` accepts is the key the scorer grades. The documented
optional fields may be left out of a row: an element's `class` and `span`, an uncited row's
`citation`, a row's `expected_discharge` / `expected_nights` (null), and the record's `midnights`,
`meets_benchmark`, `support` and `rule`. Each is derived here when absent and checked against the
derivation when given, so every completed row carries every field (FULL_ROW_KEYS, FULL_KEY_FIELDS).

It reports problems and never repairs one: a value that disagrees with the rulebook is refused, not
overwritten.
"""

from __future__ import annotations

import json
from typing import Any, TypedDict, cast

from kit.corpus import rules
from kit.rules import benchmark, citation, elements, policy

# One completed element row of a gold key ("class" is a Python keyword, hence this form).
GoldRow = TypedDict(
    "GoldRow",
    {
        "element": str,
        "finding": str,
        "class": str,  # the finding's class: AMBIGUOUS, PRESENT or ABSENT
        "citation": str | None,  # the line carrying the finding; null for an ABSENT finding
        "span": list[int] | None,  # [start, end) of the citation in the normalised record text
        "expected_discharge": str | None,  # YYYY-MM-DD, on a documented stay only
        "expected_nights": int | None,  # on a documented stay only
    },
)


class GoldKey(TypedDict):
    """One record's completed gold key: its four element rows in order and what the rulebook derives."""

    id: str
    elements: list[GoldRow]
    midnights: int | None
    meets_benchmark: bool
    support: str  # the verdict
    rule: str  # the id of the rule that gave it

CLEAN_VERDICT = "INPATIENT-SUPPORTED"  # records.json's `hard` is true for every other gold verdict
VALUE_KEYS = ("expected_discharge", "expected_nights")
# Every field of a completed element row, and the derived fields of a completed key row.
FULL_ROW_KEYS = ("element", "finding", "class", "citation", "span", *VALUE_KEYS)
FULL_KEY_FIELDS = ("midnights", "meets_benchmark", "support", "rule")
CLASSES = (elements.PRESENT, elements.AMBIGUOUS, elements.ABSENT)


def _same(given: Any, derived: Any) -> bool:
    """Equal and of the same type, so that true is not taken for 1 nor 1 for true."""
    return type(given) is type(derived) and given == derived


def _check_row(rid: str, r: dict[str, Any], text: str, norm_text: str, problems: list[str]) -> bool:
    """Check one gold element row and complete it in place (class, span, an uncited row's citation
    and both value keys filled in when absent); False when it is unusable."""
    element, finding = r["element"], r.get("finding")
    where = f"gold.jsonl: {rid} {element}"
    if not isinstance(finding, str) or not elements.is_finding_of(element, finding):
        words = ", ".join(elements.word(element, k) for k in CLASSES)
        problems.append(f"{where} finding {finding!r} is not one of its words ({words})")
        return False
    klass = elements.class_of(element, finding)
    if r.setdefault("class", klass) != klass:
        problems.append(f"{where} class {r['class']!r} does not match the finding {finding!r}")
    for key in VALUE_KEYS:
        r.setdefault(key, None)
    quote = r.setdefault("citation", None)
    has_value = any(r[key] is not None for key in VALUE_KEYS)
    if has_value and (element != elements.STAY_EXPECTATION or klass != elements.PRESENT):
        problems.append(f"{where} carries an expectation value, which only a documented stay may")
    if klass == elements.ABSENT:
        if quote is not None:
            problems.append(f"{where} is {finding} but cites a line")
        if r.setdefault("span", None) is not None:
            problems.append(f"{where} is {finding} but has a span; an uncited row's span is null")
        return True
    if not isinstance(quote, str) or not quote.strip():
        problems.append(f"{where} is {finding} and needs a citation: one line of the record")
        return False
    found = citation.locate(norm_text, quote)
    if found is None:
        problems.append(f"{where} citation not found in {rid}.txt: {quote[:60]!r}")
        return False
    unfit = rules.citation_problem(element, klass, quote, text)
    if unfit is None and norm_text.count(citation.norm(quote)) != 1:
        unfit = "occurs more than once once typographic quotes, dashes and spaces are folded"
    if unfit is not None:
        problems.append(f"{where} citation {unfit}: {quote[:60]!r}")
        return False
    span = r.get("span")
    if span is None:
        r["span"] = list(found)
    elif not (
        isinstance(span, list)
        and len(span) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in span)
        and norm_text[span[0] : span[1]] == citation.norm(quote)
    ):
        problems.append(f"{where} span {span!r} does not cut the citation out of the normalised record")
    return True


def _derive(rid: str, row: dict[str, Any], facts: dict[str, Any], problems: list[str]) -> None:
    """Fill in (or check) midnights, meets_benchmark, support and rule from the rows and the rulebook;
    check `hard` in records.json against the verdict when it is given."""
    order, stay = row["elements"][0], row["elements"][1]
    count = None
    if stay["class"] == elements.PRESENT:
        discharge, nights = stay["expected_discharge"], stay["expected_nights"]
        try:
            count = benchmark.midnights(facts.get("admitted_at"), discharge, nights)
        except benchmark.BenchmarkError as err:
            problems.append(f"gold.jsonl: {rid} stay_expectation value: {err}")
            return
        if count is None:
            problems.append(f"gold.jsonl: {rid} stay_expectation is documented but gives no date or nights")
            return
        if not rules.value_written(citation.norm(stay["citation"]), discharge, nights):
            shown = discharge or f"{nights} nights"
            problems.append(f"gold.jsonl: {rid} stay_expectation value {shown} is not in its citation")
    decision = policy.decide(order["finding"], count)
    derived = {
        "midnights": count,
        "meets_benchmark": benchmark.meets(count),
        "support": decision.verdict,
        "rule": decision.rule,
    }
    for key, value in derived.items():
        if not _same(row.setdefault(key, value), value):
            problems.append(f"gold.jsonl: {rid} {key} is {row[key]!r} but the rulebook gives {value!r}")
    hard = decision.verdict != CLEAN_VERDICT
    if "hard" in facts and not _same(facts["hard"], hard):
        problems.append(f"records.json: {rid} hard is {facts['hard']!r} but the gold verdict makes it {hard}")


def check(rid: str, row: dict[str, Any], text: str, facts: dict[str, Any], problems: list[str]) -> GoldKey:
    """One record's gold row checked against its record and facts, completed in place to the full
    form when it is usable; every problem is appended to `problems`. The row returned is a GoldKey
    when no problem was added (a caller with problems refuses the corpus)."""
    rows = row.get("elements")
    if (
        not isinstance(rows, list)
        or not all(isinstance(r, dict) for r in rows)
        or [r.get("element") for r in rows] != list(elements.ELEMENTS)
    ):
        problems.append(f"gold.jsonl: {rid} must list the four elements in order {list(elements.ELEMENTS)}")
        return cast(GoldKey, row)
    norm_text = citation.norm(text)
    usable = [_check_row(rid, r, text, norm_text, problems) for r in rows]
    if all(usable):
        _derive(rid, row, facts, problems)
    return cast(GoldKey, row)


def read_lines(text: str | None, facts: dict[str, Any], problems: list[str]) -> dict[str, dict[str, Any]]:
    """The gold rows of gold.jsonl's text by record id; every line that cannot be one, or repeats an
    id, is a problem (named by its line number)."""
    golds: dict[str, dict[str, Any]] = {}
    first_line: dict[str, int] = {}
    for n, line in enumerate((text or "").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as err:
            problems.append(f"gold.jsonl: line {n} is not valid JSON ({err})")
            continue
        rid = row.get("id") if isinstance(row, dict) else None
        if not isinstance(rid, str):
            problems.append(f"gold.jsonl: line {n} is not an object with a text 'id' (got {rid!r})")
            continue
        if rid not in facts:
            problems.append(f"gold.jsonl: line {n} names {rid!r}, which records.json does not list")
            continue
        if rid in golds:
            problems.append(f"gold.jsonl: line {n} repeats {rid} (first on line {first_line[rid]})")
            continue
        golds[rid], first_line[rid] = row, n
    if text is not None and not text.strip():
        problems.append("gold.jsonl: holds no rows (delete it to use the records without gold)")
    return golds

