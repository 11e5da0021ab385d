"""Every record of the identifiers corpus (`python -m kit.corpus --identifiers`) through the egress
gate and through the whole paid path: each redacted record passes the gate, a redactor made to miss
phone numbers is refused on every record for phones only, and the stub-served arms score on it exactly
as on the shipped corpus; another interpreter, with another hash seed, writes the same bytes. The
gate's worked examples are in tests/unit/guard/test_egress_gate.py, the corpus's own checks in
tests/integration/test_identifiers_corpus_content.py; the folder and the loaded corpora are the session's,
from tests/corpora.py."""

import os
import subprocess
import sys

import pytest

from kit import pipeline
from kit.corpus import load
from kit.guard.redact import Redactor
from kit.guard.redact.gate import leaks
from tests.unit.guard.test_egress_gate import SALT, MissesPhones


def test_on_the_identifiers_corpus_every_redacted_record_passes_and_a_missing_redactor_is_refused(
    identifiers_folder,
):
    texts = {p.stem: p.read_text(encoding="utf-8") for p in sorted(identifiers_folder.glob("ADM-*.txt"))}
    assert len(texts) == 60
    good, bad = Redactor(SALT), MissesPhones(SALT)
    assert [rid for rid, t in texts.items() if leaks(t, good.redact(rid, t).text)] == []
    refused = {rid: leaks(t, bad.redact(rid, t).text) for rid, t in texts.items()}
    assert all(kinds == ["PHONE"] for kinds in refused.values()), refused


@pytest.mark.parametrize("served", ["floor", "oracle"])
def test_the_stub_served_arms_score_the_same_as_on_the_shipped_corpus(
    served, identifiers_loaded, shipped_corpus, tmp_path
):
    """Through prompt, HTTP, cache and parser: the oracle answers from the shipped key by record id,
    so this also shows every shipped quote still earns its credit here."""

    def report(corpus: load.Corpus, run_id: str) -> dict:
        settings = pipeline.RunSettings(run_id=run_id, results_dir=tmp_path / "results")
        arm = pipeline.StubArm(served, tmp_path / run_id)
        return pipeline.run(corpus, arm, settings).report.to_dict()

    mine, theirs = report(identifiers_loaded, "identifiers"), report(shipped_corpus, "shipped")
    assert mine["metrics"] == theirs["metrics"]
    assert mine["records"] == theirs["records"]


def test_another_interpreter_with_another_hash_seed_writes_the_same_bytes(identifiers_folder, tmp_path):
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    command = [sys.executable, "-m", "kit.corpus", "--out", str(tmp_path), "--identifiers"]
    subprocess.run(command, check=True, env=env, capture_output=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in identifiers_folder.iterdir())
    for path in identifiers_folder.iterdir():
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), path.name
