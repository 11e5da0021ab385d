"""Ages over 89, which HIPAA's Safe Harbor counts as an identifier: found wherever they are written
("94-year-old", "Age 92", "aged ninety-one", "96 yrs", "93F", "Sex / age  M / 97", "Age / sex  97 / F",
"noventa y cinco años", "95 años", "is 101 and lives with them", "who is 103", a bare number in the
clause a relation word opens ("husband Takeshi died at 101", "grandmother (91)", "friend Gudrun, also
94"), "his sister, herself 97", a name's ", 97," between commas or in brackets after it ("Marit (93)"),
an age in words with no cue, "(ninety-seven)", and the same age written again in digits in brackets after
it, "aged noventa y cuatro (94)")
so the redactor can write "90 or older" in their place. An age of 89 or less is left as written.

It only finds; the replacement text is the redactor's (kit.guard.redact.core).
"""

from __future__ import annotations

import re

from kit.guard.redact import lexicon
from kit.guard.redact.patterns import RELATIONS

OVER = 90  # the first age that is an identifier
REPLACEMENT = "90 or older"
KIND = "AGE"
_UNITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
_WORDED = (
    r"(?:ninety|(?:one |a )?hundred)(?:(?:[- ]|\s+and\s+)(?:one|two|three|four|five|six|seven|eight|nine))?"
)
# The same in Spanish, Portuguese, Italian and French ("noventa y cinco", "quatre-vingt-douze"): each
# of these words is 90 or more, so it is an age over 89 wherever "years" in that language follows it.
_ABROAD = (
    r"(?:noventa(?:[ \t]+[ye][ \t]+(?:un[oa]?|uma?|dos|dois|duas|tr[eê]s|cuatro|quatro|cinco|seis|siete|"
    r"sete|ocho|oito|nueve|nove))?|cien(?:to)?|cem|novant(?:a|uno|due|atr[eé]|aquattro|acinque|asei|asette|"
    r"otto|anove)|cento|quatre-vingt-(?:dix|onze|douze|treize|quatorze|quinze|seize|dix-sept|dix-huit|"
    r"dix-neuf)|cent)"
)
_YEARS_ABROAD = r"(?:años|anos|ans|anni|jahre)"
_NUMBER = rf"(?:1[0-2]\d|9\d|{_WORDED})"
_AFTER = (  # not "101 F"
    r"(?:[- ]?y/?o\b|[- ]?yo\b|[- ]?(?:years?|yrs?|y)\.?[- ]?(?:old|of age)?|-?(?:M|F)\b"
    rf"|[ \t]+{_YEARS_ABROAD}\b)"
)
_QUANTITIES = (
    r"minutes?|mins?|seconds?|secs?|hours?|hrs?|days?|weeks?|months?|percent|per[ \t]?cent|mg|mcg|g|kg|lbs?|"
    r"pounds?|ml|l|units?|times|miles?|feet|ft|yards?|met(?:er|re)s?|cm|mm|degrees?|beats|bpm|breaths|steps|"
    r"cigarettes|packs?|dollars|cents|people|patients|tablets|pills|doses|cc"
)
_BEFORE = r"(?i:\b(?:age[ds]?|aged|age:|sex\s*/\s*age[ \t]+[MF]\s*/|age\s*/\s*sex)\s*[:=]?\s*)"
_PATTERNS = (
    re.compile(rf"(?<![\w.]){_NUMBER}{_AFTER}(?![\w])", re.IGNORECASE),  # "94-year-old", "96 yrs", "93F"
    re.compile(rf"{_BEFORE}(?P<n>{_NUMBER}|{_ABROAD})(?!\w|\.\d)", re.IGNORECASE),  # "Age 92", "aged noventa"
    re.compile(r"(?i:\bin\s+(?:his|her|their)\s+)(?P<n>(?:late\s+|early\s+|mid-?)?(?:nineties|90s))\b"),
    # an age told by what a person will live to or is: "I aim to see 101", "make 104", "who is 93 herself"
    re.compile(rf"(?i:\b(?:turn(?:s|ed|ing)?|see|make|celebrat(?:e|es|ed|ing))\s+)(?P<n>{_NUMBER})(?![\w%/]|\.\d)"),
    re.compile(
        rf"(?i:\b(?:is|was)\s+)(?P<n>{_NUMBER})"
        r"(?=\s+(?:herself|himself|themselves|now|this year|and (?:still )?(?:lives|lived|resides))\b)"
    ),  # "her grandmother is 101 and lives with them"
    # a person said to be that old: "a sister, who is 103 and bed-bound" (a relative's bare number is
    # found by _relatives_ages)
    re.compile(rf"(?i:\bwho\s+(?:is|was)\s+)(?P<n>{_NUMBER})(?![\w%/]|\.\d)"),
    # a person's age after "herself": "the patient's sister, herself 97"
    re.compile(rf"(?i:\b(?:herself|himself|themselves)[ \t]+)(?P<n>{_NUMBER})(?![\w%/]|\.\d)"),
    # a person's age set off by commas after the name: "Shmuel Rosenzweig (Shmulik), 97, lives alone"
    re.compile(r"(?<=(?:[^\W\d_]|[)\]]),[ \t])(?P<n>1[0-2]\d|9\d)(?=,[ \t]+[^\W\d_])"),
    re.compile(rf"(?i:\b(?P<n>{_ABROAD})[ \t]+{_YEARS_ABROAD}\b)"),  # "noventa y cinco años"
    # an age in words needs no cue: "grandmother (ninety-seven)", "Mame Aïssatou, ninety-six, was ...";
    # a quantity in words names its unit ("ninety minutes", "a hundred mg")
    re.compile(rf"(?i:(?<![\w-])(?P<n>{_WORDED})(?![\w-])(?![ \t]+(?:{_QUANTITIES})\b))"),
)


def _value(number: str) -> int:
    words = number.lower().replace("-", " ").split()
    if words[0].isdigit():
        return int(words[0])
    if re.fullmatch(_ABROAD, number, re.IGNORECASE):
        return OVER
    if words[-1] in ("nineties", "90s"):
        return OVER
    base = 90 if words[0] == "ninety" else 100
    return base + _UNITS.get(words[-1], 0)


# A person's age in brackets right after the name ("his wife Marit (93)"), not after a clinical word
# ("SpO2 sat (94)", "Pulse (96)").
_NAMED = re.compile(r"(?<![\w'’-])(?P<word>[A-Z][a-z'’-]+)[ \t]+\((?P<n>1[0-2]\d|9\d)\)")


# A relation word, and the rest of its clause (to a full stop, semicolon, colon or line end).
_RELATION = re.compile(rf"(?i:\b(?:{RELATIONS})(?:-in-law)?s?\b)")
# A full stop ends it, not the dot of an initial or a title ("grandmother (E. Begay, 96)", "Mrs. Oddny").
_CLAUSE_END = re.compile(r"[;:\n]|(?<!\b[A-Z])(?<!\bM[rs])(?<!\bMrs)(?<!\bDr)(?<!\bSt)\.(?!\d)|$")
CLAUSE_REACH = 80  # characters after the relation word
NEAR_WORDS = 4  # words before the number that must be no clinical word or shorthand ("temp got up to 101")
# A bare whole number: not part of a longer number, a decimal, a ratio, a code or a measurement with its
# unit, and not the house number of a street name written after it ("at 104 Elm St").
_BARE = re.compile(
    rf"(?<![\w.,/#-])(?P<n>\d+)(?![\w%/°]|[.,]\d|[ \t]*(?i:{_QUANTITIES})\b|[ \t]+[A-Z0-9])"
)
_SET_OFF = re.compile(r"(?:[(,]|--?|–|—)[ \t]*\Z")  # "Marit (93)", "Gudrun, also 94", "sister -- 97"
_TAIL_WORD = re.compile(r"([^\W\d_]+)[ \t]*\Z")


def _relatives_ages(text: str) -> list[tuple[int, int]]:
    """A bare number from 90 to 129 in the clause a relation word opens, as a relative's age: "husband
    Takeshi died in 2019 at 101", "friend Gudrun Sether, also 94", "great-grandmother in home is 92".
    Never within four words of a clinical word or of shorthand ("daughter says his pulse was 96", "son:
    wt was 92"), and only straight after a lower-case English word or set off by a bracket, comma or
    dash (not "Na 129", "Apt 101")."""
    found = []
    for relation in _RELATION.finditer(text):
        end = _CLAUSE_END.search(text, relation.end())
        limit = min(end.start() if end else len(text), relation.end() + CLAUSE_REACH)
        for number in _BARE.finditer(text, relation.end(), limit):
            between = text[relation.end() : number.start()]
            near = re.findall(r"[^\W\d_]+", between)[-NEAR_WORDS:]
            if any(lexicon.clinical(word) or (word.islower() and not lexicon.english(word)) for word in near):
                continue
            tail = _TAIL_WORD.search(between)
            worded = tail is not None and tail.group(1).islower() and lexicon.english(tail.group(1))
            cued = worded or _SET_OFF.search(between)
            if cued and OVER <= int(number.group("n")) < 130:
                found.append(number.span("n"))
    return found


# The same age written again in digits in brackets right after it ("aged noventa y cuatro (94)").
_RESTATED = re.compile(r"[ \t]*\((?P<n>1[0-2]\d|9\d)\)")


# A number a scanner wrote with letters for digits ("AGE: 9O", "l02", "9S"): read as digits, the text
# as long. The capitals S and B only: "90s" is a decade, not 905.
_SCANNED = re.compile(r"(?<![\w.])(?=[OolISB]*\d)(?=\d*[OolISB])[\dOolISB]{2,3}(?![\w.])")
_AS_DIGITS = str.maketrans("OolISB", "001158")


def find(text: str) -> list[tuple[int, int]]:
    """(start, end) of every age over 89 in `text` (the number and the words that say it is an age), a
    number a scanner misread read as the digits it stands for."""
    text = _SCANNED.sub(lambda m: m.group().translate(_AS_DIGITS), text)
    found: set[tuple[int, int]] = {
        (m.start("n"), m.end("n")) for m in _NAMED.finditer(text) if not lexicon.clinical(m.group("word"))
    }
    found.update(_relatives_ages(text))
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            start = match.start("n") if "n" in pattern.groupindex else match.start()
            number = match.group("n") if "n" in pattern.groupindex else match.group()
            number = re.match(rf"(?:late\s+|early\s+|mid-?)?({_NUMBER}|{_ABROAD}|nineties|90s)", number, re.I)
            number = number.group(1) if number else "0"
            if _value(number) >= OVER:
                found.add((start, match.end()))
    found.update(again.span("n") for _, end in list(found) if (again := _RESTATED.match(text, end)))
    return sorted(found)
