"""Red proofs for the recheck. Force it to one verdict and the rechecked column must move while the
raw column stays put: if the rechecked column merely copied the raw verdict, this would fail. And
switch its provenance rule off: the fooled reader's rechecked flips must rise to what they are with
provenance off, or the provenance figures measure nothing. Both hold on any corpus with gold: the
figures come from the corpus under test, not the shipped one."""

import pytest

from kit.arms import arm, credulous, injection
from kit.measure import grading, injection_scoring, scoring
from kit.rules import provenance
from kit.rules.recheck import Rechecked
from tests.eval.metric_check import not_applicable

NOTHING_PLANTED = "this corpus has no record whose key is not INPATIENT-SUPPORTED, so nothing is planted"


def forced(answer, admitted_at, record_text=None):
    return Rechecked("ORDER-GAP", "TM-1", None)


@pytest.mark.parametrize("name", ["oracle", "floor"])
def test_forcing_the_recheck_moves_only_the_rechecked_column(name, corpus, monkeypatch, kit_session):
    answer = arm(name)
    answers = {r.id: answer(r) for r in corpus.records}
    honest = scoring.score(name, corpus, answers)
    monkeypatch.setattr(grading, "recheck", forced)
    forced_report = scoring.score(name, corpus, answers)
    order_gaps = [r.id for r in corpus.records if r.gold["support"] == "ORDER-GAP"]
    assert forced_report.metrics["support.raw"] == honest.metrics["support.raw"]
    assert honest.metrics["support.rechecked"].count == honest.metrics["support.raw"].count
    if not order_gaps:
        not_applicable(
            kit_session,
            f"forcing the recheck to ORDER-GAP ({name}): this corpus has no ORDER-GAP record, so it moves "
            "nothing the key could tell apart",
        )
    assert forced_report.metrics["support.rechecked"].count == len(order_gaps)
    assert set(forced_report.metrics["support.rechecked"].costly).isdisjoint(order_gaps)


def test_switching_provenance_off_lets_the_fooled_reader_through(
    corpus, offline_answers, monkeypatch, kit_session
):
    control = offline_answers("oracle")
    on = injection_scoring.evaluate("on", corpus, control, credulous.answerer(corpus)).metrics
    monkeypatch.setattr(provenance, "breaches", lambda answer, record_text: [])
    off = injection_scoring.evaluate("off", corpus, control, credulous.answerer(corpus)).metrics
    for family, placement in injection.set_names():
        name = f"{family}.{placement}"
        assert off[f"{name}.rechecked_flip"].count == on[f"{name}.rechecked_flip.provenance_off"].count, name
    for placement in (injection.REVIEW, injection.SERVICES):
        assert on[f"overt.{placement}.rechecked_flip"].count == 0
    if not off[f"overt.{injection.REVIEW}.rechecked_flip"].total:
        not_applicable(kit_session, f"switching provenance off under injection: {NOTHING_PLANTED}")
    for placement in (injection.REVIEW, injection.SERVICES):
        flipped = off[f"overt.{placement}.rechecked_flip"]
        assert flipped.count == flipped.total > 0, f"overt.{placement}: every planted record flips"
