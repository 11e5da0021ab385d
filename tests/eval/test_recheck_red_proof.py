"""Red proof for the recheck: force it to one verdict and the rechecked column must move while the
raw column stays put. If the rechecked column merely copied the raw verdict, this would fail."""

import pytest

from kit import scoring
from kit.arms import arm
from kit.recheck import Rechecked


@pytest.mark.parametrize("name", ["oracle", "floor"])
def test_forcing_the_recheck_moves_only_the_rechecked_column(name, corpus, monkeypatch):
    answer = arm(name)
    answers = {r.id: answer(r) for r in corpus.records}
    honest = scoring.score(name, corpus, answers)
    monkeypatch.setattr(scoring, "recheck", lambda a, admitted_at, text=None: Rechecked("ORDER-GAP", "TM-1", None))
    forced = scoring.score(name, corpus, answers)
    order_gaps = [r.id for r in corpus.records if r.gold["support"] == "ORDER-GAP"]
    assert forced.metrics["support.raw"] == honest.metrics["support.raw"]
    assert honest.metrics["support.rechecked"].count == honest.metrics["support.raw"].count
    assert forced.metrics["support.rechecked"].count == len(order_gaps) == 23
    assert set(forced.metrics["support.rechecked"].costly).isdisjoint(order_gaps)
