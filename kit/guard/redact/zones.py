"""Recall first where identifiers live. The pattern table (kit.guard.redact.patterns) replaces what it
recognises; here the places a chart keeps identifiers are read the other way round, Philter's way:
what is not known to be safe is replaced. This module gathers the zone finders' spans for one record:

- the ENCOUNTER FACTS values (kit.guard.redact.fields) and each word, number or phrase a value gave up,
  wherever it is written again after the block;
- prose mentions of the patient's people, home, work and contacts (kit.guard.redact.mentions), and each
  of their words that is not safe wherever it is written again;
- everywhere: identifier-shaped tokens (kit.guard.redact.shapes), ages over 89 (kit.guard.redact.ages),
  place names from the gazetteer (kit.guard.redact.places), a capitalised street ("Main Street"), a
  street in any case after a word that says an address follows ("old addr 1403 n 52nd st"), and a
  numbered road after a word that puts something on it ("struck on US-491").

What it refuses to do: it never touches the record's own six fields, its title line or its id, except
the Facility line's words that name a place or echo the patient's facts ("Hillcrest University Hospital"
for a patient living in Hillcrest); it replaces nothing itself (kit.guard.redact.core does).
"""

from __future__ import annotations

import functools
import re

from kit.guard.redact import ages, fields, lexicon, mentions, patterns, places, shapes
from kit.guard.redact.facts import block_end
from kit.guard.redact.patterns import UPPER_LETTER
from kit.guard.redact.runs import MIXED_CODE, WORD, whispered
from kit.guard.redact.spans import LABELLED, ZONE, Person, Span
from kit.rules import record

_STREET = re.compile(
    r"(?<![\w])(?:\d{1,6}[A-Za-z]?[ \t]+)?(?:(?:N|S|E|W|NE|NW|SE|SW|N\.[EW]\.|S\.[EW]\.)\.?[ \t]+)?"
    r"(?:(?:[A-Z][\w'’.-]*|\d{1,4}(?:st|nd|rd|th))[ \t]+){1,3}"
    r"(?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Drive|Dr|Boulevard|Blvd|Way|Court|Ct|Place|Pl|Terrace|Ter|Highway|Hwy|Parkway|Pkwy|Circle|Cir|Trail|Square|Sq|"
    r"Crescent|Close|Row|Alley|Pike|Loop|Run|Walk)\b"
    r"|(?<![\w])\d{1,6}[ \t]+(?:(?:N|S|E|W|NE|NW|SE|SW|N\.[EW]\.|S\.[EW]\.)[ \t]+)?\d{1,4}[ \t]+"
    r"(?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Drive|Dr|Boulevard|Blvd|Way|Court|Ct|Place|Pl|Terrace|Ter)\b"
    rf"|(?<![\w])(?:\d{{1,6}}[ \t]+)?(?:Via|Viale|Corso|Piazza|Largo|Allée|Impasse|Plaza|Travessa|"
    rf"(?i:calle|avenida|avda\.|rue|camino|chemin|paseo|carrera|rua|callej[oó]n))[ \t]+"
    rf"(?:(?i:de|del|de la|de las|de los|des|du|de l'|d'|di|della|dos|das|do)[ \t]+)?"
    rf"{UPPER_LETTER}[\w'’.-]*(?:[ \t]+[A-Za-z][\w'’.-]*){{0,2}}"
    r"|(?<![\w])(?:\d{1,6}[A-Za-z]?[ \t]+)?[A-Z][\w'’-]*(?i:stra(?:ss|ß)e|gasse|allee|platz|weg)\b"
    r"(?:[ \t]+\d{1,5}[a-z]?\b)?"  # "Lindenstraße 12"
    r"|(?<![\w])(?:Route|Rte\.?|Highway|Hwy\.?|State (?:Road|Route|Highway)|County (?:Road|Rd\.?)|"
    r"Co\.? Rd\.?|FM|Farm(?: to Market)? Road|Ranch Road|Interstate|Exit|(?i:mile marker))"
    r"[ \t-]?\d{1,4}[A-Z]?\b"
    # "Route 9", "Exit 317": a road or a point on it
    r"|(?<![\w])Rt\.?[ \t]?\d{1,4},?(?=[ \t]+[A-Z][a-z])"  # "Rt 1 Caney Fork", not "Rt 2 cm" (right)
    r"|(?<![\w.#-])(?:(?!(?:The|This|That|Our|Each|Every|Any)\b)"
    r"[A-Z][^\W\d_]*(?:['’-][^\W\d_]+)*\.?[ \t]+){1,3}"
    r"(?:County|Parish|Borough|Township|Twp\.?)(?![\w])"  # "Queens County": a unit smaller than a state
    r"|(?i:\b(?:RR|R\.R\.|rural route|Rt\.?|Rte\.?|HC|P\.?\s?O\.?)[ \t]*\d*[ \t]*,?[ \t]*"
    r"(?:box|bx\.?)[ \t]+\d+)"
    r"|(?<=[,;] )(?:Rm|Room|Apt|Unit|Suite|Ste)\.?[ \t]*#?[ \t]*\d{1,5}(?:-?[A-Z])?\b"  # ", Rm 118-B"
    r"|(?<=[A-Z][a-z] )(?:Hall|House|Manor|Lodge|Tower|Court)[ \t]+(?:Rm|Room|#)[ \t]*\d{1,5}\b"
)

# A numbered road written by its system's short code after a word that puts something on it ("struck on
# US-491", "lives off SR 87", "eastbound I-40", "off NM-264"): a place smaller than a state. Without such
# a word the code may be clinical ("I-131", "CA-125"); two capitals the clinical lexicon knows, before a
# hyphen, are not taken as a state's code.
_ON_ROAD = re.compile(
    r"(?i:\b(?:on|off|along|via|near|onto|took|take|taking|crossing|past|[nsew]b|(?:north|south|east|west)bound)"
    r"\b)[ \t]+(?P<v>(?:US|I|SR|SH|CR|(?P<state>[A-Z]{2})(?=-))[ \t-]?\d{1,4})(?![\w%-]|\.\d)"
    r"(?![ \t]?(?i:mg|mcg|ml|units?)\b)"
)
# A street in any case after a word that says an address follows ("old addr 1403 n 52nd st phila",
# "lives at 9 willow ct"): the house number, a direction, up to three words and a street type, then the
# words of a town after it that are not safe words.
_TYPES = "|".join(sorted(patterns.STREET_TYPES, key=len, reverse=True))
_CUED_STREET = re.compile(
    r"(?i:\b(?:addr(?:ess)?|lives at|living at|moved (?:from|to)|resides at|home at)\b\.?)[ \t:#-]*"
    rf"(?P<v>\d{{1,6}}[A-Za-z]?[ \t]+(?:(?i:[nsew]|n[ew]|s[ew])\.?[ \t]+)?(?:[^\W_][\w'’.-]*[ \t]+){{1,3}}"
    rf"(?i:{_TYPES})\b\.?)"
)
_TOWN_WORD = re.compile(r",?[ \t]+([^\W\d_][\w'’-]*)")


def _cued_streets(text: str, start: int) -> list[Span]:
    """Each street after an address cue, with the town words after it that are no safe words."""
    found = []
    for match in _CUED_STREET.finditer(text, start):
        end = match.end("v")
        while (town := _TOWN_WORD.match(text, end)) and not lexicon.safe(town.group(1)):
            end = town.end()
        street = match.group("v")
        found.append(Span(match.start("v"), end, "ADDRESS", patterns.identity("ADDRESS", street), ZONE))
    return found


# The unit of a residence written right before or after a place: part of the address ("Lot 14,
# Whispering Pines Mobile Home Park", "Camp 4, Cabin 11", "58 Elm Terrace, 2nd floor", "trailer 14-B").
_UNIT_WORD = (
    r"(?i:rm|room|apt|apartment|unit|suite|ste|cabin|lot|trailer|space|site|camp|bldg|building|flat|#)"
)
_UNIT_NUMBER = r"[ \t]*#?[ \t]*(?:\d{1,5}(?:-?[A-Z])?|[A-Z]-?\d{1,4})\b"
_UNIT_AFTER = re.compile(
    rf"[ \t,]+(?:{_UNIT_WORD}\.?{_UNIT_NUMBER}|\d{{1,2}}(?:st|nd|rd|th)[ \t]+(?i:floor|fl\b\.?))"
)
_UNIT_BEFORE = re.compile(rf"(?<![\w-]){_UNIT_WORD}\.?{_UNIT_NUMBER}[ \t]*,?[ \t]+\Z")
_NUMBER_AFTER = re.compile(rf"\.?{_UNIT_NUMBER}")  # the place ends with its unit word
_ENDS_WITH_UNIT = re.compile(rf"\b{_UNIT_WORD}$")
_HOUSED = frozenset({"ADDRESS", "PLACE", "NAME"})  # a named residence or camp is found as a name


def _with_units(text: str, span: Span) -> Span:
    """The span with the units written right before and after it, each in turn ("Camp 4, Cabin 11")."""
    start, end = span.start, span.end
    while True:
        ends_with_unit = _ENDS_WITH_UNIT.search(text[start:end])
        after = (_NUMBER_AFTER if ends_with_unit else _UNIT_AFTER).match(text, end)
        before = _UNIT_BEFORE.search(text, max(0, start - 24), start)
        if not after and not before:
            return Span(start, end, span.kind, span.key, span.rank)
        end = after.end() if after else end
        start = before.start() if before else start


_ALNUM = re.compile(r"[^\W_]+")


def _key(phrase: str) -> str:
    """A phrase's identity whatever its case, spaces and punctuation (a code's whatever its spacing)."""
    if MIXED_CODE.fullmatch(squeezed := re.sub(r"[ .-]", "", phrase)):
        return squeezed.lower()
    return " ".join(_ALNUM.findall(phrase)).lower() if " " in phrase.strip() else phrase.lower()


@functools.lru_cache(maxsize=8)
def _echo_pattern(given: tuple[tuple[str, str], ...]) -> tuple[re.Pattern[str] | None, dict[str, str]]:
    """One pattern for every word, number or phrase a record's facts gave up, and each one's kind (made
    once per record: the prose after the block and the Facility line ask for the same)."""
    kinds: dict[str, str] = {}
    alternatives: list[str] = []
    for kind, word in dict.fromkeys(given):
        key = _key(word)
        if key in kinds:
            continue
        kinds[key] = kind
        if lexicon.english(word) and " " not in word:  # "ABRAHAM" is found as "Abraham" too, not "abraham"
            alternatives += [re.escape(word[:1].upper() + word[1:].lower()), re.escape(word.upper())]
        elif MIXED_CODE.fullmatch(word):  # a code of letters and digits, spaced or not: "AB 44102 Z"
            alternatives.append("(?i:" + "[ .-]?".join(map(re.escape, word)) + ")")
        elif " " in word:  # a phrase in any case and punctuation: "Carr 901 km 4.2" for "Carr. 901 Km 4.2"
            alternatives.append("(?i:" + r"[^\w\n]{1,3}".join(map(re.escape, _ALNUM.findall(word))) + ")")
        else:
            alternatives.append("(?i:" + re.escape(word) + ")")
    if not alternatives:
        return None, kinds
    return re.compile(rf"(?<![\w])(?:{'|'.join(sorted(alternatives, key=len, reverse=True))})(?![\w])"), kinds


def _echo_spans(
    text: str, given: tuple[tuple[str, str], ...], start: int, end: int | None = None
) -> list[Span]:
    """Every word, number or phrase a facts value gave up, written again between `start` and `end` (an
    English word only where it is capitalised as it was)."""
    pattern, kinds = _echo_pattern(given)
    if pattern is None:
        return []
    found = []
    for match in pattern.finditer(text, start, len(text) if end is None else end):
        key = _key(match.group())
        kind = kinds.get(key, "NAME")
        found.append(Span(match.start(), match.end(), kind, (kind, key), ZONE))
    return found + _whispered_echoes(text, given, start, end)


def _whispered_echoes(
    text: str, given: tuple[tuple[str, str], ...], start: int, end: int | None
) -> list[Span]:
    """A name that is also an English word ("Jesse", "Rosa"), found again in lower case on a line that
    capitalises nothing ("advised no - jesse picking up"); a common English word is not looked for."""
    kinds = {_key(word): kind for kind, word in given if " " not in word and lexicon.english(word)
             and not lexicon.safe(word)}  # fmt: skip
    if not kinds:
        return []
    written = "|".join(map(re.escape, sorted(kinds, key=len, reverse=True)))
    pattern = re.compile(rf"(?<![\w'’-])(?i:{written})(?![\w'’-])")
    found = []
    for line in re.finditer(r"[^\n]+", text[: len(text) if end is None else end]):
        if line.end() > start and whispered(line.group()):
            found += [Span(line.start() + m.start(), line.start() + m.end(), kinds[_key(m.group())],
                           (kinds[_key(m.group())], _key(m.group())), ZONE)
                      for m in pattern.finditer(line.group())]  # fmt: skip
    return found


# The kinds of prose span whose words name a person, a firm or a place wherever they stand again.
_REMEMBERED = frozenset({"NAME", "RELATIVE", "NICKNAME", "EMPLOYER", "ADDRESS"})
_PEOPLE = frozenset({"RELATIVE", "NICKNAME"})


def _remembered(text: str, spans: list[Span]) -> tuple[tuple[str, str], ...]:
    """Each capitalised word of a person, firm or place found in prose that is not a safe word, and of a
    relative or a nickname even when it is an English or a clinical word ("his wife June": found again
    only where it is capitalised): written again anywhere in the record ("Harlan drove her" after "her
    companion, Harlan Voss"), it is the same identifier, as a facts value's words are."""
    return tuple(
        (span.kind, word) for span in spans if span.kind in _REMEMBERED
        for word in WORD.findall(text[span.start : span.end])
        if len(word) > 2 and word[:1].isupper() and (span.kind in _PEOPLE or not lexicon.safe(word))
    )  # fmt: skip


def _record_id(text: str) -> str | None:
    match = re.search(r"^  Encounter\s{2,}(\S+)", text, re.MULTILINE)
    return match.group(1) if match else None

def people(text: str) -> list[Person]:
    """The people the facts fields name under a label that says so, whatever the label's words, and
    the names the record gives in quotes (each found again wherever it is written, in any case)."""
    named = fields.people(text)
    return named + [Person("NICKNAME", WORD.findall(n)) for n in dict.fromkeys(mentions.nicknames(text))]

def find(text: str, anchor: int) -> list[Span]:
    """Every zone span of the record (see the module docstring)."""
    facts_end = block_end(text)
    found, _, given = fields.facts_spans(text, anchor)
    spans = list(found)
    spans += [Span(m.start(), m.end(), "ADDRESS", patterns.identity("ADDRESS", m.group()), ZONE)
              for m in _STREET.finditer(text, facts_end)]
    spans += _cued_streets(text, facts_end)
    spans += [Span(m.start("v"), m.end("v"), "ADDRESS", patterns.identity("ADDRESS", m.group("v")), ZONE)
              for m in _ON_ROAD.finditer(text, facts_end) if not lexicon.clinical(m.group("state") or "")]
    prose = mentions.prose_spans(text)
    given += _remembered(text, prose)
    spans += prose + _echo_spans(text, given, facts_end)
    own = _record_id(text)
    title_end = text.find("\n")
    for start, end, kind in shapes.find(text):
        if text[start:end] != own and start > title_end:
            spans.append(Span(start, end, kind, (kind, text[start:end].upper()), ZONE))
    spans += [Span(a, b, ages.KIND, (ages.KIND, text[a:b].lower()), LABELLED) for a, b in ages.find(text)]
    spans += [Span(a, b, "PLACE", ("PLACE", lexicon.fold(text[a:b])), ZONE) for a, b in places.find(text)]
    spans += [housed for s in spans if s.kind in _HOUSED and (housed := _with_units(text, s)) != s]
    kept = _structural(text)
    spans = [s for s in spans if s.start > title_end and not any(a <= s.start < b for a, b in kept)]
    facility = re.search(r"^  Facility\s{2,}(\S.*)$", text, re.MULTILINE)  # a town in the hospital's name
    if facility:
        at = facility.start(1)
        spans += [Span(at + a, at + b, "PLACE", ("PLACE", lexicon.fold(text[at + a : at + b])), ZONE)
                  for a, b in places.find(facility.group(1))]
        spans += _echo_spans(text, given, at, facility.end(1))  # the patient's town in the hospital's name
    return spans

def _structural(text: str) -> list[tuple[int, int]]:
    """Where the record's own six fields are: never a zone."""
    return [(m.start(), m.end()) for m in re.finditer(r"^  (\S.*?)\s{2,}\S.*$", text, re.MULTILINE)
            if m.group(1) in record.FACT_LABELS]

