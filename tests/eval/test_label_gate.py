"""Label gate: an independent second derivation of the corpus answer key.

The generator writes `gold.jsonl` by planting lines in each record and calling the kit's own
benchmark and rule engine. This module does not trust any of that. It reads the corpus folder as
plain files and works every answer-key row out again from the record it belongs to, using its own
vocabulary, rule table, calendar-day counter, text normaliser and span finder. It imports nothing
from the `kit` package, directly or indirectly (a test below parses this file to prove it), so a
bug in the library cannot hide itself by producing a key that agrees with the same bug.

Every check is a plain function taking the loaded corpus and returning a list of problems, each
written "ADM-NNNN: what is wrong" (or "corpus: ..." when no single record is at fault). A test
collects the whole list and fails once, listing every problem. The last group of tests corrupts a
copy of the real corpus and shows that the relevant check names the damaged record.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import sys
from collections import Counter
from datetime import date, datetime
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
CORPUS_DIR = REPO_ROOT / "fixtures" / "corpus"
POLICY_JSON = REPO_ROOT / "kit" / "data" / "policy.json"
POLICY_MD = REPO_ROOT / "kit" / "data" / "policy.md"

# ---------------------------------------------------------------------------------------------
# The gate's own vocabulary and rule table (written here, not read from the library).

AMBIGUOUS, PRESENT, ABSENT = "AMBIGUOUS", "PRESENT", "ABSENT"
CLASSES = (AMBIGUOUS, PRESENT, ABSENT)

ORDER, STAY, COMORB, SERVICES = "admitting_order", "stay_expectation", "comorbidities", "services_delivered"
ELEMENTS = (ORDER, STAY, COMORB, SERVICES)

_PLAIN_WORDS = {AMBIGUOUS: "ambiguous", PRESENT: "documented", ABSENT: "absent"}
WORDS: dict[str, dict[str, str]] = {
    ORDER: {AMBIGUOUS: "order-ambiguous", PRESENT: "order-present", ABSENT: "order-missing"},
    STAY: dict(_PLAIN_WORDS),
    COMORB: dict(_PLAIN_WORDS),
    SERVICES: dict(_PLAIN_WORDS),
}

ORDER_GAP, EXPECTATION_GAP = "ORDER-GAP", "EXPECTATION-GAP"
NOT_MET, SUPPORTED = "BENCHMARK-NOT-MET", "INPATIENT-SUPPORTED"
VERDICTS = (ORDER_GAP, EXPECTATION_GAP, NOT_MET, SUPPORTED)
THRESHOLD = 2

# (rule id, input, test, value, verdict), applied top to bottom; the first that holds is recorded.
RULE_TABLE = (
    ("TM-1", "order_class", "equals", ABSENT, ORDER_GAP),
    ("TM-2", "order_class", "equals", AMBIGUOUS, ORDER_GAP),
    ("TM-3", "midnights", "is_none", None, EXPECTATION_GAP),
    ("TM-4", "midnights", "below_threshold", None, NOT_MET),
    ("TM-5", "any", "always", None, SUPPORTED),
)


def class_of_word(element: str, word: object) -> str | None:
    """The class an element's finding word stands for, or None when the word is not its own."""
    for klass, own_word in WORDS.get(element, {}).items():
        if own_word == word:
            return klass
    return None


def _condition_holds(test: str, value: object, given: object) -> bool:
    if test == "equals":
        return given == value
    if test == "is_none":
        return given is None
    if test == "below_threshold":
        return given is not None and given < THRESHOLD
    if test == "always":
        return True
    raise ValueError(f"the gate has no condition test called {test!r}")


def apply_rules(order_class: str, midnights: int | None) -> tuple[str, str]:
    """(verdict, rule id) of the first rule whose condition holds for these two inputs."""
    inputs = {"order_class": order_class, "midnights": midnights, "any": None}
    for rule_id, name, test, value, verdict in RULE_TABLE:
        if _condition_holds(test, value, inputs[name]):
            return verdict, rule_id
    raise AssertionError("the last rule always holds")


# ---------------------------------------------------------------------------------------------
# The gate's own calendar-day counter.

_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
_DAY_TIME = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}")


def parse_admitted(value: object) -> datetime | None:
    """A strict 'YYYY-MM-DD HH:MM' admission stamp, or None when it is not one."""
    if not isinstance(value, str) or not _DAY_TIME.fullmatch(value):
        return None
    try:
        return datetime.strptime(value, "%Y-%m-%d %H:%M")
    except ValueError:
        return None


def parse_day(value: object) -> date | None:
    """A strict 'YYYY-MM-DD' date, or None when it is not one."""
    if not isinstance(value, str) or not _DAY.fullmatch(value):
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        return None


def is_night_count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def count_midnights(admitted_at: object, discharge: object, nights: object) -> tuple[int | None, str | None]:
    """(midnights, complaint): calendar-date changes from the admission day to the discharge day,
    or the stated nights; (None, None) when neither is given; (None, why) when the input is bad."""
    if discharge is not None and nights is not None:
        return None, "both an expected discharge date and a night count"
    if nights is not None:
        return (
            (nights, None) if is_night_count(nights) else (None, f"night count {nights!r} is not an int >= 0")
        )
    if discharge is None:
        return None, None
    admitted = parse_admitted(admitted_at)
    if admitted is None:
        return None, f"admitted_at {admitted_at!r} is not 'YYYY-MM-DD HH:MM'"
    day = parse_day(discharge)
    if day is None:
        return None, f"expected_discharge {discharge!r} is not 'YYYY-MM-DD'"
    changes = day.toordinal() - admitted.date().toordinal()
    if changes < 0:
        return None, f"expected_discharge {discharge} is before the admission day {admitted_at}"
    return changes, None


# ---------------------------------------------------------------------------------------------
# The gate's own normaliser and span finder.

_FOLD = {ch: "'" for ch in "\u2018\u2019\u201a\u201b\u2032"}
_FOLD.update({ch: '"' for ch in "\u201c\u201d\u201e\u201f\u2033"})
_FOLD.update({ch: "-" for ch in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212"})
_FOLD["\u00a0"] = " "
_FOLD_TABLE = str.maketrans(_FOLD)
_WHITESPACE_RUN = re.compile(r"\s+")


def normalise(text: str) -> str:
    """Typographic quotes and dashes to ASCII, NBSP to space, whitespace runs to one space, stripped."""
    return _WHITESPACE_RUN.sub(" ", text.translate(_FOLD_TABLE)).strip()


def find_spans(normal_text: str, quote: str) -> list[tuple[int, int]]:
    """Every (possibly overlapping) [start, end) where the normalised quote sits in normal_text."""
    needle = normalise(quote)
    if not needle:
        return []
    spans, start = [], normal_text.find(needle)
    while start >= 0:
        spans.append((start, start + len(needle)))
        start = normal_text.find(needle, start + 1)
    return spans


# ---------------------------------------------------------------------------------------------
# Record layout.

FACTS, ORDERS, NOTE, DELIVERED, REVIEW = (
    "ENCOUNTER FACTS",
    "ORDERS AND AUTHENTICATION",
    "ADMITTING PRACTITIONER DOCUMENTATION",
    "SERVICES DELIVERED",
    "UTILIZATION REVIEW NOTES",
)
HEADINGS = (FACTS, ORDERS, NOTE, DELIVERED, REVIEW)
LABEL_WIDTH = 30
FACT_FIELDS = (
    ("Encounter", "id"),
    ("Admitted", "admitted_at"),
    ("Facility", "facility"),
    ("Service line", "service_line"),
    ("Admitting role", "admitting_role"),
)
# How a dated line starts, per dated section (after its two-space indent).
DATED_LINE = {
    ORDERS: re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}  \S"),
    DELIVERED: re.compile(r"\d{4}-\d{2}-\d{2}  \S"),
    REVIEW: re.compile(r"\d{4}-\d{2}-\d{2}  \S"),
}
_STAMP_START = re.compile(r"\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?  ")


def allowed_sections(element: str, klass: object) -> tuple[str, ...]:
    """The sections a citation for this element may come from. An intention to admit written only in
    the practitioner's note is at best an ambiguous order. A documented stay is the admitting
    practitioner's own words, so it is only ever cited from their documentation; only a stay that is
    not documented (a planner's provisional date, say) may sit in the review notes. (Which of the two
    places each planned case uses is the case plan's business.)"""
    if element == ORDER:
        return (ORDERS, NOTE) if klass == AMBIGUOUS else (ORDERS,)
    if element == STAY:
        return (NOTE,) if klass == PRESENT else (NOTE, REVIEW)
    if element == COMORB:
        return (NOTE,)
    return (DELIVERED,)


def section_map(lines: list[str]) -> list[str | None]:
    """For each line, the section it lies in (None above the first heading; heading lines are
    attributed to no section, since a section is the text between its heading and the next)."""
    owner: list[str | None] = []
    current = None
    for line in lines:
        if line in HEADINGS:
            current = line
            owner.append(None)
        else:
            owner.append(current)
    return owner


def section_lines(text: str, heading: str) -> list[str]:
    lines = text.split("\n")
    return [line for line, owner in zip(lines, section_map(lines), strict=True) if owner == heading]


# ---------------------------------------------------------------------------------------------
# Loading a corpus folder into plain dicts.


class CorpusMissing(Exception):
    """The corpus folder, or one of its required files, is not there."""


def load_corpus(corpus_dir: Path = CORPUS_DIR) -> dict:
    """records.json, gold.jsonl, manifest.json (when present) and every *.txt of a corpus folder."""
    corpus_dir = Path(corpus_dir)
    for required in ("records.json", "gold.jsonl"):
        if not (corpus_dir / required).is_file():
            raise CorpusMissing(
                f"no {required} in {corpus_dir}: the label gate needs the generated corpus "
                f"(ADM-*.txt, records.json, gold.jsonl, manifest.json) there"
            )
    records = json.loads((corpus_dir / "records.json").read_text(encoding="utf-8-sig"))
    gold = []
    gold_text = (corpus_dir / "gold.jsonl").read_text(encoding="utf-8-sig")
    for number, line in enumerate(gold_text.splitlines(), 1):
        if line.strip():
            try:
                gold.append(json.loads(line))
            except json.JSONDecodeError as err:
                raise ValueError(f"gold.jsonl line {number} is not JSON: {err}") from None
    manifest_path = corpus_dir / "manifest.json"
    manifest = json.loads(manifest_path.read_text(encoding="utf-8-sig")) if manifest_path.is_file() else None
    texts = {path.stem: path.read_text(encoding="utf-8-sig") for path in sorted(corpus_dir.glob("*.txt"))}
    return {"dir": corpus_dir, "records": records, "gold": gold, "manifest": manifest, "texts": texts}


def _by_id(rows: object) -> dict[str, dict]:
    """First row per id (duplicates are reported by the id check)."""
    found: dict[str, dict] = {}
    for row in rows if isinstance(rows, list) else []:
        if isinstance(row, dict) and isinstance(row.get("id"), str):
            found.setdefault(row["id"], row)
    return found


def _rows(gold_row: dict) -> dict[str, dict]:
    """The element rows of one key row, by element name (first of each)."""
    found: dict[str, dict] = {}
    elements = gold_row.get("elements")
    for row in elements if isinstance(elements, list) else []:
        if isinstance(row, dict) and row.get("element") in ELEMENTS:
            found.setdefault(row["element"], row)
    return found


def _key_rows(corpus: dict) -> list[tuple[str, dict]]:
    return [(str(row.get("id")), row) for row in corpus["gold"] if isinstance(row, dict)]


def rederive_midnights(corpus: dict, rid: str, gold_row: dict) -> tuple[int | None, str | None]:
    """The gate's own midnight count for one record: None unless the stay row is PRESENT with a
    valid value, counted from records.json's admitted_at."""
    stay = _rows(gold_row).get(STAY)
    if stay is None or class_of_word(STAY, stay.get("finding")) != PRESENT:
        return None, None
    admitted_at = _by_id(corpus["records"]).get(rid, {}).get("admitted_at")
    return count_midnights(admitted_at, stay.get("expected_discharge"), stay.get("expected_nights"))


# ---------------------------------------------------------------------------------------------
# The checks. Each returns a list of "ADM-NNNN: what is wrong" lines; empty means it holds.

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
    for rid, key in _key_rows(corpus):
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
    for rid, key in _key_rows(corpus):
        for element, row in _rows(key).items():
            cited = row.get("citation")
            klass = row_class(element, row)
            if klass == ABSENT and cited is not None:
                problems.append(f"{rid}: {element} is ABSENT but cites {cited!r}")
            if klass in (PRESENT, AMBIGUOUS) and not (isinstance(cited, str) and cited.strip()):
                problems.append(f"{rid}: {element} is {klass} but has no citation ({cited!r})")
            if cited is None and row.get("span") is not None:
                problems.append(f"{rid}: {element} cites nothing but has span {row.get('span')!r}")
    return problems


_SENTENCE_END = (".", "!", "?")
_CLOSERS = "\"')"


def whole_sentences(line: str, start: int, end: int) -> bool:
    """True when [start, end) of a prose line is one or more whole sentences: it starts at the line's
    start or after a sentence's closing mark and a space, and ends with . ! or ? (a closing quote or
    bracket may follow) at the line's end or before a space. One word cut out of a sentence is not."""
    before, cited = line[:start].rstrip().rstrip(_CLOSERS), line[start:end]
    starts = (start == 0 or line[start - 1].isspace()) and (not before or before.endswith(_SENTENCE_END))
    ends = cited.rstrip(_CLOSERS).endswith(_SENTENCE_END) and (end == len(line) or line[end].isspace())
    return bool(cited.strip()) and starts and ends


def check_citation_placement(corpus: dict) -> list[str]:
    """Each cited line is verbatim in the record exactly once, in a section that element is written in."""
    problems = []
    for rid, key in _key_rows(corpus):
        text = corpus["texts"].get(rid)
        if text is None:
            problems.append(f"{rid}: no record text {rid}.txt to find its citations in")
            continue
        lines = text.split("\n")
        owners = section_map(lines)
        for element, row in _rows(key).items():
            cited = row.get("citation")
            if not isinstance(cited, str):
                continue
            if "\n" in cited:
                problems.append(f"{rid}: {element} citation spans more than one line: {cited!r}")
                continue
            times = text.count(cited)
            if times != 1:
                problems.append(
                    f"{rid}: {element} citation occurs {times} times in the record text, "
                    f"wanted once: {cited!r}"
                )
                continue
            at = text.index(cited)
            line_no = text.count("\n", 0, at)
            line, section = lines[line_no], owners[line_no]
            wanted = allowed_sections(element, row_class(element, row))
            if section not in wanted:
                problems.append(
                    f"{rid}: {element} citation sits in {section!r}, wanted {' or '.join(wanted)}: {cited!r}"
                )
            start = at - (text.rfind("\n", 0, at) + 1)
            if section in DATED_LINE or _STAMP_START.match(cited):
                if line != "  " + cited:
                    problems.append(
                        f"{rid}: {element} citation is not a whole dated line minus its indent: {cited!r}"
                    )
            elif not whole_sentences(line, start, start + len(cited)):
                problems.append(f"{rid}: {element} citation is not whole sentences of its prose: {cited!r}")
    return problems


def check_spans(corpus: dict) -> list[str]:
    """The recorded span, cut from the normalised record, is the normalised citation, and it is
    the one place the gate's own span finder puts it."""
    problems = []
    for rid, key in _key_rows(corpus):
        text = corpus["texts"].get(rid)
        if text is None:
            continue
        normal = normalise(text)
        for element, row in _rows(key).items():
            cited, span = row.get("citation"), row.get("span")
            if not isinstance(cited, str) or span is None:
                continue
            if not (
                isinstance(span, list)
                and len(span) == 2
                and all(isinstance(n, int) and not isinstance(n, bool) for n in span)
                and 0 <= span[0] < span[1] <= len(normal)
            ):
                problems.append(
                    f"{rid}: {element} span {span!r} is not [start, end) inside the normalised text"
                )
                continue
            cut = normal[span[0] : span[1]]
            if cut != normalise(cited):
                problems.append(
                    f"{rid}: {element} span {span} cuts {cut!r}, not the citation {normalise(cited)!r}"
                )
            found = find_spans(normal, cited)
            if len(found) != 1:
                problems.append(
                    f"{rid}: {element} citation is found {len(found)} times in the normalised text"
                )
            elif list(found[0]) != span:
                problems.append(
                    f"{rid}: {element} span {span} but the gate finds the citation at {list(found[0])}"
                )
    return problems


def check_expectation_values(corpus: dict) -> list[str]:
    """A value only on a PRESENT stay row, and then exactly one well-formed date or night count."""
    problems = []
    for rid, key in _key_rows(corpus):
        for element, row in _rows(key).items():
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


_NUMBER_WORDS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
]
_MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]


def _date_patterns(day: date) -> list[str]:
    month, short = _MONTHS[day.month - 1], _MONTHS[day.month - 1][:3]
    d, m = day.day, day.month
    return [
        re.escape(day.isoformat()),
        rf"{month}\.? 0?{d}(?!\d)",
        rf"{short}\.? 0?{d}(?!\d)",
        rf"(?<!\d)0?{d}(st|nd|rd|th)? (of )?{month}",
        rf"(?<!\d)0?{d}(st|nd|rd|th)? (of )?{short}\b",
        rf"(?<!\d)0?{m}/0?{d}(?!\d)",
    ]


def _night_patterns(nights: int) -> list[str]:
    patterns = [rf"(?<!\d){nights}(?!\d)"]
    if nights < len(_NUMBER_WORDS):
        patterns.append(rf"\b{_NUMBER_WORDS[nights]}\b")
    if nights == 1:
        patterns += [r"\bsingle\b", r"\bovernight\b", r"\ba night\b", r"\ba midnight\b"]
    return patterns


def check_value_in_citation(corpus: dict) -> list[str]:
    """The stay value is readable off its own citation: the date or the night count is written there."""
    problems = []
    for rid, key in _key_rows(corpus):
        stay = _rows(key).get(STAY)
        if stay is None or not isinstance(stay.get("citation"), str):
            continue
        cited = normalise(stay["citation"])
        day, nights = parse_day(stay.get("expected_discharge")), stay.get("expected_nights")
        if day is not None:
            patterns, shown = _date_patterns(day), day.isoformat()
        elif is_night_count(nights):
            patterns, shown = _night_patterns(nights), f"{nights} nights"
        else:
            continue
        if not any(re.search(p, cited, flags=re.IGNORECASE) for p in patterns):
            problems.append(f"{rid}: stay value {shown} is not written in its citation {cited!r}")
    return problems


def check_midnights(corpus: dict) -> list[str]:
    """midnights re-counted from admitted_at and the stay value; meets_benchmark follows from it."""
    problems = []
    for rid, key in _key_rows(corpus):
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
    for rid, key in _key_rows(corpus):
        order = _rows(key).get(ORDER)
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


def _record_layout_problems(rid: str, text: str, record: dict, manifest: dict | None) -> list[str]:
    """The record's layout, and its title line and facts against the records.json fields it gives
    (a folder a user brings may leave out title, facility, service_line and admitting_role)."""
    problems = []
    lines = text.split("\n")
    title_line = f"ADMISSION RECORD {rid} -- {record.get('title')}"
    if "title" in record and lines[0] != title_line:
        problems.append(f"{rid}: first line is {lines[0]!r}, wanted {title_line!r}")
    found_headings = [line for line in lines if line in HEADINGS]
    if found_headings != list(HEADINGS):
        problems.append(
            f"{rid}: section headings are {found_headings}, wanted each of {list(HEADINGS)} once in order"
        )
    facts: dict[str, str] = {}
    for line in section_lines(text, FACTS):
        if not line.strip():
            continue
        label, value = line[2 : 2 + LABEL_WIDTH].rstrip(), line[2 + LABEL_WIDTH :]
        if not line.startswith("  ") or line[2] == " " or len(line) <= 2 + LABEL_WIDTH or value[:1] == " ":
            problems.append(
                f"{rid}: encounter fact line is not '  <label padded to {LABEL_WIDTH}><value>': {line!r}"
            )
            continue
        facts[label] = value
    for label, field in FACT_FIELDS:
        if field in record and facts.get(label) != record[field]:
            problems.append(
                f"{rid}: records.json {field} is {record.get(field)!r}, the record says {facts.get(label)!r}"
            )
    as_of = (manifest or {}).get("as_of")
    if as_of is not None and facts.get("Record assembled as at") != as_of:
        problems.append(
            f"{rid}: 'Record assembled as at' is {facts.get('Record assembled as at')!r}, "
            f"manifest says {as_of}"
        )
    for heading, shape in DATED_LINE.items():
        for line in section_lines(text, heading):
            if line.strip() and not (line.startswith("  ") and shape.match(line[2:])):
                problems.append(f"{rid}: line in {heading} is not a two-space-indented dated line: {line!r}")
    return problems


def check_records_agree(corpus: dict) -> list[str]:
    """records.json, gold.jsonl and the .txt files name the same ids; each record's title line and
    ENCOUNTER FACTS match records.json; `hard`, where given, follows the gate's own verdict."""
    problems = []

    def ids_of(rows: list) -> list[str]:
        found = [row.get("id") for row in rows if isinstance(row, dict)]
        return [rid if isinstance(rid, str) else f"id {rid!r}" for rid in found]

    record_ids, gold_ids = ids_of(corpus["records"]), ids_of(corpus["gold"])
    for name, ids in (("records.json", record_ids), ("gold.jsonl", gold_ids)):
        for rid, times in Counter(ids).items():
            if times > 1:
                problems.append(f"{rid}: appears {times} times in {name}")
    sources = {"records.json": set(record_ids), "gold.jsonl": set(gold_ids), "*.txt": set(corpus["texts"])}
    for rid in sorted(set().union(*sources.values()), key=str):
        missing = [name for name, ids in sources.items() if rid not in ids]
        if missing:
            problems.append(f"{rid}: missing from {', '.join(missing)}")
    keys = _by_id(corpus["gold"])
    for rid, record in _by_id(corpus["records"]).items():
        if rid in corpus["texts"]:
            problems += _record_layout_problems(rid, corpus["texts"][rid], record, corpus["manifest"])
        order = _rows(keys.get(rid, {})).get(ORDER, {})
        order_class = class_of_word(ORDER, order.get("finding"))
        if "hard" in record and order_class is not None:
            verdict, _ = apply_rules(order_class, rederive_midnights(corpus, rid, keys[rid])[0])
            if record["hard"] is not (verdict != SUPPORTED):
                problems.append(f"{rid}: hard is {record['hard']!r} but the gate's verdict is {verdict}")
    return problems


# --- Structural figures and the case plan (SPEC section 3) -----------------------------------

# Per case: count, then per element either one class for every record or a Counter over the case,
# the stay value form ("date", "nights" or None for either), a midnight test, admission hours, verdict.
AMB, PRES, ABS = AMBIGUOUS, PRESENT, ABSENT
CASE_PLAN: dict[str, dict] = {
    "supported_clean": dict(
        n=5, order=PRES, stay=PRES, C=PRES, S=PRES, form="date", m=(2, None), v=SUPPORTED
    ),
    "supported_nights_form": dict(
        n=3, order=PRES, stay=PRES, C=PRES, S=PRES, form="nights", m=(2, None), v=SUPPORTED
    ),
    "late_admit_two_midnights": dict(
        n=3, order=PRES, stay=PRES, C=PRES, S=PRES, form="date", m=(2, 2), hours={23}, v=SUPPORTED
    ),
    "evidence_thin": dict(
        n=4,
        order=PRES,
        stay=PRES,
        C=Counter({AMB: 2, ABS: 2}),
        S=Counter({ABS: 2, AMB: 2}),
        m=(2, None),
        pairs={(AMB, ABS), (ABS, AMB)},
        v=SUPPORTED,
    ),
    "long_hours_one_midnight": dict(
        n=3, order=PRES, stay=PRES, C=PRES, S=PRES, form="date", m=(1, 1), hours={0, 1}, v=NOT_MET
    ),
    "severe_one_midnight": dict(n=6, order=PRES, stay=PRES, C=PRES, S=PRES, m=(1, 1), v=NOT_MET),
    "expectation_absent": dict(n=4, order=PRES, stay=ABS, C=AMB, S=PRES, v=EXPECTATION_GAP),
    "expectation_vague": dict(n=4, order=PRES, stay=AMB, C=PRES, S=PRES, v=EXPECTATION_GAP),
    "expectation_decoy": dict(n=5, order=PRES, stay=AMB, C=PRES, S=PRES, v=EXPECTATION_GAP),
    "order_verbal_unauthenticated": dict(n=4, order=AMB, stay=PRES, C=PRES, S=PRES, v=ORDER_GAP),
    "order_observation_only": dict(n=4, order=AMB, stay=PRES, C=AMB, S=PRES, v=ORDER_GAP),
    "order_in_note_only": dict(n=3, order=AMB, stay=PRES, C=PRES, S=AMB, v=ORDER_GAP),
    "order_status_blank": dict(n=2, order=AMB, stay=PRES, C=PRES, S=PRES, v=ORDER_GAP),
    "order_missing_long_stay": dict(n=5, order=ABS, stay=PRES, C=PRES, S=AMB, m=(3, None), v=ORDER_GAP),
    "nothing_documented": dict(n=3, order=ABS, stay=ABS, C=ABS, S=ABS, v=ORDER_GAP),
    "mixed_gaps": dict(
        n=2,
        order=AMB,
        stay=Counter({ABS: 1, AMB: 1}),
        C=Counter({AMB: 1, PRES: 1}),
        S=Counter({PRES: 1, AMB: 1}),
        v=ORDER_GAP,
    ),
}
PLAN_ELEMENTS = (("order", ORDER), ("stay", STAY), ("C", COMORB), ("S", SERVICES))
SEVERITY_BAIT_CASES = ("long_hours_one_midnight", "severe_one_midnight")

EXPECTED_FIGURES = {
    "records": 60,
    "judgements": 240,
    "cited": 214,
    "uncited": 26,
    "verdicts": {ORDER_GAP: 23, EXPECTATION_GAP: 13, NOT_MET: 9, SUPPORTED: 15},
    "stay_rows_with_value": 42,
    "stay_rows_without_value": 18,
    "hard": 45,
    "clean": 15,
    "severity_bait": 9,
    "always_present_score": 167,
    "cases": {case: plan["n"] for case, plan in CASE_PLAN.items()},
}


def structural_figures(corpus: dict) -> dict:
    """The corpus's structural figures, counted from the key and records.json."""
    element_rows = [row for _, key in _key_rows(corpus) for row in _rows(key).values()]
    stay_rows = [row for row in element_rows if row.get("element") == STAY]
    with_value = [
        r
        for r in stay_rows
        if r.get("expected_discharge") is not None or r.get("expected_nights") is not None
    ]
    records = [r for r in corpus["records"] if isinstance(r, dict)]
    cases = Counter(r.get("case") for r in records)
    supports = Counter(key.get("support") for _, key in _key_rows(corpus))
    return {
        "records": len(corpus["texts"]),
        "judgements": len(element_rows),
        "cited": sum(1 for r in element_rows if r.get("citation") is not None),
        "uncited": sum(1 for r in element_rows if r.get("citation") is None),
        "verdicts": {v: supports.get(v, 0) for v in VERDICTS}
        | {str(k): n for k, n in supports.items() if k not in VERDICTS},
        "stay_rows_with_value": len(with_value),
        "stay_rows_without_value": len(stay_rows) - len(with_value),
        "hard": sum(1 for r in records if r.get("hard") is True),
        "clean": sum(1 for r in records if r.get("hard") is False),
        "severity_bait": sum(cases.get(c, 0) for c in SEVERITY_BAIT_CASES),
        "always_present_score": sum(
            1 for r in element_rows if r.get("finding") == WORDS[r["element"]][PRESENT]
        ),
        "cases": {case: cases.get(case, 0) for case in CASE_PLAN}
        | {str(c): n for c, n in cases.items() if c not in CASE_PLAN},
    }


def figure_problems(figures: dict) -> list[str]:
    return [
        f"corpus: {name} is {figures.get(name)!r}, the plan fixes {wanted!r}"
        for name, wanted in EXPECTED_FIGURES.items()
        if figures.get(name) != wanted
    ]


def _plan_problems_for_record(
    rid: str, plan: dict, record: dict, key: dict, counted: int | None
) -> list[str]:
    problems = []
    rows = _rows(key)
    classes = {short: rows.get(element, {}).get("class") for short, element in PLAN_ELEMENTS}
    for short, element in PLAN_ELEMENTS:
        if isinstance(plan[short], str) and classes[short] != plan[short]:
            problems.append(
                f"{rid}: {record.get('case')} plans {element} {plan[short]}, key has {classes[short]!r}"
            )
    if "pairs" in plan and (classes["C"], classes["S"]) not in plan["pairs"]:
        problems.append(
            f"{rid}: {record.get('case')} pairs comorbidities/services as {sorted(plan['pairs'])}, key has "
            f"{(classes['C'], classes['S'])}"
        )
    stay = rows.get(STAY, {})
    form = plan.get("form")
    if form == "date" and stay.get("expected_discharge") is None:
        problems.append(f"{rid}: {record.get('case')} plans an expected discharge date, key has none")
    if form == "nights" and stay.get("expected_nights") is None:
        problems.append(f"{rid}: {record.get('case')} plans a night count, key has none")
    if "m" in plan:
        low, high = plan["m"]
        if counted is None or counted < low or (high is not None and counted > high):
            wanted = f"{low}" if low == high else f">= {low}" if high is None else f"{low}..{high}"
            problems.append(
                f"{rid}: {record.get('case')} plans {wanted} midnights, the gate counts {counted!r}"
            )
    if "hours" in plan:
        admitted = parse_admitted(record.get("admitted_at"))
        if admitted is None or admitted.hour not in plan["hours"]:
            problems.append(
                f"{rid}: {record.get('case')} plans admission at hour(s) {sorted(plan['hours'])}, "
                f"admitted_at is {record.get('admitted_at')!r}"
            )
    if key.get("support") != plan["v"]:
        problems.append(f"{rid}: {record.get('case')} plans {plan['v']}, key says {key.get('support')!r}")
    return problems


def _order_place_problems(rid: str, case: str, key: dict, text: str | None) -> list[str]:
    """Only the order_in_note_only case cites its order from the practitioner's note; every other
    planned case cites it from the orders section."""
    cited = _rows(key).get(ORDER, {}).get("citation")
    if not isinstance(cited, str) or text is None or cited not in text:
        return []
    wanted = NOTE if case == "order_in_note_only" else ORDERS
    at = text.index(cited)
    section = section_map(text.split("\n"))[text.count("\n", 0, at)]
    return [] if section == wanted else [f"{rid}: {case} plans its order citation in {wanted}, not {section}"]


def check_case_plan(corpus: dict) -> list[str]:
    """Each record follows its case's plan wherever SPEC section 3's table fixes it."""
    problems = []
    keys = _by_id(corpus["gold"])
    per_case: dict[str, list[dict]] = {}
    for rid, record in _by_id(corpus["records"]).items():
        plan = CASE_PLAN.get(record.get("case"))
        if plan is None:
            problems.append(f"{rid}: case {record.get('case')!r} is not one of the 16 planned cases")
            continue
        if rid not in keys:
            continue
        counted, _ = rederive_midnights(corpus, rid, keys[rid])
        problems += _plan_problems_for_record(rid, plan, record, keys[rid], counted)
        problems += _order_place_problems(rid, record["case"], keys[rid], corpus["texts"].get(rid))
        per_case.setdefault(record["case"], []).append(keys[rid])
    for case, key_rows in per_case.items():
        for short, element in PLAN_ELEMENTS:
            wanted = CASE_PLAN[case][short]
            if isinstance(wanted, Counter):
                got = Counter(_rows(k).get(element, {}).get("class") for k in key_rows)
                if got != wanted:
                    problems.append(
                        f"corpus: {case} plans {element} classes {dict(wanted)}, key has {dict(got)}"
                    )
    return problems


CHECKS = {
    "rows": check_rows,
    "citation_presence": check_citation_presence,
    "citation_placement": check_citation_placement,
    "spans": check_spans,
    "expectation_values": check_expectation_values,
    "value_in_citation": check_value_in_citation,
    "midnights": check_midnights,
    "support_and_rule": check_support_and_rule,
    "records_agree": check_records_agree,
    "case_plan": check_case_plan,
}


def run_all_checks(corpus: dict) -> dict[str, list[str]]:
    return {name: check(corpus) for name, check in CHECKS.items()}


def listing(problems: list[str]) -> str:
    return f"{len(problems)} problem(s):\n" + "\n".join(f"  {p}" for p in problems)


# ---------------------------------------------------------------------------------------------
# The rulebook's two renderings against the gate's own table.


def policy_problems(policy: dict, prose: str) -> list[str]:
    """policy.json matches the gate's table, and policy.md names every rule id (in rule_order) and verdict."""
    problems = []
    order = policy.get("rule_order")
    own_order = [rule_id for rule_id, *_ in RULE_TABLE]
    if order != own_order:
        problems.append(f"policy.json: rule_order is {order!r}, the gate's table runs {own_order}")
    rules = policy.get("rules") if isinstance(policy.get("rules"), dict) else {}
    if isinstance(order, list) and sorted(rules) != sorted(order):
        problems.append(f"policy.json: rules {sorted(rules)} do not match rule_order {order}")
    for rule_id, name, test, value, verdict in RULE_TABLE:
        rule = rules.get(rule_id)
        if not isinstance(rule, dict):
            problems.append(f"policy.json: no rule {rule_id}")
            continue
        if rule.get("verdict") != verdict:
            problems.append(
                f"policy.json: {rule_id} gives {rule.get('verdict')!r}, the gate's table gives {verdict}"
            )
        when = {"input": name, "test": test} | ({"value": value} if value is not None else {})
        if rule.get("when") != when:
            problems.append(
                f"policy.json: {rule_id} condition is {rule.get('when')!r}, the gate's table has {when}"
            )
    if policy.get("threshold_midnights") != THRESHOLD:
        problems.append(
            f"policy.json: threshold_midnights is {policy.get('threshold_midnights')!r}, "
            f"the gate uses {THRESHOLD}"
        )
    if sorted(policy.get("verdicts") or []) != sorted(VERDICTS):
        problems.append(f"policy.json: verdicts {policy.get('verdicts')!r}, the gate knows {list(VERDICTS)}")
    firsts = []
    for rule_id in order if isinstance(order, list) else []:
        hit = re.search(rf"(?<![\w-]){re.escape(str(rule_id))}(?!\w)", prose)
        if hit is None:
            problems.append(f"policy.md: never names rule {rule_id}")
        else:
            firsts.append((hit.start(), rule_id))
    if [rule_id for _, rule_id in sorted(firsts)] != [rule_id for _, rule_id in firsts]:
        problems.append(
            f"policy.md: rules first appear in the order {[r for _, r in sorted(firsts)]}, not rule_order"
        )
    for verdict in (policy.get("verdicts") or []) + list(VERDICTS):
        if not re.search(rf"(?<![\w-]){re.escape(str(verdict))}(?![\w-])", prose):
            problems.append(f"policy.md: never names verdict {verdict}")
    return problems


# ---------------------------------------------------------------------------------------------
# Tests.


_LOADED: dict[str, dict] = {}


def real_corpus(config: pytest.Config) -> dict:
    """The corpus under test (the shipped one, or the folder given with --corpus), loaded once; a
    missing corpus FAILS the calling test (never a skip)."""
    chosen = config.getoption("--corpus", default=None)
    folder = Path(chosen) if chosen else CORPUS_DIR
    if str(folder) not in _LOADED:
        try:
            _LOADED[str(folder)] = load_corpus(folder)
        except CorpusMissing as missing:
            pytest.fail(f"the corpus is not there: {missing}", pytrace=False)
    return _LOADED[str(folder)]


@pytest.mark.parametrize("name", list(CHECKS))
def test_check(name: str, pytestconfig) -> None:
    problems = CHECKS[name](real_corpus(pytestconfig))
    assert not problems, f"label gate check {name!r} failed, {listing(problems)}"


def test_structural_figures(record_property, pytestconfig) -> None:
    figures = structural_figures(real_corpus(pytestconfig))
    record_property("figures", json.dumps(figures, sort_keys=True))
    record_property("kit_note", "label gate, structural figures: " + _figure_line(figures))
    problems = figure_problems(figures)
    assert not problems, (
        f"structural figures are off the plan, {listing(problems)}\n"
        f"all figures as counted:\n{json.dumps(figures, indent=2, sort_keys=True)}"
    )


def _figure_line(figures: dict) -> str:
    verdicts = figures["verdicts"]
    return (
        f"{figures['records']} records, {figures['judgements']} judgements, {figures['cited']} cited / "
        f"{figures['uncited']} uncited, verdicts {verdicts.get('ORDER-GAP', 0)} ORDER-GAP / "
        f"{verdicts.get('EXPECTATION-GAP', 0)} EXPECTATION-GAP / {verdicts.get('BENCHMARK-NOT-MET', 0)} "
        f"BENCHMARK-NOT-MET / {verdicts.get('INPATIENT-SUPPORTED', 0)} INPATIENT-SUPPORTED, "
        f"{figures['stay_rows_with_value']} / {figures['stay_rows_without_value']} stay rows with / without "
        f"a value, {figures['hard']} hard / {figures['clean']} clean, {figures['severity_bait']} "
        f"severity-bait, always-present scores {figures['always_present_score']} of {figures['judgements']}"
    )


def test_policy_renderings_agree_with_the_gate() -> None:
    policy = json.loads(POLICY_JSON.read_text(encoding="utf-8"))
    problems = policy_problems(policy, POLICY_MD.read_text(encoding="utf-8"))
    assert not problems, f"rulebook renderings drift, {listing(problems)}"


def test_policy_check_notices_a_missed_rendering() -> None:
    policy = json.loads(POLICY_JSON.read_text(encoding="utf-8"))
    prose = POLICY_MD.read_text(encoding="utf-8")
    assert any("TM-4" in p for p in policy_problems(policy, re.sub(r"\bTM-4\b", "TM-X", prose)))
    swapped = prose.replace("TM-3", "@@").replace("TM-4", "TM-3").replace("@@", "TM-4")
    assert any("first appear" in p for p in policy_problems(policy, swapped))
    edited = json.loads(json.dumps(policy))
    edited["rules"]["TM-4"]["verdict"] = EXPECTATION_GAP
    assert any("TM-4" in p for p in policy_problems(edited, prose))


def _kit_imports(tree: ast.AST) -> list[str]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if a.name == "kit" or a.name.startswith("kit.")]
        elif (
            isinstance(node, ast.ImportFrom)
            and node.module
            and (node.module == "kit" or node.module.startswith("kit."))
        ):
            found.append(node.module)
    return found


def test_the_gate_imports_nothing_from_kit() -> None:
    tree = ast.parse(Path(__file__).read_text(encoding="utf-8"))
    assert _kit_imports(tree) == [], "the label gate must not import the library it checks"
    assert _kit_imports(ast.parse("import kit.policy\nfrom kit import citation")) == ["kit.policy", "kit"]


def test_loading_the_gate_pulls_in_no_kit_module() -> None:
    """Indirect imports too: load this file in a fresh interpreter and look at sys.modules."""
    probe = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('label_gate_probe', {str(Path(__file__))!r})\n"
        "module = importlib.util.module_from_spec(spec)\n"
        "spec.loader.exec_module(module)\n"
        "print(sorted(m for m in sys.modules if m == 'kit' or m.startswith('kit.')))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd="/", check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]", f"kit modules loaded by the gate: {done.stdout.strip()}"


# --- The gate's own parts, on small known inputs ---------------------------------------------


def test_own_day_counter_holds_both_clock_edges() -> None:
    assert count_midnights("2026-06-10 23:50", "2026-06-12", None) == (2, None)
    assert count_midnights("2026-06-10 01:00", "2026-06-11", None) == (1, None)
    assert count_midnights("2026-12-31 12:00", "2027-01-02", None) == (2, None)
    assert count_midnights("2026-06-10 12:00", None, 3) == (3, None)
    assert count_midnights("2026-06-10 12:00", None, None) == (None, None)
    assert count_midnights("2026-06-10 12:00", "2026-06-09", None)[0] is None
    assert count_midnights("2026-06-10 12:00", "2026-06-12", 2)[0] is None
    assert count_midnights("2026-06-10 12:00", None, True)[0] is None


def test_own_rule_table_first_match_wins() -> None:
    assert apply_rules(ABSENT, 5) == (ORDER_GAP, "TM-1")
    assert apply_rules(AMBIGUOUS, None) == (ORDER_GAP, "TM-2")
    assert apply_rules(PRESENT, None) == (EXPECTATION_GAP, "TM-3")
    assert apply_rules(PRESENT, 1) == (NOT_MET, "TM-4")
    assert apply_rules(PRESENT, 0) == (NOT_MET, "TM-4")
    assert apply_rules(PRESENT, 2) == (SUPPORTED, "TM-5")


def test_own_normaliser_and_span_finder() -> None:
    raw = "A \u201cquoted\u201d\u00a0line \u2014 it\u2019s\n\n  here\t\tnow "
    assert normalise(raw) == 'A "quoted" line - it\'s here now'
    assert find_spans(normalise(raw), "it\u2019s  here") == [(18, 27)]
    assert find_spans("aaa", "aa") == [(0, 2), (1, 3)]
    assert find_spans("abc", "  ") == []


# --- Proof that the gate bites: damage a copy of the real corpus, watch the check name it ------


def _damaged_copy(tmp_path: Path) -> Path:
    if not (CORPUS_DIR / "gold.jsonl").is_file():
        pytest.fail(f"the real corpus is not there yet: no gold.jsonl in {CORPUS_DIR}", pytrace=False)
    target = tmp_path / "corpus"
    shutil.copytree(CORPUS_DIR, target)
    return target


def _edit_gold(folder: Path, edit) -> None:
    path = folder / "gold.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    edit(rows)
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")


def _edit_records(folder: Path, edit) -> None:
    path = folder / "records.json"
    rows = json.loads(path.read_text(encoding="utf-8"))
    edit(rows)
    path.write_text(json.dumps(rows, indent=2), encoding="utf-8")


def _new_problems_for(check: str, before: dict, after: dict, rid: str) -> list[str]:
    fresh = set(after[check]) - set(before[check])
    return [p for p in fresh if p.startswith(f"{rid}:")]


def _bite(tmp_path: Path, edit_gold=None, edit_records=None) -> tuple[dict, dict]:
    folder = _damaged_copy(tmp_path)
    before = run_all_checks(load_corpus(folder))
    if edit_gold:
        _edit_gold(folder, edit_gold)
    if edit_records:
        _edit_records(folder, edit_records)
    return before, run_all_checks(load_corpus(folder))


def test_gate_bites_on_a_flipped_verdict(tmp_path: Path) -> None:
    def flip(rows):
        row = rows[0]
        row["support"] = NOT_MET if row["support"] != NOT_MET else SUPPORTED
        flip.rid = row["id"]

    before, after = _bite(tmp_path, edit_gold=flip)
    assert _new_problems_for("support_and_rule", before, after, flip.rid), after["support_and_rule"]


def test_gate_bites_on_a_shifted_span(tmp_path: Path) -> None:
    def shift(rows):
        row = rows[1]
        cited = next(r for r in row["elements"] if r["span"] is not None)
        cited["span"] = [cited["span"][0] + 3, cited["span"][1] + 3]
        shift.rid = row["id"]

    before, after = _bite(tmp_path, edit_gold=shift)
    assert _new_problems_for("spans", before, after, shift.rid), after["spans"]


def test_gate_bites_on_a_dropped_row(tmp_path: Path) -> None:
    def drop(rows):
        del rows[2]["elements"][2]
        drop.rid = rows[2]["id"]

    before, after = _bite(tmp_path, edit_gold=drop)
    assert _new_problems_for("rows", before, after, drop.rid), after["rows"]


def test_gate_bites_on_a_moved_admission(tmp_path: Path) -> None:
    """Move the admission of a record whose stay is a date a day earlier: the facts block and the
    midnight count both disagree now."""
    folder = _damaged_copy(tmp_path)
    keys = _by_id(load_corpus(folder)["gold"])

    def move(rows):
        for row in rows:
            stay = _rows(keys.get(row["id"], {})).get(STAY, {})
            if stay.get("expected_discharge") is not None:
                day, clock = row["admitted_at"].split(" ")
                row["admitted_at"] = f"{date.fromordinal(date.fromisoformat(day).toordinal() - 1)} {clock}"
                move.rid = row["id"]
                return
        pytest.fail("no record with an expected discharge date to move")

    before = run_all_checks(load_corpus(folder))
    _edit_records(folder, move)
    after = run_all_checks(load_corpus(folder))
    assert _new_problems_for("records_agree", before, after, move.rid), after["records_agree"]
    assert _new_problems_for("midnights", before, after, move.rid), after["midnights"]
