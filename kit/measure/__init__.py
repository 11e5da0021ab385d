"""Measurement: grading answers against the key (scoring, the injection scoring, forged documentation's
flips), Wilson intervals, thresholds and the scoreboard, result files, comparing runs, a run's bill and
its cost at volume, the leaderboard across runs, the calibration of stated confidence, the HTML report
and the record view it shares, and what a redacted run leaves behind.

May import: kit.rules, kit.corpus, kit.guard, kit.arms, kit.model (a run's outcome and settings) and
kit.files.
Never: call a model, buy anything, or change an answer before grading it.
"""

from kit.measure import (
    bill,
    calibration,
    compare,
    compare_text,
    cost,
    forged_scoring,
    grading,
    injection_scoring,
    leaderboard,
    leaderboard_text,
    metric,
    report,
    results,
    scoreboard,
    scoring,
    stats,
    thresholds,
)
from kit.measure.injection_scoring import Answerer, InjectionReport
from kit.measure.redaction_ledger import RedactedRun, unredacted
from kit.measure.report import leaderboard_page
from kit.measure.report import outcome as session_outcome
from kit.measure.report.record_view import answer_part, assets, record_part, record_view, rule_words, segments
from kit.measure.report.record_view import problems as record_problems
from kit.measure.report.session import session_report

__all__ = [
    "Answerer", "InjectionReport", "RedactedRun", "answer_part", "assets", "bill", "calibration", "compare",
    "compare_text", "cost", "forged_scoring", "grading", "injection_scoring", "leaderboard",
    "leaderboard_page", "leaderboard_text", "metric", "record_part", "record_problems", "record_view",
    "report", "results", "rule_words", "scoreboard", "scoring", "segments", "session_outcome",
    "session_report", "stats", "thresholds", "unredacted",
]  # fmt: skip
