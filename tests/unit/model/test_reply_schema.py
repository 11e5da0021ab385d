"""The reply schema (kit/data/reply.schema.json) says what a reply is, and says it in the shape every
local server's grammar converter enforces: a reference validator (jsonschema, Draft 2020-12) accepts
a right reply and refuses each way of being wrong, and the schema keeps to the portable subset
(see docs/local-servers.md, "The reply schema")."""

import copy
import json
from collections.abc import Iterator

import pytest
from jsonschema import Draft202012Validator

from kit.model import reply
from kit.rules import elements, rulebook

from .test_reply import GOOD

VALIDATOR = Draft202012Validator(reply.schema())


def _subschemas(node: object, path: str = "#") -> Iterator[tuple[str, dict]]:
    if isinstance(node, dict):
        yield path, node
        for key, value in node.items():
            yield from _subschemas(value, f"{path}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _subschemas(value, f"{path}/{index}")


def rows() -> list[dict]:
    return reply.schema()["properties"]["elements"]["prefixItems"]


def test_the_schema_is_a_valid_draft_2020_12_schema():
    Draft202012Validator.check_schema(reply.schema())


def test_the_rows_are_a_closed_tuple_of_four_in_the_prompts_order():
    array = reply.schema()["properties"]["elements"]
    assert "items" not in array  # llama.cpp would take `items` and drop prefixItems; items:false breaks it
    assert array["minItems"] == array["maxItems"] == len(elements.ELEMENTS) == len(rows())
    assert [r["properties"]["element"]["enum"] for r in rows()] == [[e] for e in elements.ELEMENTS]


@pytest.mark.parametrize("position", range(len(elements.ELEMENTS)))
def test_each_row_allows_only_its_own_elements_words_and_typed_values(position):
    element = elements.ELEMENTS[position]
    props = rows()[position]["properties"]
    assert props["finding"]["enum"] == list(elements.vocabulary(element))
    if element == elements.STAY_EXPECTATION:
        date, nights = (p["anyOf"] for p in (props["expected_discharge"], props["expected_nights"]))
        assert {"type": "null"} in date and {"type": "null"} in nights
        assert {"type": "string", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"} in date
        assert {"type": "integer", "minimum": 0} in nights
    else:
        assert props["expected_discharge"] == props["expected_nights"] == {"type": "null"}


def test_the_verdict_and_confidence_are_typed():
    top = reply.schema()["properties"]
    assert top["support"]["enum"] == list(rulebook.verdicts())
    assert (top["confidence"]["type"], top["confidence"]["minimum"], top["confidence"]["maximum"]) == (
        "number", 0, 1
    )


def test_the_schema_keeps_to_what_every_converter_enforces():
    for path, node in _subschemas(reply.schema()):
        if node.get("type") == "object":
            assert node.get("additionalProperties") is False, path
            assert sorted(node["required"]) == sorted(node["properties"]), path
            assert list(node["properties"]) == list(node["required"]), f"{path}: generation order"
        assert not isinstance(node.get("type"), list), f"{path}: llama-cpp-python drops its siblings"
        assert "$ref" not in node and "oneOf" not in node, path
        if "pattern" in node:
            pattern = node["pattern"]
            assert pattern.startswith("^") and pattern.endswith("$"), path
            assert "\\" not in pattern, f"{path}: llama.cpp cannot take \\d and its kin"


def test_the_right_reply_is_valid():
    assert list(VALIDATOR.iter_errors(GOOD)) == []
    nulls = copy.deepcopy(GOOD)
    stay = nulls["elements"][1]
    stay.update(finding="documented", expected_discharge=None, expected_nights=0)
    assert list(VALIDATOR.iter_errors(nulls)) == []


def _changed(change) -> dict:
    data = copy.deepcopy(GOOD)
    change(data)
    return data


def _set(position: int, key: str, value):
    return lambda d: d["elements"][position].__setitem__(key, value)


WRONG = {
    "rows out of order": lambda d: d["elements"].reverse(),
    "three rows": lambda d: d["elements"].pop(),
    "five rows": lambda d: d["elements"].append(copy.deepcopy(d["elements"][3])),
    "seventeen rows": lambda d: d["elements"].extend(copy.deepcopy(d["elements"][3]) for _ in range(13)),
    "a row twice": lambda d: d["elements"].__setitem__(2, copy.deepcopy(d["elements"][1])),
    "an unknown element": _set(2, "element", "labs"),
    "another element's word": _set(0, "finding", "documented"),
    "an unknown finding": _set(3, "finding", "present"),
    "a date not in YYYY-MM-DD": _set(1, "expected_discharge", "June 13"),
    "a date on a row other than the stay's": _set(0, "expected_discharge", "2026-06-13"),
    "nights as text": _set(1, "expected_nights", "3"),
    "negative nights": _set(1, "expected_nights", -1),
    "a row key left out": lambda d: d["elements"][2].pop("citation"),
    "an extra row key": _set(2, "note", "x"),
    "an unknown verdict": lambda d: d.__setitem__("support", "MAYBE"),
    "confidence above 1": lambda d: d.__setitem__("confidence", 1.5),
    "confidence as text": lambda d: d.__setitem__("confidence", "high"),
    "an extra top key": lambda d: d.__setitem__("note", "x"),
    "no why": lambda d: d.pop("why"),
}


@pytest.mark.parametrize("wrong", sorted(WRONG))
def test_each_wrong_reply_is_refused(wrong):
    data = _changed(WRONG[wrong])
    assert list(VALIDATOR.iter_errors(data)), json.dumps(data)[:200]
