"""Measurement: grading answers against the key (scoring, the injection scoring), Wilson intervals,
thresholds and the scoreboard, result files, comparing runs, the HTML report, and what a redacted run
leaves behind.

May import: kit.rules, kit.corpus, kit.guard, kit.arms, kit.model (a run's outcome and settings) and
kit.files.
Never: call a model, buy anything, or change an answer before grading it.
"""

from kit.measure import (
    compare,
    compare_text,
    cost,
    injection_scoring,
    report,
    results,
    scoreboard,
    scoring,
    stats,
    thresholds,
)
from kit.measure.injection_scoring import Answerer, InjectionReport
from kit.measure.redaction_ledger import RedactedRun, unredacted
from kit.measure.report.session import session_report

__all__ = [
    "Answerer", "InjectionReport", "RedactedRun", "compare", "compare_text", "cost", "injection_scoring",
    "report", "results", "scoreboard", "scoring", "session_report", "stats", "thresholds", "unredacted",
]  # fmt: skip
