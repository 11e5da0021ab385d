"""kit report without a browser: the command, what it refuses, the comparison section, and the line
bookkeeping the marks rest on."""

from __future__ import annotations

import json
import re

import pytest

from kit import pipeline
from kit.cli import commands as cli
from kit.corpus import load, writer
from kit.measure import report
from kit.measure.compare import grade_of
from kit.measure.report import text
from kit.rules import citation


def test_each_line_maps_onto_the_normalised_record(shipped):
    for record in shipped.records:
        spans = [s for s in text._intervals(record.text) if s is not None]
        norm = citation.norm(record.text)
        pieces = [citation.norm(line) for line in record.text.split("\n") if citation.norm(line)]
        assert [norm[a:b] for a, b in spans] == pieces, record.id


def test_the_command_writes_the_report_and_says_how_to_open_it(run_folder, tmp_path, capsys):
    out = tmp_path / "r.html"
    assert cli.main(["report", str(run_folder), "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert said.strip() == f"wrote {out}; open it in a browser: {out.resolve().as_uri()}"
    page = out.read_text()
    assert page.startswith("<!DOCTYPE html>") and page.count('<section class="arm"') == 6
    assert not re.search(r"""(src|href)=["']?(https?:|//)""", page), "the page links out"


@pytest.fixture(scope="module")
def held_out_run(tmp_path_factory):
    folder = tmp_path_factory.mktemp("held-out-report")
    writer.write(folder / "corpus", seed=11)
    corpus = load.load(folder / "corpus")
    settings = pipeline.RunSettings(run_id="held", results_dir=folder)
    return pipeline.run(corpus, pipeline.OfflineArm("floor"), settings).path.parent, corpus


def test_a_run_is_only_shown_with_the_corpus_it_was_graded_on(held_out_run, shipped, capsys):
    run, corpus = held_out_run
    with pytest.raises(report.ReportError, match="graded on another corpus .* --corpus"):
        report.render(run, shipped)
    assert "ADM-0001" in report.render(run, corpus)
    assert cli.main(["report", str(run)]) == 2
    assert "name the right one with --corpus" in capsys.readouterr().err


def test_compare_section_refuses_another_corpus_and_lists_changed_records(run_folder, held_out_run, shipped):
    with pytest.raises(report.ReportError, match="corpus content hash"):
        report.render(run_folder / "floor.json", shipped, other=held_out_run[0] / "floor.json")
    page = report.render(run_folder / "floor.json", shipped, other=run_folder / "oracle.json")
    section = page.split('<section id="compare">', 1)[1]
    changed = re.findall(r'<tr data-id="([^"]+)"><td>records.fully_right</td>', section)
    floor = json.loads((run_folder / "floor.json").read_text())
    floor_wrong = [r["id"] for r in floor["records"] if not grade_of(r).fully_right]
    assert changed == floor_wrong and len(changed) == 24
    assert f"{2 * 0.5**24:.3g}" in section
