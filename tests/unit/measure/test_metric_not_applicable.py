"""What a metric test does with a verdict: n/a (a figure pinned on another corpus, or 0/0 on a corpus
no pin was measured on) is an n/a row and a skip, never a failure; a miss fails in one line with no
traceback; and how the scoreboard shows n/a rows, their reason and the failed metrics."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from kit.measure import scoreboard, thresholds
from kit.measure.metric import Metric
from kit.plugin.session import KitSession
from tests.eval.metric_check import check_metric, not_applicable

HOME, AWAY = "sha256:home", "sha256:away"
TABLES = {"paid": {"*": 0.9}, "floor": {"findings": {"exact": 36}, thresholds.MEASURED_ON: HOME}}
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
    corpus_hash=HOME,
)
BROUGHT = replace(SESSION, corpus_hash=AWAY)


class Report:
    def __init__(self, metric: Metric, arm: str = "paid") -> None:
        self.arm = arm
        self.metrics = {metric.name: metric}


def test_zero_items_on_a_brought_corpus_is_na_and_skipped():
    rows: list[dict] = []
    with pytest.raises(pytest.skip.Exception, match=r"n/a: no item of this kind on this corpus \(0/0\)"):
        check_metric(Report(Metric("support.raw.EXPECTATION-GAP", 0, 0)), "support.raw.EXPECTATION-GAP",
                     BROUGHT, rows.append)
    assert [(r["passed"], r["reason"]) for r in rows] == [(None, thresholds.NO_ITEMS)]


def test_zero_items_on_the_measured_corpus_still_fails_the_gate():
    rows: list[dict] = []
    with pytest.raises(pytest.fail.Exception, match="no items to evaluate"):
        check_metric(Report(Metric("support.raw.EXPECTATION-GAP", 0, 0)), "support.raw.EXPECTATION-GAP",
                     SESSION, rows.append)
    assert rows[0]["passed"] is False


def test_a_pin_on_a_brought_corpus_is_na_and_skipped_with_the_same_reason_for_every_pin():
    rows: list[dict] = []
    for count in (35, 12):
        with pytest.raises(pytest.skip.Exception) as skipped:
            check_metric(Report(Metric("findings", count, 40), "floor"), "findings", BROUGHT, rows.append)
        assert str(skipped.value) == f"n/a: {thresholds.pin_reason(HOME, AWAY)}"
    assert [r["passed"] for r in rows] == [None, None]


def test_a_miss_fails_in_one_line_without_a_traceback():
    with pytest.raises(pytest.fail.Exception) as failed:
        check_metric(Report(Metric("findings", 1, 2, costly=("UC-001",))), "findings", BROUGHT, [].append)
    assert failed.value.pytrace is False
    assert str(failed.value) == (
        "paid / findings: 1/2 does not meet >= 90% (rate 50.0% against >= 90%); records that cost it: UC-001"
    )


def test_the_scoreboard_shows_na_with_its_reason_once_and_ends_with_the_failed_metrics():
    na = [
        scoreboard.row("paid", Metric(name, 0, 0).to_dict(), name, ">= 90%", None, reason=thresholds.NO_ITEMS)
        for name in ("findings", "support.raw")
    ]
    failed = scoreboard.row("paid", Metric("records.fully_right", 0, 1).to_dict(), "records.fully_right",
                            ">= 90%", False)
    lines = scoreboard.render([*na, failed])
    assert lines[0] == "arm: paid  (3 metrics, 1 below threshold, 2 n/a)"
    cells = {line.split()[0]: line.split() for line in lines[2:5]}
    assert cells["findings"][-1] == "n/a"
    assert cells["records.fully_right"][-1] == "FAIL"
    assert lines[5:] == [f"  n/a (2): {thresholds.NO_ITEMS}", ""]
    assert scoreboard.failed([*na, failed]) == [
        "1 metric(s) below threshold:",
        "  paid / records.fully_right: 0/1 (0.0%), threshold >= 90%",
    ]
    assert scoreboard.failed(na) == []


def test_a_check_a_brought_corpus_cannot_support_is_skipped_as_na_with_its_reason():
    with pytest.raises(pytest.skip.Exception, match=r"^n/a: it needs 7 records; this corpus has 3$"):
        not_applicable(BROUGHT, "it needs 7 records; this corpus has 3")


def test_on_the_measured_corpus_no_check_is_na_it_fails_saying_what_was_missing():
    with pytest.raises((pytest.fail.Exception, pytest.skip.Exception)) as caught:
        not_applicable(SESSION, "it needs 7 records; this corpus has 3")
    assert caught.type is pytest.fail.Exception, "skipped as n/a on the corpus the pins were measured on"
    assert str(caught.value).startswith("it needs 7 records; this corpus has 3; no check may be n/a")
