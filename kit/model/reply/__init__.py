"""Turns whatever text a model sent back into a structured Answer, and never raises.

Where the JSON is found, in this order: the whole text; the body of a ``` / ```json code fence; the
first complete JSON object anywhere in the text (tried from each place an object can begin, a "{"
followed by a key), which covers prose before or after the object. An object found inside other
text (fenced or not) counts only when it has at least one reply key (elements, support, confidence,
why). Text with no object gives an empty Answer whose problems say so. An object still open when the
text ends (a reply cut off mid-object) is reported as not terminated, and nothing inside it, such as
one of its complete element rows, is ever read as the reply (every missing field says it was cut off,
not that there was no object); nor is anything inside an object that closes but is not valid JSON.
A string value that is one of the prompt skeleton's angle-bracket placeholders ("<one line copied
from the record>") is named as that and read as null; so is the skeleton's list of choices ("a | b").

What is normalised, because no meaning can change:
- case and surrounding whitespace of element names, finding words (lower case) and the verdict
  (upper case);
- an expected discharge date with a time part ("2026-06-13T00:00", "2026-06-13 08:00") keeps its
  date part, with a problem noting the time was dropped; any other layout ("13/06/2026") is refused;
- a night count given as "3", 3.0 or " 3 " becomes 3; fractions, negatives and booleans are refused;
- an integer confidence (0 or 1) becomes a float.

Everything else that is wrong is recorded as a Problem(field, detail) and the field is left empty
(or, for a value on the wrong row, dropped). Fields name the element once the row is known
("admitting_order.finding", "stay_expectation.expected_nights"), the list position while it is not
("elements[4].element"), and the top-level key otherwise ("support", "confidence", "why",
"elements", "reply"). Every element row that ends up missing, and every finding, support, confidence
or why left empty, has a problem whose field names it.

The object is found by kit.model.reply.locate and read field by field by kit.model.reply.fields.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from kit.model.reply.fields import CUT_OFF, NO_OBJECT, REPLY, ROW_KEYS, TOP_KEYS, read_object
from kit.model.reply.locate import NOT_TERMINATED, find_object
from kit.rules import Answer, Problem

__all__ = ["REPLY", "ROW_KEYS", "TOP_KEYS", "parse", "schema"]


@lru_cache(maxsize=1)
def _schema_text() -> str:
    return resources.files("kit").joinpath("data", "reply.schema.json").read_text(encoding="utf-8")


def schema() -> dict[str, Any]:
    """The reply's JSON Schema (kit/data/reply.schema.json), a fresh copy on every call."""
    return json.loads(_schema_text())


def parse(text: object) -> Answer:
    """The Answer a reply carries, with every problem recorded per field. Never raises."""
    try:
        return _parse(text)
    except Exception as err:  # a last net: a bug here must not stop a run
        answer = Answer()
        answer.problems.append(Problem(REPLY, f"parser failed ({type(err).__name__}); nothing kept"))
        read_object(None, answer)
        return answer


def _parse(text: object) -> Answer:
    answer = Answer()
    if isinstance(text, bytes | bytearray):
        text = bytes(text).decode("utf-8", errors="replace")
        answer.problems.append(Problem(REPLY, "reply was bytes; decoded as UTF-8"))
    if not isinstance(text, str):
        answer.problems.append(Problem(REPLY, f"reply is {type(text).__name__}, not text"))
        read_object(None, answer)
        return answer
    obj, how = find_object(text)
    if how:
        answer.problems.append(Problem(REPLY, how))
    read_object(obj, answer, CUT_OFF if how == NOT_TERMINATED else NO_OBJECT)
    return answer
