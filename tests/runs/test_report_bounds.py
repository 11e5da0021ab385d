"""The report shows an arm that bounds rather than answers (the pool-matcher) apart: in a table of its
own under the answering arms' table, labelled as the upper bound it is, out of the answering arms'
table and plot, and its section after theirs; the leaderboard ranks a run folder's answering arms
only, unless the bound is named."""

from __future__ import annotations

import re

from markupsafe import escape

from kit import pipeline
from kit.arms import BOUND_ARMS
from kit.measure import leaderboard, report

BOUND = "pool-matcher"


def test_the_pool_matcher_is_shown_apart_from_the_answering_arms(tmp_path, shipped):
    settings = pipeline.RunSettings(run_id="bounds", results_dir=tmp_path)
    for name in ("floor", BOUND):
        pipeline.run(shipped, pipeline.OfflineArm(name), settings)
    page = report.render(tmp_path / "bounds", shipped, tables={})
    summary = page.split('<section id="summary">', 1)[1].split("</section>", 1)[0]
    answering, rest = summary.split('<table class="summary bounds">', 1)
    assert re.findall(r'<tr data-arm="([^"]+)"', answering) == ["floor"]
    assert re.findall(r'<tr data-bound="([^"]+)"', rest) == [BOUND]
    bound_row = rest.split(f'<tr data-bound="{BOUND}"', 1)[1].split("</tr>", 1)[0]
    assert "60/60" in bound_row  # records fully right: the key, recovered from the pools
    assert str(escape(BOUND_ARMS[BOUND])) in rest and "upper bounds" in summary
    plot = summary.split('class="plot intervals"', 1)[1].split("</svg>", 1)[0]
    assert "floor" in plot and BOUND not in plot
    sections = re.findall(r'<section class="arm" id="arm-([^"]+)"', page)
    assert sections == ["floor", BOUND]
    assert f"<h2>Upper bound: {BOUND}</h2>" in page and "<h2>Arm: floor</h2>" in page


def test_a_run_folder_on_the_leaderboard_ranks_the_answering_arms_not_the_bound(tmp_path, shipped):
    settings = pipeline.RunSettings(run_id="ranked", results_dir=tmp_path)
    for name in ("floor", BOUND):
        pipeline.run(shipped, pipeline.OfflineArm(name), settings)
    folder = tmp_path / "ranked"
    assert [r.arm for r in leaderboard.load_runs([folder])] == ["floor"]
    assert [r.arm for r in leaderboard.load_runs([folder], BOUND)] == [BOUND]  # named, it is shown
