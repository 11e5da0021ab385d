"""Every record of the identifiers corpus (`python -m kit.corpus --identifiers`) through the egress
gate and through the whole paid path: each redacted record passes the gate, a redactor made to miss
phone numbers is refused on every record for phones only, and the stub-served arms score on it exactly
as on the shipped corpus. The gate's worked examples are in tests/unit/guard/test_egress_gate.py, the
corpus's own checks in tests/unit/corpus/test_corpus_identifiers.py."""

from pathlib import Path

import pytest

from kit import pipeline
from kit.corpus import load
from kit.guard.redact import Redactor
from kit.guard.redact.gate import leaks
from tests.identifiers import identifiers_corpus
from tests.unit.guard.test_egress_gate import SALT, MissesPhones


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return identifiers_corpus(tmp_path_factory.mktemp("identifiers") / "corpus")[0]


@pytest.fixture(scope="module")
def ours(folder) -> load.Corpus:
    return load.load(folder)


@pytest.fixture(scope="module")
def shipped() -> load.Corpus:
    return load.load(load.shipped_folder())


def test_on_the_identifiers_corpus_every_redacted_record_passes_and_a_missing_redactor_is_refused(folder):
    texts = {p.stem: p.read_text(encoding="utf-8") for p in sorted(folder.glob("ADM-*.txt"))}
    assert len(texts) == 60
    good, bad = Redactor(SALT), MissesPhones(SALT)
    assert [rid for rid, t in texts.items() if leaks(t, good.redact(rid, t).text)] == []
    refused = {rid: leaks(t, bad.redact(rid, t).text) for rid, t in texts.items()}
    assert all(kinds == ["PHONE"] for kinds in refused.values()), refused


@pytest.mark.parametrize("served", ["floor", "oracle"])
def test_the_stub_served_arms_score_the_same_as_on_the_shipped_corpus(served, ours, shipped, tmp_path):
    """Through prompt, HTTP, cache and parser: the oracle answers from the shipped key by record id,
    so this also shows every shipped quote still earns its credit here."""

    def report(corpus: load.Corpus, run_id: str) -> dict:
        settings = pipeline.RunSettings(run_id=run_id, results_dir=tmp_path / "results")
        arm = pipeline.StubArm(served, tmp_path / run_id)
        return pipeline.run(corpus, arm, settings).report.to_dict()

    mine, theirs = report(ours, "identifiers"), report(shipped, "shipped")
    assert mine["metrics"] == theirs["metrics"]
    assert mine["records"] == theirs["records"]
