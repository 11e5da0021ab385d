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
from kit.measure.report import record_view
from kit.rules import citation

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def tables_of_repo():
    return thresholds.load(REPO)


def test_each_line_maps_onto_the_normalised_record(shipped):
    for record in shipped.records:
        norm, lines = citation.norm(record.text), record.text.split("\n")
        for raw, (start, index) in zip(lines, record_view._line_maps(record.text), strict=True):
            piece = citation.norm(raw)
            assert norm[start : start + len(index)] == piece, record.id
            rebuilt = "".join(" " if raw[i].isspace() else raw[i] for i in index)
            assert len(rebuilt) == len(piece) and citation.norm(rebuilt) == piece, record.id


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


def test_a_run_is_only_shown_with_the_corpus_it_was_graded_on(held_out_run, shipped, capsys, tmp_path):
    run, corpus = held_out_run
    with pytest.raises(report.ReportError, match="graded on another corpus .* --corpus"):
        report.render(run, shipped)
    assert "ADM-0001" in report.render(run, corpus)
    out = tmp_path / "r.html"
    assert cli.main(["report", str(run), "--corpus", str(load.shipped_folder()), "-o", str(out)]) == 2
    assert "name the right one with --corpus" in capsys.readouterr().err and not out.exists()


def test_kit_report_reads_the_corpus_folder_from_the_run_and_refuses_it_changed(tmp_path, capsys):
    """Issue 34: a run of one's own records names its corpus folder; `kit report RUN` reads the record
    texts from there with no --corpus, and refuses, as with --corpus, once the folder's content differs."""
    mine = tmp_path / "mine"
    writer.write(mine, seed=11)
    settings = pipeline.RunSettings(run_id="own", results_dir=tmp_path)
    run = pipeline.run(load.load(mine), pipeline.OfflineArm("floor"), settings).path.parent
    assert json.loads((run / "floor.json").read_text())["corpus_folder"] == str(mine.resolve())
    assert cli.main(["report", str(run), "--thresholds", str(REPO / "thresholds.toml")]) == 0
    page = (run / "report.html").read_text()
    assert f"record texts come from the corpus at {mine.resolve()}." in page
    (run / "report.html").unlink()
    rows = json.loads((mine / "records.json").read_text())
    (mine / "records.json").write_text(json.dumps(rows[1:]))
    (mine / f"{rows[0]['id']}.txt").unlink()
    gold = [line for line in (mine / "gold.jsonl").read_text().splitlines() if rows[0]["id"] not in line]
    (mine / "gold.jsonl").write_text("\n".join(gold) + "\n")
    assert len(load.load(mine).records) == len(rows) - 1
    capsys.readouterr()
    assert cli.main(["report", str(run), "--thresholds", str(REPO / "thresholds.toml")]) == 2
    said = capsys.readouterr().err
    assert "graded on another corpus" in said and str(mine.resolve()) in said and "--corpus" in said
    assert not (run / "report.html").exists()
    shutil.rmtree(mine)
    assert cli.main(["report", str(run), "--thresholds", str(REPO / "thresholds.toml")]) == 2
    said = capsys.readouterr().err
    assert f"was graded on the corpus in {mine.resolve()}, which cannot be read" in said
    assert said.rstrip().endswith("name the corpus with --corpus DIR")


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
    loose = shutil.copytree(run_folder, tmp_path / "loose", ignore=shutil.ignore_patterns("*.html"))
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

def test_planted_texts_rebuild_from_the_clean_record(shipped):
    from kit.arms import injection as planting
    from kit.measure.report import injection, record_view

    checked = 0
    for placement in ("review_notes", "orders", "documentation", "services"):
        for planted in planting.planted_set(shipped.records, placement, "subtle")[:12]:
            lines = planted.record.text.split("\n")
            view = injection.planted_view(planted)
            rebuilt = injection.expand(record_view.record_part(planted.clean), view)
            assert rebuilt["lines"] == lines, planted.record.id
            for m in rebuilt["key_marks"]:  # each key mark stands on its key quote in the planted text
                gold = {g["element"]: g["citation"] for g in planted.clean.gold["elements"]}
                quote = gold[m["element"]]
                assert citation.norm(lines[m["line"] - 1][m["start"] : m["end"]]) in citation.norm(quote)
            quoted = {g["element"] for g in planted.clean.gold["elements"] if g["citation"]}
            assert {m["element"] for m in rebuilt["key_marks"]} == quoted
            (mark,) = view["marks"]
            assert lines[mark["line"] - 1][mark["start"] : mark["end"]] == planted.sentence
            assert len(view["middle"]) <= 2  # a difference, not the whole text again
            checked += 1
    assert checked == 48


def test_the_summary_comes_first_and_says_what_failed(run_folder, shipped):
    page = report.render(run_folder, shipped, tables={"floor": {"*": "perfect"}})
    body = page.split("<body>", 1)[1]
    assert body.index('<section id="summary">') < body.index('<section class="arm"')
    summary = body.split('<section id="summary">', 1)[1].split("</section>", 1)[0]
    rows = re.findall(r'<tr data-arm="([^"]+)"', summary)
    assert rows[:4] == ["floor", "oracle", "always-present", "stub-floor"]
    floor = json.loads((run_folder / "floor.json").read_text())
    perfect = {m: v["total"] if v["better"] == "higher" else 0 for m, v in floor["metrics"].items()}
    failed = sum(1 for m, v in floor["metrics"].items() if v["count"] != perfect[m])
    floor_row = summary.split('<tr data-arm="floor"', 1)[1].split("</tr>", 1)[0]
    assert f"{failed} failed" in floor_row and floor_row.startswith(' class="has-fail"')
    assert "36/60" in floor_row and "47/60" in floor_row and "193/214" in floor_row
    assert "Some thresholds failed: floor" in summary
    assert 'class="plot intervals"' in summary


def test_an_exact_pin_and_a_rate_threshold_are_drawn_apart_behind_the_dot(run_folder, shipped):
    tables = {"floor": {"records.fully_right": {"exact": 36}, "findings": 0.8}}
    page = report.render(run_folder / "floor.json", shipped, tables=tables)

    def bar(metric: str) -> str:
        row = page.split(f'<tr data-metric="{metric}">', 1)[1].split("</tr>", 1)[0]
        return row.split('<svg class="bar"', 1)[1].split("</svg>", 1)[0]

    pinned, floored = bar("records.fully_right"), bar("findings")
    assert 'class="pin"' in pinned and 'class="threshold"' not in pinned
    assert 'class="threshold"' in floored and 'class="pin"' not in floored
    for svg in (pinned, floored):  # drawn before the dot, so the dot is on top
        assert svg.index('class="rate"') > max(svg.find('class="pin"'), svg.find('class="threshold"'))


def test_calibration_shows_for_an_arm_that_states_confidence_only(run_folder, shipped):
    page = report.render(run_folder, shipped)
    oracle = page.split('id="arm-oracle"', 1)[1].split("</section>", 1)[0]
    floor = page.split('id="arm-floor"', 1)[1].split("</section>", 1)[0]
    assert 'class="plot reliability"' in oracle and "Brier score <b>0.0000</b>" in oracle
    assert 'class="plot reliability"' not in floor
    brier = floor.split('data-metric="calibration.brier"', 1)[1].split("</tr>", 1)[0]
    assert "n/a" in brier and "no confidence stated" in brier


def test_the_shipped_runs_page_is_under_one_and_a_half_megabytes(run_folder, shipped, tmp_path):
    path = report.write(run_folder, shipped, tmp_path / "r.html")
    assert path.stat().st_size < 1_500_000
    page = path.read_text()
    assert page.count("ADMISSION RECORD ADM-0007 ") == 1  # each record's text once, whatever the arms


def test_an_arm_that_met_its_pinned_figures_reads_as_expected_not_passed(run_folder, shipped, tables_of_repo):
    """Before: always-present (0/60 fully right) showed "39 passed" in green in the summary."""
    page = report.render(run_folder, shipped, tables=tables_of_repo)
    summary = page.split('<section id="summary">', 1)[1].split("</section>", 1)[0]
    row = summary.split('<tr data-arm="always-present"', 1)[1].split("</tr>", 1)[0]
    data = json.loads((run_folder / "always-present.json").read_text())
    table = tables_of_repo["always-present"]
    met = [m for m, v in data["metrics"].items() if table.get(m, {}).get("exact") == v["count"]]
    assert len(met) >= 30 and data["metrics"]["records.fully_right"]["count"] == 0
    verdict = row.split('class="num verdict">', 1)[1].split("</td>", 1)[0]
    assert f">{len(met)} as expected<" in verdict and "passed" not in verdict
    assert 'class="pass"' not in verdict
    bars = report.render(run_folder, shipped, tables={"floor": {"*": 0.0}})
    floor_row = bars.split('<tr data-arm="floor"')[1]
    assert "passed</span>" in floor_row.split("</tr>", 1)[0]  # a bar cleared still reads "passed"
