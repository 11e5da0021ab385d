"""kit leaderboard on three runs served over HTTP by the loopback stub (the oracle's replies, the
floor's, and the always-present baseline's as a degraded floor), each its own run folder: the order,
the Wilson intervals, the cost from a price table, the Pareto front and the Holm-corrected McNemar
p-values are checked against values worked out by hand; plus Holm and the front on small made-up
cases, and the refusal of a run graded on another corpus."""

from __future__ import annotations

import json
import math
import shutil

import pytest

from kit import pipeline
from kit.cli import commands as cli
from kit.measure import leaderboard
from kit.model import pricing

SERVED = ("floor", "always-present", "oracle")  # deliberately not in rank order
# $ per million tokens: input, cached input, output
RATES = {
    "stub-oracle": (2.0, 0.5, 8.0), "stub-floor": (1.0, 0.25, 4.0), "stub-always-present": (0.1, 0.1, 0.1)
}


@pytest.fixture(scope="module")
def stub_runs(tmp_path_factory, shipped):
    folder = tmp_path_factory.mktemp("board")
    runs = []
    for served in SERVED:
        settings = pipeline.RunSettings(run_id=f"lb-{served}", results_dir=folder)
        pipeline.run(shipped, pipeline.StubArm(served, tmp_path_factory.mktemp(f"stub-{served}")), settings)
        runs.append(folder / f"lb-{served}")
    prices = folder / "prices.json"
    fields = ("input_per_million", "cached_input_per_million", "output_per_million")
    prices.write_text(json.dumps({m: dict(zip(fields, r, strict=True)) for m, r in RATES.items()}))
    return runs, prices


@pytest.fixture(scope="module")
def board_json(stub_runs):
    runs, prices = stub_runs
    return leaderboard.build(leaderboard.load_runs(runs), pricing.load_table(prices)).to_dict()


def by_hand_cost(data: dict, rates: tuple[float, float, float]) -> float:
    t = data["telemetry"]["tokens"]
    fresh = t["input"] - t["cached_input"]
    return (fresh * rates[0] + t["cached_input"] * rates[1] + t["output"] * rates[2]) / 1e6


def test_the_order_and_the_intervals(stub_runs, board_json):
    runs = board_json["runs"]
    assert [r["label"] for r in runs] == ["lb-oracle/stub-oracle", "lb-floor/stub-floor",
                                           "lb-always-present/stub-always-present"]
    heads = [r["metrics"]["records.fully_right"] for r in runs]
    assert [(h["count"], h["total"]) for h in heads] == [(60, 60), (36, 60), (0, 60)]
    # Wilson 95% for 36/60 worked by hand: centre (0.6 + z^2/120) / (1 + z^2/60), half-width
    # z sqrt(0.24/60 + z^2/14400) / (1 + z^2/60), z = 1.96: 0.4737 to 0.7143
    assert heads[1]["ci95"] == pytest.approx([0.4737, 0.7143], abs=5e-4)
    # 60/60: the lower bound is n / (n + z^2) = 60 / 63.84; 0/60: the upper bound is z^2 / (n + z^2)
    assert heads[0]["ci95"] == pytest.approx([60 / (60 + 1.96**2), 1.0], abs=5e-4)
    assert heads[2]["ci95"] == pytest.approx([0.0, 1.96**2 / (60 + 1.96**2)], abs=5e-4)


def test_cost_latency_and_tokens_come_from_each_run(stub_runs, board_json):
    runs, _ = stub_runs
    for row in board_json["runs"]:
        folder = next(r for r in runs if row["label"].startswith(r.name + "/"))
        data = json.loads((folder / f"{row['arm']}.json").read_text())
        cost = by_hand_cost(data, RATES[row["model"]])
        assert row["cost_source"] == f"your price table: {row['model']}"
        assert row["cost_usd"] == pytest.approx(cost)
        assert row["cost_per_record_usd"] == pytest.approx(cost / 60)
        assert row["cost_per_1000_records_usd"] == pytest.approx(cost / 60 * 1000)
        assert row["latency_ms"]["p50"] == data["telemetry"]["latency_ms"]["p50"]
        assert row["tokens"]["input"] == data["telemetry"]["tokens"]["input"] > 0
        assert row["parse_failures"] == 0  # every reply gave an answer, right or wrong


def test_pareto_front_by_hand(board_json):
    cost = {r["label"]: r["cost_per_record_usd"] for r in board_json["runs"]}
    acc = {r["label"]: r["metrics"]["records.fully_right"]["rate"] for r in board_json["runs"]}
    oracle, floor, ap = (r["label"] for r in board_json["runs"])
    # the oracle is the dearest and the best; the floor is cheaper than the oracle and better than the
    # always-present arm, which is the cheapest: no run dominates another, so all three are on the front
    assert cost[ap] < cost[floor] < cost[oracle] and acc[ap] < acc[floor] < acc[oracle]
    assert board_json["pareto"] == [ap, floor, oracle]


def test_holm_corrected_mcnemar_by_hand(board_json):
    pairs = {(p["a"], p["b"]): p for p in board_json["pairs"]}
    oracle, floor, ap = (r["label"] for r in board_json["runs"])
    # the oracle is right on every record; the floor on 36, the always-present arm on none: every
    # discordant pair goes one way, so p = 2 * 0.5^n for n discordant records
    raw = {
        (oracle, floor): (24, 2 * 0.5**24), (oracle, ap): (60, 2 * 0.5**60), (floor, ap): (36, 2 * 0.5**36)
    }
    for key, (n, p) in raw.items():
        assert (pairs[key]["a_only"], pairs[key]["b_only"]) == (n, 0)
        assert pairs[key]["p"] == pytest.approx(p, rel=1e-12)
    # Holm over 3 pairs: smallest p times 3, next times 2, largest times 1, kept increasing
    assert pairs[(oracle, ap)]["p_holm"] == pytest.approx(3 * 2 * 0.5**60, rel=1e-12)
    assert pairs[(floor, ap)]["p_holm"] == pytest.approx(2 * 2 * 0.5**36, rel=1e-12)
    assert pairs[(oracle, floor)]["p_holm"] == pytest.approx(2 * 0.5**24, rel=1e-12)
    assert all(p["significant"] for p in pairs.values())
    assert board_json["sentence"].startswith("Of 3 pair(s), 3 differ on records fully right")
    assert f"{oracle} beats {floor} (24 to 0 records" in board_json["sentence"]


def test_holm_and_pareto_on_made_up_cases():
    # sorted: 0.01 x 3 = 0.03; 0.03 x 2 = 0.06; 0.04 x 1 = 0.04, raised to 0.06 to stay monotone
    assert leaderboard.holm([0.01, 0.04, 0.03]) == pytest.approx([0.03, 0.06, 0.06])
    assert leaderboard.holm([0.5, 0.6]) == pytest.approx([1.0, 1.0])  # capped at 1
    points = {"a": (1.0, 0.5), "b": (2.0, 0.5), "c": (0.5, 0.4), "d": (3.0, 0.9), "e": (3.0, 0.8)}
    assert leaderboard.pareto(points) == ["c", "a", "d"]  # b costs more than a for the same; e < d


def test_the_command_text_json_page_and_refusal(stub_runs, held_out_floor, tmp_path, capsys):
    runs, prices = stub_runs
    page = tmp_path / "board.html"
    args = ["leaderboard", *map(str, runs), str(held_out_floor), "--prices", str(prices)]
    assert cli.main([*args, "-o", str(page)]) == 0
    out, err = capsys.readouterr()
    assert err.count("left off the board") >= 1 and "corpus content hash" in err
    lines = out.splitlines()
    assert lines[0] == "leaderboard: 3 run(s), sorted by records fully right"
    assert [line.split()[1] for line in lines[2:5]] == [
        "lb-oracle/stub-oracle", "lb-floor/stub-floor", "lb-always-present/stub-always-present"]
    html = page.read_text()
    assert html.count('<tr data-run="') == 3 and "Pareto front" in html and "Holm" in html
    assert 'class="plot scatter"' in html and 'class="plot intervals"' in html
    assert cli.main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["label"] for r in data["runs"]][0] == "lb-oracle/stub-oracle" and len(data["refused"]) >= 1
    assert not math.isnan(data["runs"][0]["cost_usd"])


@pytest.fixture(scope="module")
def held_out_floor(tmp_path_factory):
    from kit.corpus import load, writer

    folder = tmp_path_factory.mktemp("held-out-board")
    writer.write(folder / "corpus", seed=11)
    corpus = load.load(folder / "corpus")
    settings = pipeline.RunSettings(run_id="held", results_dir=folder)
    return pipeline.run(corpus, pipeline.OfflineArm("floor"), settings).path


def test_the_page_reads_each_pair_from_the_rows_run(stub_runs, tmp_path):
    import re

    runs, prices = stub_runs
    page = tmp_path / "board.html"
    assert cli.main(["leaderboard", *map(str, runs), "--prices", str(prices), "-o", str(page)]) == 0
    rows = page.read_text().split('<table class="pvalues">', 1)[1].split("</tbody>", 1)[0].split("<tr>")[2:]
    tallies = [re.findall(r'<span class="tally">(\d+) vs (\d+)</span>', row) for row in rows]
    # rows and columns in rank order (oracle, floor, always-present); "mine vs theirs"
    assert tallies == [[("24", "0"), ("60", "0")], [("0", "24"), ("36", "0")], [("0", "60"), ("0", "36")]]


def test_kit_report_with_two_others_writes_the_leaderboard_page(stub_runs, tmp_path, capsys):
    runs, _ = stub_runs
    out = tmp_path / "lb.html"
    assert cli.main(["report", str(runs[0]), "--compare", str(runs[1]), str(runs[2]), "-o", str(out)]) == 0
    assert capsys.readouterr().out.startswith(f"wrote {out}")
    page = out.read_text()
    assert page.count('<tr data-run="') == 3 and 'class="pvalues"' in page


def test_the_terminal_board_fits_its_width_and_says_every_figure(stub_runs, tmp_path, monkeypatch, capsys):
    """Before: rows of 180-192 characters and a 1,004-character sentence whatever the terminal's width."""
    runs, prices = stub_runs
    twin = tmp_path / "elsewhere" / runs[1].name  # a second run folder of the same name
    shutil.copytree(runs[1], twin)
    for columns in (80, 120):
        monkeypatch.setenv("COLUMNS", str(columns))
        assert cli.main(["leaderboard", *map(str, runs), str(twin), "--prices", str(prices)]) == 0
        out = capsys.readouterr().out
        assert max(len(line) for line in out.splitlines()) <= columns
        data = leaderboard.build(leaderboard.load_runs([*runs, twin]), pricing.load_table(prices)).to_dict()
        labels = [r["label"] for r in data["runs"]]
        assert len(set(labels)) == 4 and all(label in out for label in labels)
        for r in data["runs"]:
            assert out.count(r["when"]) >= 1 and r["when"]
        said = " ".join(out.split())
        for p in data["pairs"]:
            assert f"{p['p_holm']:.3g} ({p['p']:.3g})" in said


def test_runs_are_labelled_apart_by_when_they_were_made(tmp_path, shipped):
    """Before: three stub runs all read "stub (stub)" on the page. A run id the suite writes carries
    its UTC date and time; the page and the terminal show it under each run."""
    settings = pipeline.RunSettings(run_id="20260102-030405-abcd", results_dir=tmp_path)
    path = pipeline.run(shipped, pipeline.OfflineArm("floor"), settings).path
    (entry,) = leaderboard.build(leaderboard.load_runs([path])).entries
    assert entry.when == "2026-01-02 03:04 UTC"
    page = tmp_path / "board.html"
    assert cli.main(["leaderboard", str(path), "-o", str(page)]) == 0
    assert '<span class="muted when">2026-01-02 03:04 UTC</span>' in page.read_text()
