"""A device's serial is redacted with the make and model written right before it: in "ICD (Medtronic
serial PZK4012)", "CGM (Dexcom G7 transmitter ID 8RN4QK)" or "Azure XT DR SN RNB2271", the words
between the bracket or comma and the serial's cue go with the serial. A device identifier, as the
FDA's unique device identification writes it, names the labeller and the model as well as the lot and
serial, and a rare model beside its serial narrows who carries it as much as the number does.

The cue is a word a serial is written after ("serial", "SN", "S/N", "asset", "lot", "ref", "UDI", and
"ID" after a word in lower case that names no person's number: "transmitter ID", not "member ID"); the
make and model are one to four capitalised words or codes written one space apart in front of it,
stopping at a bracket, a comma or a sentence's start. It adds a longer candidate beside the serial's
span (kit.guard.redact.core keeps the longest); it never takes the kind of device the clinical lexicon
knows in capitals ("ICD", "PICC", "CPAP"), a sentence's first word when that word is safe English
("Her"), a safe word in capitals, or anything before a number that is a date, an age, an address or a
person.
"""

from __future__ import annotations

import re

from kit.guard.redact import lexicon, shapes
from kit.guard.redact.spans import PEOPLE, Span

_NOT_SERIALS = frozenset({"DATE", "DOB", "AGE", "ADDRESS"}) | PEOPLE
# The cue, one or two of its words ("LOT REF", "serial no."), and what separates it from the serial.
_CUE = re.compile(
    r"(?<![\w/-])(?:(?i:serial|S/N|SN|ser|asset|lot|ref|UDI)|(?P<part>[a-z]{3,})[ \t]+ID)\b\.?"
    r"(?:[ \t]+(?i:no\b\.?|number|tag|lot|ref)\b)?[ \t]*[:#]?[ \t]*"
)
# A word of the make or model, one space before what follows it: a capitalised word or code
# ("Medtronic", "CADD-Solis", "G7", "XT"), a code opening with its digits ("5FR"), or a model's number
# after its name ("AirSense 11"; a number alone is no make).
_MAKE_WORD = re.compile(
    r"(?<![\w'’.:/-])([A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*|\d+[A-Z][A-Za-z0-9]*|\d{1,3}) \Z"
)
MAKE_WORDS = 4  # words of a make and model, at most
REACH = 60  # characters looked at before a cue


def _opens_sentence(before: str) -> bool:
    before = before.rstrip(" \t")
    return not before or before.endswith((".", "!", "?", ":", ";"))


def _takes(word: str, first: bool) -> bool:
    """Whether a word goes with the serial as part of its make or model."""
    if word.isupper() and (lexicon.clinical(word) or lexicon.safe(word)):
        return False  # the kind of device ("ICD", "PICC"), or a word in capitals ("PT HAS")
    return not lexicon.function_word(word) and not (first and lexicon.safe(word))


def _make_start(text: str, at: int) -> int:
    """Where the make and model written right before `at` begin (`at` when none is)."""
    line_start = text.rfind("\n", 0, at) + 1
    start = made = at
    for _ in range(MAKE_WORDS):
        word = _MAKE_WORD.search(text, max(line_start, start - REACH), start)
        if not word or not _takes(word.group(1), _opens_sentence(text[line_start : word.start()])):
            break
        start = word.start()
        made = made if word.group(1).isdigit() else start
    return made


def _names_a_person(part: str | None) -> bool:
    return bool(part) and shapes.CUE.search(f"{part} ") is not None  # "member ID" is a person's number


def completed(text: str, spans: list[Span]) -> list[Span]:
    """A longer candidate for each serial written after a cue with its make and model before it."""
    serials = [s for s in spans if s.kind not in _NOT_SERIALS and s.day is None]
    if not serials:
        return []
    found = []
    for cue in _CUE.finditer(text):
        if _names_a_person(cue.group("part")):
            continue
        serial = next((s for s in serials if s.start <= cue.end() < s.end), None)
        start = _make_start(text, cue.start()) if serial else cue.start()
        if serial and start < cue.start():
            found.append(Span(start, serial.end, serial.kind, serial.key, serial.rank))
    return found
