"""Citation invariants: the gold line is always credited, text absent from the record never is, the
whole record never is, and typographic or whitespace variants of a quote score the same."""

from hypothesis import assume, given
from hypothesis import strategies as st

from kit.rules import citation

WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=9)
SENTENCES = st.lists(WORDS, min_size=4, max_size=14).map(lambda ws: " ".join(ws).capitalize() + ".")
RECORDS = st.tuples(st.lists(SENTENCES, min_size=4, max_size=12), st.data())


def _pick(sentences, data):
    index = data.draw(st.integers(min_value=0, max_value=len(sentences) - 1))
    record = "\n".join(sentences)
    gold_line = sentences[index]
    norm_text = citation.norm(record)
    return record, norm_text, gold_line, citation.span_of(norm_text, gold_line)


@given(RECORDS)
def test_the_gold_line_is_always_credited(args):
    sentences, data = args
    _, norm_text, gold_line, span = _pick(sentences, data)
    assume(norm_text.count(citation.norm(gold_line)) == 1)
    assert citation.credit(norm_text, span, gold_line)


@given(RECORDS, SENTENCES)
def test_a_string_absent_from_the_record_is_never_credited(args, stranger):
    sentences, data = args
    _, norm_text, _, span = _pick(sentences, data)
    assume(citation.norm(stranger) not in norm_text)
    assert citation.grade(norm_text, span, stranger).outcome == citation.NOT_FOUND


@given(RECORDS)
def test_the_whole_record_is_never_credited(args):
    sentences, data = args
    record, norm_text, gold_line, span = _pick(sentences, data)
    assume(len(citation.norm(gold_line)) < 0.3 * len(norm_text))
    assert not citation.credit(norm_text, span, record)


VARIANTS = {
    "'": ["\u2018", "\u2019"],
    '"': ["\u201c", "\u201d"],
    "-": ["\u2013", "\u2014"],
    " ": ["\u00a0", "\n", "  \t"],
}


@given(RECORDS, st.data())
def test_typographic_and_whitespace_variants_score_the_same(args, choices):
    sentences, data = args
    sentences = [
        s.replace(" ", " - ", 1) if i % 2 else s.replace(" ", " 'x' ", 1) for i, s in enumerate(sentences)
    ]
    _, norm_text, gold_line, span = _pick(sentences, data)
    variant = "".join(
        choices.draw(st.sampled_from([ch, *VARIANTS[ch]])) if ch in VARIANTS else ch for ch in gold_line
    )
    assert citation.grade(norm_text, span, variant) == citation.grade(norm_text, span, gold_line)
