"""The pool-matcher, apart from the answering arms: every metric a test against
[thresholds.pool-matcher] (pins measured on the shipped corpus), so the scoreboard and the report show
what knowing the generator's sentence pools alone scores there, beside the floor.

On a corpus the pools did not write (records you bring) the arm is not run: every metric is n/a with
the one reason kit.arms.BOUND_NOT_APPLICABLE gives, and no result file is written for it."""

import pytest

from kit.arms import BOUND_NOT_APPLICABLE, pool_matcher
from kit.corpus import fingerprint, load
from kit.measure.scoring import metric_names
from tests.eval.metric_check import arm_not_applicable, check_metric

ARM = pool_matcher.NAME


@pytest.fixture(scope="module")
def on_shipped_corpus(kit_session) -> bool:
    return kit_session.corpus_hash == fingerprint.corpus_hash(load.load(load.shipped_folder()))


@pytest.mark.parametrize("metric", metric_names())
def test_metric(metric, on_shipped_corpus, offline_report, kit_session, scoreboard_row):
    if not on_shipped_corpus:
        arm_not_applicable(ARM, metric, BOUND_NOT_APPLICABLE[ARM], scoreboard_row)
    check_metric(offline_report(ARM), metric, kit_session, scoreboard_row)
