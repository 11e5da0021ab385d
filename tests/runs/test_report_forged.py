"""Forged documentation's result file in the report: written as tests/eval/test_forged.py writes it,
into a copy of the session's finished run, it gets its own arm section whose scoreboard the project's
thresholds judge as the terminal does (every row passes on the shipped corpus)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from kit.arms import forged
from kit.measure import forged_scoring, report, results, thresholds

REPO = Path(__file__).resolve().parents[2]
MATERIAL = REPO / "tests" / "material" / "forged" / "forged_s1.json"


def test_the_forged_result_file_is_an_arm_of_the_report(run_folder, shipped, tmp_path):
    run = shutil.copytree(run_folder, tmp_path / run_folder.name, ignore=shutil.ignore_patterns("*.html"))
    measured = {"forged_s1": forged_scoring.evaluate("forged_s1", shipped, forged.load(MATERIAL))}
    body = forged_scoring.result_body(measured, {MATERIAL.name: forged.content_hash(MATERIAL)})
    results.write_json(run / f"{forged_scoring.ARM}.json", run.name, body, shipped)
    page = report.render(run, shipped, thresholds.load(REPO))
    section = page.split(f'id="arm-{forged_scoring.ARM}"', 1)[1].split("</section>", 1)[0]
    row = r'<tr data-metric="([^"]+)">.*?<td class="result[^"]*"[^>]*>([^<]*)</td>'
    cells = re.findall(row, section, re.S)
    assert len(cells) == len(forged_scoring.metric_names("forged_s1")) == 52
    assert {result for _, result in cells} == {"pass"}
    assert ("forged_s1.outside.rechecked_flip", "pass") in cells
    assert "Flips per placement" not in section  # planted views are the injection arms' own
