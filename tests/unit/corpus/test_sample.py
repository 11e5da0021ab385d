"""The wiring checks' sample (kit.corpus.sample): a small corpus whole, a large one's fixed seeded
sample of 200 in corpus order, the same on every run, and said so."""

from kit.corpus import load, sample
from tests.volume import renumbered


def test_a_small_corpus_is_used_whole():
    corpus = load.load(load.shipped_folder())
    assert sample.wiring_sample(corpus) is corpus
    assert sample.describe(corpus, corpus) is None and sample.note("stub-floor", corpus, corpus) is None


def test_a_large_corpus_gives_a_fixed_sample_in_corpus_order(tmp_path):
    corpus = load.load(renumbered(360, tmp_path / "c360"))
    first, again = sample.wiring_sample(corpus), sample.wiring_sample(corpus)
    ids = [r.id for r in first.records]
    order = [r.id for r in corpus.records]
    assert len(ids) == 200 == len(set(ids)) and ids == [r.id for r in again.records]
    assert ids == sorted(ids, key=order.index)
    assert sample.describe(first, corpus) == {"records": 200, "of": 360, "seed": 27}
    assert "n=200 of 360" in sample.note("stub-floor", first, corpus)
