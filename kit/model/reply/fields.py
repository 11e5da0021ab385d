"""Reads a reply's JSON object into an Answer, field by field, recording every problem as a
Problem(field, detail) and leaving the field empty (or, for a value on the wrong row, dropping it).
What it normalises, and how fields are named in problems, is described in kit.model.reply.

It never raises on any object and never looks for the object in the text (kit.model.reply.locate does).
"""

from __future__ import annotations

import math
import re
from datetime import date

from kit.rules import Answer, ElementAnswer, Problem, elements, rulebook

REPLY = "reply"  # the field a problem about the reply as a whole is filed under
ROW_KEYS = ("element", "finding", "citation", "expected_discharge", "expected_nights")
TOP_KEYS = ("elements", "support", "confidence", "why")

_ISO_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_DATE_TIME = re.compile(r"(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?")
_WHOLE = re.compile(r"[0-9]+")
_MAX_DIGITS = 4000  # int() refuses a longer digit string (sys.int_info.default_max_str_digits)
# An angle-bracket hole of the prompt's skeleton ("<one line copied from the record>"), copied as a value.
_HOLE = re.compile(r"\s*<[^<>\n]{1,80}>\s*")
NO_OBJECT = "the reply has no JSON object"
CUT_OFF = "the reply was cut off before its JSON object closed, so nothing inside it is graded"


def type_name(value: object) -> str:
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


def placeholder(raw: str) -> str:
    return f"{_short(raw.strip())} is the placeholder of the prompt's reply skeleton, copied, not an answer"


def _choices(raw: str, allowed: tuple[str, ...]) -> bool:
    """The skeleton's list of choices ("a | b | c") copied instead of one word."""
    parts = [w.strip().lower() for w in raw.split("|")]
    return len(parts) > 1 and all(w.upper() in allowed or w in allowed for w in parts)


def _short(value: object) -> str:
    try:
        shown = repr(value)
    except ValueError:  # an integer too long to print
        return f"<{type(value).__name__}>"
    return shown if len(shown) <= 60 else shown[:57] + "..."


def read_object(obj: dict | None, answer: Answer, absent: str = NO_OBJECT) -> None:
    """Fill answer from the reply object; obj None means no object was read, for the reason `absent`
    (NO_OBJECT, or CUT_OFF for an object still open where the text ends)."""
    problems = answer.problems
    if obj is None:
        for element in elements.ELEMENTS:
            problems.append(Problem(element, f"no row: {absent}"))
        for key in ("support", "confidence", "why"):
            problems.append(Problem(key, f"not given: {absent}"))
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
        problems.append(Problem("elements", f"is a JSON {type_name(obj['elements'])}, not an array"))
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
        problems.append(Problem(where, f"is a JSON {type_name(item)}, not an object; ignored"))
        return None
    raw = item.get("element")
    if not isinstance(raw, str):
        detail = "missing" if "element" not in item else f"is a JSON {type_name(raw)}, not text"
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
    given_date, given_nights = item.get("expected_discharge"), item.get("expected_nights")
    discharge = (
        None if given_date is None else _read_discharge(f"{name}.expected_discharge", given_date, problems)
    )
    nights = None if given_nights is None else _read_nights(f"{name}.expected_nights", given_nights, problems)
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
        problems.append(Problem(where, f"is a JSON {type_name(raw)}, not a finding word"))
        return None
    word = raw.strip().lower()
    if elements.is_finding_of(name, word):
        return word
    owners = [e for e in elements.ELEMENTS if elements.is_finding_of(e, word)]
    if _choices(word, elements.vocabulary(name)):
        problems.append(
            Problem(where, f"{_short(raw)} is the prompt skeleton's list of choices, copied, not one word")
        )
    elif owners:
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
        problems.append(Problem(where, f"is a JSON {type_name(raw)}, not text; dropped"))
        return None
    if not raw.strip():
        problems.append(Problem(where, "empty text; read as null"))
        return None
    if _HOLE.fullmatch(raw):
        problems.append(Problem(where, f"{placeholder(raw)}; read as null"))
        return None
    if finding == absent:
        problems.append(Problem(where, f"a line is quoted for an {absent!r} finding, which takes null"))
    return raw


def _read_discharge(where: str, raw: object, problems: list[Problem]) -> str | None:
    if not isinstance(raw, str):
        problems.append(Problem(where, f"is a JSON {type_name(raw)}, not a YYYY-MM-DD date; dropped"))
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


def _read_nights(where: str, raw: object, problems: list[Problem]) -> int | None:
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


def _top_text(obj: dict, key: str, what: str, problems: list[Problem]) -> str | None:
    """obj[key] when it is text; otherwise a problem (missing, or not `what`) and None."""
    if key not in obj:
        problems.append(Problem(key, "missing"))
        return None
    raw = obj[key]
    if not isinstance(raw, str):
        problems.append(Problem(key, f"is a JSON {type_name(raw)}, not {what}"))
        return None
    return raw


def _read_support(obj: dict, problems: list[Problem]) -> str | None:
    raw = _top_text(obj, "support", "a verdict", problems)
    if raw is None:
        return None
    verdict = raw.strip().upper()
    if verdict in rulebook.verdicts():
        return verdict
    if _choices(verdict, rulebook.verdicts()):
        problems.append(
            Problem(
                "support", f"{_short(raw)} is the prompt skeleton's list of choices, copied, not one verdict"
            )
        )
        return None
    problems.append(
        Problem("support", f"unknown verdict {_short(raw)}; expected one of {', '.join(rulebook.verdicts())}")
    )
    return None


def _read_confidence(obj: dict, problems: list[Problem]) -> float | None:
    """The reply's confidence in [0, 1], or None with a problem noted. Nothing is graded on it, so a
    null one (the offline arms give none) is said plainly, not in the words of a fault."""
    if "confidence" not in obj:
        problems.append(Problem("confidence", "missing"))
        return None
    raw = obj["confidence"]
    if raw is None:
        problems.append(Problem("confidence", "not given (null); nothing is graded on it"))
        return None
    if isinstance(raw, bool) or not isinstance(raw, int | float):
        problems.append(Problem("confidence", f"is a JSON {type_name(raw)}, not a number"))
        return None
    if not (0 <= raw <= 1):  # also refuses NaN; checked before float() so a huge int cannot overflow
        problems.append(Problem("confidence", f"{_short(raw)} is outside [0, 1]; dropped"))
        return None
    return float(raw)


def _read_why(obj: dict, problems: list[Problem]) -> str | None:
    raw = _top_text(obj, "why", "text", problems)
    if raw is None:
        return None
    if not raw.strip():
        problems.append(Problem("why", "empty"))
        return None
    if _HOLE.fullmatch(raw):
        problems.append(Problem("why", f"{placeholder(raw)}; dropped"))
        return None
    if "\n" in raw.strip():
        problems.append(Problem("why", "more than one line; kept as given"))
    return raw
