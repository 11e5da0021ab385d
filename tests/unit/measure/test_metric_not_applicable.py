"""A metric with no items (0/0): not applicable on a corpus the user brought, still gated on the
shipped corpus; and how the scoreboard shows it."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from kit.measure import scoreboard
from kit.measure.scoring import Metric
from kit.plugin.session import KitSession
from tests.eval.metric_check import check_metric

TABLES = {"paid": {"*": 0.9}}
SESSION = KitSession(
    run_id="r",
    results_dir=Path("results"),
    root=Path("."),
    thresholds=TABLES,
    coverage_min=0.6,
    precision_min=0.3,
    record=False,
    repeat=1,
    answers_cache=Path("cache"),
    quarantine=False,
)


class Report:
    arm = "paid"

    def __init__(self, metric: Metric) -> None:
        self.metrics = {metric.name: metric}


def test_zero_items_on_a_brought_corpus_is_na_and_skipped():
    rows: list[dict] = []
    with pytest.raises(pytest.skip.Exception, match=r"paid / support.raw.EXPECTATION-GAP: n/a"):
        check_metric(Report(Metric("support.raw.EXPECTATION-GAP", 0, 0)), "support.raw.EXPECTATION-GAP",
                     replace(SESSION, own_corpus=True), rows.append)
    assert [(r["threshold"], r["passed"]) for r in rows] == [("n/a", None)]


def test_zero_items_on_the_shipped_corpus_still_fails_the_gate():
    rows: list[dict] = []
    with pytest.raises(AssertionError, match="no items to evaluate"):
        check_metric(Report(Metric("support.raw.EXPECTATION-GAP", 0, 0)), "support.raw.EXPECTATION-GAP",
                     SESSION, rows.append)
    assert rows[0]["passed"] is False


def test_a_metric_with_items_on_a_brought_corpus_is_gated_as_usual():
    rows: list[dict] = []
    with pytest.raises(AssertionError, match="1/2 does not meet >= 90%"):
        check_metric(Report(Metric("findings", 1, 2)), "findings", replace(SESSION, own_corpus=True),
                     rows.append)


def test_the_scoreboard_shows_na_and_does_not_count_it_below_threshold():
    na = scoreboard.row("paid", Metric("findings", 0, 0).to_dict(), "findings", "n/a", None)
    failed = scoreboard.row("paid", Metric("records.fully_right", 0, 1).to_dict(), "records.fully_right",
                            ">= 90%", False)
    lines = scoreboard.render([na, failed])
    assert lines[0] == "arm: paid  (2 metrics, 1 below threshold, 1 n/a)"
    cells = {line.split()[0]: line.split() for line in lines[2:4]}
    assert cells["findings"][-2:] == ["n/a", "n/a"]
    assert cells["records.fully_right"][-1] == "FAIL"


def test_a_brought_corpus_is_any_folder_but_the_shipped_one(tmp_path):
    from kit.corpus import load
    from kit.plugin.session import brought_corpus

    assert brought_corpus(str(tmp_path)) is True
    assert brought_corpus(None) is False
    assert brought_corpus(str(load.shipped_folder())) is False
    assert brought_corpus(str(load.shipped_folder() / ".." / "corpus")) is False
