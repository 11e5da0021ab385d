"""Whatever `python -m kit.corpus --check` accepts, the scorer grades: a property over the optional
fields docs/corpus-format.md lets a gold key leave out.

The strategy takes some records of the shipped corpus or of fixtures/user-corpus (a corpus written by
hand from the docs), completes their gold to the full form, then leaves out any documented optional
field on any row: an element's `class` and `span` (or writes the span as null), an uncited row's
`citation`, a null value key on any row, and the record's `midnights`, `meets_benchmark`, `support`
and `rule`. The folder must pass
the check; every offline arm must then be graded exactly as on the full form (same metrics, same
per-record grades, same guards, same content hash); and the label gate must find nothing wrong and
count the same verdicts.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from functools import cache
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from kit.arms import OFFLINE_ARMS, arm
from kit.corpus import fingerprint, load
from kit.measure import scoring
from tests.eval.label_gate import checks as gate_checks
from tests.eval.label_gate import loader as gate_loader
from tests.eval.label_gate import plan as gate_plan

REPO = load.shipped_folder().parents[1]
CORPORA = (REPO / "fixtures" / "corpus", REPO / "fixtures" / "user-corpus")
ROW_OPTIONAL = ("class", "span", "citation", "expected_discharge", "expected_nights")
KEY_OPTIONAL = ("midnights", "meets_benchmark", "support", "rule")
GATE_RECORD_CHECKS = [name for name in gate_checks.CHECKS if name != "case_plan"]
CASE_FREE = ("case",)  # records.json's case plan describes the shipped set only


@cache
def full_form(folder: Path) -> tuple[tuple[dict, ...], tuple[dict, ...]]:
    """records.json rows and the completed gold rows of a corpus, as the loader completes them."""
    corpus = load.load(folder)
    facts = tuple({k: v for k, v in r.facts.items() if k not in CASE_FREE} for r in corpus.records)
    return facts, tuple(r.gold for r in corpus.records)


def _may_leave_out(name: str, row: dict) -> bool:
    """A derived field may always be left out; a citation or value key only when it is null."""
    if name in ("citation", "expected_discharge", "expected_nights"):
        return row[name] is None
    return True


@st.composite
def thinned(draw) -> tuple[Path, list[int], list[dict]]:
    folder = draw(st.sampled_from(CORPORA))
    facts, golds = full_form(folder)
    picked = draw(st.lists(st.integers(0, len(golds) - 1), min_size=1, max_size=6, unique=True))
    rows = []
    for n in picked:
        key = json.loads(json.dumps(golds[n]))
        for name in draw(st.sets(st.sampled_from(KEY_OPTIONAL))):
            del key[name]
        for row in key["elements"]:
            for name in draw(st.sets(st.sampled_from(ROW_OPTIONAL))):
                if _may_leave_out(name, row):
                    del row[name]
            if "span" in row and draw(st.booleans()):
                row["span"] = None  # a span written as null is computed too
        rows.append(key)
    return folder, picked, rows


def _write(target: Path, source: Path, picked: list[int], gold_rows: list[dict]) -> None:
    facts, _ = full_form(source)
    chosen = [facts[n] for n in picked]
    target.mkdir(parents=True)
    for row in chosen:
        shutil.copy(source / f"{row['id']}.txt", target / f"{row['id']}.txt")
    (target / "records.json").write_text(json.dumps(chosen, indent=2))
    (target / "gold.jsonl").write_text("".join(json.dumps(r) + "\n" for r in gold_rows))


def _graded(corpus: load.Corpus) -> dict:
    out = {"guards": scoring.guards(corpus), "hash": fingerprint.corpus_hash(corpus)}
    for name in OFFLINE_ARMS:
        answer = arm(name)
        report = scoring.score(name, corpus, {r.id: answer(r) for r in corpus.records})
        out[name] = report.to_dict()
    return out


@settings(max_examples=min(settings.default.max_examples, 100))
@given(thinned())
def test_what_check_accepts_the_scorer_grades_as_the_full_form(case) -> None:
    source, picked, gold_rows = case
    _, golds = full_form(source)
    with tempfile.TemporaryDirectory() as tmp:
        thin, full = Path(tmp) / "thin" / "mine", Path(tmp) / "full" / "mine"  # one name: one dataset_version
        _write(thin, source, picked, gold_rows)
        _write(full, source, picked, [golds[n] for n in picked])
        corpus = load.load(thin)  # what --check runs; raises CorpusError listing problems
        assert _graded(corpus) == _graded(load.load(full))
        gate = gate_loader.load_corpus(thin)
        problems = {name: gate_checks.CHECKS[name](gate) for name in GATE_RECORD_CHECKS}
        assert not any(problems.values()), problems
        full_gate = gate_loader.load_corpus(full)
        assert gate_plan.structural_figures(gate) == gate_plan.structural_figures(full_gate)
