"""kit report without a browser: the command, what it refuses, the comparison section, and the line
bookkeeping the marks rest on."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from kit import pipeline
from kit.cli import commands as cli
from kit.corpus import load, writer
from kit.measure import compare, report, thresholds
from kit.measure.compare import grade_of
from kit.measure.report import text
from kit.rules import citation

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def tables_of_repo():
    return thresholds.load(REPO)


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


def _compare_cells(page: str) -> dict[str, tuple[str, str]]:
    """metric -> (difference, worse / better) as the page's comparison table shows them."""
    section = page.split('<section id="compare">', 1)[1]
    table = section.split('<table class="compare">', 1)[1].split("</table>", 1)[0]
    found = {}
    for metric, cells in re.findall(r'<tr data-metric="([^"]+)">(.*?)</tr>', table, re.S):
        tds = re.findall(r"<td[^>]*>(.*?)</td>", cells, re.S)
        found[metric] = (tds[-3].strip(), tds[-2].strip())
    return found


def test_report_new_compare_older_is_the_table_of_kit_compare_older_new(run_folder, shipped):
    """`kit report NEW --compare OLDER` takes OLDER as the baseline, as `kit compare OLDER NEW` does."""
    new, older = run_folder / "floor.json", run_folder / "oracle.json"
    page = report.render(new, shipped, other=older)
    rows = compare.compare([compare.load_run(older), compare.load_run(new)])
    cells = _compare_cells(page)
    assert len(cells) == len(rows) > 30
    for row in rows:
        diff = "-" if row.diff(1) is None else f"{row.diff(1) * 100:+.1f} pp"
        paired = row.paired[1]
        counts = f"{len(paired.worse)} / {len(paired.better)}" if paired else ""
        assert cells[row.metric] == (diff, counts), row.metric
    assert cells["records.fully_right"] == ("-40.0 pp", "24 / 0")  # the floor is worse than the oracle
    assert "oracle.json (baseline" in page


def test_kit_report_finds_the_projects_thresholds_from_the_run_or_refuses(
    run_folder, tmp_path, monkeypatch, capsys
):
    project = tmp_path / "project"
    (project / "results").mkdir(parents=True)
    for name in ("pyproject.toml", "thresholds.toml"):
        (project / name).write_text((REPO / name).read_text())
    run = shutil.copytree(run_folder, project / "results" / "r")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert cli.main(["report", str(run)]) == 0
    page = (run / "report.html").read_text()
    assert "No threshold configuration was read" not in page and 'data-metric="findings"' in page
    assert page.count(">FAIL<") == 0 and page.count(">pass<") > 300
    loose = shutil.copytree(run_folder, tmp_path / "loose")
    capsys.readouterr()
    assert cli.main(["report", str(loose)]) == 2
    said = capsys.readouterr().err
    assert "--thresholds FILE" in said and not (loose / "report.html").exists()
    assert cli.main(["report", str(loose), "--thresholds", str(REPO / "thresholds.toml")]) == 0


def test_stub_names_its_provider_and_the_scan_shows_no_flips(run_folder, shipped, tables_of_repo):
    page = report.render(run_folder, shipped, tables_of_repo)
    stub = page.split('id="arm-stub-floor"', 1)[1].split("</section>", 1)[0]
    assert "none (offline arm)" not in stub and "<dd>stub</dd>" in stub
    scan = page.split('id="arm-scan"', 1)[1].split("</section>", 1)[0]
    assert "Flips per placement" not in scan and "No record flipped" not in scan
    injected = page.split('id="arm-injection-floor"', 1)[1].split("</section>", 1)[0]
    assert "Flips per placement" in injected


def test_report_help_names_the_thresholds_default_the_readme_names(capsys):
    with pytest.raises(SystemExit):
        cli.main(["report", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert "thresholds.toml" in said and "default: ./pyproject.toml" not in said
