"""One inner pytest session (a subprocess) against a stub on 127.0.0.1 serving the floor's replies as
the paid arm: `--baseline` gates it metric by metric against a baseline that is the oracle's result,
and `--kit-report` writes the run's HTML report at the end and prints where it is."""

from __future__ import annotations

from kit.arms import reply_text_for
from kit.corpus import load
from kit.measure import results, scoring
from kit.model.stub.server import StubServer
from kit.pipeline import OfflineArm
from tests.plugin.sessions import REPO, inner_args

BASELINE_TESTS = REPO / "tests" / "eval" / "test_baseline.py"


def test_baseline_gates_the_paid_arm_and_kit_report_writes_the_page(
    pytester, tmp_path, monkeypatch, no_configuration
):
    corpus = load.load(load.shipped_folder())
    oracle = scoring.score("oracle", corpus, OfflineArm("oracle").answer(corpus.records).answers)
    results.write(tmp_path / "base" / "paid.json", "base", oracle, corpus)
    chosen = "records.fully_right or findings.services_delivered or order_row.order-missing"
    with StubServer(replies=lambda text: reply_text_for("floor", text)) as stub:
        for name, value in (("PROVIDER", "stub"), ("BASE_URL", stub.base_url), ("MODEL", "stub-floor")):
            monkeypatch.setenv(name, value)
        monkeypatch.setenv("KIT_DOTENV", "/nonexistent/.env")
        args = inner_args(
            BASELINE_TESTS, tmp_path / "results", "-m", "paid", "--record", f"--answers-cache={tmp_path}/a",
            f"--baseline={tmp_path / 'base'}", "--kit-report", "--run-id=r-base", "-k", chosen,
        )  # fmt: skip
        outcome = pytester.runpytest_subprocess(*args)
        assert stub.requests == 60
    outcome.assert_outcomes(passed=2, failed=1)
    outcome.stdout.fnmatch_lines(
        [
            "*this run r-base (paid) / records.fully_right: 36/60 (60.0%) against the baseline's 60/60 "
            "(100.0%), McNemar p = 1.19e-07 (24 worse, 0 better); worse on ADM-0003, ADM-0009*",
            f"report: {tmp_path / 'results' / 'r-base' / 'report.html'} (open it in a browser: file://*",
        ]
    )
    page = (tmp_path / "results" / "r-base" / "report.html").read_text()
    assert '<section class="arm" id="arm-paid"' in page and "stub-floor" in page
