"""kit.model.reply by example: where it finds the JSON, each normalisation, and each recorded problem."""

import copy
import json

import pytest

from kit.model import reply
from kit.rules import elements, rulebook
from kit.rules.answer import Answer, ElementAnswer

GOOD = {
    "elements": [
        {
            "element": "admitting_order",
            "finding": "order-present",
            "citation": "2026-03-04 09:20  Admit to inpatient care under medicine; e-signed.",
            "expected_discharge": None,
            "expected_nights": None,
        },
        {
            "element": "stay_expectation",
            "finding": "documented",
            "citation": "I expect discharge on 2026-06-13.",
            "expected_discharge": "2026-06-13",
            "expected_nights": None,
        },
        {
            "element": "comorbidities",
            "finding": "ambiguous",
            "citation": "Complex history on file.",
            "expected_discharge": None,
            "expected_nights": None,
        },
        {
            "element": "services_delivered",
            "finding": "absent",
            "citation": None,
            "expected_discharge": None,
            "expected_nights": None,
        },
    ],
    "support": "INPATIENT-SUPPORTED",
    "confidence": 0.8,
    "why": "TM-5: order present and three midnights to the expected date.",
}


def good(**changes):
    data = copy.deepcopy(GOOD)
    data.update(changes)
    return data


def row(data, element):
    return next(r for r in data["elements"] if r["element"] == element)


def fields(answer: Answer) -> dict[str, str]:
    return {p.field: p.detail for p in answer.problems}


def check_good(answer: Answer):
    assert list(answer.elements) == list(elements.ELEMENTS)
    assert answer.elements["stay_expectation"] == ElementAnswer(
        "stay_expectation", "documented", "I expect discharge on 2026-06-13.", "2026-06-13", None
    )
    assert answer.finding("services_delivered") == "absent"
    assert (answer.support, answer.confidence) == ("INPATIENT-SUPPORTED", 0.8)
    assert answer.why == GOOD["why"]


# --- where the JSON is found -------------------------------------------------------------------


def test_strict_json_parses_with_no_problems():
    answer = reply.parse(json.dumps(GOOD))
    check_good(answer)
    assert answer.problems == []


@pytest.mark.parametrize(
    "fence", ["```json\n{}\n```", "```\n{}\n```", "Here it is:\n```JSON\n{}\n```\nDone."]
)
def test_json_inside_a_code_fence(fence):
    answer = reply.parse(fence.replace("{}", json.dumps(GOOD, indent=2)))
    check_good(answer)
    assert fields(answer) == {"reply": "JSON object read from inside a code fence"}


def test_json_after_leading_prose_and_before_trailing_prose():
    text = "Sure, here is my reading {of the record}:\n" + json.dumps(GOOD) + "\nHope that helps {ok}."
    answer = reply.parse(text)
    check_good(answer)
    assert fields(answer) == {"reply": "JSON object read from within surrounding text"}


def test_the_first_complete_object_is_taken():
    second = good(support="ORDER-GAP")
    answer = reply.parse("a " + json.dumps(GOOD) + " b " + json.dumps(second))
    assert answer.support == "INPATIENT-SUPPORTED"


@pytest.mark.parametrize("text", ["", "   ", "no json here", "{not json", "}{", "```\nstill nothing\n```"])
def test_garbage_gives_an_empty_answer_that_says_why(text):
    answer = reply.parse(text)
    assert answer.elements == {} and answer.support is None and answer.confidence is None
    problems = fields(answer)
    assert problems["reply"] == "no JSON object found"
    for name in (*elements.ELEMENTS, "support", "confidence", "why"):
        assert name in problems


@pytest.mark.parametrize(
    "text, kind", [("[1, 2]", "array"), ('"text"', "string"), ("3", "number"), ("null", "null")]
)
def test_a_json_value_that_is_not_an_object(text, kind):
    answer = reply.parse(text)
    assert answer.elements == {}
    assert fields(answer)["reply"] == f"the reply is a JSON {kind}, not an object"


@pytest.mark.parametrize("value", [None, 42, ["{}"], {"support": "ORDER-GAP"}])
def test_non_text_input_never_raises(value):
    answer = reply.parse(value)  # type: ignore[arg-type]
    assert answer.elements == {} and answer.support is None
    assert "not text" in fields(answer)["reply"]


def test_bytes_are_decoded():
    answer = reply.parse(json.dumps(GOOD).encode())  # type: ignore[arg-type]
    check_good(answer)
    assert fields(answer) == {"reply": "reply was bytes; decoded as UTF-8"}


# --- normalisation ------------------------------------------------------------------------------


def test_case_and_whitespace_of_the_closed_vocabularies_are_normalised():
    data = good(support="  inpatient-Supported\n")
    row(data, "admitting_order").update(element=" Admitting_Order ", finding="ORDER-PRESENT ")
    row(data, "stay_expectation")["finding"] = "\tDocumented"
    answer = reply.parse(json.dumps(data))
    check_good(answer)
    assert answer.finding("admitting_order") == "order-present"
    assert answer.problems == []


def test_an_iso_date_is_kept_as_given():
    answer = reply.parse(json.dumps(GOOD))
    assert answer.row("stay_expectation").expected_discharge == "2026-06-13"


@pytest.mark.parametrize(
    "value", ["2026-06-13T00:00", "2026-06-13T08:30:00Z", "2026-06-13 08:30", " 2026-06-13 "]
)
def test_a_date_with_a_time_or_spaces_keeps_the_date(value):
    data = good()
    row(data, "stay_expectation")["expected_discharge"] = value
    answer = reply.parse(json.dumps(data))
    assert answer.row("stay_expectation").expected_discharge == "2026-06-13"
    if "T" in value or ":" in value:
        assert "kept the date 2026-06-13" in fields(answer)["stay_expectation.expected_discharge"]


@pytest.mark.parametrize(
    "value", ["13/06/2026", "June 13, 2026", "2026-6-13", "2026-02-30", "20260613", 20260613]
)
def test_a_date_in_any_other_form_is_refused(value):
    data = good()
    row(data, "stay_expectation")["expected_discharge"] = value
    answer = reply.parse(json.dumps(data))
    assert answer.row("stay_expectation").expected_discharge is None
    assert "dropped" in fields(answer)["stay_expectation.expected_discharge"]


@pytest.mark.parametrize("value", [3, "3", " 3 ", 3.0])
def test_a_night_count_given_as_text_or_a_whole_float_becomes_an_int(value):
    data = good()
    row(data, "stay_expectation").update(expected_discharge=None, expected_nights=value)
    answer = reply.parse(json.dumps(data))
    nights = answer.row("stay_expectation").expected_nights
    assert nights == 3 and type(nights) is int
    assert answer.problems == []


@pytest.mark.parametrize(
    "value", [2.5, -1, True, "three", "3.5", "-2", [3], float("inf"), "9" * 5000], ids=lambda v: repr(v)[:12]
)
def test_a_night_count_that_is_not_a_whole_non_negative_number_is_refused(value):
    data = good()
    row(data, "stay_expectation").update(expected_discharge=None, expected_nights=value)
    answer = reply.parse(json.dumps(data))
    assert answer.row("stay_expectation").expected_nights is None
    assert "stay_expectation.expected_nights" in fields(answer)


def test_an_integer_confidence_becomes_a_float():
    answer = reply.parse(json.dumps(good(confidence=1)))
    assert answer.confidence == 1.0 and type(answer.confidence) is float


# --- recorded problems --------------------------------------------------------------------------


def test_a_three_element_reply_is_an_answer_with_one_element_missing():
    data = good()
    data["elements"] = [r for r in data["elements"] if r["element"] != "comorbidities"]
    answer = reply.parse(json.dumps(data))
    assert list(answer.elements) == ["admitting_order", "stay_expectation", "services_delivered"]
    assert answer.support == "INPATIENT-SUPPORTED"
    problems = fields(answer)
    assert problems["comorbidities"] == "no row for this element in the reply"
    assert problems["elements"] == "3 row(s) given, 4 expected"


def test_a_duplicate_element_keeps_the_first_row():
    data = good()
    data["elements"].append({**row(data, "admitting_order"), "finding": "order-missing", "citation": None})
    answer = reply.parse(json.dumps(data))
    assert answer.finding("admitting_order") == "order-present"
    assert fields(answer)["elements[4].element"] == "duplicate admitting_order row; the first is kept"


def test_an_unknown_element_name_is_ignored_with_a_problem():
    data = good()
    data["elements"][2]["element"] = "allergies"
    answer = reply.parse(json.dumps(data))
    assert "comorbidities" not in answer.elements
    problems = fields(answer)
    assert problems["elements[2].element"] == "unknown element 'allergies'; row ignored"
    assert problems["comorbidities"] == "no row for this element in the reply"


def test_extra_elements_are_reported():
    data = good()
    data["elements"].append({"element": "medications", "finding": "documented", "citation": "x"})
    answer = reply.parse(json.dumps(data))
    assert list(answer.elements) == list(elements.ELEMENTS)
    problems = fields(answer)
    assert problems["elements"] == "5 row(s) given, 4 expected"
    assert "unknown element 'medications'" in problems["elements[4].element"]


def test_a_word_from_another_elements_vocabulary_is_refused_and_named():
    data = good()
    row(data, "admitting_order")["finding"] = "documented"
    row(data, "comorbidities")["finding"] = "order-present"
    answer = reply.parse(json.dumps(data))
    assert answer.finding("admitting_order") is None and answer.finding("comorbidities") is None
    problems = fields(answer)
    assert problems["admitting_order.finding"].startswith("'documented' is a word of stay_expectation")
    assert "not of admitting_order" in problems["admitting_order.finding"]
    assert problems["comorbidities.finding"].startswith("'order-present' is a word of admitting_order")


@pytest.mark.parametrize(
    "value, detail",
    [
        ("maybe", "unknown finding word 'maybe'"),
        (None, "is a JSON null"),
        (1, "is a JSON number"),
        ("PRESENT", "unknown finding word"),
    ],
)
def test_an_unusable_finding_is_refused(value, detail):
    data = good()
    row(data, "stay_expectation")["finding"] = value
    answer = reply.parse(json.dumps(data))
    assert answer.finding("stay_expectation") is None
    assert detail in fields(answer)["stay_expectation.finding"]


def test_a_missing_finding_is_reported():
    data = good()
    del row(data, "services_delivered")["finding"]
    answer = reply.parse(json.dumps(data))
    assert answer.finding("services_delivered") is None
    assert fields(answer)["services_delivered.finding"] == "missing"


def test_both_a_date_and_a_night_count_keeps_neither():
    data = good()
    row(data, "stay_expectation")["expected_nights"] = 3
    answer = reply.parse(json.dumps(data))
    stay = answer.row("stay_expectation")
    assert (stay.expected_discharge, stay.expected_nights) == (None, None)
    assert (
        "both a date (2026-06-13) and a night count (3)"
        in fields(answer)["stay_expectation.expected_discharge"]
    )


@pytest.mark.parametrize("key, value", [("expected_discharge", "2026-06-13"), ("expected_nights", 2)])
def test_a_value_on_a_row_other_than_the_stay_is_dropped(key, value):
    data = good()
    row(data, "admitting_order")[key] = value
    answer = reply.parse(json.dumps(data))
    assert getattr(answer.row("admitting_order"), key) is None
    assert "on a row other than stay_expectation; dropped" in fields(answer)[f"admitting_order.{key}"]


def test_a_documented_stay_without_a_value_is_reported():
    data = good()
    row(data, "stay_expectation")["expected_discharge"] = None
    answer = reply.parse(json.dumps(data))
    assert "neither a date nor a night count" in fields(answer)["stay_expectation.expected_discharge"]


def test_a_value_on_a_stay_that_is_not_documented_is_kept_and_reported():
    data = good()
    row(data, "stay_expectation")["finding"] = "ambiguous"
    answer = reply.parse(json.dumps(data))
    assert answer.row("stay_expectation").expected_discharge == "2026-06-13"
    assert "the finding is 'ambiguous'" in fields(answer)["stay_expectation.expected_discharge"]


@pytest.mark.parametrize("value", [1.5, -0.1, 85, float("nan"), 10**400])
def test_confidence_outside_zero_to_one_is_dropped(value):
    text = json.dumps(good(confidence=0.5)).replace('"confidence": 0.5', f'"confidence": {json.dumps(value)}')
    answer = reply.parse(text)
    assert answer.confidence is None
    assert "outside [0, 1]" in fields(answer)["confidence"]


@pytest.mark.parametrize(
    "value, kind", [("0.9", "string"), (True, "boolean"), ([0.5], "array")]
)
def test_confidence_that_is_not_a_number_is_dropped(value, kind):
    answer = reply.parse(json.dumps(good(confidence=value)))
    assert answer.confidence is None
    assert fields(answer)["confidence"] == f"is a JSON {kind}, not a number"


@pytest.mark.parametrize(
    "value, detail",
    [
        ("APPROVED", "unknown verdict 'APPROVED'"),
        ("INPATIENT SUPPORTED", "unknown verdict"),
        (None, "is a JSON null"),
        (3, "is a JSON number"),
    ],
)
def test_an_unknown_or_mistyped_verdict_is_refused(value, detail):
    answer = reply.parse(json.dumps(good(support=value)))
    assert answer.support is None
    assert detail in fields(answer)["support"]
    assert all(v in fields(answer)["support"] for v in rulebook.verdicts()) or "JSON" in detail


@pytest.mark.parametrize("key", ["support", "confidence", "why", "elements"])
def test_a_missing_top_level_field_is_reported(key):
    data = good()
    del data[key]
    answer = reply.parse(json.dumps(data))
    assert fields(answer)[key] == "missing"


@pytest.mark.parametrize(
    "value, kind", [({"admitting_order": {}}, "object"), ("rows", "string"), (None, "null")]
)
def test_elements_that_is_not_a_list_gives_four_missing_rows(value, kind):
    answer = reply.parse(json.dumps(good(elements=value)))
    assert answer.elements == {}
    problems = fields(answer)
    assert problems["elements"] == f"is a JSON {kind}, not an array"
    for element in elements.ELEMENTS:
        assert problems[element] == "no row for this element in the reply"


def test_a_row_that_is_not_an_object_or_has_no_name_is_ignored():
    data = good()
    data["elements"][1] = "stay_expectation: documented"
    del data["elements"][3]["element"]
    answer = reply.parse(json.dumps(data))
    problems = fields(answer)
    assert problems["elements[1]"] == "is a JSON string, not an object; ignored"
    assert problems["elements[3].element"] == "missing; row ignored"
    assert set(answer.elements) == {"admitting_order", "comorbidities"}


def test_citation_problems():
    data = good()
    row(data, "admitting_order")["citation"] = None
    row(data, "services_delivered")["citation"] = "2026-06-11  Diet: soft."
    row(data, "comorbidities")["citation"] = 7
    del row(data, "stay_expectation")["citation"]
    answer = reply.parse(json.dumps(data))
    problems = fields(answer)
    assert "needs a quoted line" in problems["admitting_order.citation"]
    assert "quoted for an 'absent' finding" in problems["services_delivered.citation"]
    assert answer.row("services_delivered").citation == "2026-06-11  Diet: soft."  # kept, graded as wrong
    assert answer.row("comorbidities").citation is None
    assert problems["stay_expectation.citation"] == "missing; read as null"


def test_an_empty_citation_reads_as_null():
    data = good()
    row(data, "comorbidities")["citation"] = "  "
    answer = reply.parse(json.dumps(data))
    assert answer.row("comorbidities").citation is None
    assert fields(answer)["comorbidities.citation"] == "empty text; read as null"


def test_why_problems():
    assert (
        fields(reply.parse(json.dumps(good(why="line one\nline two"))))["why"]
        == "more than one line; kept as given"
    )
    assert fields(reply.parse(json.dumps(good(why=" "))))["why"] == "empty"
    assert fields(reply.parse(json.dumps(good(why=["x"]))))["why"] == "is a JSON array, not text"


def test_unexpected_keys_and_row_order_are_reported():
    data = good(verdict="ORDER-GAP")
    data["elements"][0], data["elements"][1] = data["elements"][1], data["elements"][0]
    data["elements"][2]["severity"] = "high"
    answer = reply.parse(json.dumps(data))
    check_good(answer)
    problems = fields(answer)
    assert problems["reply"] == "unexpected key 'verdict' ignored"
    assert problems["comorbidities.severity"] == "not part of an element row; ignored"
    assert problems["elements"].startswith("rows out of order")


def test_a_deeply_nested_reply_does_not_raise():
    answer = reply.parse("[" * 100_000 + "]" * 100_000)
    assert answer.elements == {}
    assert "reply" in fields(answer)


def test_the_schema_matches_the_parsers_keys_and_is_strict():
    # What each row may hold, and the portable shape, are in test_reply_schema.py.
    schema = reply.schema()
    assert schema["additionalProperties"] is False
    assert sorted(schema["required"]) == sorted(schema["properties"]) == sorted(reply.TOP_KEYS)
    for row_schema in schema["properties"]["elements"]["prefixItems"]:
        assert row_schema["additionalProperties"] is False
        assert list(row_schema["required"]) == list(row_schema["properties"]) == list(reply.ROW_KEYS)
    schema["title"] = "changed"
    assert reply.schema()["title"] != "changed"  # a fresh copy each call


def test_a_schema_conforming_reply_parses_cleanly():
    # GOOD is exactly what the schema allows; it should come through with no problem at all.
    schema = reply.schema()
    assert set(GOOD) == set(schema["properties"])
    tuple_rows = schema["properties"]["elements"]["prefixItems"]
    assert [set(r) for r in GOOD["elements"]] == [set(t["properties"]) for t in tuple_rows]
    assert reply.parse(json.dumps(GOOD)).problems == []


def test_a_reply_cut_off_mid_object_says_so_rather_than_reading_a_nested_row():
    full = json.dumps(
        {
            "elements": [
                {"element": "admitting_order", "finding": "order-present", "citation": 'a "q" {x}',
                 "expected_discharge": None, "expected_nights": None},
                {"element": "stay_expectation", "finding": "documented", "citation": "b",
                 "expected_discharge": "2026-06-12", "expected_nights": None},
            ],
            "support": "ORDER-GAP",
            "confidence": 0.5,
            "why": "w",
        }
    )
    cut = reply.parse(full[: full.index("stay_expectation") + 40])
    assert not cut.elements
    assert any("not terminated" in p.detail for p in cut.problems)
    whole = reply.parse("Here {as promised} is the answer: " + full)
    assert whole.support == "ORDER-GAP" and len(whole.elements) == 2


CUT_OFF = "the JSON object is not terminated (was the reply cut off?)"


def test_a_stray_brace_in_the_prose_does_not_hide_a_complete_reply():
    for lead_in in ("Sure :-{ here it is:\n", "Using {elements, support, confidence, why I answer:\n"):
        answer = reply.parse(lead_in + json.dumps(GOOD))
        check_good(answer)
        assert fields(answer) == {"reply": "JSON object read from within surrounding text"}


def test_a_cut_off_reply_after_a_brace_pair_in_the_prose_is_reported_as_cut_off():
    full = json.dumps(GOOD)
    answer = reply.parse("Here {as promised} is the answer: " + full[: full.index("comorbidities")])
    assert answer.elements == {} and answer.support is None
    assert fields(answer)["reply"] == CUT_OFF


def test_a_row_holding_reply_keys_is_never_taken_for_a_cut_off_reply():
    data = good()
    for r in data["elements"]:
        r.update(support="ORDER-GAP", why="a row, not the reply")
    full = json.dumps(data)
    for lead_in in ("", "Here {as promised} is the answer: ", "```json\n"):
        answer = reply.parse(lead_in + full[: full.index("services_delivered")])
        assert (answer.support, answer.why, answer.elements) == (None, None, {})
        assert fields(answer)["reply"] == CUT_OFF


def test_nothing_inside_an_object_that_closes_but_is_not_json_is_read():
    row_like_a_reply = '{"element": "admitting_order", "support": "ORDER-GAP", "why": "row"}'
    text = 'Answer: {"elements": [' + row_like_a_reply + ",], 'support': 'INPATIENT-SUPPORTED'}"
    answer = reply.parse(text)
    assert (answer.support, answer.why, answer.elements) == (None, None, {})
    assert fields(answer)["reply"] == "no JSON object found"


def test_a_fence_quoted_inside_a_cut_off_reply_is_not_the_reply():
    data = good()
    row(data, "comorbidities")["citation"] = "History: see ```{}``` in the old notes."
    full = json.dumps(data)
    answer = reply.parse(full[: full.index("services_delivered")])
    assert fields(answer)["reply"] == CUT_OFF


def test_an_object_with_no_reply_key_is_not_taken_from_inside_other_text():
    for text in ('Note {"page": 2} and nothing else', '```json\n{"page": 2}\n```', "```\n{}\n```"):
        answer = reply.parse(text)
        assert answer.elements == {}
        assert fields(answer)["reply"] == "no JSON object found"
    wrapped = reply.parse('{"answer": ' + json.dumps(GOOD) + "}")
    assert "reply" in fields(wrapped) and wrapped.support is None  # the whole text is an object: no search
