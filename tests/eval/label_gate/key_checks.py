"""Checks on the answer key alone: its rows and words, where citations and values may be, and the
midnights, support and rule re-derived with the gate's own counter and rule table."""

from __future__ import annotations

from tests.eval.label_gate.days import is_night_count, parse_day, rederive_midnights
from tests.eval.label_gate.loader import key_rows, rows_of
from tests.eval.label_gate.vocabulary import (
    ABSENT,
    AMBIGUOUS,
    ELEMENTS,
    ORDER,
    PRESENT,
    STAY,
    THRESHOLD,
    WORDS,
    apply_rules,
    class_of_word,
)

# What a key row must carry. The rest may be left out of a key a user brings (SPEC: spans are
# computed, and the verdict fields derived): class and span, and midnights, meets_benchmark, support
# and rule; a citation only when the class is not ABSENT, a value only on a documented stay. When a
# row does carry one of them, the checks below hold it to the gate's own derivation.
ROW_KEYS = ("element", "finding")
KEY_ROW_KEYS = ("id", "elements")


def row_class(element: str, row: dict) -> object:
    """The row's class as written, or the class of its finding word when the row leaves it out."""
    return row["class"] if "class" in row else class_of_word(element, row.get("finding"))


def check_rows(corpus: dict) -> list[str]:
    """Four rows per record in element order, each word in its element's vocabulary, class consistent."""
    problems = []
    for rid, key in key_rows(corpus):
        for name in KEY_ROW_KEYS:
            if name not in key:
                problems.append(f"{rid}: key row has no {name!r}")
        elements = key.get("elements")
        if not isinstance(elements, list):
            problems.append(f"{rid}: 'elements' is not a list")
            continue
        names = [row.get("element") if isinstance(row, dict) else None for row in elements]
        if tuple(names) != ELEMENTS:
            problems.append(f"{rid}: element rows are {names}, wanted exactly {list(ELEMENTS)} in that order")
        for row in elements:
            if not isinstance(row, dict):
                problems.append(f"{rid}: an element row is not an object: {row!r}")
                continue
            element = row.get("element")
            missing = [name for name in ROW_KEYS if name not in row]
            if missing:
                problems.append(f"{rid}: {element} row lacks {missing}")
            if element not in ELEMENTS:
                continue
            klass = class_of_word(element, row.get("finding"))
            if klass is None:
                problems.append(
                    f"{rid}: {element} finding {row.get('finding')!r} is not one of "
                    f"{sorted(WORDS[element].values())}"
                )
            elif "class" in row and row["class"] != klass:
                problems.append(
                    f"{rid}: {element} finding {row['finding']!r} is {klass}, "
                    f"but class says {row.get('class')!r}"
                )
    return problems


def check_citation_presence(corpus: dict) -> list[str]:
    """A citation exactly when the class is not ABSENT; a span exactly when there is a citation."""
    problems = []
    for rid, key in key_rows(corpus):
        for element, row in rows_of(key).items():
            cited = row.get("citation")
            klass = row_class(element, row)
            if klass == ABSENT and cited is not None:
                problems.append(f"{rid}: {element} is ABSENT but cites {cited!r}")
            if klass in (PRESENT, AMBIGUOUS) and not (isinstance(cited, str) and cited.strip()):
                problems.append(f"{rid}: {element} is {klass} but has no citation ({cited!r})")
            if cited is None and row.get("span") is not None:
                problems.append(f"{rid}: {element} cites nothing but has span {row.get('span')!r}")
    return problems


def check_expectation_values(corpus: dict) -> list[str]:
    """A value only on a PRESENT stay row, and then exactly one well-formed date or night count."""
    problems = []
    for rid, key in key_rows(corpus):
        for element, row in rows_of(key).items():
            day, nights = row.get("expected_discharge"), row.get("expected_nights")
            if element != STAY or row_class(element, row) != PRESENT:
                if day is not None or nights is not None:
                    problems.append(
                        f"{rid}: {element} ({row.get('class')}) carries a value: {day!r} / {nights!r}"
                    )
                continue
            if (day is None) == (nights is None):
                problems.append(
                    f"{rid}: PRESENT stay row needs exactly one of date / nights, has {day!r} / {nights!r}"
                )
            if day is not None and parse_day(day) is None:
                problems.append(f"{rid}: expected_discharge {day!r} is not a YYYY-MM-DD date")
            if nights is not None and not is_night_count(nights):
                problems.append(f"{rid}: expected_nights {nights!r} is not an int >= 0")
    return problems


def check_midnights(corpus: dict) -> list[str]:
    """midnights re-counted from admitted_at and the stay value; meets_benchmark follows from it."""
    problems = []
    for rid, key in key_rows(corpus):
        counted, complaint = rederive_midnights(corpus, rid, key)
        if complaint:
            problems.append(f"{rid}: cannot count midnights: {complaint}")
        recorded = key.get("midnights")
        if "midnights" not in key:
            pass
        elif isinstance(recorded, bool) or (recorded is not None and not isinstance(recorded, int)):
            problems.append(f"{rid}: midnights {recorded!r} is neither an int nor null")
        elif recorded != counted:
            problems.append(f"{rid}: midnights is {recorded!r}, the gate counts {counted!r}")
        meets = counted is not None and counted >= THRESHOLD
        if "meets_benchmark" in key and key["meets_benchmark"] is not meets:
            problems.append(f"{rid}: meets_benchmark is {key['meets_benchmark']!r}, should be {meets}")
    return problems


def check_support_and_rule(corpus: dict) -> list[str]:
    """support and rule re-derived with the gate's own rule table from the order finding and the
    gate's own midnight count."""
    problems = []
    for rid, key in key_rows(corpus):
        order = rows_of(key).get(ORDER)
        order_class = class_of_word(ORDER, order.get("finding")) if order else None
        if order_class is None:
            problems.append(f"{rid}: no usable admitting_order finding to apply the rules to")
            continue
        counted, _ = rederive_midnights(corpus, rid, key)
        verdict, rule = apply_rules(order_class, counted)
        written = (key.get("support", verdict), key.get("rule", rule))
        if written != (verdict, rule):
            problems.append(
                f"{rid}: key says {key.get('support')!r} by {key.get('rule')!r}, the gate's rules give "
                f"{verdict} by {rule} (order {order_class}, midnights {counted!r})"
            )
    return problems
