"""Ages over 89, which HIPAA's Safe Harbor counts as an identifier: found wherever they are written
("94-year-old", "Age 92", "aged ninety-one", "96 yrs", "93F", "Sex / age  M / 97") so the redactor can
write "90 or older" in their place. An age of 89 or less is left as written.

It only finds; the replacement text is the redactor's (kit.guard.redact.core).
"""

from __future__ import annotations

import re

OVER = 90  # the first age that is an identifier
REPLACEMENT = "90 or older"
KIND = "AGE"
_UNITS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9}
_WORDED = (
    r"(?:ninety|(?:one |a )?hundred)(?:(?:[- ]|\s+and\s+)(?:one|two|three|four|five|six|seven|eight|nine))?"
)
_NUMBER = rf"(?:1[0-2]\d|9\d|{_WORDED})"
_AFTER = r"(?:[- ]?y/?o\b|[- ]?yo\b|[- ]?(?:years?|yrs?|y)\.?[- ]?(?:old|of age)?|-?(?:M|F)\b)"  # not "101 F"
_BEFORE = r"(?i:\b(?:age[ds]?|aged|age:|sex\s*/\s*age[ \t]+[MF]\s*/)\s*[:=]?\s*)"
_PATTERNS = (
    re.compile(rf"(?<![\w.]){_NUMBER}{_AFTER}(?![\w])", re.IGNORECASE),  # "94-year-old", "96 yrs", "93F"
    re.compile(rf"{_BEFORE}(?P<n>{_NUMBER})(?![\w.])", re.IGNORECASE),  # "Age 92", "aged ninety-one"
    re.compile(r"(?i:\bin\s+(?:his|her|their)\s+)(?P<n>(?:late\s+|early\s+|mid-?)?(?:nineties|90s))\b"),
    # an age told by what a person will live to or is: "I aim to see 101", "make 104", "who is 93 herself"
    re.compile(rf"(?i:\b(?:turn(?:s|ed|ing)?|see|make|celebrat(?:e|es|ed|ing))\s+)(?P<n>{_NUMBER})(?![\w%/]|\.\d)"),
    re.compile(rf"(?i:\b(?:is|was)\s+)(?P<n>{_NUMBER})(?=\s+(?:herself|himself|themselves|now|this year)\b)"),
)


def _value(number: str) -> int:
    words = number.lower().replace("-", " ").split()
    if words[0].isdigit():
        return int(words[0])
    if words[-1] in ("nineties", "90s"):
        return OVER
    base = 90 if words[0] == "ninety" else 100
    return base + _UNITS.get(words[-1], 0)


def find(text: str) -> list[tuple[int, int]]:
    """(start, end) of every age over 89 in `text` (the number and the words that say it is an age)."""
    found: set[tuple[int, int]] = set()
    for pattern in _PATTERNS:
        for match in pattern.finditer(text):
            start = match.start("n") if "n" in pattern.groupindex else match.start()
            number = match.group("n") if "n" in pattern.groupindex else match.group()
            number = re.match(rf"(?:late\s+|early\s+|mid-?)?({_NUMBER}|nineties|90s)", number, re.IGNORECASE)
            number = number.group(1) if number else "0"
            if _value(number) >= OVER:
                found.add((start, match.end()))
    return sorted(found)
