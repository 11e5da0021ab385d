"""What the board can show: the records (the corpus's, the labelled folder's, and records a reviewer
pasted this session) and, per record, the readings it can be shown with: the key (where there is
gold), the floor, every recorded run in the results folder that graded that record, and the model's
answer once it has been asked for, with what its call sent (a recorded model run's too).

A record is named by where it lives and its id (`corpus/ADM-0001`, `labelled/ADM-0001`,
`own/ADM-0100`); an id is checked against one pattern before it is used for anything, so no name can
reach outside a folder. Recorded runs are read from result files whose corpus hash is the corpus's;
runs of another corpus are skipped. It reads; it writes nothing and calls no model.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from kit.arms import floor
from kit.corpus import Corpus, CorpusError, GoldKey, Record, fingerprint, load
from kit.files import exclusive
from kit.measure import compare, record_problems
from kit.rules import Answer, ElementAnswer

ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")
PLACES = ("corpus", "labelled", "own")
LOCK = ".board.lock"  # the labelled folder is read and written under this lock


class NotFound(LookupError):
    """No such record or source; the message says which."""


def check_id(rid: str) -> str:
    """`rid` when it is a safe record id (letters, digits, dot, dash, underscore; no path); else NotFound."""
    if not isinstance(rid, str) or not ID_PATTERN.match(rid) or ".." in rid:
        raise NotFound(f"{rid!r} is not a record id (letters, digits, '.', '-' and '_' only)")
    return rid


def _row(element: str, finding: str | None, quote: str | None, values: Mapping[str, Any]) -> ElementAnswer:
    discharge, nights = values.get("expected_discharge"), values.get("expected_nights")
    return ElementAnswer(element, finding, quote, discharge, nights)


def key_answer(gold: GoldKey) -> Answer:
    """The key's readings as an answer."""
    rows = {r["element"]: _row(r["element"], r["finding"], r.get("citation"), r) for r in gold["elements"]}
    return Answer(rows, gold.get("support"))


def graded_answer(graded: dict[str, Any]) -> Answer:
    """A recorded run's readings of one record (its result file's grades) as an answer."""
    grades = graded["elements"]
    rows = {e["element"]: _row(e["element"], e.get("answered"), e.get("quote"), e) for e in grades}
    return Answer(rows, graded.get("raw_support"))


class Reading(NamedTuple):
    """One reading of a record: the answer, what its source said about it, a recorded run's own grade
    of it (None elsewhere), and what a model's call sent (kit.model.outgoing's log; None elsewhere)."""

    answer: Answer
    notes: list[str]
    grade: dict[str, Any] | None = None
    sent: dict[str, Any] | None = None


@dataclass(frozen=True)
class Run:
    """One arm of one recorded run: `name` is "<run-id>/<arm>"; `records` its grades by record id;
    `sent` what each record's call sent, for a model's run."""

    name: str
    records: dict[str, dict[str, Any]]
    notes: dict[str, list[str]]
    sent: dict[str, dict[str, Any]] = field(default_factory=dict)


def _calls(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The result file's first-repeat call entries (none for an offline arm)."""
    calls = (data.get("telemetry") or {}).get("per_call", [])
    return [c for c in calls if c.get("repeat", 0) == 0 and "record" in c]


def _notes(data: dict[str, Any]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for call in _calls(data):
        said = [*call.get("problems", []), *([call["error"]] if call.get("error") else [])]
        found[call["record"]] = [f"the run's call: {s}" for s in said]
    return found


def _sent(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    keys = ("sent", "withheld", "guards")
    return {c["record"]: {k: c[k] for k in keys} for c in _calls(data) if c.get("sent") is not None}


def recorded_runs(results: Path | None, corpus: Corpus) -> list[Run]:
    """Every result file under `results/<run-id>/` graded on `corpus` (newest run first)."""
    if results is None or not results.is_dir():
        return []
    wanted = fingerprint.corpus_hash(corpus)
    runs = []
    for folder in sorted((p for p in results.iterdir() if p.is_dir()), reverse=True):
        for path in sorted(folder.glob("*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, json.JSONDecodeError):
                continue
            if not isinstance(data, dict) or data.get("corpus_hash") != wanted:
                continue
            graded = {r["id"]: r for r in data.get("records", []) if isinstance(r, dict) and "elements" in r}
            if graded:
                runs.append(Run(f"{folder.name}/{path.stem}", graded, _notes(data), _sent(data)))
    return runs


def _graded(graded: dict[str, Any]) -> dict[str, Any]:
    """A recorded run's reading of a record as the list shows it: its rechecked verdict, whether that
    verdict is the key's, whether the record is fully right, and what is wrong, one plain line each
    (the report's own words: a finding, a citation, a value, the offered verdict)."""
    marked = compare.grade_of(graded)
    return {
        "verdict": graded["rechecked_support"],
        "verdict_right": marked.rechecked_right,
        "right": marked.fully_right,
        "wrong": record_problems(graded),
    }


@dataclass
class Shelf:
    """The records the board shows and the readings it has of them. `own` holds pasted records (in
    memory, for this session); `model` the model's answers asked for this session, each with what
    its call said and sent."""

    corpus: Corpus
    labelled_folder: Path
    results: Path | None
    runs: list[Run] = field(default_factory=list)
    own: dict[str, Record] = field(default_factory=dict)
    model: dict[str, Reading] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    unloadable: str | None = None

    def __post_init__(self) -> None:
        self.runs = recorded_runs(self.results, self.corpus)

    def labelled(self) -> Corpus | None:
        """The labelled folder as a corpus, or None when it does not exist yet or does not load (then
        `unloadable` says why, for the records list)."""
        self.unloadable = None
        if not (self.labelled_folder / "records.json").exists():
            return None
        try:
            with exclusive(self.labelled_folder / LOCK):
                return load.load(self.labelled_folder)
        except CorpusError as err:
            self.unloadable = str(err)
            return None

    def places(self) -> dict[str, tuple[Record, ...]]:
        labelled = self.labelled()
        with self.lock:
            own = tuple(self.own.values())
        return {
            "corpus": self.corpus.records,
            "labelled": labelled.records if labelled else (),
            "own": own,
        }

    def record(self, place: str, rid: str) -> Record:
        check_id(rid)
        if place not in PLACES:
            raise NotFound(f"{place!r} is not one of {', '.join(PLACES)}")
        found = {r.id: r for r in self.places()[place]}
        if rid not in found:
            raise NotFound(f"no record {place}/{rid}")
        return found[rid]

    def sources(self, place: str, record: Record) -> list[str]:
        """The readings this record can be shown with, the key first when there is one."""
        names = (["key"] if record.gold is not None else []) + ["floor"]
        if place == "corpus":
            names += [f"run:{run.name}" for run in self.runs if record.id in run.records]
        if f"{place}/{record.id}" in self.model:
            names.append("model")
        return names

    def answer(self, place: str, record: Record, source: str) -> Reading:
        """The reading `source` of the record, what the source said about it, for a recorded run its
        own grade of the record (as its result file holds it), and for a model what its call sent."""
        if source == "key" and record.gold is not None:
            return Reading(key_answer(record.gold), [])
        if source == "floor":
            return Reading(floor.answer(record.text, record.admitted_at), [])
        if source == "model" and f"{place}/{record.id}" in self.model:
            return self.model[f"{place}/{record.id}"]
        if source.startswith("run:") and place == "corpus":
            for run in self.runs:
                if f"run:{run.name}" == source and record.id in run.records:
                    graded = run.records[record.id]
                    rid = record.id
                    return Reading(graded_answer(graded), run.notes.get(rid, []), graded, run.sent.get(rid))
        raise NotFound(f"{place}/{record.id} has no reading {source!r}")

    def listing(self) -> dict[str, Any]:
        """The records list: per record its key verdict, the floor's, and each recorded run's verdict,
        whether it is the key's, whether the record was fully right, and what is wrong."""
        rows = []
        for place, records in self.places().items():
            for record in records:
                runs = {}
                if place == "corpus":
                    for run in self.runs:
                        graded = run.records.get(record.id)
                        if graded is not None:
                            runs[run.name] = _graded(graded)
                rows.append(
                    {
                        "place": place,
                        "id": record.id,
                        "title": record.facts.get("title", ""),
                        "key": record.gold["support"] if record.gold else None,
                        "runs": runs,
                    }
                )
        warnings = [f"the labelled folder is not shown: {self.unloadable}"] if self.unloadable else []
        return {"records": rows, "runs": [run.name for run in self.runs], "warnings": warnings}
