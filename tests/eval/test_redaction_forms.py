"""Redaction on a test set nobody tuned it to (issue 24): Faker identities in twelve locales under three
fixed seeds held apart from development (tests/redaction_forms.py: HELD_APART), written into all 60
shipped records in many forms. Recall per identifier type (a form counts as redacted only when no
word or digit run of it is left, in any case or spacing); over-redaction on the shipped lines of those
records (any replaced span that is not a shifted date) and on the 925 charting lines of
tests/material/charting (drugs, doses, labs and vitals); and the egress gate passing every record."""

import bisect
import re
from pathlib import Path

import pytest

from kit.guard.redact import Redactor
from kit.guard.redact.core import DATE
from kit.guard.redact.gate import leaks
from kit.measure import results
from kit.measure.metric import HIGHER, LOWER, count_metric
from kit.measure.scoring import Report
from tests import redaction_forms
from tests.eval.metric_check import check_metric, not_applicable

SALT = "held-apart-salt"
LINES = Path(__file__).resolve().parents[1] / "material" / "charting" / "charting_lines.txt"
METRICS = [
    *(f"recall.{kind}" for kind in redaction_forms.TYPES),
    "over_redaction.shipped_lines",
    "over_redaction.charting_lines",
    "egress.refused",
]
FORMS_FLOOR, TYPE_FLOOR = 1000, 100  # forms in the held-apart set, and of each type


@pytest.fixture(scope="module")
def forms_report(corpus, kit_session, computed_once) -> Report:
    """Measured once per session, by the first xdist worker to ask (kit.plugin.once)."""
    return computed_once.get("redaction-forms", lambda: _measure(corpus, kit_session))


def _measure(corpus, kit_session) -> Report:
    planted = redaction_forms.generate([(r.id, r.text) for r in corpus.records], redaction_forms.HELD_APART)
    redactor = Redactor(SALT)
    hits: dict[str, list[tuple[str, bool]]] = {kind: [] for kind in redaction_forms.TYPES}
    over, refused = [], []
    for p in planted:
        done = redactor.redact(p.rid, p.text)
        for n, form in enumerate(p.forms):
            hits[form.kind].append((f"{p.rid}#{n}", not redaction_forms.leaked(form, done.text)))
        starts = [0]
        for line in p.text.splitlines(keepends=True):
            starts.append(starts[-1] + len(line))
        replaced: dict[int, list[str]] = {}
        for piece in done.pieces:
            if piece.kind != DATE:
                replaced.setdefault(bisect.bisect_right(starts, piece.start) - 1, []).append(piece.original)
        for n, line in enumerate(p.text.splitlines()):
            if line.strip() and n not in p.added:
                over.append((f"{p.rid} line {n + 1}: {replaced.get(n)}", n in replaced))
        refused.append((p.rid, bool(leaks(p.text, done.text))))
    stamp = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}  ")
    lines = [stamp.sub("", line) for line in LINES.read_text("utf-8").splitlines()]
    charting = []
    for n, line in enumerate(filter(str.strip, lines), start=1):
        done = redactor.redact(f"line-{n}", line)
        kinds = [f"{p.kind} {p.original!r}" for p in done.pieces if p.kind != DATE]
        charting.append((f"line-{n}: {', '.join(kinds)}", bool(kinds)))
    metrics = {f"recall.{kind}": count_metric(f"recall.{kind}", hits[kind], HIGHER) for kind in hits}
    metrics["over_redaction.shipped_lines"] = count_metric("over_redaction.shipped_lines", over, LOWER)
    metrics["over_redaction.charting_lines"] = count_metric("over_redaction.charting_lines", charting, LOWER)
    metrics["egress.refused"] = count_metric("egress.refused", refused, LOWER)
    report = Report("redaction-forms", metrics, [], {}, 0.0, 0.0)
    results.write(kit_session.result_path(report.arm), kit_session.run_id, report, corpus)
    return report


def test_the_held_apart_set_has_a_thousand_forms_and_every_type(forms_report, corpus, kit_session):
    seeds = len(redaction_forms.HELD_APART.seeds)
    identities = len(corpus.records) * seeds  # each writes every type at least once
    if identities < TYPE_FLOOR:
        not_applicable(
            kit_session,
            f"the held-apart redaction set's size: {TYPE_FLOOR} forms of every type need {TYPE_FLOOR} "
            f"planted identities ({-(-TYPE_FLOOR // seeds)} records x {seeds} seeds); this corpus's "
            f"{len(corpus.records)} record(s) give {identities}",
        )
    total = sum(forms_report.metrics[f"recall.{kind}"].total for kind in redaction_forms.TYPES)
    assert total >= FORMS_FLOOR
    assert all(forms_report.metrics[f"recall.{kind}"].total >= TYPE_FLOOR for kind in redaction_forms.TYPES)


@pytest.mark.parametrize("metric", METRICS)
def test_redaction_on_forms_it_was_not_tuned_to(metric, forms_report, kit_session, scoreboard_row):
    check_metric(forms_report, metric, kit_session, scoreboard_row, METRICS.index(metric))
