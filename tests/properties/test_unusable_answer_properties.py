"""An arm that answers nothing scores nothing: for any corpus drawn from the shipped records, every
higher-is-better metric counts 0, every lower-is-better metric (a failure kind) counts every record
it is over, and none of the thresholds a model must reach is passed."""

import dataclasses
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from kit.corpus import fingerprint, load
from kit.measure import thresholds
from kit.measure.metric import HIGHER, LOWER
from kit.measure.scoring import score
from kit.model import reply
from kit.rules import Answer

ROOT = Path(__file__).resolve().parents[2]
CORPUS = load.load(load.shipped_folder())
TABLES = thresholds.load(ROOT)
SHIPPED = fingerprint.corpus_hash(CORPUS)
SKELETON_ROW = (
    '{"element": "admitting_order", "finding": "order-present", '
    '"citation": "<one line copied from the record>", "expected_discharge": null, "expected_nights": null}'
)
# Replies a real server sent or could send that carry no usable answer: a runaway cut off at the token
# limit, prose, an empty object, a bare array.
NOTHING = [
    '{"elements": [' + ", ".join([SKELETON_ROW] * 17),
    "I cannot help with that.",
    "{}",
    "[]",
    "",
]
ANSWERS = st.one_of(
    st.just(None),  # no answer at all (a failed or missing call)
    st.sampled_from(NOTHING).map(reply.parse),
    st.text(max_size=200).map(reply.parse),
)


def subcorpus(ids: list[str]):
    return dataclasses.replace(CORPUS, records=tuple(r for r in CORPUS.records if r.id in ids))


@settings(max_examples=min(settings.default.max_examples, 40), suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(st.sampled_from([r.id for r in CORPUS.records]), min_size=1, max_size=12, unique=True),
    st.data(),
)
def test_an_arm_that_answers_nothing_scores_nothing(ids, data):
    answers: dict[str, Answer] = {}
    for rid in ids:
        answer = data.draw(ANSWERS)
        assume(answer is None or answer.said_nothing)
        if answer is not None:
            answers[rid] = answer
    corpus = subcorpus(ids)
    report = score("nothing", corpus, answers)
    measured_on = fingerprint.corpus_hash(corpus)
    for name, metric in report.metrics.items():
        if metric.better == HIGHER:
            assert metric.count == 0, f"{name}: {metric.count}/{metric.total} for an arm answering nothing"
        else:
            assert metric.better == LOWER
            assert metric.count == metric.total, f"{name}: not counted ({metric.count}/{metric.total})"
        if metric.total:
            verdict = thresholds.judge(TABLES, "paid", metric, measured_on)
            assert not verdict.passed, f"{name} passes the paid arm's threshold {verdict.threshold}"


@pytest.mark.parametrize("arm", ["paid", "floor"])
def test_on_the_shipped_corpus_it_passes_no_threshold_a_model_or_the_floor_must_pass(arm):
    report = score("nothing", CORPUS, {})
    judged = {n: thresholds.judge(TABLES, arm, m, SHIPPED) for n, m in report.metrics.items() if m.total}
    passed = [n for n, verdict in judged.items() if verdict.passed]
    assert passed == []
