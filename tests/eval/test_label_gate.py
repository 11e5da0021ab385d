"""Label gate tests: every check of the independent label gate (tests/eval/label_gate/) over the
corpus under test, its structural figures, the rulebook renderings against its own table, its own
parts on small known inputs, proof that the package imports nothing from `kit`, and proof that the
checks bite on a damaged copy of the real corpus.

A test collects a check's whole list of problems and fails once, listing every problem.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from datetime import date
from pathlib import Path

import pytest

from tests.eval.label_gate.bites import bite, damaged_copy, new_problems_for, rewrite_records
from tests.eval.label_gate.checks import CHECKS, listing, run_all_checks
from tests.eval.label_gate.days import count_midnights
from tests.eval.label_gate.loader import CORPUS_DIR, CorpusMissing, by_id, load_corpus, rows_of
from tests.eval.label_gate.plan import figure_line, figure_problems, structural_figures
from tests.eval.label_gate.policy_check import POLICY_JSON, POLICY_MD, policy_problems
from tests.eval.label_gate.spans import find_spans, normalise
from tests.eval.label_gate.vocabulary import (
    ABSENT,
    AMBIGUOUS,
    EXPECTATION_GAP,
    NOT_MET,
    ORDER_GAP,
    PRESENT,
    STAY,
    SUPPORTED,
    apply_rules,
)

REPO_ROOT = Path(__file__).resolve().parents[2]
GATE_PACKAGE = Path(__file__).resolve().parent / "label_gate"
# Every file the gate is made of: the package and this test module.
GATE_FILES = (*sorted(GATE_PACKAGE.glob("*.py")), Path(__file__).resolve())

_LOADED: dict[str, dict] = {}


def real_corpus(config: pytest.Config) -> dict:
    """The corpus under test (the shipped one, or the folder given with --corpus), loaded once; a
    missing corpus FAILS the calling test (never a skip)."""
    chosen = config.getoption("--corpus", default=None)
    folder = Path(chosen) if chosen else CORPUS_DIR
    if str(folder) not in _LOADED:
        try:
            _LOADED[str(folder)] = load_corpus(folder)
        except CorpusMissing as missing:
            pytest.fail(f"the corpus is not there: {missing}", pytrace=False)
    return _LOADED[str(folder)]


# Checks that hold a corpus to the shipped corpus's case plan: they describe that corpus and no other.
SHIPPED_PLAN_ONLY = {"case_plan"}
NOT_THE_PLAN = "n/a: the case plan and its structural figures describe the shipped corpus, not this one"


def _skip_unless_shipped(config: pytest.Config) -> None:
    """Skips (n/a) a plan check on a --corpus whose content is not the shipped corpus's."""
    chosen = config.getoption("--corpus", default=None)
    if chosen is None:
        return
    mine = {k: v for k, v in real_corpus(config).items() if k != "dir"}
    shipped = {k: v for k, v in load_corpus(CORPUS_DIR).items() if k != "dir"}
    if mine != shipped:
        pytest.skip(NOT_THE_PLAN)


@pytest.mark.parametrize("name", list(CHECKS))
def test_check(name: str, pytestconfig) -> None:
    if name in SHIPPED_PLAN_ONLY:
        _skip_unless_shipped(pytestconfig)
    problems = CHECKS[name](real_corpus(pytestconfig))
    assert not problems, f"label gate check {name!r} failed, {listing(problems)}"


def test_structural_figures(record_property, pytestconfig) -> None:
    figures = structural_figures(real_corpus(pytestconfig))
    record_property("figures", json.dumps(figures, sort_keys=True))
    record_property("kit_note", "label gate, structural figures: " + figure_line(figures))
    _skip_unless_shipped(pytestconfig)
    problems = figure_problems(figures)
    assert not problems, (
        f"structural figures are off the plan, {listing(problems)}\n"
        f"all figures as counted:\n{json.dumps(figures, indent=2, sort_keys=True)}"
    )


def test_policy_renderings_agree_with_the_gate() -> None:
    policy = json.loads(POLICY_JSON.read_text(encoding="utf-8"))
    problems = policy_problems(policy, POLICY_MD.read_text(encoding="utf-8"))
    assert not problems, f"rulebook renderings drift, {listing(problems)}"


def test_policy_check_notices_a_missed_rendering() -> None:
    policy = json.loads(POLICY_JSON.read_text(encoding="utf-8"))
    prose = POLICY_MD.read_text(encoding="utf-8")
    assert any("TM-4" in p for p in policy_problems(policy, re.sub(r"\bTM-4\b", "TM-X", prose)))
    swapped = prose.replace("TM-3", "@@").replace("TM-4", "TM-3").replace("@@", "TM-4")
    assert any("first appear" in p for p in policy_problems(policy, swapped))
    edited = json.loads(json.dumps(policy))
    edited["rules"]["TM-4"]["verdict"] = EXPECTATION_GAP
    assert any("TM-4" in p for p in policy_problems(edited, prose))
    moved = json.loads(json.dumps(policy))
    moved["provenance"]["stay_expectation"]["section"] = "UTILIZATION REVIEW NOTES"
    assert any("provenance for stay_expectation" in p for p in policy_problems(moved, prose))
    dropped = json.loads(json.dumps(policy))
    del dropped["provenance"]
    assert sum("provenance" in p for p in policy_problems(dropped, prose)) == 2


def _kit_imports(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name == "kit" or a.name.startswith("kit.")]
        elif (
            isinstance(node, ast.ImportFrom)
            and node.module
            and (node.module == "kit" or node.module.startswith("kit."))
        ):
            found.append(node.module)
    return found


def test_the_gate_imports_nothing_from_kit() -> None:
    for path in GATE_FILES:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        assert _kit_imports(tree) == [], f"{path.name}: the label gate must not import the library it checks"
    assert len(GATE_FILES) > 1, f"no modules found in {GATE_PACKAGE}"
    code = "import kit.rules.policy\nfrom kit import citation"
    assert _kit_imports(ast.parse(code)) == ["kit.rules.policy", "kit"]


def test_loading_the_gate_pulls_in_no_kit_module() -> None:
    """Indirect imports too: import every module of the package and load this file in a fresh
    interpreter, then look at sys.modules."""
    probe = (
        "import importlib, importlib.util, pkgutil, sys\n"
        f"sys.path.insert(0, {str(REPO_ROOT)!r})\n"
        "package = importlib.import_module('tests.eval.label_gate')\n"
        "for info in pkgutil.iter_modules(package.__path__, 'tests.eval.label_gate.'):\n"
        "    importlib.import_module(info.name)\n"
        f"spec = importlib.util.spec_from_file_location('label_gate_probe', {str(Path(__file__))!r})\n"
        "module = importlib.util.module_from_spec(spec)\n"
        "spec.loader.exec_module(module)\n"
        "print(sorted(m for m in sys.modules if m == 'kit' or m.startswith('kit.')))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd="/", check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", f"kit modules loaded by the gate: {done.stdout.strip()}"


# --- The gate's own parts, on small known inputs ---------------------------------------------


def test_own_day_counter_holds_both_clock_edges() -> None:
    assert count_midnights("2026-06-10 23:50", "2026-06-12", None) == (2, None)
    assert count_midnights("2026-06-10 01:00", "2026-06-11", None) == (1, None)
    assert count_midnights("2026-12-31 12:00", "2027-01-02", None) == (2, None)
    assert count_midnights("2026-06-10 12:00", None, 3) == (3, None)
    assert count_midnights("2026-06-10 12:00", None, None) == (None, None)
    assert count_midnights("2026-06-10 12:00", "2026-06-09", None)[0] is None
    assert count_midnights("2026-06-10 12:00", "2026-06-12", 2)[0] is None
    assert count_midnights("2026-06-10 12:00", None, True)[0] is None


def test_own_rule_table_first_match_wins() -> None:
    assert apply_rules(ABSENT, 5) == (ORDER_GAP, "TM-1")
    assert apply_rules(AMBIGUOUS, None) == (ORDER_GAP, "TM-2")
    assert apply_rules(PRESENT, None) == (EXPECTATION_GAP, "TM-3")
    assert apply_rules(PRESENT, 1) == (NOT_MET, "TM-4")
    assert apply_rules(PRESENT, 0) == (NOT_MET, "TM-4")
    assert apply_rules(PRESENT, 2) == (SUPPORTED, "TM-5")


def test_own_normaliser_and_span_finder() -> None:
    raw = "A \u201cquoted\u201d\u00a0line \u2014 it\u2019s\n\n  here\t\tnow "
    assert normalise(raw) == 'A "quoted" line - it\'s here now'
    assert find_spans(normalise(raw), "it\u2019s  here") == [(18, 27)]
    assert find_spans("aaa", "aa") == [(0, 2), (1, 3)]
    assert find_spans("abc", "  ") == []


# --- Proof that the gate bites: damage a copy of the real corpus, watch the check name it ------


def test_gate_bites_on_a_flipped_verdict(tmp_path: Path) -> None:
    def flip(rows):
        row = rows[0]
        row["support"] = NOT_MET if row["support"] != NOT_MET else SUPPORTED
        flip.rid = row["id"]

    before, after = bite(tmp_path, edit_gold=flip)
    assert new_problems_for("support_and_rule", before, after, flip.rid), after["support_and_rule"]


def test_gate_bites_on_a_shifted_span(tmp_path: Path) -> None:
    def shift(rows):
        row = rows[1]
        cited = next(r for r in row["elements"] if r["span"] is not None)
        cited["span"] = [cited["span"][0] + 3, cited["span"][1] + 3]
        shift.rid = row["id"]

    before, after = bite(tmp_path, edit_gold=shift)
    assert new_problems_for("spans", before, after, shift.rid), after["spans"]


def test_gate_bites_on_a_dropped_row(tmp_path: Path) -> None:
    def drop(rows):
        del rows[2]["elements"][2]
        drop.rid = rows[2]["id"]

    before, after = bite(tmp_path, edit_gold=drop)
    assert new_problems_for("rows", before, after, drop.rid), after["rows"]


def test_gate_bites_on_a_moved_admission(tmp_path: Path) -> None:
    """Move the admission of a record whose stay is a date a day earlier: the facts block and the
    midnight count both disagree now."""
    folder = damaged_copy(tmp_path)
    keys = by_id(load_corpus(folder)["gold"])

    def move(rows):
        for row in rows:
            stay = rows_of(keys.get(row["id"], {})).get(STAY, {})
            if stay.get("expected_discharge") is not None:
                day, clock = row["admitted_at"].split(" ")
                row["admitted_at"] = f"{date.fromordinal(date.fromisoformat(day).toordinal() - 1)} {clock}"
                move.rid = row["id"]
                return
        pytest.fail("no record with an expected discharge date to move")

    before = run_all_checks(load_corpus(folder))
    rewrite_records(folder, move)
    after = run_all_checks(load_corpus(folder))
    assert new_problems_for("records_agree", before, after, move.rid), after["records_agree"]
    assert new_problems_for("midnights", before, after, move.rid), after["midnights"]


# --- A key written from the docs, leaving the derived fields out --------------------------------

USER_CORPUS = REPO_ROOT / "fixtures" / "user-corpus"


def test_the_gate_derives_what_a_key_leaves_out() -> None:
    """fixtures/user-corpus leaves support, rule, midnights and class out of every even row: the
    figures count the verdicts the gate derives (hand-worked in its EXPECTED.md), never a 'None'."""
    corpus = load_corpus(USER_CORPUS)
    figures = structural_figures(corpus)
    assert figures["verdicts"] == {ORDER_GAP: 15, EXPECTATION_GAP: 6, NOT_MET: 5, SUPPORTED: 14}
    counted = [figures[name] for name in ("cited", "stay_rows_with_value", "hard", "clean")]
    assert counted == [149, 32, 26, 14]
    problems = {name: check(corpus) for name, check in CHECKS.items() if name != "case_plan"}
    assert not any(problems.values()), problems
