"""Identifiers a record names outside its labelled fields: people named in prose by their relation to
the patient ("seen with her relative Chidinma Okonkwo", "lives with her lodger Kiki Schulten"), a
nickname the patient field gives in quotes, the employer ("works as a clerk at Ortmann AG"), and
phone numbers in any format, found by Google's libphonenumber (the `phonenumbers` package) rather
than a hand table.

Why not a named-entity model: spaCy's English pipelines are published outside PyPI, and the
re-uploads on PyPI are unofficial; the kit installs from PyPI alone and runs offline, so names in
prose are found by the relation or employment word in front of them. A person named in prose with
no such word ("Pieter rang") is found only when the record names that person in a field or behind a
title (kit.guard.redact.finder). This module only finds; it replaces nothing.
"""

from __future__ import annotations

import re

import phonenumbers

from kit.guard.redact import dates, lexicon
from kit.guard.redact.facts import label_word
from kit.guard.redact.patterns import (
    LOWER_SURNAME,
    NAME_WORD,
    NOT_SURNAMES,
    PARTICLES,
    RELATIONS,
    TITLES,
    UPPER_LETTER,
)
from kit.guard.redact.runs import DATE_STAMP

_PARTICLES = rf"(?:(?i:{'|'.join(sorted(PARTICLES, key=len, reverse=True))})[ \t]+)*"
RELATED = re.compile(  # "her daughter Tanja petek, ...": a lower-case surname closing the name
    rf"\b(?i:{RELATIONS})\b,?[ \t]+(?:\(?[ \t]*)"
    rf"((?:{NAME_WORD})(?:[ \t]+(?:{UPPER_LETTER}\.[ \t]+)?{_PARTICLES}{NAME_WORD}){{0,2}}"
    rf"(?:[ \t]+(?!(?:{'|'.join(sorted(NOT_SURNAMES))})\b){LOWER_SURNAME}(?=[ \t]*(?:[,;(]|\band\b|$)))?)"
)
NICKNAME = re.compile(rf"[\"“]({NAME_WORD})[\"”]")
EMPLOYED = re.compile(
    r"\b(?:(?i:works?|working|worked|employed|employment|drives?|drove|driving|contracted|retired|"
    r"hired|volunteers?|volunteered)\b[^.;\n]{0,40}?\b(?i:at|for|by|with|through|from|via)(?:[ \t]+the)?"
    r"|(?i:employer)[ \t]*[:,]?)"
    r"[ \t]+"
)
_JOINERS = frozenset({"and", "und", "et", "e", "y", "og", "och", "i", "a", "of", "&", "van", "der", "den",
                      "de", "del", "la", "le", "da", "do", "dos", "das", "di", "von"})
# A firm's legal form written after its name: dotted initials ("d.d.", "s.r.o.") or the usual suffixes.
_LEGAL_FORM = re.compile(  # lower case only as dotted initials: "as", "ab" are English words
    r"(?!e\.g\.|i\.e\.)(?:[a-z]\.){2,3}|GmbH|Ltd\.?|LLC|Inc\.?|plc|AG|S\.?A\.?|B\.?V\.?|N\.?V\.?|Oy|AB|AS|ApS|Kft\.?|Zrt\.?|Tbk"
    r"|S\.?r\.?l\.?|S\.?p\.?A\.?|S\.?L\.?"
)
# Abbreviations a firm's name goes on after ("Zieliński Bros. Masonry").
_FIRM_ABBREVIATIONS = frozenset({"bros", "co", "corp", "assoc", "mfg", "intl", "svcs", "dept", "st", "mt"})
_TOKEN = re.compile(r"\(?[^\s,;:()]+\)?|,")  # a word in brackets is one token: "Hidayat (Persero) Tbk"
PHONE_REGIONS = ("US", "GB", "FR", "DE")  # national formats read; an international number in any
MIN_PHONE_DIGITS = 9
# A shorter number (six to eight digits: "752 41 38", Luxembourg's "95 44 01") is a phone only with a
# word that says so just before it: context words, as Presidio's recognisers use them.
CONTEXT_PHONE_DIGITS = 6
_PHONE_CONTEXT = re.compile(
    r"(?i:\b(?:reachable|call|ring|phone|telephone|tel|mobile|cell|contact|text|number|landline)\b"
    r"[^.;\n\d]{0,16})$"
)
# Numbers libphonenumber would take that are charting: a series of values ("glucose 142 / 188 / 201 /
# 166", two slashes or more), a drug's National Drug Code ("NDC 0409-4888-02") and a range of vital
# signs after its name ("BP 104-146/62-88").
_NOT_A_PHONE = re.compile(r"(?i:\b(?:NDC|BP|SBP|DBP|MAP|HR|RR|pulse|glucose|BG)\b)[\s#:]*$")
CLOCK = re.compile(r"(?:[01]\d|2[0-3])[0-5]\d")  # a time of day written the military way
_SHORT_NUMBER = re.compile(r"(?<![\w.:/+-])\d[\d .-]{4,10}\d(?![\w.:/-])")


def related(text: str) -> list[tuple[str, str]]:
    """(name, "RELATIVE") for everyone named after a relation word; a field's label word is never the
    lower-case surname that closes a name ("Husband Winston's phone (803) ..."), a title is never a
    name ("son Mr. Park"), and clinical words alone (a language, "per son, Korean age 98") name no one."""
    found = []
    for match in RELATED.finditer(text):
        words = match.group(1).split()
        while len(words) > 1 and words[-1].islower() and label_word(words[-1]):
            words.pop()
        while words and words[0].rstrip(".") in TITLES:  # "son Mr. Park Min-ho": the title is no name
            words.pop(0)
        if words and not all(map(lexicon.clinical, words)):  # "per son, Korean age 98": a language
            found.append((" ".join(words), "RELATIVE"))
    return found


def nicknames(value: str) -> list[str]:
    """A name in quotes inside a field's value: the name the person goes by."""
    return NICKNAME.findall(value)


def _legal_form(token: str) -> bool:
    bare = token.rstrip(".")
    return bool(_LEGAL_FORM.fullmatch(bare) or _LEGAL_FORM.fullmatch(bare + "."))


def _firm(tokens: list[str]) -> str:
    """The firm's name at the start of `tokens`: capitalised words, joined by commas, "&", "and",
    particles; after a word with a full stop only a suffix in capitals goes on ("Co. KGaA"). A name
    written in lower case counts only with a legal form right after it ("žagar d.d.")."""
    if tokens and tokens[0][:1].islower() and len(tokens) > 1 and _legal_form(tokens[1]):
        return f"{tokens[0]} {tokens[1]}".rstrip(".")
    taken: list[str] = []
    for token in tokens:
        word = token.strip("()").rstrip(".")
        abbreviated = taken and taken[-1].rstrip(".").lower() in _FIRM_ABBREVIATIONS
        if taken and taken[-1].endswith(".") and sum(c.isupper() for c in word) < 2 and not abbreviated:
            break
        if word[:1].isupper() or word.lower() in _JOINERS or token == ",":
            taken.append(token)
            continue
        break
    while taken and (taken[-1] == "," or taken[-1].rstrip(".") in _JOINERS):
        taken.pop()
    name = " ".join(taken).replace(" ,", ",")
    return name.rstrip(".")


def employers(text: str) -> list[str]:
    """The employer's name after "works ... at", "employed by", "employer:"."""
    found = []
    for match in EMPLOYED.finditer(text):
        line_end = text.find("\n", match.end())
        name = _firm(_TOKEN.findall(text[match.end() : line_end if line_end >= 0 else len(text)]))
        clinical = all(map(lexicon.clinical, re.findall(r"[^\W\d_]+", name)))  # "works with PT"
        if (any(c.isupper() for c in name) and not clinical) or (name and _legal_form(name.split()[-1])):
            found.append(name)
    return found


def times_of_day(value: str) -> bool:
    """A run of times of day written the military way ("0800 1200 1700"), not a phone number."""
    groups = re.findall(r"\d+", value)
    return len(groups) > 1 and all(CLOCK.fullmatch(group) for group in groups)


# Digits written close together, nine or more: only a line holding such a run can hold a phone number
# the matcher would keep (MIN_PHONE_DIGITS), so libphonenumber, the redactor's slowest step, reads no other.
_LONG_NUMBER = re.compile(r"\d(?:\D{0,3}\d){8}")
_LINE_STAMP = re.compile(rf"^[ \t]*{DATE_STAMP}[ \t]")  # a dated line's own stamp


def _lines_with_long_numbers(text: str) -> list[tuple[int, str]]:
    """(offset, line) of each line holding nine digits within a few characters of each other, its own
    date stamp aside."""
    found, at = [], 0
    for line in text.split("\n"):
        if _LONG_NUMBER.search(_LINE_STAMP.sub("", line)):
            found.append((at, line))
        at += len(line) + 1
    return found


def phones(text: str) -> list[tuple[int, int, str]]:
    """(start, end, text) of every number libphonenumber finds that could be a phone number in one of
    PHONE_REGIONS' national formats (an international one in any); nine digits or more (so never a
    blood pressure or a dose), never a date or a run of times of day; and a six- to eight-digit number
    right after a word that says it is one ("reachable on 752 41 38")."""
    found = {}
    possible = phonenumbers.Leniency.POSSIBLE
    matches = ((at, m) for at, line in _lines_with_long_numbers(text) for region in PHONE_REGIONS
               for m in phonenumbers.PhoneNumberMatcher(line, region, leniency=possible))
    for at, match in matches:
        raw, start = match.raw_string, at + match.start
        clinical = (
            raw.count("/") > 1 or _NOT_A_PHONE.search(text[max(0, start - 12) : start])
            or times_of_day(raw)
        )
        if len(re.sub(r"\D", "", raw)) >= MIN_PHONE_DIGITS and not dates.find(raw, 2000) and not clinical:
            found[(start, at + match.end)] = raw
    for short in _SHORT_NUMBER.finditer(text):
        digits = len(re.sub(r"\D", "", short.group()))
        before = text[max(0, short.start() - 30) : short.start()]
        if CONTEXT_PHONE_DIGITS <= digits < MIN_PHONE_DIGITS and _PHONE_CONTEXT.search(before):
            found.setdefault((short.start(), short.end()), short.group())
    return [(start, end, raw) for (start, end), raw in sorted(found.items())]
