"""Turns whatever text a model sent back into a structured Answer, and never raises.

Where the JSON is found, in this order: the whole text; the body of a ``` / ```json code fence; the
first complete JSON object anywhere in the text (tried from each place an object can begin, a "{"
followed by a key), which covers prose before or after the object. An object found inside other
text (fenced or not) counts only when it has at least one reply key (elements, support, confidence,
why). Text with no object gives an empty Answer whose problems say so. An object still open when the
text ends (a reply cut off mid-object) is reported as not terminated, and nothing inside it, such as
one of its complete element rows, is ever read as the reply; nor is anything inside an object that
closes but is not valid JSON.

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
"""

from __future__ import annotations

import json
import math
import re
from datetime import date
from functools import lru_cache
from importlib import resources
from typing import Any

from kit import elements, rulebook
from kit.answer import Answer, ElementAnswer, Problem

REPLY = "reply"
ROW_KEYS = ("element", "finding", "citation", "expected_discharge", "expected_nights")
TOP_KEYS = ("elements", "support", "confidence", "why")

_FENCE = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\r?\n?(.*?)```", re.DOTALL)
_ISO_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_DATE_TIME = re.compile(r"(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?")
_WHOLE = re.compile(r"[0-9]+")
# Where a JSON object can begin: a brace followed by a key or by the closing brace. A brace in prose
# ("{as promised}", ":-{") is not one, so it can neither hide the reply nor pass for a cut-off one.
_OBJECT_START = re.compile(r'\{\s*["}]')
_MAX_DIGITS = 4000  # int() refuses a longer digit string (sys.int_info.default_max_str_digits)
_MAX_SCAN = 2000  # object starts tried before giving up on a long piece of text


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
        _read_object(None, answer)
        return answer


def _parse(text: object) -> Answer:
    answer = Answer()
    if isinstance(text, bytes | bytearray):
        text = bytes(text).decode("utf-8", errors="replace")
        answer.problems.append(Problem(REPLY, "reply was bytes; decoded as UTF-8"))
    if not isinstance(text, str):
        answer.problems.append(Problem(REPLY, f"reply is {type(text).__name__}, not text"))
        _read_object(None, answer)
        return answer
    obj, how = _find_object(text)
    if how:
        answer.problems.append(Problem(REPLY, how))
    _read_object(obj, answer)
    return answer


def _find_object(text: str) -> tuple[dict | None, str]:
    """The reply's JSON object and, when it was not the whole text, how it was found."""
    stripped = text.strip()
    try:
        whole = json.loads(stripped)
    except (ValueError, RecursionError):
        pass
    else:
        if isinstance(whole, dict):
            return whole, ""
        return None, f"the reply is a JSON {_type_name(whole)}, not an object"
    for match in _FENCE.finditer(text):
        try:
            fenced = json.loads(match.group(1).strip())
        except (ValueError, RecursionError):
            continue
        if _looks_like_reply(fenced):
            return fenced, "JSON object read from inside a code fence"
    decoder = json.JSONDecoder()
    resume = 0  # starts before this lie inside an object already tried and found broken
    tries = 0
    for match in _OBJECT_START.finditer(text):
        start = match.start()
        if start < resume:
            continue
        tries += 1
        if tries > _MAX_SCAN:
            break
        try:
            found, _ = decoder.raw_decode(text, start)
        except (ValueError, RecursionError):
            end = _closing(text, start)
            if end is None:
                return None, "the JSON object is not terminated (was the reply cut off?)"
            resume = end  # never read a row (or any inner object) of a broken object as the reply
            continue
        if _looks_like_reply(found):
            return found, "JSON object read from within surrounding text"
    return None, "no JSON object found"


def _looks_like_reply(value: object) -> bool:
    """An object found inside other text is taken as the reply only when it has a reply key: an element
    row, an empty object, or a "```{}```" quoted inside a citation is not a reply."""
    return isinstance(value, dict) and not set(value).isdisjoint(TOP_KEYS)


def _closing(text: str, start: int) -> int | None:
    """The index just past the bracket that closes the object opened at text[start] (brackets inside
    strings ignored), or None when it is still open at the end of the text: a reply cut off
    mid-object."""
    depth, in_string, escaped = 0, False, False
    for index in range(start, len(text)):
        ch = text[index]
        if in_string:
            escaped, in_string = (False, True) if escaped else (ch == "\\", ch != '"')
        elif ch == '"':
            in_string = True
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
            if depth == 0:
                return index + 1
    return None


def _type_name(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    if isinstance(value, dict):
        return "object"
    return type(value).__name__


def _short(value: object) -> str:
    try:
        shown = repr(value)
    except ValueError:  # an integer too long to print
        return f"<{type(value).__name__}>"
    return shown if len(shown) <= 60 else shown[:57] + "..."


def _read_object(obj: dict | None, answer: Answer) -> None:
    """Fill answer from the reply object; obj None means no object was found."""
    problems = answer.problems
    if obj is None:
        for element in elements.ELEMENTS:
            problems.append(Problem(element, "no row: the reply has no JSON object"))
        for key in ("support", "confidence", "why"):
            problems.append(Problem(key, "not given: the reply has no JSON object"))
        return
    for key in obj:
        if key not in TOP_KEYS:
            problems.append(Problem(REPLY, f"unexpected key {_short(key)} ignored"))
    _read_elements(obj, answer)
    answer.support = _read_support(obj, problems)
    answer.confidence = _read_confidence(obj, problems)
    answer.why = _read_why(obj, problems)


def _read_elements(obj: dict, answer: Answer) -> None:
    problems = answer.problems
    rows: dict[str, ElementAnswer] = {}
    order: list[str] = []
    if "elements" not in obj:
        problems.append(Problem("elements", "missing"))
        items: list = []
    elif not isinstance(obj["elements"], list):
        problems.append(Problem("elements", f"is a JSON {_type_name(obj['elements'])}, not an array"))
        items = []
    else:
        items = obj["elements"]
        if len(items) != len(elements.ELEMENTS):
            problems.append(
                Problem("elements", f"{len(items)} row(s) given, {len(elements.ELEMENTS)} expected")
            )
    for index, item in enumerate(items):
        name = _row_name(item, index, problems)
        if name is None:
            continue
        if name in rows:
            problems.append(Problem(f"elements[{index}].element", f"duplicate {name} row; the first is kept"))
            continue
        rows[name] = _read_row(name, item, problems)
        order.append(name)
    if order != [e for e in elements.ELEMENTS if e in rows]:
        problems.append(Problem("elements", f"rows out of order ({', '.join(order)})"))
    for element in elements.ELEMENTS:
        if element in rows:
            answer.elements[element] = rows[element]
        else:
            problems.append(Problem(element, "no row for this element in the reply"))


def _row_name(item: object, index: int, problems: list[Problem]) -> str | None:
    where = f"elements[{index}]"
    if not isinstance(item, dict):
        problems.append(Problem(where, f"is a JSON {_type_name(item)}, not an object; ignored"))
        return None
    raw = item.get("element")
    if not isinstance(raw, str):
        detail = "missing" if "element" not in item else f"is a JSON {_type_name(raw)}, not text"
        problems.append(Problem(f"{where}.element", f"{detail}; row ignored"))
        return None
    name = raw.strip().lower()
    if name not in elements.ELEMENTS:
        problems.append(Problem(f"{where}.element", f"unknown element {_short(raw)}; row ignored"))
        return None
    return name


def _read_row(name: str, item: dict, problems: list[Problem]) -> ElementAnswer:
    for key in item:
        if key not in ROW_KEYS:
            problems.append(Problem(f"{name}.{key}", "not part of an element row; ignored"))
    row = ElementAnswer(name)
    row.finding = _read_finding(name, item, problems)
    row.citation = _read_citation(name, item, row.finding, problems)
    discharge = _read_discharge(name, item, problems)
    nights = _read_nights(name, item, problems)
    if name != elements.STAY_EXPECTATION:
        for key, value in (("expected_discharge", discharge), ("expected_nights", nights)):
            if value is not None:
                problems.append(
                    Problem(
                        f"{name}.{key}",
                        f"{_short(value)} given on a row other than {elements.STAY_EXPECTATION}; dropped",
                    )
                )
        return row
    if discharge is not None and nights is not None:
        problems.append(
            Problem(
                f"{name}.expected_discharge",
                f"both a date ({discharge}) and a night count ({nights}) given; neither kept",
            )
        )
        return row
    row.expected_discharge, row.expected_nights = discharge, nights
    documented = elements.word(name, elements.PRESENT)
    has_value = discharge is not None or nights is not None
    if row.finding == documented and not has_value and not _value_problem(name, problems):
        problems.append(
            Problem(
                f"{name}.expected_discharge",
                "finding is documented but neither a date nor a night count is given",
            )
        )
    if has_value and row.finding != documented:
        problems.append(
            Problem(
                f"{name}.expected_discharge" if discharge else f"{name}.expected_nights",
                f"a value is given but the finding is {row.finding!r}, not {documented!r}",
            )
        )
    return row


def _value_problem(name: str, problems: list[Problem]) -> bool:
    fields = (f"{name}.expected_discharge", f"{name}.expected_nights")
    return any(p.field in fields for p in problems)


def _read_finding(name: str, item: dict, problems: list[Problem]) -> str | None:
    where = f"{name}.finding"
    if "finding" not in item:
        problems.append(Problem(where, "missing"))
        return None
    raw = item["finding"]
    if not isinstance(raw, str):
        problems.append(Problem(where, f"is a JSON {_type_name(raw)}, not a finding word"))
        return None
    word = raw.strip().lower()
    if elements.is_finding_of(name, word):
        return word
    owners = [e for e in elements.ELEMENTS if elements.is_finding_of(e, word)]
    if owners:
        problems.append(
            Problem(
                where,
                f"{_short(raw)} is a word of {', '.join(owners)}, not of {name}; "
                f"expected one of {', '.join(elements.vocabulary(name))}",
            )
        )
    else:
        problems.append(
            Problem(
                where,
                f"unknown finding word {_short(raw)}; expected one of {', '.join(elements.vocabulary(name))}",
            )
        )
    return None


def _read_citation(name: str, item: dict, finding: str | None, problems: list[Problem]) -> str | None:
    where = f"{name}.citation"
    absent = elements.word(name, elements.ABSENT)
    if "citation" not in item:
        problems.append(Problem(where, "missing; read as null"))
        return None
    raw = item["citation"]
    if raw is None:
        if finding is not None and finding != absent:
            problems.append(Problem(where, f"null, but the finding {finding!r} needs a quoted line"))
        return None
    if not isinstance(raw, str):
        problems.append(Problem(where, f"is a JSON {_type_name(raw)}, not text; dropped"))
        return None
    if not raw.strip():
        problems.append(Problem(where, "empty text; read as null"))
        return None
    if finding == absent:
        problems.append(Problem(where, f"a line is quoted for an {absent!r} finding, which takes null"))
    return raw


def _read_discharge(name: str, item: dict, problems: list[Problem]) -> str | None:
    where = f"{name}.expected_discharge"
    raw = item.get("expected_discharge")
    if raw is None:
        return None
    if not isinstance(raw, str):
        problems.append(Problem(where, f"is a JSON {_type_name(raw)}, not a YYYY-MM-DD date; dropped"))
        return None
    text = raw.strip()
    timed = _DATE_TIME.fullmatch(text)
    if timed:
        text = timed.group(1)
    match = _ISO_DATE.fullmatch(text)
    if not match:
        problems.append(Problem(where, f"{_short(raw)} is not a YYYY-MM-DD date; dropped"))
        return None
    try:
        date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
    except ValueError:
        problems.append(Problem(where, f"{_short(raw)} is not a real calendar date; dropped"))
        return None
    if timed:
        problems.append(Problem(where, f"{_short(raw)} carries a time; kept the date {text}"))
    return text


def _read_nights(name: str, item: dict, problems: list[Problem]) -> int | None:
    where = f"{name}.expected_nights"
    raw = item.get("expected_nights")
    if raw is None:
        return None
    value: int | None = None
    if isinstance(raw, bool):
        value = None
    elif isinstance(raw, int):
        value = raw
    elif isinstance(raw, float) and math.isfinite(raw) and raw.is_integer():
        value = int(raw)
    elif isinstance(raw, str) and _WHOLE.fullmatch(raw.strip()) and len(raw.strip()) <= _MAX_DIGITS:
        value = int(raw.strip())
    if value is None:
        problems.append(Problem(where, f"{_short(raw)} is not a whole number of nights; dropped"))
        return None
    if value < 0:
        problems.append(Problem(where, f"{value} is negative; dropped"))
        return None
    return value


def _read_support(obj: dict, problems: list[Problem]) -> str | None:
    if "support" not in obj:
        problems.append(Problem("support", "missing"))
        return None
    raw = obj["support"]
    if not isinstance(raw, str):
        problems.append(Problem("support", f"is a JSON {_type_name(raw)}, not a verdict"))
        return None
    verdict = raw.strip().upper()
    if verdict in rulebook.verdicts():
        return verdict
    problems.append(
        Problem("support", f"unknown verdict {_short(raw)}; expected one of {', '.join(rulebook.verdicts())}")
    )
    return None


def _read_confidence(obj: dict, problems: list[Problem]) -> float | None:
    if "confidence" not in obj:
        problems.append(Problem("confidence", "missing"))
        return None
    raw = obj["confidence"]
    if isinstance(raw, bool) or not isinstance(raw, int | float):
        problems.append(Problem("confidence", f"is a JSON {_type_name(raw)}, not a number"))
        return None
    if not (0 <= raw <= 1):  # also refuses NaN; checked before float() so a huge int cannot overflow
        problems.append(Problem("confidence", f"{_short(raw)} is outside [0, 1]; dropped"))
        return None
    return float(raw)


def _read_why(obj: dict, problems: list[Problem]) -> str | None:
    if "why" not in obj:
        problems.append(Problem("why", "missing"))
        return None
    raw = obj["why"]
    if not isinstance(raw, str):
        problems.append(Problem("why", f"is a JSON {_type_name(raw)}, not text"))
        return None
    if not raw.strip():
        problems.append(Problem("why", "empty"))
        return None
    if "\n" in raw.strip():
        problems.append(Problem("why", "more than one line; kept as given"))
    return raw
