"""The eval suite on corpora of one and of three records of one's own (issue 34): an inner pytest
session each, `--corpus` a folder made of records of fixtures/user-corpus. No test fails; each check
that needs more than such a corpus has (7 records for the stub's injected faults, 34 for the held-apart
redaction set, an ORDER-GAP record, a record whose key is not INPATIENT-SUPPORTED to plant into, one
per subtle kind) is n/a with its line in the short summary, and a check the corpus can support still
runs. The report written at the end says the session had no failure.

Left out of these sessions, to keep them short: the eval files that measure material of their own
(tests/plugin/sessions.py: FIXED_MATERIAL); test_own_corpus_sessions runs them on a corpus of one's own
in the `slow` selection.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from kit.arms import BOUND_NOT_APPLICABLE
from tests.eval.test_forged import MATERIALS as FORGED_MATERIALS
from tests.plugin.sessions import FIXED_MATERIAL, REPO, inner_args

EVAL = REPO / "tests" / "eval"
USER_CORPUS = REPO / "fixtures" / "user-corpus"
NOTHING_PLANTED = "this corpus has no record whose key is not INPATIENT-SUPPORTED, so"
STUB_FAULTS = "the stub injects a 429 on every 7th request and a 503 on every 11th"


def subset(folder: Path, keep: tuple[str, ...]) -> Path:
    """A corpus folder of the named records of fixtures/user-corpus, with their gold."""
    folder.mkdir()
    facts = json.loads((USER_CORPUS / "records.json").read_text(encoding="utf-8"))
    (folder / "records.json").write_text(json.dumps([r for r in facts if r["id"] in keep]))
    rows = (USER_CORPUS / "gold.jsonl").read_text(encoding="utf-8").splitlines()
    (folder / "gold.jsonl").write_text("\n".join(r for r in rows if json.loads(r)["id"] in keep) + "\n")
    for rid in keep:
        shutil.copy(USER_CORPUS / f"{rid}.txt", folder)
    return folder


KNOWN_BEFORE = ("pinned figures", "no item of this kind", "the case plan and its structural figures")


def na_lines(out: str) -> list[str]:
    """The reasons of the n/a skips in the short summary, but for the pinned figures, empty metrics and
    the label gate's case plan (n/a on any corpus but the shipped one)."""
    skipped = [line for line in out.splitlines() if line.startswith("SKIPPED") and " n/a: " in line]
    reasons = [line.split(" n/a: ", 1)[1] for line in skipped]
    return [r for r in dict.fromkeys(reasons) if not r.startswith(KNOWN_BEFORE)]


# UC-001 is INPATIENT-SUPPORTED; UC-013 BENCHMARK-NOT-MET; UC-024 ORDER-GAP (fixtures/user-corpus/EXPECTED.md)
CASES = {
    "one-record": (
        ("UC-001",),
        [
            f"the stub arms' retries: {STUB_FAULTS}; 1 record(s) make 1 request(s)",
            f"the stub's isolated 429s: {STUB_FAULTS}; 1 record(s) make 1 request(s)",
            "this corpus's 1 record(s) give 3",
            "forcing the recheck to ORDER-GAP (oracle): this corpus has no ORDER-GAP record",
            "forcing the recheck to ORDER-GAP (floor): this corpus has no ORDER-GAP record",
            f"switching provenance off under injection: {NOTHING_PLANTED} nothing is planted",
            f"switching provenance off for forged lines: {NOTHING_PLANTED} no forged line is planted",
            *(f"forged lines {where} their evidence section ({material}): {NOTHING_PLANTED}"
              for where in ("inside", "outside") for material in FORGED_MATERIALS),
            "overt plants, most records flip with provenance off: it needs 1 record(s)",
            "subtle plants, most records flip with provenance off: it needs 7 record(s)",
            *BOUND_NOT_APPLICABLE.values(),
        ],
    ),
    "three-records": (
        ("UC-001", "UC-013", "UC-024"),
        [
            f"the stub arms' retries: {STUB_FAULTS}; 3 record(s) make 3 request(s)",
            f"the stub's isolated 429s: {STUB_FAULTS}; 3 record(s) make 3 request(s)",
            "this corpus's 3 record(s) give 9",
            "subtle plants, most records flip with provenance off: it needs 7 record(s)",
            *BOUND_NOT_APPLICABLE.values(),
        ],
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", list(CASES))
def test_the_eval_suite_on_a_small_corpus_ends_without_failure_and_says_what_is_na(case, pytester, tmp_path):
    keep, expected = CASES[case]
    corpus = subset(tmp_path / "corpus", keep)
    ignored = [f"--ignore={EVAL / name}" for name in FIXED_MATERIAL]
    args = inner_args(EVAL, tmp_path, "-m", "not paid", f"--corpus={corpus}", "--run-id=small")
    result = pytester.runpytest_inprocess(*args, "--kit-report", *ignored)
    out = result.stdout.str()
    counts = result.parseoutcomes()
    assert counts.get("failed", 0) == 0 and counts.get("errors", 0) == 0, out[-3000:]
    said = na_lines(out)
    for line in expected:
        assert sum(line in reason for reason in said) == 1, (line, said)
    assert len(said) == len(expected), said
    if "UC-024" in keep:  # an ORDER-GAP record and planted records: those checks ran
        assert not any("ORDER-GAP" in reason or "forged" in reason or "overt" in reason for reason in said)
    page = (tmp_path / "small" / "report.html").read_text(encoding="utf-8")
    assert "no test failed." in page.split("<nav>", 1)[0] and "failed or errored" not in page
