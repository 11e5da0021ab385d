"""The ENCOUNTER FACTS values read for the redactor, Philter's way: what is not known to be safe goes.
Every field but the record's own six (kit.rules.record.FACT_LABELS), under any label: a person's field
is replaced whole, whatever its case, commas, quotes or brackets (its numbers left to their own finders,
so a phone keeps its identity), and its name words are given up to be found again; a value under a
label on the safe list (kit/data/safe_labels.txt: age, sex, language, allergies ...) keeps only its
safe words (kit.guard.redact.lexicon) and loses every number of three digits or more, every
identifier-shaped token and every run of two capitalised words or more that is not clinical; any other
value, under any other label or none, is replaced whole (its dates are still shifted and an age over 89
still generalised): an allowlist of labels, not a list of identifiers. Each word or number a value gave
up is returned too, to be found again elsewhere, and so is a name in quotes inside any value ("JJ") and
each capitalised word of an address even where it is an English word ("Saguaro", found again only
capitalised).

What it refuses to do: it reads no line outside the facts block and never the record's own six fields;
it replaces nothing itself (kit.guard.redact.core does).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

from kit.guard.redact import ages, dates, lexicon, patterns, shapes
from kit.guard.redact.facts import LABEL, PERSON_KINDS, SAFE, facts_values, label_cue, label_word
from kit.guard.redact.patterns import PARTICLES, RELATIONS, TITLES
from kit.guard.redact.runs import JOINERS, MIXED_CODE, QUOTED, STOP, WORD, capitalised_runs
from kit.guard.redact.spans import LABELLED, ZONE, Person, Span

_AGE_CUE = re.compile(r"(?i:\bage[ds]?[ \t]*[:=]?[ \t]*)\Z")  # "(age 93)": the cue stays with its age


def _protected(value: str, anchor: int) -> list[tuple[int, int]]:
    """Dates and ages inside a value (an age with the word "age" in front of it): shifted or generalised
    by their own finders, not blanked."""
    aged = [(cue.start() if (cue := _AGE_CUE.search(value, 0, a)) else a, b) for a, b in ages.find(value)]
    return [(f.start, f.end) for f in dates.find(value, anchor)] + aged

def _cut(start: int, end: int, holes: list[tuple[int, int]]) -> Iterator[tuple[int, int]]:
    """[start, end) without the holes, each piece trimmed of spaces and punctuation at its edges."""
    cursor = start
    for a, b in sorted(holes):
        if b <= cursor or a >= end:
            continue
        yield cursor, a
        cursor = max(cursor, b)
    yield cursor, end

def _trimmed(text: str, start: int, end: int) -> tuple[int, int] | None:
    piece = text[start:end]
    left = len(piece) - len(piece.lstrip(" \t,;:/()[]-–—."))
    right = len(piece.rstrip(" \t,;:/()[]-–—"))
    if right <= left or not re.search(r"\w", piece[left:right]):
        return None
    return start + left, start + right

def _closed(text: str, start: int, end: int) -> int:
    """The end of a piece with the bracket it opened: "(son" goes as "(son)"."""
    opened = text.count("(", start, end) - text.count(")", start, end)
    return end + 1 if opened > 0 and text[end : end + 1] == ")" else end

def _identity(kind: str, value: str) -> tuple[str, str]:
    """The key an address, phone or number shares with its other spellings (kit.guard.redact.patterns)."""
    family = patterns.FAMILY.get(kind, kind)
    return patterns.identity(kind, value) if family in patterns.IDENTITY else (kind, value.lower())

# A name written surname first, its given names after one comma (a nickname in quotes among them), and
# nothing else before a bracket.
_INVERTED = re.compile(r"[ \t]*[^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*)?,[ \t]*[^\W\d_][\w'’-]*"
                       r"(?:[ \t]+[\"“”']?[^\W\d_][\w'’.-]*[\"“”']?){0,3}[ \t]*(?=\(|$)")
# The unit of an address ("Rm 312", "#B-304", "Suite 14"), looked for again under any unit word.
_UNIT = re.compile(r"(?i:\b(?:rm|room|unit|suite|ste|apt|apartment|flat|cabin|bldg|lot)\b\.?|#)[ \t]*#?[ \t]*"
                   r"(?P<n>\d{1,5}(?:-?[A-Z])?|[A-Z]-?\d{1,5})(?![\w-])")
# One or two words of letters in quotes inside a value, whatever their length or case ("JJ", "Bo"): the
# name the person goes by.
_NAME_WORDS = re.compile(r"[^\W\d_]{2,}(?:[ \t][^\W\d_]{2,})?")
# A part of a value that is a street: a house number, one to three words, a street type ("12 mill race rd").
_HOUSE_STREET = re.compile(
    r"[ \t]*\d{1,6}[A-Za-z]?[ \t]+((?:[^\W\d_][\w'’.-]*[ \t]+){1,3})([^\W\d_]+)\.?[ \t]*"
)
PART_DIGITS = 3  # a part of a value between commas, with words and this many digits, is found again
INITIALLED_WORDS = 3  # a firm's name of this many capitalised words is also written by its initials
_ADDRESSED = re.compile(r"\S*@\S*|\S*://\S*|\bwww\.\S*")
_BRACKETED_WORD = re.compile(r"(?<=[(\s])[A-Z][\w'’-]+(?=[^()]*\))")
_NUMBER_TOKEN = re.compile(r"[^\s,;()]*\d[^\s,;()]*")  # a phone or a number in a person's field: its own
_SHAPE_MARK = re.compile(r"[\d@._:]")  # no identifier shape is written without one of these
_ENGLISH_JOINERS = frozenset({"of", "the", "and", "&", "'s", "st", "st."})
UNIT_WORDS = ("Rm", "Room", "Unit", "Suite", "Ste", "Apt", "Apartment", "Flat", "Cabin", "Lot", "#")


def _name_head(value: str) -> int:
    """Where the name at the start of a person's field ends: at its first comma, semicolon or bracket,
    or after the given names of "boudreaux, destiny m"; a word in lower case before it is a name too."""
    inverted = _INVERTED.match(value)
    return inverted.end() if inverted else re.search(r"[,;(]|$", value).start()  # type: ignore[union-attr]

def _streets(piece: str) -> list[str]:
    """Each street a value names, without its house number and under both spellings of its type ("mill
    race rd" and "mill race road" for "12 mill race rd"): written again in prose, it is that address."""
    found = []
    for part in re.split(r",[ \t]*", piece):
        street = _HOUSE_STREET.fullmatch(part)
        kind = street.group(2).lower() if street else ""
        if street and kind in patterns.STREET_TYPES and len(re.sub(r"\W", "", street.group(1))) >= 4:
            long = patterns.STREET_SHORT.get(kind, kind)
            short = next((k for k, v in patterns.STREET_SHORT.items() if v == long), long)
            found += [f"{street.group(1).strip()} {form}" for form in dict.fromkeys((short, long))]
    return found


def _initials(name: str) -> list[str]:
    """A firm's initials in capitals, from a name of three capitalised words or more ("Ruby Valley Ranch
    Cooperative" is "RVRC"), when they are no clinical or English word."""
    runs = [[w for w in run if w.lower() not in JOINERS] for _, _, run in capitalised_runs(name)]
    shorts = ["".join(w[0] for w in run).upper() for run in runs if len(run) >= INITIALLED_WORDS]
    return [s for s in shorts if not (lexicon.clinical(s) or lexicon.english(s))]


def _unsafe_words(value: str, person: bool) -> list[tuple[int, int]]:
    """Offsets of the words of a value that must go: in a person's field every name word (relation words
    and titles stay; before its first comma or bracket a word in lower case too, "ana-lucía ferreira da
    silva"), else every word or number that is not safe."""
    out = []
    head = _name_head(value)
    for match in re.finditer(r"[^\s,;()/]+", value):
        token = match.group().strip(".:")
        words = WORD.findall(token)
        if not token or (not words and not re.search(r"\d", token)):
            continue
        if person:  # a lower-case English word is not a name: "(wife), same address"
            keep = all(re.fullmatch(RELATIONS, w.lower()) or w.rstrip(".") in TITLES or w.lower() in STOP
                       or (w.islower() and lexicon.english(w) and match.start() >= head) for w in words
                       ) and not re.search(r"\d", token)
        else:  # a number of three digits or more goes: "(928)", "x 220"; "M/56" stays
            shaped = re.search(r"\d{3}", token) or (_SHAPE_MARK.search(token) and shapes.find(token))
            keep = all(len(w) == 1 or lexicon.safe(w) for w in words) and not shaped
        if not keep:
            out.append((match.start(), match.end()))
    return out

def _join(spans: list[tuple[int, int]], text: str) -> list[tuple[int, int]]:
    """Overlapping spans, and neighbouring ones when only a space, commas, hyphens or dots stand between
    them (two spaces or more part two fields), joined into one."""
    joined: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        last = joined[-1] if joined else None
        if last and (start <= last[1] or re.fullmatch(r"[,.\-'’]*[ \t]?[,.\-'’]*", text[last[1] : start])):
            joined[-1] = (last[0], max(last[1], end))
        else:
            joined.append((start, end))
    return joined

Read = tuple[tuple[Span, ...], tuple[Person, ...], tuple[tuple[str, str], ...]]


@functools.lru_cache(maxsize=16)
def facts_spans(text: str, anchor: int) -> Read:
    """Spans for the facts zone, the people its fields name, and (kind, word) for every word or number a
    value gave up, to be found again elsewhere (read once per text: the finder and the gate both ask)."""
    spans: list[Span] = []
    people: list[Person] = []
    given: list[tuple[str, str]] = []
    values = facts_values(text)
    for index, field in enumerate(values):
        holes = _protected(field.value, anchor)
        person, label, safe = field.kind in PERSON_KINDS, field.kind == LABEL, field.kind == SAFE
        if not (person or label or safe):  # any other field: the whole value, dates and ages aside
            pieces = [p for a, b in _cut(0, len(field.value), holes) if (p := _trimmed(field.value, a, b))]
        else:
            words = [(a, b) for a, b in _unsafe_words(field.value, person)
                     if not any(a < y and x < b for x, y in holes)]
            if label:  # its own cue words stay ("addr", "ph"); a name in its brackets goes: "HR fax (Beacon)"
                words = [(a, b) for a, b in words if not label_cue(field.value[a:b])]
                words += [(m.start(), m.end()) for m in _BRACKETED_WORD.finditer(field.value)
                          if not lexicon.clinical(m.group())]
            if safe:  # two capitalised words or more: a firm, a plan, a place
                words += [(a, b) for a, b, run in capitalised_runs(field.value)
                          if len(run) > 1 and not all(map(lexicon.clinical, run))]
            pieces = _join(words, field.value)
        for a, b in pieces:
            piece = field.value[a:b]
            shape = "ID" if re.search(r"\d", piece) else "NAME"
            kind_here = field.kind if field.kind and not (label or safe) else shape
            key = _identity(kind_here, piece)  # a person's name found as a name too keeps that identity
            spans.append(Span(field.start + a, field.start + b, kind_here, key, ZONE if person else LABELLED))
            for word in re.findall(r"[^\W\d_]{3,}|\d{4,}", piece):
                if person or not lexicon.safe(word):
                    given.append((kind_here, word))
            given += [(kind_here, code) for code in MIXED_CODE.findall(piece)]  # "AB44102Z", also spaced
            if not person:  # "Carr 901 km 4.2" for "Carr. 901 Km 4.2, Bo. Camino Nuevo"
                given += [(kind_here, part) for part in re.split(r",[ \t]*", piece)
                          if " " in part.strip() and len(re.findall(r"\d", part)) >= PART_DIGITS
                          and re.search(r"[^\W\d_]", part)]  # fmt: skip
            if not person:
                given += [("ADDRESS", street) for street in _streets(piece)]
            if not person:  # "Hadley Hall #312" for "Hadley Hall Rm 312"
                for unit in _UNIT.finditer(piece):
                    given += [(kind_here, f"{w}{' ' * (w != '#')}{unit.group('n')}") for w in UNIT_WORDS]
            if kind_here in ("EMPLOYER", "NAME"):  # "Beacon HR" for "Beacon Home Health Agency"
                given += [(kind_here, w) for _, _, run in capitalised_runs(piece) for w in run
                          if len(w) > 2 and not lexicon.clinical(w) and w.lower() not in JOINERS]
                given += [(kind_here, short) for short in _initials(piece)]  # "BHHA" for the same
            if kind_here == "ADDRESS":  # "Saguaro" of "2210 W Saguaro Bend" for "2210 W. Saguaro Bnd"
                given += [(kind_here, w) for w in WORD.findall(piece)
                          if len(w) > 2 and w[:1].isupper() and lexicon.safe(w) and not lexicon.clinical(w)]
            if not person:  # "Golden Harbor Freight": its capitalised words, any two or more together
                for _, _, run in capitalised_runs(piece):
                    given += [(kind_here, " ".join(run[i:j])) for i in range(len(run))
                              for j in range(i + 2, len(run) + 1)  # never "of the" alone
                              if not set(run[i:j]) <= _ENGLISH_JOINERS]
                    if 2 <= len(run) <= 3 and not lexicon.safe(run[0]):  # "T. Bell" for "Tonya Bell"
                        given.append((kind_here, f"{run[0][0]}. {run[-1]}"))
            if person:  # its name words: not "(wife), said to call back during the day"; "michael" is one
                head = _name_head(field.value)  # in "brennan, michael "mickey" j"
                names = [  # an e-mail or a web address beside the name names no one ("kenji.mr@...")
                    w.group() for w in WORD.finditer(_ADDRESSED.sub(" ", piece))
                    if w.group().lower() not in PARTICLES | STOP
                    and not (w.group().islower() and lexicon.english(w.group()) and a + w.start() >= head)
                    and not re.fullmatch(RELATIONS, w.group().lower()) and not label_word(w.group())
                ]  # fmt: skip
                if names:
                    people.append(Person(field.kind or "NAME", names))
        quoted = (next(g for g in m.groups() if g is not None) for m in QUOTED.finditer(field.value))
        given += [("NICKNAME", q) for q in quoted if _NAME_WORDS.fullmatch(q) and not lexicon.clinical(q)]
        if person and index and values[index - 1].kind == LABEL:  # a person's field goes whole, whatever
            kind = field.kind or "NAME"  # its case, commas, quotes or brackets, keyed as its name; its
            numbers = [m.span() for m in _NUMBER_TOKEN.finditer(field.value)]  # numbers are their own
            keys = [_identity(kind, field.value[a:b]) for a, b in pieces] + [_identity(kind, field.value)]
            cuts = (_trimmed(field.value, x, y) for x, y in _cut(0, len(field.value), holes + numbers))
            spans += [Span(field.start + a, field.start + _closed(field.value, a, b), kind, keys[0], ZONE)
                      for a, b in filter(None, cuts)]
    return tuple(spans), tuple(people), tuple(given)


def people(text: str) -> list[Person]:
    """The people the facts fields name under a label that says so, whatever the label's words."""
    return list(facts_spans(text, dates.anchor_year(text))[1])
