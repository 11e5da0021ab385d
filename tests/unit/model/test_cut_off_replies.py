"""A reply cut off at the token limit, told as what it was doing: the issue's runaway (17 rows, the
skeleton's placeholder copied into 16 citations, no closing brace) is never "raise MAX_TOKENS" nor
"the reply has no JSON object"; a reply cut off after four complete rows is still cut off; a reply
still writing its rows is the one case where more tokens help."""

import json

from kit.model import reply, telemetry
from kit.model.reply import cutoff
from kit.model.runner import Call, RunOutcome
from kit.rules import elements

from .test_reply import GOOD

HOLE = "<one line copied from the record>"


def row(element: str, citation: str | None = HOLE) -> dict:
    words = elements.vocabulary(element)
    return {"element": element, "finding": words[1], "citation": citation,
            "expected_discharge": None, "expected_nights": None}  # fmt: skip


def runaway() -> str:
    """The shape of the issue's replies: the four rows, then 13 more, one real citation, cut mid-row."""
    rows = [row(e) for e in elements.ELEMENTS] + [row(elements.ELEMENTS[i % 4]) for i in range(13)]
    rows[0]["citation"] = "Admit to inpatient."
    text = '{"elements": [' + ", ".join(json.dumps(r) for r in rows)
    return text + ', {"element": "comorbidities", "finding": "abs'


def call(text: str, finish: str = "length", tokens: int = 700) -> Call:
    completion = {"text": text, "finish_reason": finish, "latency_ms": 1.0,
                  "usage": {"input_tokens": 10, "output_tokens": tokens}}  # fmt: skip
    return Call("ADM-0001", 0, "k", "bought", completion)


def test_the_runaway_is_told_as_repeated_rows_copied_placeholders_and_an_open_object():
    why = telemetry.explain(call(runaway()))
    assert why.startswith(
        "cut off at the token limit (finish_reason=length, 700 tokens): rows repeated: 17 "
        "complete rows where 4 are expected (admitting_order x5, stay_expectation x4, "
    )
    assert f'the skeleton\'s placeholder copied from the prompt: "{HOLE}" x16' in why
    assert "no closing brace" in why
    assert "raise MAX_TOKENS" not in why and "more tokens would buy more of the same" in why


def test_the_runaway_is_never_said_to_have_no_json_object_and_its_rows_are_not_graded():
    answer = reply.parse(runaway())
    details = [p.detail for p in answer.problems]
    assert not any("no JSON object" in d for d in details)
    assert (
        "no row: the reply was cut off before its JSON object closed, so nothing inside it is graded"
        in details
    )
    assert answer.said_nothing
    entry = telemetry.per_call(call(runaway()))
    assert (
        entry["graded"]
        == "nothing: cut off before its object closed (17 complete rows inside it); graded as no answer"
    )


def test_a_reply_cut_off_after_its_four_rows_is_still_cut_off():
    full = json.dumps(GOOD)
    text = full[: full.index('"why"') + 12]
    why = telemetry.explain(call(text, tokens=300))
    assert why.startswith(
        "cut off at the token limit (finish_reason=length, 300 tokens): its 4 rows were "
        "complete; it stopped after them; no closing brace"
    )
    assert "raise MAX_TOKENS" in why  # it was finishing: more tokens would let it close
    assert telemetry.per_call(call(text))["graded"].startswith(
        "nothing: cut off before its object closed (4 "
    )


def test_a_complete_reply_that_ends_at_the_limit_is_still_reported_cut_off_and_graded():
    entry = telemetry.per_call(call(json.dumps(GOOD)))
    assert entry["explanation"].startswith(
        "cut off at the token limit (finish_reason=length, 700 tokens): its 4 rows were complete"
    )
    assert entry["graded"] == "its fields, each as the parser read it"


def test_a_reply_still_writing_its_first_rows_asks_for_more_tokens():
    full = json.dumps(GOOD)
    doing, more_helps = cutoff.describe(full[: full.index("comorbidities")], still_open=True)
    assert doing.startswith("it stopped in row 3 of 4") and more_helps


def test_the_skeletons_placeholders_and_choices_are_named_in_the_problems():
    data = json.loads(json.dumps(GOOD))
    data["elements"][0]["citation"] = HOLE
    data["elements"][1]["finding"] = "ambiguous | documented | absent"
    data["why"] = "<one line>"
    data["support"] = "ORDER-GAP | EXPECTATION-GAP | BENCHMARK-NOT-MET | INPATIENT-SUPPORTED"
    problems = {p.field: p.detail for p in reply.parse(json.dumps(data)).problems}
    assert problems["admitting_order.citation"] == (
        f"'{HOLE}' is the placeholder of the prompt's reply skeleton, copied, not an answer; read as null"
    )
    assert (
        problems["why"]
        == "'<one line>' is the placeholder of the prompt's reply skeleton, copied, not an answer; dropped"
    )
    assert "the prompt skeleton's list of choices, copied" in problems["stay_expectation.finding"]
    assert "the prompt skeleton's list of choices, copied" in problems["support"]


def test_a_reply_cut_off_short_of_max_tokens_names_the_servers_context():
    # llama-cpp-python shortens max_tokens to what its context has left after the prompt, silently:
    # a 4,727-token prompt with MAX_TOKENS=4096 in an 8,192 context gets 3,465.
    full = json.dumps(GOOD)
    cut = call(full[: full.index("comorbidities")], tokens=3465)
    cut.completion["usage"]["input_tokens"] = 4727
    why = telemetry.explain(cut, max_tokens=4096)
    assert "stopped short of MAX_TOKENS=4096: prompt plus MAX_TOKENS is more than the server's context" in why
    assert "(prompt 4727 tokens; the context held about 8192)" in why and "raise MAX_TOKENS" not in why
    assert telemetry.summary(RunOutcome([cut]), 4096)["per_call"][0]["explanation"] == why
    assert "raise MAX_TOKENS" in telemetry.explain(cut, max_tokens=3465)  # at the limit: more would help
