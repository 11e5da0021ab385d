"""kit.model.reply invariants: any text and any JSON value parse without raising, every field left empty has
a problem naming it, a valid reply comes back with the values it was built from, and a valid reply cut
off anywhere is reported as cut off with nothing read from inside it.

The "never raises" and "explains every missing field" properties run against reply._parse, the parser
itself. reply.parse wraps it in a last-resort `except Exception` that returns an empty answer whose
problems name every field, so a bug that raised inside the parser would satisfy both properties if
they were checked through parse. Each input is therefore also given to parse, which must answer
exactly as _parse did and never with its "parser failed" problem.
"""

import json

from hypothesis import example, given
from hypothesis import strategies as st

from kit.model import reply
from kit.rules import elements, rulebook
from kit.rules.answer import Answer

JSON_SCALARS = st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | st.text(max_size=20)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=30,
)

# Values shaped like a reply, with each field sometimes right and sometimes anything at all.
ANY_WORD = st.sampled_from(sorted(elements.all_words())) | JSON_SCALARS
ROWS = st.fixed_dictionaries(
    {"element": st.sampled_from(elements.ELEMENTS) | JSON_SCALARS},
    optional={
        "finding": ANY_WORD,
        "citation": st.none() | st.text(max_size=30) | JSON_VALUES,
        "expected_discharge": st.none() | st.dates().map(str) | JSON_SCALARS,
        "expected_nights": st.none() | st.integers(-3, 10) | JSON_SCALARS,
    },
)
NEAR_REPLIES = st.fixed_dictionaries(
    {},
    optional={
        "elements": st.lists(ROWS, max_size=6) | JSON_VALUES,
        "support": st.sampled_from(rulebook.verdicts()) | JSON_SCALARS,
        "confidence": st.floats(0, 1) | JSON_SCALARS,
        "why": st.text(max_size=30) | JSON_SCALARS,
    },
)


def explains_every_missing_field(answer: Answer) -> None:
    named = {p.field for p in answer.problems}
    for element in elements.ELEMENTS:
        row = answer.row(element)
        if row is None:
            assert element in named, f"row {element} missing with no problem"
        elif row.finding is None:
            assert f"{element}.finding" in named, f"{element}.finding empty with no problem"
    for key in ("support", "confidence", "why"):
        if getattr(answer, key) is None:
            assert key in named, f"{key} empty with no problem"


def parsed(reply_text: object) -> Answer:
    """The parser's own answer (an exception fails the property), checked against the public entry."""
    answer = reply._parse(reply_text)
    well_typed(answer)
    explains_every_missing_field(answer)
    public = reply.parse(reply_text)
    assert not [p for p in public.problems if "parser failed" in p.detail]
    assert public == answer
    return answer


def well_typed(answer: Answer) -> None:
    assert isinstance(answer, Answer)
    assert set(answer.elements) <= set(elements.ELEMENTS)
    for name, row in answer.elements.items():
        assert row.element == name
        assert row.finding is None or elements.is_finding_of(name, row.finding)
        assert row.citation is None or isinstance(row.citation, str)
        if name != elements.STAY_EXPECTATION:
            assert row.expected_discharge is None and row.expected_nights is None
        assert row.expected_discharge is None or row.expected_nights is None
        assert row.expected_nights is None or (type(row.expected_nights) is int and row.expected_nights >= 0)
    assert answer.support is None or answer.support in rulebook.verdicts()
    assert answer.confidence is None or (type(answer.confidence) is float and 0 <= answer.confidence <= 1)
    json.dumps(answer.to_dict())  # the answer can always be stored


@given(st.text())
@example("")
@example('```json\n{"support": 1}\n```')
@example("{" * 50)
@example('{"' * 5000)
@example("[" * 5000)
@example('{"elements": ' + "[" * 5000)
def test_parse_never_raises_on_any_text(text):
    parsed(text)


@given(st.binary(max_size=60) | JSON_VALUES)
@example(b'{"support": "order-gap"}')
@example(bytearray(b"\xff{"))
def test_parse_never_raises_on_values_that_are_not_text(value):
    parsed(value)


@given(JSON_VALUES)
def test_parse_never_raises_on_any_json_value(value):
    for text in (
        json.dumps(value),
        "Reply:\n" + json.dumps(value) + "\n",
        f"```json\n{json.dumps(value)}\n```",
    ):
        parsed(text)


@given(NEAR_REPLIES)
@example({"elements": [{"element": "stay_expectation", "expected_nights": "9" * 5000}]})
@example({"elements": [{"element": "stay_expectation", "expected_nights": [[[[[]]]]]}]})
@example({"elements": [{"element": "admitting_order", "citation": {"nested": [1]}}]})
def test_parse_never_raises_on_replies_that_are_nearly_right(value):
    parsed(json.dumps(value))


# Quoted lines sometimes hold what a JSON scanner could trip on: braces, quotes, backslashes, fences.
AWKWARD = st.sampled_from(['{"why": "x"}', "```{}```", "{}", 'a "q" {x', "back\\slash \\", "[{]}", "```json"])
CITATIONS = (
    st.text(min_size=1, max_size=60) | AWKWARD | st.text(alphabet='{}[]"\\`: ab', min_size=1, max_size=20)
).filter(lambda s: s.strip() != "")
LINES = st.text(min_size=1, max_size=60).filter(lambda s: s.strip() != "" and "\n" not in s.strip())


@st.composite
def valid_replies(draw):
    rows = []
    for element in elements.ELEMENTS:
        klass = draw(st.sampled_from(elements.CLASSES))
        finding = elements.word(element, klass)
        row = {
            "element": element,
            "finding": finding,
            "citation": None,
            "expected_discharge": None,
            "expected_nights": None,
        }
        if klass != elements.ABSENT:
            row["citation"] = draw(CITATIONS)
        if element == elements.STAY_EXPECTATION and klass == elements.PRESENT:
            if draw(st.booleans()):
                row["expected_discharge"] = draw(st.dates()).isoformat()
            else:
                row["expected_nights"] = draw(st.integers(min_value=0, max_value=60))
        rows.append(row)
    return {
        "elements": rows,
        "support": draw(st.sampled_from(rulebook.verdicts())),
        "confidence": draw(st.floats(min_value=0, max_value=1)),
        "why": draw(LINES),
    }


@given(valid_replies())
def test_a_valid_reply_round_trips(value):
    answer = parsed(json.dumps(value))
    assert answer.problems == []
    back = answer.to_dict()
    assert back["elements"] == value["elements"]
    assert (back["support"], back["confidence"], back["why"]) == (
        value["support"],
        value["confidence"],
        value["why"],
    )


@given(valid_replies(), st.sampled_from(elements.ELEMENTS))
def test_a_reply_missing_one_element_keeps_the_other_three(value, dropped):
    value["elements"] = [r for r in value["elements"] if r["element"] != dropped]
    answer = parsed(json.dumps(value))
    assert set(answer.elements) == set(elements.ELEMENTS) - {dropped}
    assert dropped in {p.field for p in answer.problems}
    assert answer.support == value["support"]


# What a model may write before its JSON: nothing, plain prose, prose with a brace pair or a stray
# brace, quotes, or the opening of a code fence whose closing never arrived.
LEAD_INS = st.sampled_from(
    ["", "Here is the answer:\n", "Here {as promised} is the answer: ", "Sure :-{ ", 'I said "fine". ']
    + ["```json\n"]
)


@given(valid_replies(), st.data(), LEAD_INS, st.sampled_from([None, 2]), st.booleans())
def test_a_valid_reply_cut_off_anywhere_yields_nothing_read_from_inside_it(
    value, data, lead_in, indent, rows_carry_reply_keys
):
    """A single JSON object cut before its last character is never a complete object, so the parser
    must say it was cut off and read nothing; above all it must never take one of the complete element
    rows inside it for the reply. With rows_carry_reply_keys each row also holds "support" and "why",
    so a row mistaken for the reply would show up as a verdict."""
    if rows_carry_reply_keys:
        for row in value["elements"]:
            row["support"], row["why"] = value["support"], "from a row"
    full = json.dumps(value, indent=indent)
    kept = full[: data.draw(st.integers(min_value=0, max_value=len(full) - 1), label="cut at")]
    answer = parsed(lead_in + kept)
    assert answer.elements == {}
    assert (answer.support, answer.confidence, answer.why) == (None, None, None)
    how = [p.detail for p in answer.problems if p.field == reply.REPLY]
    if '"' in kept:  # the object has begun to hold a key: that is a cut-off reply, not prose
        assert how == ["the JSON object is not terminated (was the reply cut off?)"]
    else:
        assert how == ["no JSON object found"]


@given(valid_replies(), LEAD_INS)
def test_a_valid_reply_after_any_lead_in_is_read_whole(value, lead_in):
    answer = parsed(lead_in + json.dumps(value, indent=2) + ("\n```" if lead_in.startswith("```") else ""))
    assert answer.support == value["support"]
    assert answer.to_dict()["elements"] == value["elements"]
