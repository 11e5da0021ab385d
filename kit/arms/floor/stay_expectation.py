"""The floor's reading of the stay expectation: whose statement a length is (the practitioner's, a
planner's, an earlier stay's, a condition's) and whether it is only a gesture, and the reader that
picks the one sentence or review line the finding rests on.

The date or night count itself is read by kit.arms.floor.values. A length found only in the review
notes is never the practitioner's, so it is never documented.
"""

from __future__ import annotations

import re
from datetime import date

from kit.arms.floor.reading import Reading
from kit.arms.floor.values import (
    EXPECT_WORDS,
    ISO_DATE,
    NIGHT_COUNT,
    NIGHT_HABIT,
    NIGHT_RANGE,
    NUMBER,
    STAY_WORDS,
    admission_date,
    extract_value,
)
from kit.rules import elements, record

_I = re.IGNORECASE

# Someone other than the admitting practitioner owns the date: discharge planners, case managers,
# social workers, bed managers, utilization reviewers, payers, the patient's own hopes.
OTHER_OWNER = re.compile(
    r"\bdischarge (?:planner|planning|coordinator|team|liaison)\b|\bcase manage\w*"
    r"|\bcare (?:manage\w*|coordinat\w*)"
    r"|\bsocial work\w*|\bbed (?:manage\w*|office|bureau)\b|\bpatient flow\b|\butili[sz]ation\b|\breviewer\b"
    r"|\bpayer\b|\binsurer\b|\bnurse navigator\b|\btransitions? (?:of care )?(?:nurse|team)\b"
    r"|\b(?:patient|family|relatives?) (?:hopes?|wish(?:es)?|would like|wants?|asked)\b|\bhopes? to\b"
    r"|\baccording to (?:the )?(?:planner|ward|nursing|family)\b",
    _I,
)

# The length belongs to an earlier encounter: "last admission", "previous stay", "prior encounter".
PREVIOUS = re.compile(
    r"\b(?:previous|prior|last|earlier|former|preceding|index)\b[^.;]{0,25}"
    r"\b(?:admission|stay|encounter|visit|episode|hospitali[sz]ation|time)\b"
    r"|\bpreviously\b|\blast (?:year|month|time)\b|\bin the past\b|\bhistorically\b",
    _I,
)

# The length is conditional on something that has not happened yet.
CONDITIONAL = re.compile(
    r"\bif\b|\bshould (?:the|he|she|they|it|there|cultures|imaging|results)\b|\bonce\b|\bdepend\w*\b"
    r"|\bpending\b|\bprovided (?:that )?\b|\bassuming\b|\bunless\b|\bcontingent\b|\bsubject to\b"
    r"|\bas long as\b|\bwhether\b|\bin the event\b|\bawait\w*\b|\bwhen (?:the )?\w+ (?:confirm|return|come)",
    _I,
)

# A length gestured at without a date or a number of nights, in words that are about the stay itself.
VAGUE_STAY = re.compile(
    r"\b(?:short|brief|quick|extended|prolonged|longer|long|lengthy|protracted)\s+"
    r"(?:inpatient |hospital )?(?:stay|admission|hospitali[sz]ation)\b"
    r"|\blength of stay\b[^.;]{0,30}\b(?:uncertain|unclear|unknown|undetermined|to be determined|TBD|open)\b"
    r"|\b(?:uncertain|unclear|difficult to (?:predict|say|estimate)|too early to say) (?:how long|when)\b",
    _I,
)

# Generic durations that are a gesture at the stay only when tied to it by a stay word.
VAGUE_DURATION = re.compile(
    r"\b(?:a few|a couple of|several|some|a number of|few|many) (?:more |further )?(?:days|nights|weeks)\b"
    r"|\ba (?:day|night) or two\b|\bnext (?:day or two|few days)\b|\bovernight\b|\bin due course\b"
    rf"|\b(?:{NUMBER})(?:\s*(?:-|to)\s*\w+)? (?:days|weeks)\b"
    r"|\bsoon\b|\bshortly\b|\bwhen (?:medically )?(?:fit|stable|ready)\b",
    _I,
)

# A date for after the stay (clinic follow-up, outpatient appointment) is not a discharge date.
FOLLOW_UP = re.compile(
    r"\bfollow[- ]?up\b|\bclinic\b|\bappointment\b|\boutpatient\b|\breturn visit\b|\brecheck\b"
    r"|\b(?:repeat|review|seen) (?:again )?(?:in|on) (?:the )?(?:clinic|\d{4}-)",
    _I,
)


def _stay_candidate(text: str, admitted: date | None, own_section: bool) -> Reading | None:
    """A sentence's stay reading, or None when it says nothing about the length of this stay."""
    tied = bool(STAY_WORDS.search(text) or (EXPECT_WORDS.search(text) and not FOLLOW_UP.search(text)))
    has_date = bool(ISO_DATE.search(text)) and tied
    has_nights = (
        bool(NIGHT_COUNT.search(text) or NIGHT_RANGE.search(text)) and not NIGHT_HABIT.search(text) and tied
    )
    if has_date or has_nights:
        discharge, nights = extract_value(text, admitted)
        foreign = OTHER_OWNER.search(text) or PREVIOUS.search(text) or CONDITIONAL.search(text)
        if own_section and not foreign and (discharge is not None or nights is not None):
            return Reading(elements.PRESENT, text, discharge, nights)
        return Reading(elements.AMBIGUOUS, text)
    if VAGUE_STAY.search(text):
        return Reading(elements.AMBIGUOUS, text)
    if VAGUE_DURATION.search(text) and STAY_WORDS.search(text):
        return Reading(elements.AMBIGUOUS, text)
    return None


def read(bodies: dict[str, str], admitted_at: str) -> Reading:
    """The stay expectation: the practitioner's own sentence with a value, else the first gesture at a
    length (theirs or a review line's), else ABSENT."""
    admitted = admission_date(admitted_at)
    ambiguous: Reading | None = None
    for sentence in record.sentences(bodies[record.DOCUMENTATION]):
        reading = _stay_candidate(sentence, admitted, own_section=True)
        if reading is None:
            continue
        if reading.klass == elements.PRESENT:
            return reading
        if ambiguous is None:
            ambiguous = reading
    if ambiguous is not None:
        return ambiguous
    # Review notes are written by reviewers and planners: a length there is never the practitioner's.
    for line in record.dated_lines(bodies[record.REVIEW]):
        if _stay_candidate(record.dated_text(line), admitted, own_section=False) is not None:
            return Reading(elements.AMBIGUOUS, line)
    return Reading(elements.ABSENT)
