"""Redaction measured on the corpus (kit.guard.redact, issue 13):

- over-redaction: on the plain shipped corpus nothing but dates and the one town a facility is named
  after is replaced (no condition, drug, dose, service or time of day changes), with the count of
  replaced spans per type printed;
- invariance: the floor served by the stub with redaction on scores exactly what the floor scores,
  metric by metric and grade by grade, on the shipped corpus and on the identifiers corpus
  (`python -m kit.corpus --identifiers`); the stub-served oracle stays perfect, and credits a quote
  that names someone while the result file holds only its placeholder;
- leaks: with the stub logging every request body, no planted identifier (in any of its spellings)
  is in a request body, a cache file, the result file, the redaction ledger or the stub's replies,
  and no date of the original record is in a request.
"""

import json
import re
import shutil
from dataclasses import asdict
from pathlib import Path

import pytest

from kit import pipeline
from kit.corpus import load
from kit.guard.redact import redact
from kit.guard.redact.dates import find
from kit.measure.redaction_ledger import FOLDER
from kit.plugin.hooks import NOTE_KEY
from tests.identifiers import identifiers_corpus, leaked

SALT = "eval-redaction-salt"
SHIPPED = load.load(load.shipped_folder())


@pytest.fixture(scope="module")
def planted(tmp_path_factory) -> tuple[load.Corpus, dict[str, list[str]]]:
    folder, written = identifiers_corpus(tmp_path_factory.mktemp("identifiers") / "corpus")
    return load.load(folder), written


def _settings(tmp: Path) -> pipeline.RunSettings:
    return pipeline.RunSettings(run_id="redaction", results_dir=tmp / "results")


def test_on_the_shipped_corpus_nothing_but_dates_and_a_town_is_replaced(record_property):
    """Dates are shifted, and the one town the corpus names, in a facility's name ("Millbrook District
    Hospital"), is a place below a state; nothing else changes, byte for byte."""
    counts: dict[str, int] = {}
    for rec in SHIPPED.records:
        done = redact(rec.text, rec.id, SALT)
        for kind, n in done.counts().items():
            counts[kind] = counts.get(kind, 0) + n
        kept = [f.text for f in find(rec.text, 2026)]
        assert [p.original for p in done.pieces if p.kind == "DATE"] == kept, rec.id
        assert all(p.original == "Millbrook" for p in done.pieces if p.kind != "DATE"), rec.id
        before, after = rec.text, done.text
        for piece in reversed(done.pieces):  # every stretch outside a replacement is byte for byte the same
            before = before[: piece.start] + "<replaced>" + before[piece.end :]
            after = after[: piece.at] + "<replaced>" + after[piece.stop :]
        assert before == after, rec.id
    record_property(NOTE_KEY, f"redaction on the shipped corpus: replaced spans per type {counts}")
    assert counts == {"DATE": 568, "PLACE": 6}


@pytest.mark.parametrize("which", ["shipped", "identifiers"])
def test_the_stub_served_floor_with_redaction_equals_the_floor(which, planted, tmp_path):
    corpus = SHIPPED if which == "shipped" else planted[0]
    settings = _settings(tmp_path)
    floor = pipeline.run(corpus, pipeline.OfflineArm("floor"), settings).report
    served = pipeline.run(corpus, pipeline.StubArm("floor", tmp_path / "stub", redact_salt=SALT), settings)
    assert served.report.metrics == floor.metrics
    assert [asdict(g) for g in served.report.grades] == [asdict(g) for g in floor.grades]
    assert json.loads(served.path.read_text())["redaction"]["on"] is True


@pytest.mark.parametrize("which", ["shipped", "identifiers"])
def test_the_stub_served_oracle_with_redaction_stays_perfect(which, planted, tmp_path):
    corpus = SHIPPED if which == "shipped" else planted[0]
    arm = pipeline.StubArm("oracle", tmp_path, redact_salt=SALT)
    report = pipeline.run(corpus, arm, _settings(tmp_path)).report
    imperfect = {n: m.count for n, m in report.metrics.items() if m.better == "higher" and m.count != m.total}
    assert not imperfect
    assert all(g.fully_right for g in report.grades)


def test_no_planted_identifier_and_no_original_date_leaves_the_machine(planted, tmp_path):
    corpus, written = planted
    arm = pipeline.StubArm("floor", tmp_path / "stub", redact_salt=SALT, bodies=[])
    done = pipeline.run(corpus, arm, _settings(tmp_path))
    assert len(arm.bodies) == 60
    ledger = tmp_path / "results" / "redaction" / FOLDER / "stub-floor.json"
    files = [*sorted((tmp_path / "stub" / "cache").rglob("*.json")), done.path, ledger]
    assert len(files) == 62
    every = [("request", json.dumps(b, ensure_ascii=False)) for b in arm.bodies]
    every += [(str(p), p.read_text(encoding="utf-8")) for p in files]
    planted_strings = sorted({s for strings in written.values() for s in strings})
    leaks = [(where, s) for where, text in every for s in leaked(planted_strings, text)]
    assert not leaks, f"{len(leaks)} planted identifiers left the machine, first {leaks[:3]}"
    for body in arm.bodies:
        user = body["messages"][-1]["content"]
        rec = corpus.by_id()[user.split("ADMISSION RECORD ", 1)[1].split()[0]]
        dates = {f.text for f in find(rec.text, 2026)} | {f.day.isoformat() for f in find(rec.text, 2026)}
        assert not [d for d in dates if d in user], rec.id


def test_a_quote_that_names_the_patient_is_credited_and_written_only_with_its_placeholder(planted, tmp_path):
    """The key's lines name no one, so one is made to: ADM-0001's comorbidity line ends with a name
    the record names (patient or relative). The oracle quotes it redacted; restored, it is credited;
    the result file holds the placeholder."""
    source, written = planted[0].folder, planted[1]["ADM-0001"]
    folder = tmp_path / "named"
    shutil.copytree(source, folder)
    name = next(s for s in written if re.fullmatch(r"[A-Z][a-z]+ [A-Z][a-z]+", s))
    rows = [json.loads(line) for line in (folder / "gold.jsonl").read_text().splitlines()]
    row = next(e for e in rows[0]["elements"] if e["element"] == "comorbidities")
    named = f"{row['citation'][:-1]} ({name})."
    text = (folder / "ADM-0001.txt").read_text()
    (folder / "ADM-0001.txt").write_text(text.replace(row["citation"], named))
    row["citation"] = named
    for r in rows:
        for e in r["elements"]:
            e.pop("span", None)
    (folder / "gold.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    arm = pipeline.StubArm("oracle", tmp_path / "stub", redact_salt=SALT, bodies=[])
    done = pipeline.run(load.load(folder), arm, _settings(tmp_path))
    grade = next(e for e in done.report.grades[0].elements if e.element == "comorbidities")
    assert (grade.quote, grade.citation) == (named, "credited")
    assert name not in json.dumps(arm.bodies) and name not in done.path.read_text()
    assert re.search(r"\(\[(PATIENT|RELATIVE)-\d\]\)\.", done.path.read_text())
