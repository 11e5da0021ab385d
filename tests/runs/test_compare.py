"""kit compare on real result files: the guards refuse runs that graded different things, the paired
counts and the exact McNemar p, and the regression rule, through the module and the command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kit import pipeline
from kit.cli import commands as cli
from kit.corpus import load, writer
from kit.measure import compare, scoring

REPO = Path(__file__).resolve().parents[2]


def runs(*paths: Path) -> list[compare.Run]:
    return [compare.load_run(p) for p in paths]


def by_metric(rows: list[compare.Row]) -> dict[str, compare.Row]:
    return {row.metric: row for row in rows}


def test_exact_mcnemar_on_worked_values():
    # Two-sided exact binomial test on the discordant pairs, by hand: with n = 7 and one pair the
    # other way, P(X <= 1) = (1 + 7) / 128, doubled = 0.125; with 3 against 5, P(X <= 3) =
    # (1 + 8 + 28 + 56) / 256 = 93/256, doubled = 0.7265625.
    assert compare.mcnemar(1, 6) == 0.125
    assert compare.mcnemar(6, 1) == 0.125
    assert compare.mcnemar(3, 5) == 0.7265625
    assert compare.mcnemar(0, 0) == 1.0
    assert compare.mcnemar(4, 4) == 1.0  # a symmetric split caps at 1, never above
    assert compare.mcnemar(0, 60) == 2 * 0.5**60  # exact where a float sum of terms would still be fine


def test_floor_against_oracle_on_records_fully_right(run_folder):
    floor, oracle = runs(run_folder / "floor.json", run_folder / "oracle.json")
    wrong_in_floor = [r["id"] for r in floor.data["records"] if not compare.grade_of(r).fully_right]
    assert len(wrong_in_floor) == 24  # the floor's gated figure is 36 of 60 (thresholds.toml)
    row = by_metric(compare.compare([floor, oracle]))["records.fully_right"]
    paired = row.paired[1]
    assert paired.worse == ()
    assert sorted(paired.better) == sorted(wrong_in_floor)
    assert paired.p == 2 * 0.5**24
    assert row.diff(1) == pytest.approx(24 / 60)


def test_a_run_against_itself_has_p_one_and_lists_no_record(run_folder, capsys):
    rows = compare.compare(runs(run_folder / "floor.json", run_folder / "floor.json"))
    paired = [row.paired[1] for row in rows if row.paired[1] is not None]
    assert len(paired) == len(compare.paired_metric_names())
    assert all(p.p == 1.0 and p.worse == () and p.better == () for p in paired)
    assert cli.main(["compare", str(run_folder / "floor.json"), str(run_folder / "floor.json")]) == 0
    assert "no item changed" in capsys.readouterr().out


def test_the_floor_and_the_stub_floor_show_no_difference(run_folder, capsys):
    assert (
        cli.main(["compare", str(run_folder / "floor.json"), str(run_folder / "stub-floor.json"), "--json"])
        == 0
    )
    doc = json.loads(capsys.readouterr().out)
    assert [r["arm"] for r in doc["runs"]] == ["floor", "stub-floor"]
    assert len(doc["metrics"]) == len(scoring.metric_names())
    for row in doc["metrics"]:
        base, stub = row["runs"]
        assert (stub["count"], stub["total"], stub["diff"]) == (base["count"], base["total"], 0.0), row
        assert row["paired"][1] is None or (row["paired"][1]["worse"], row["paired"][1]["better"]) == (0, 0)
    assert sum(1 for row in doc["metrics"] if row["paired"][1]) == len(compare.paired_metric_names())


@pytest.fixture(scope="module")
def held_out(tmp_path_factory, shipped) -> Path:
    """The floor's result on a corpus generated from another seed: the same ids, counts and guards."""
    folder = tmp_path_factory.mktemp("held-out")
    writer.write(folder, seed=7)
    corpus = load.load(folder)
    assert scoring.guards(corpus) == scoring.guards(shipped)  # the structural guards cannot tell
    settings = pipeline.RunSettings(run_id="held-out", results_dir=folder)
    return pipeline.run(corpus, pipeline.OfflineArm("floor"), settings).path


def test_a_held_out_corpus_run_is_refused(run_folder, held_out, capsys):
    with pytest.raises(compare.CompareError) as refused:
        compare.compare(runs(run_folder / "floor.json", held_out))
    lines = str(refused.value).splitlines()
    assert len(lines) == 1 and "corpus content hash" in lines[0], lines
    assert cli.main(["compare", str(run_folder / "floor.json"), str(held_out)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kit compare: ") and "corpus content hash" in err


def test_each_difference_in_what_was_graded_is_one_line(run_folder, tmp_path):
    data = json.loads((run_folder / "floor.json").read_text())
    data["policy_hash"] = "sha256:" + "0" * 64
    data["policy_id"] = "TM-OTHER"
    data["citation_floors"] = {"coverage_min": 0.5, "precision_min": 0.3}
    data["records"] = data["records"][:-1]
    other = tmp_path / "floor.json"
    other.write_text(json.dumps(data))
    lines = compare.refusals(runs(run_folder / "floor.json", other))
    assert [line.split(": ", 1)[1].split(" ")[0:2] for line in lines] == [
        ["policy", "id"], ["policy.json", "hash"], ["citation", "floors"], ["record", "set"],
    ]  # fmt: skip
    assert "1 missing: ADM-0060" in lines[-1]
    del data["corpus_hash"]
    other.write_text(json.dumps(data))
    assert compare.refusals(runs(run_folder / "floor.json", other)) == [
        f"{other}: has no corpus_hash (written before result files carried one); run it again"
    ]


def test_fail_on_regression_names_metric_figures_p_and_records(run_folder, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "1000")  # each regression on one line, to read it whole here
    args = [
        "compare",
        str(run_folder / "oracle.json"),
        str(run_folder / "floor.json"),
        "--fail-on-regression",
    ]
    assert cli.main([*args, "--thresholds", str(REPO / "thresholds.toml")]) == 1
    out = capsys.readouterr().out
    floor = json.loads((run_folder / "floor.json").read_text())
    costly = floor["metrics"]["records.fully_right"]["costly_records"]
    line = next(x for x in out.splitlines() if "/ records.fully_right:" in x)
    assert "36/60 (60.0%) against the baseline's 60/60 (100.0%)" in line
    assert f"p = {2 * 0.5**24:.3g}" in line and ", ".join(costly) in line
    regressed = {x.split(" / ", 1)[1].split(":")[0] for x in out.splitlines() if " / " in x and "p = " in x}
    # 4 worse and none better is p = 0.125: worse, but not shown to be worse, so not a regression
    assert "findings.comorbidities" not in regressed
    assert "findings.services_delivered" not in regressed  # no difference at all
    only = tmp_path / "only.toml"
    only.write_text('[thresholds.floor]\n"support.rechecked" = 0.5\n')
    assert cli.main([*args, "--thresholds", str(only)]) == 1
    out = capsys.readouterr().out
    assert (
        [x for x in out.splitlines() if "p = " in x and " / " in x][0]
        .split(" / ")[1]
        .startswith("support.rechecked:")
    )
    assert sum(1 for x in out.splitlines() if "p = " in x and " / " in x) == 1
    assert cli.main(["compare", str(run_folder / "floor.json"), str(run_folder / "oracle.json"),
                     "--fail-on-regression", "--thresholds", str(only)]) == 0  # fmt: skip


def test_json_output_carries_the_same_figures(run_folder, capsys):
    assert (
        cli.main(["compare", str(run_folder / "floor.json"), str(run_folder / "oracle.json"), "--json"]) == 0
    )
    doc = json.loads(capsys.readouterr().out)
    floor = json.loads((run_folder / "floor.json").read_text())
    row = next(m for m in doc["metrics"] if m["metric"] == "records.fully_right")
    assert row["runs"][0]["count"] == floor["metrics"]["records.fully_right"]["count"]
    assert row["runs"][0]["ci95"] == floor["metrics"]["records.fully_right"]["ci95"]
    assert row["paired"][1]["worse"] == 0 and row["paired"][1]["better"] == 24
    assert [r["arm"] for r in doc["runs"]] == ["floor", "oracle"]


def test_a_folder_without_arm_and_a_missing_file_are_refused(run_folder, capsys):
    assert cli.main(["compare", str(run_folder), str(run_folder)]) == 2
    assert "name the arm with --arm" in capsys.readouterr().err
    assert cli.main(["compare", str(run_folder / "floor.json"), str(run_folder / "nope.json")]) == 2
    assert "no such result file" in capsys.readouterr().err


def test_the_text_fits_the_terminal_and_loses_no_record(run_folder, capsys, monkeypatch):
    """Before: `kit compare` of three runs printed 197-character rows and a 5,150-character line."""
    files = [str(run_folder / f"{arm}.json") for arm in ("floor", "oracle", "always-present")]
    floor = json.loads((run_folder / "floor.json").read_text())
    for columns in (80, 132):
        monkeypatch.setenv("COLUMNS", str(columns))
        assert cli.main(["compare", *files]) == 0
        out = capsys.readouterr().out
        too_long = [line for line in out.splitlines() if len(line) > columns]
        assert all(len(line.split()) == 1 for line in too_long), too_long  # only a path wider than a line
        assert all(rid in out for rid in floor["metrics"]["records.fully_right"]["costly_records"])
        assert out.count("records.fully_right ") >= 2  # the metric starts every folded block
