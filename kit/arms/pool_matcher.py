"""The pool-matcher: a free arm that reads a record by matching its lines against the corpus
generator's own sentence pools (kit.corpus.pools), with the class each pool plants (kit.corpus.plan).

What it is for: an upper bound on what knowledge of the templates alone scores on the shipped corpus.
Anybody holding the pools holds the key: every planted line is one template filled in, so a full match
names the element, its class, the line to cite and the stay's value. It is shown apart from the
answering arms, beside the floor, so a reader told the floor's figure also sees how much of the shipped
corpus a template-aware reader gets.

What it refuses to do: it is no answering arm and no baseline to beat; on a corpus not written from the
pools (records you bring) it measures nothing, so its figures are n/a there (NOT_APPLICABLE). It never
reads the gold key, never reads a line that is not a full match of a template, and the verdict comes
from kit.rules.recheck as the floor's does. The floor never imports this module or the pools.
"""

from __future__ import annotations

import re
from datetime import datetime
from string import Formatter

from kit.corpus import plan, pools
from kit.rules import Answer, ElementAnswer, Problem, elements, recheck, record

NAME = "pool-matcher"
WHY = "pool-matcher: record lines matched against the generator's sentence pools"
LABEL = (
    "upper bound, not an answering arm: what knowing the generator's sentence pools alone scores on the "
    "shipped corpus (anybody holding the pools holds the key; n/a on records you bring)"
)
NOT_APPLICABLE = (
    "the pool-matcher knows only the shipped corpus's sentence pools; records not written from them "
    "give it nothing to match, so it bounds nothing here"
)

# What each placeholder of a template may stand for (str.format names, kit.corpus.pools' docstring).
_SLOTS = {
    "date": r"(?P<date>\d{4}-\d{2}-\d{2})",
    "date_long": r"(?P<date_long>\d{1,2} [A-Z][a-z]+ \d{4})",
    "nights": r"(?P<nights>\d+)",
    "nights_word": r"(?P<nights_word>[a-z]+)",
    "service": "(?:" + "|".join(re.escape(s) for s in pools.SERVICE_LINES) + ")",
    "role": "(?:" + "|".join(re.escape(r) for r in pools.ADMITTING_ROLES) + ")",
}
_ANY = r".+?"
_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")

# (pool, element, class), in the order a match is preferred within one element.
ORDER_POOLS = (
    (pools.INPATIENT_ORDER, plan.ORDER_CLASS["inpatient"]),
    (pools.VERBAL_UNAUTHENTICATED, plan.ORDER_CLASS["verbal"]),
    (pools.OBSERVATION_ORDER, plan.ORDER_CLASS["observation"]),
    (pools.STATUS_BLANK_ORDER, plan.ORDER_CLASS["status_blank"]),
)
NOTE_POOLS = ((pools.NOTE_INTENT, plan.ORDER_CLASS["note_intent"]),)
STAY_POOLS = (
    (pools.STAY_DATE, plan.STAY_CLASS["date"]),
    (pools.STAY_NIGHTS, plan.STAY_CLASS["nights"]),
    (pools.STAY_VAGUE, plan.STAY_CLASS["vague"]),
    (pools.DECOY_PLANNER, plan.STAY_CLASS["decoy_planner"]),
    (pools.DECOY_PREVIOUS, plan.STAY_CLASS["decoy_previous"]),
    (pools.DECOY_CONDITIONAL, plan.STAY_CLASS["decoy_conditional"]),
)
COMORBIDITY_POOLS = (
    (pools.COMORBIDITY_NAMED, plan.EVIDENCE_CLASS["named"]),
    (pools.COMORBIDITY_VAGUE, plan.EVIDENCE_CLASS["vague"]),
)
SERVICE_POOLS = (
    (pools.SERVICES_NAMED, plan.EVIDENCE_CLASS["named"]),
    (pools.SERVICES_VAGUE, plan.EVIDENCE_CLASS["vague"]),
)


def template_pattern(template: str) -> re.Pattern[str]:
    """A template as a pattern that matches exactly the lines it can fill in, the value slots named."""
    parts = []
    for literal, name, _, _ in Formatter().parse(template):
        parts.append(re.escape(literal))
        if name is not None:
            parts.append(_SLOTS.get(name, _ANY))
    return re.compile("".join(parts))


def _compiled(table: tuple) -> list[tuple[re.Pattern[str], str]]:
    return [(template_pattern(t), klass) for pool, klass in table for t in pool]


_ORDERS, _NOTES, _STAYS = _compiled(ORDER_POOLS), _compiled(NOTE_POOLS), _compiled(STAY_POOLS)
_COMORBIDITIES, _SERVICES = _compiled(COMORBIDITY_POOLS), _compiled(SERVICE_POOLS)


Hit = tuple[str, str, re.Match[str]]  # the class, the unit to cite, the template's match


def _match(units: list[tuple[str, str]], table: list[tuple[re.Pattern[str], str]]) -> Hit | None:
    """The first (pattern order, then record order) unit whose text a template matches in full:
    (class, the unit to cite, the match), or None."""
    for pattern, klass in table:
        for text, cited in units:
            found = pattern.fullmatch(text)
            if found:
                return klass, cited, found
    return None


def _stay_value(found: re.Match[str]) -> tuple[str | None, int | None]:
    slots = found.groupdict()
    if slots.get("date"):
        return slots["date"], None
    if slots.get("date_long"):
        return datetime.strptime(slots["date_long"], "%d %B %Y").date().isoformat(), None
    if slots.get("nights"):
        return None, int(slots["nights"])
    if slots.get("nights_word") in _NUMBER_WORDS:
        return None, _NUMBER_WORDS.index(slots["nights_word"])
    return None, None


def _row(element: str, hit: Hit | None, valued: bool = False) -> ElementAnswer:
    if hit is None:
        return ElementAnswer(element, elements.word(element, elements.ABSENT))
    klass, cited, found = hit
    discharge, nights = _stay_value(found) if valued and klass == elements.PRESENT else (None, None)
    return ElementAnswer(element, elements.word(element, klass), cited, discharge, nights)


def answer(record_text: str, admitted_at: str) -> Answer:
    """The pool-matcher's answer for one record: per element the best-matching template's class and
    line, and the verdict re-derived by kit.rules.recheck from those rows."""
    try:
        bodies = record.sections(record_text)
    except (record.RecordFormatError, AttributeError) as err:
        return Answer(why=WHY, problems=[Problem("record", f"cannot read the record: {err}")])
    dated = {
        heading: [(record.dated_text(line), line) for line in record.dated_lines(bodies[heading])]
        for heading in (record.ORDERS, record.SERVICES, record.REVIEW)
    }
    prose = [(s, s) for s in record.sentences(bodies[record.DOCUMENTATION])]
    hits = {
        elements.ADMITTING_ORDER: _match(dated[record.ORDERS], _ORDERS) or _match(prose, _NOTES),
        elements.STAY_EXPECTATION: _match(prose, _STAYS) or _match(dated[record.REVIEW], _STAYS),
        elements.COMORBIDITIES: _match(prose, _COMORBIDITIES),
        elements.SERVICES_DELIVERED: _match(dated[record.SERVICES], _SERVICES),
    }
    rows = {e: _row(e, hits[e], valued=e == elements.STAY_EXPECTATION) for e in elements.ELEMENTS}
    result = Answer(rows, why=WHY)
    checked = recheck(result, admitted_at)
    result.support = checked.verdict
    result.why = f"{WHY} ({checked.rule})"
    result.problems.extend(checked.problems)
    return result
