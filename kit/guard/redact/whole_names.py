"""A name found as an identifier is completed to the whole run of capitalised words it is written in: a
person's given name in front of a surname found elsewhere ("Wendell Obi-Marsh", the sentence's first
word), a firm's words after a place found in it ("Seoul Garden Dry Cleaners", "Haakenson Bros. Grain"),
a plate's code after its state ("Texas R47 2KT"), the rest of its token ("TM-118"), a person's name in
its own script in brackets after it ("Soon-ja Park (박순자)"), the other name a person goes by written
in brackets beside the name ("Jaden (JC)", "JC (Jaden)", "Robert (Bobby)") wherever it is written, the
number closing a firm's name ("School District 112,", "ISD 166 for 38 years"), the words after a
body's word and "on" or "for" ("Area Agency on Aging"), the word before a lower-case joiner ("Teach an
Mhuilinn"), and the town a firm or place is said to be in ("Bayview Smiles Dental in Gig Harbor"). A
run of capitalised words names one thing; when one of its words identifies the patient, the rest goes
with it.

It adds a longer candidate beside the one found (kit.guard.redact.core keeps the longest). It never
extends a number, a date or an age, never takes a courtesy or clinical title in front ("Mrs.", "Dr."),
never takes a word the clinical lexicon knows, never takes a sentence's first word when that word is
safe English ("Her", "The", "Lives"), and leaves sentences written in capitals alone (capitals there say
nothing about names) and the record's own Facility line.
"""

from __future__ import annotations

import re

from kit.guard.redact import lexicon
from kit.guard.redact.patterns import BODY_WORDS, PARTICLES, SUFFIXES, TITLES
from kit.guard.redact.runs import DATE_STAMP, shouted
from kit.guard.redact.spans import PEOPLE, Span

PLACED = frozenset({"NAME", "EMPLOYER", "ADDRESS", "PLACE"})  # what may have a town written after it
COMPLETED = frozenset({"NAME", "PATIENT", "RELATIVE", "NICKNAME", "EMPLOYER", "ADDRESS", "PLACE"})
# A capitalised word (with the abbreviations a firm's name goes on after), or a code in capitals and digits.
_WORD = (
    r"(?:[A-Z][^\W\d_]*(?:['’-][^\W\d_]+)*(?:(?<=Bros|Corp|Assn|Intl)\.)?"
    r"|(?=[A-Z]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{2,8}"
    r"|\d{1,3}(?:st|nd|rd|th))"  # an ordinal inside a place's name: "3rd Cross", "2nd Stage"
)
_AFTER = re.compile(rf"[ \t]+(?:(?:of|de|del|la|&)[ \t]+)?({_WORD})(?![\w'’-]|[ \t]*:)")  # "ZIP:" is a label
# After a body's own word, "on" and "for" go on naming it ("Area Agency on Aging", "Center for Independent
# Living"); after any other word they start a clause ("Maria Lopez on Monday").
_BODY_AFTER = re.compile(rf"[ \t]+(?:on|for|upon)[ \t]+({_WORD})(?![\w'’-]|[ \t]*:)")
_ATTACHED = re.compile(r"(?:[-/#][A-Za-z0-9]+)+(?![\w-])")  # "TM-118": the rest of the token
# The town a firm or a place is in, written after it ("Bayview Smiles Dental in Gig Harbor").
_LOCATED = re.compile(rf"[ \t]+(?:in|of|near|outside)[ \t]+({_WORD}(?:[ \t]+{_WORD}){{0,2}})(?![\w'’-])")
# The word before a run, with a joiner in lower case between them ("Teach an Mhuilinn", "Bank of").
_JOINERS = "|".join(sorted(PARTICLES | {"of", "an", "&"}, key=len, reverse=True))
_BEFORE = re.compile(rf"(?<![\w'’.-])({_WORD})[ \t]+(?:(?:{_JOINERS})[ \t]+)?\Z")
# The number of one to four digits, or two groups joined by a hyphen ("40-112"), that closes a firm's
# name of two words or more, or a code with a hyphen ("FCF-T 2207"), before a comma, a bracket, a
# sentence's end, the line's end or a word in lower case that goes on with the sentence, not a unit
# ("Pine Hollow School District 112,", "Tool and Die Local 612 (card ...", "Cook County ISD 166 for 38
# years"; not "Harlow Plant 3 years"): part of its name (see _closes: four digits after a word in title
# case are a time of day).
_CLOSING_NUMBER = re.compile(
    r"[ \t]+(?:#[ \t]?)?(?:\d{1,4}|\d{1,4}-\d{2,4})(?=[,;)\]]|[ \t]+\(|\.(?:[ \t]|$)|[ \t]*$"
    r"|[ \t]+(?:for|since|until|till|from|in|at|as|and|where|when|before|after|then)\b)",
    re.MULTILINE,
)
NUMBERED = frozenset({"NAME", "EMPLOYER"})
TITLED_DIGITS = 3  # after a word in title case a closing number has at most this many digits
# A person's name in its own script in brackets after the name ("Soon-ja Park (박순자)").
_NATIVE = re.compile(r"[ \t]*\((?P<n>[^\W\d_]+(?:[ \t][^\W\d_]+){0,3})(?=[);,])")  # "(박민지; English ...")
LATIN_END = 0x24F  # the last letter of the Latin blocks: a name in brackets past it is in another script
# A person's other name in brackets right after the name, or the name in brackets right after it: a
# capitalised word no lexicon knows as safe ("Bobby"), or two or three capitals, their initials, that
# open with the name's letter ("JC" for Jaden). A role in brackets ("(POA)", "(Sr.)") is no other name.
_ALIAS = r"[A-Z][^\W\d_]+|[A-Z]{2,3}"
_ALIAS_AFTER = re.compile(rf"[ \t]*\((?P<a>{_ALIAS})\)")
_ALIAS_BEFORE = re.compile(rf"(?<![\w'’.-])(?P<a>{_ALIAS})[ \t]*\((?=[^()\n]*\Z)")
_STAMP = re.compile(rf"[ \t]*{DATE_STAMP}")
_FACILITY = re.compile(r"^  Facility[ \t]{2,}.*$", re.MULTILINE)
REACH = 40  # characters looked at before a span


def _takes(word: str, first: bool) -> bool:
    """Whether the run's word goes with the name: not a title, not clinical, not a safe first word or
    a safe word in capitals."""
    if word.rstrip(".") in TITLES or lexicon.clinical(word):
        return False
    return not ((first or word.isupper()) and lexicon.safe(word))  # "KRELL AT BEDSIDE": not "AT"


def _alias(word: str, name: str) -> bool:
    """Whether a word written in brackets beside a person's name is another name they go by."""
    if word.isupper():
        return word[0] == name[:1] and not lexicon.english(word)
    return not (lexicon.safe(word) or word in TITLES or word.lower() in SUFFIXES)


def _bracketed(text: str, span: Span) -> list[str]:
    """The other names written in brackets right after the name, or right before the name in brackets."""
    line_start, line_end = _line(text, span.start)
    name = text[span.start : span.end]
    after = _ALIAS_AFTER.match(text, span.end, line_end)
    before = _ALIAS_BEFORE.search(text, max(line_start, span.start - REACH), span.start)
    if not (before and text.startswith(")", span.end)):
        before = None
    found = [m.group("a") for m in (after, before) if m and _alias(m.group("a"), name)]
    also = found and re.fullmatch(_ALIAS, name) and not lexicon.safe(name)  # "Bobby" of "Robert (Bobby)"
    return found + [name] if also else found


def aliases(text: str, spans: list[Span]) -> list[Span]:
    """Each other name a person goes by, given in brackets beside their name, and a one-word name it is
    given beside, wherever the record writes them as they are written there ("JC (Jaden)" and later "JC
    was seen")."""
    owners: dict[str, Span] = {}
    for span in sorted(spans, key=lambda s: (s.rank, s.start)):
        if span.kind in PEOPLE and span.day is None:
            for alias in _bracketed(text, span):
                owners.setdefault(alias, span)
    if not owners:
        return []
    written = "|".join(map(re.escape, sorted(owners, key=len, reverse=True)))
    pattern = re.compile(rf"(?<![\w'’-])(?:{written})(?![\w'’-])")
    return [Span(m.start(), m.end(), owners[m.group()].kind, owners[m.group()].key, owners[m.group()].rank)
            for m in pattern.finditer(text)]  # fmt: skip


def _next_word(text: str, end: int, line_end: int) -> re.Match[str] | None:
    """The next word of a run: right after it, or after "on"/"for" when the run ends with a body's word."""
    after = _AFTER.match(text, end, line_end)
    if after is None and text[:end].split()[-1].lower() in BODY_WORDS:
        after = _BODY_AFTER.match(text, end, line_end)
    return after


def _closes(word: str, number: str) -> bool:
    """Whether a number closes the name its word ends: after a word in title case ("Local 612"), or after
    a code in capitals when the number has three digits or more ("OR KDW 221", a plate's "NN GOV
    40-112"); never after a clinical word ("MELD-Na 28", "DOL 6")."""
    if lexicon.clinical(word):
        return False
    digits = sum(c.isdigit() for c in number)
    if re.fullmatch(r"[A-Z][a-z]+", word):
        return digits <= TITLED_DIGITS or "-" in number  # "Local 612"; "Ward 1400" is a time
    code = re.fullmatch(r"[A-Z]{2,4}(?:-[A-Z0-9]{1,3})?", word) and not lexicon.english(word)
    return bool(code) and digits >= 3  # "OR KDW 221", "FCF-T 2207"


def _first(written_before: str) -> bool:
    """Whether a word after this much of its line opens a sentence."""
    before = written_before.rstrip(" \t")
    return not before or before.endswith((".", "!", "?", ":", ";", "—", '"', "“", "(", "--")) or bool(
        _STAMP.fullmatch(before)
    )


def _line(text: str, at: int) -> tuple[int, int]:
    start = text.rfind("\n", 0, at) + 1
    end = text.find("\n", at)
    return start, len(text) if end < 0 else end


def completed(text: str, spans: list[Span]) -> list[Span]:
    """A longer candidate for each name, firm or place span written inside a longer capitalised run."""
    facility = _FACILITY.search(text)
    found = []
    for span in spans:
        if span.kind not in COMPLETED or span.day is not None:
            continue
        if facility and facility.start() <= span.start < facility.end():
            continue
        line_start, line_end = _line(text, span.start)
        if shouted(text[line_start:line_end]):
            continue
        start, end = span.start, span.end
        while (after := _next_word(text, end, line_end)) and _takes(after.group(1), False):
            end = after.end()
        if attached := _ATTACHED.match(text, end, line_end):
            end = attached.end()
        native = _NATIVE.match(text, end, line_end) if span.kind in PEOPLE else None
        if native and all(ord(c) > LATIN_END for c in native.group("n") if c.isalpha()):
            found.append(Span(native.start("n"), native.end("n"), span.kind, span.key, span.rank))
        closing = _CLOSING_NUMBER.match(text, end, line_end) if span.kind in NUMBERED else None
        named = text[start:end].split()
        if closing and (len(named) > 1 or "-" in named[-1]) and _closes(named[-1], closing.group()):
            end = closing.end()
        located = _LOCATED.match(text, end, line_end) if span.kind in PLACED else None
        if located and all(_takes(w, False) for w in located.group(1).split()):
            end = located.end()
        while before := _BEFORE.search(text, max(line_start, start - REACH), start):
            if not _takes(before.group(1), _first(text[line_start : before.start()])):
                break
            start = before.start()
        if (start, end) != (span.start, span.end):
            found.append(Span(start, end, span.kind, span.key, span.rank))
    return found
