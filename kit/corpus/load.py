"""Loading a folder of admission records: the shipped corpus or one a user brings.

A folder holds `<id>.txt` records and a `records.json` of encounter facts, and optionally a
`gold.jsonl` key. Everything is validated before anything is returned; every problem found is
reported together in one CorpusError, each naming the file and what is wrong. Gold rows written
without spans get their spans computed here. It never repairs a record or guesses a fact.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kit.corpus import rules
from kit.rules import benchmark, citation, elements, policy, record

CLEAN_VERDICT = "INPATIENT-SUPPORTED"  # records.json's `hard` is true for every other gold verdict


class CorpusError(ValueError):
    """The folder is not a usable corpus; the message lists every problem found."""


@dataclass(frozen=True)
class Record:
    id: str
    text: str
    facts: dict[str, Any]
    gold: dict[str, Any] | None

    @property
    def admitted_at(self) -> str:
        return self.facts["admitted_at"]

    @property
    def norm_text(self) -> str:
        return citation.norm(self.text)


@dataclass(frozen=True)
class Corpus:
    folder: Path
    records: tuple[Record, ...]
    manifest: dict[str, Any] | None

    @property
    def has_gold(self) -> bool:
        return all(r.gold is not None for r in self.records)

    @property
    def dataset_version(self) -> str:
        return (self.manifest or {}).get("dataset_version", f"local:{self.folder.name}")

    def by_id(self) -> dict[str, Record]:
        return {r.id: r for r in self.records}


def _read_text(path: Path, problems: list[str]) -> str | None:
    """The file's text with a leading UTF-8 byte-order mark dropped, or None with the problem noted
    (missing, a folder or other non-file, unreadable, not UTF-8)."""
    if not path.exists():
        problems.append(f"{path.name}: missing")
        return None
    if not path.is_file():
        kind = "a folder" if path.is_dir() else "not a regular file"
        problems.append(f"{path.name}: is {kind}, not a file")
        return None
    try:
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        problems.append(f"{path.name}: not UTF-8 text")
    except OSError as err:
        problems.append(f"{path.name}: cannot be read ({err.strerror})")
    return None


def _read_json(path: Path, problems: list[str]) -> Any:
    text = _read_text(path, problems)
    if text is None:
        return None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        problems.append(f"{path.name}: not valid JSON ({err})")
    return None


def _check_facts(rows: Any, problems: list[str]) -> dict[str, dict[str, Any]]:
    if rows is None:
        return {}
    if not isinstance(rows, list):
        problems.append("records.json: must be a JSON list with one object per record")
        return {}
    if not rows:
        problems.append("records.json: lists no records")
    facts: dict[str, dict[str, Any]] = {}
    for n, row in enumerate(rows):
        if not isinstance(row, dict) or not isinstance(row.get("id"), str):
            problems.append(f"records.json: row {n} has no text 'id'")
            continue
        rid = row["id"]
        if rid in facts:
            problems.append(f"records.json: duplicate id {rid}")
            continue
        try:
            benchmark.parse_admitted(row.get("admitted_at"))
        except benchmark.BenchmarkError:
            problems.append(
                f"records.json: {rid} admitted_at {row.get('admitted_at')!r} is not 'YYYY-MM-DD HH:MM'"
            )
        facts[rid] = row
    return facts


def _check_text(rid: str, text: str, facts: dict[str, Any], as_of: str | None, problems: list[str]) -> bool:
    """Check the record against its facts; False when it is not in the record format at all (its gold
    citations are then not looked for)."""
    try:
        stated = record.encounter_facts(text)
    except record.RecordFormatError as err:
        problems.append(f"{rid}.txt: {err}")
        return False
    if "admitted_at" not in stated:
        problems.append(f"{rid}.txt: ENCOUNTER FACTS has no 'Admitted' line")
    elif stated["admitted_at"] != facts.get("admitted_at"):
        problems.append(
            f"{rid}.txt: ENCOUNTER FACTS says admitted {stated['admitted_at']!r} "
            f"but records.json says {facts.get('admitted_at')!r}"
        )
    problems += rules.layout_problems(rid, text, facts, as_of)
    return True


def _same(given: Any, derived: Any) -> bool:
    """Equal and of the same type, so that true is not taken for 1 nor 1 for true."""
    return type(given) is type(derived) and given == derived


def _check_row(rid: str, r: dict[str, Any], text: str, norm_text: str, problems: list[str]) -> bool:
    """Check one gold element row in place (class and span filled in); False when it is unusable."""
    element, finding, quote = r["element"], r.get("finding"), r.get("citation")
    where = f"gold.jsonl: {rid} {element}"
    if not isinstance(finding, str) or not elements.is_finding_of(element, finding):
        problems.append(f"{where} finding {finding!r} is not one of its words")
        return False
    klass = elements.class_of(element, finding)
    if r.setdefault("class", klass) != klass:
        problems.append(f"{where} class {r['class']!r} does not match the finding {finding!r}")
    has_value = r.get("expected_discharge") is not None or r.get("expected_nights") is not None
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
        discharge, nights = stay.get("expected_discharge"), stay.get("expected_nights")
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


def _check_gold(rid: str, row: dict[str, Any], text: str, facts: dict[str, Any], problems: list[str]) -> dict:
    rows = row.get("elements")
    if (
        not isinstance(rows, list)
        or not all(isinstance(r, dict) for r in rows)
        or [r.get("element") for r in rows] != list(elements.ELEMENTS)
    ):
        problems.append(f"gold.jsonl: {rid} must list the four elements in order {list(elements.ELEMENTS)}")
        return row
    norm_text = citation.norm(text)
    usable = [_check_row(rid, r, text, norm_text, problems) for r in rows]
    if all(usable):
        _derive(rid, row, facts, problems)
    return row


def _gold_rows(path: Path, facts: dict[str, Any], problems: list[str]) -> dict[str, dict[str, Any]]:
    """The gold rows by record id; every line that cannot be one, or repeats an id, is a problem."""
    text = _read_text(path, problems) if path.exists() or path.is_symlink() else None
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


def load(folder: Path | str) -> Corpus:
    """Read and validate a corpus folder; CorpusError lists every problem."""
    folder = Path(folder)
    if not folder.is_dir():
        raise CorpusError(f"{folder}: not a folder")
    problems: list[str] = []
    facts = _check_facts(_read_json(folder / "records.json", problems), problems)
    if not facts:
        raise _error(folder, problems or ["records.json: lists no usable record"])
    texts = {p.stem: p for p in sorted(folder.glob("*.txt"))}
    for rid in sorted(set(facts) - set(texts)):
        problems.append(f"{rid}.txt: missing (records.json lists {rid})")
    for rid in sorted(set(texts) - set(facts)):
        problems.append(f"{rid}.txt: has no row in records.json")
    golds = _gold_rows(folder / "gold.jsonl", facts, problems)
    manifest_path = folder / "manifest.json"
    manifest = _read_json(manifest_path, problems) if manifest_path.exists() else None
    if manifest is not None and not isinstance(manifest, dict):
        problems.append("manifest.json: must be a JSON object")
        manifest = None
    as_of = (manifest or {}).get("as_of")
    as_of = as_of if isinstance(as_of, str) else None
    records = []
    for rid in facts:
        if rid not in texts:
            continue
        text = _read_text(texts[rid], problems)
        if text is None:
            continue
        gold = None
        if _check_text(rid, text, facts[rid], as_of, problems) and rid in golds:
            gold = _check_gold(rid, golds[rid], text, facts[rid], problems)
        records.append(Record(rid, text, facts[rid], gold))
    without = [rid for rid in facts if rid not in golds]
    if golds and without:
        more = f" and {len(without) - 5} more" if len(without) > 5 else ""
        problems.append(f"gold.jsonl: no row for {', '.join(without[:5])}{more}")
    if problems:
        raise _error(folder, problems)
    return Corpus(folder, tuple(records), manifest)


def _error(folder: Path, problems: list[str]) -> CorpusError:
    return CorpusError(f"{folder}: {len(problems)} problem(s)\n  " + "\n  ".join(problems))


NO_GOLD = (
    "{folder}: has no gold.jsonl, so it cannot be graded: the eval tests (pytest --corpus) score every "
    "answer against the gold key. Without gold, `kit assemble {folder}/<id>.txt` still assembles any "
    "record's evidence package."
)


def load_graded(folder: Path | str) -> Corpus:
    """load(), and also refuse a corpus without gold, since nothing in it could be graded."""
    corpus = load(folder)
    if not corpus.has_gold:
        raise CorpusError(NO_GOLD.format(folder=corpus.folder))
    return corpus


def shipped_folder() -> Path:
    """The committed corpus, fixtures/corpus at the repository root."""
    return Path(__file__).resolve().parents[2] / "fixtures" / "corpus"
