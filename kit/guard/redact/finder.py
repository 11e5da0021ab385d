"""Finding the identifiers in one record's text: every candidate span from the pattern table
(kit.guard.redact.patterns), the people named in the record's own fields or behind a title and then found
wherever their names stand, and the dates (kit.guard.redact.births: dates of birth, and every other date,
to be shifted).

It returns candidates, each with its type, the identity key two spellings of one identifier share,
and a rank (a labelled value outranks a bare shape); kit.guard.redact.core picks among overlapping ones.
It only finds; it replaces nothing and knows no salt. A free-text identifier the table cannot know
(a nickname, a relative named only in passing) is not found, and nothing here pretends otherwise.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from kit.guard.redact import (
    births,
    devices,
    learned,
    lexicon,
    patterns,
    phrases,
    prose,
    short_forms,
    whole,
    whole_names,
    zones,
)
from kit.guard.redact.dates import anchor_year
from kit.guard.redact.patterns import (
    LOWER_SURNAME,
    NAME_LABELS,
    NAME_WORD,
    NOT_NAMES,
    NOT_SURNAMES,
    PARTICLES,
    SUFFIXES,
    TITLE_PATTERN,
    TITLES,
    UPPER_LETTER,
    UPPER_NAME_WORD,
)
from kit.guard.redact.spans import FREE, LABELLED, NAMED, Person, Span
from kit.rules import record

MIN_INITIALS = 3  # undotted initials shorter than this are too often an abbreviation ("MB", "PT")
ECHO_MIN = 5  # a labelled value shorter than this (a 4-digit pager) is not looked for unlabelled
ID_LETTERS = "[A-Za-z]{1,4}"  # the letters a record number may start with ("V", "MRN")
_INITIAL = rf"{UPPER_LETTER}\."
# A particle as written, or without its accent ("NI BHRIAIN" for Ní Bhriain).
_PARTICLE_FORMS = PARTICLES | {folded for p in PARTICLES if len(folded := lexicon.fold(p)) > 1}
_PARTICLE = rf"(?i:{'|'.join(sorted(_PARTICLE_FORMS, key=len, reverse=True))})"
_PARTICLES = rf"(?:{_PARTICLE}[ \t]+)+"  # "Van der ", "de la "
_NAME_RUN = re.compile(
    rf"(?:{_PARTICLES})?(?:{NAME_WORD}|{_INITIAL})(?:[ \t]+(?:{_PARTICLES})?(?:{NAME_WORD}|{_INITIAL}))*"
)
_SURNAME = (  # "Van der Berg", "CASA GRANDE", "DE LA O"
    rf"(?:{_PARTICLES})?(?:{NAME_WORD}(?:[ \t]+{NAME_WORD})?|{UPPER_NAME_WORD}(?:[ \t]+{UPPER_NAME_WORD})?)"
    rf"|{_PARTICLES}{UPPER_LETTER}\b"
)
_SURNAME_FIRST = re.compile(  # "Smith, John A.", "ribič, Rose", and the Dutch "Bourgondië, van, Hope"
    rf"({_SURNAME}|{LOWER_SURNAME}),[ \t]+(?:({_PARTICLE}(?:[ \t]+{_PARTICLE})*),[ \t]+)?"
    rf"({NAME_WORD}(?:[ \t]+(?:{NAME_WORD}|{_INITIAL}))*)"
)
_FIELD_NUMBER = re.compile(r"(?<![\w+])\+?\d[\d ().-]{5,}\d(?!\w)")
_OFFICE = re.compile(rf"(?<![\w])(?:{'|'.join(map(re.escape, sorted(patterns.OFFICE_TITLES)))})\.?[ \t]+$")
_LEADING_PARTICLES = re.compile(rf"(?<![\w-]){_PARTICLES}$")
_TITLE = re.compile(rf"(?<![\w.])({TITLE_PATTERN})\.?[ \t]+({NAME_WORD}(?:[ \t]+{NAME_WORD})?)\b")
_LEADING_TITLE = re.compile(  # "Mr John Smith"; a title that is also a given name stays ("Don Ruiz")
    rf"^(?!(?:{'|'.join(sorted(patterns.GIVEN_NAME_TITLES))})\b)(?:{TITLE_PATTERN})\.?[ \t]+"
)
_TRAILING_INITIAL = re.compile(rf"[ \t]{UPPER_LETTER}\.")
_LAY_TITLES = "|".join(re.escape(t) for t in sorted(TITLES, key=len, reverse=True) if TITLES[t] == "NAME")
_CUT_SHORT = rf"(?:{UPPER_LETTER}|[A-Z][a-z]{{1,2}}[A-Z])\."  # "F.", a surname cut short: "McC.", "DeS."
_TITLED_INITIAL = re.compile(  # "Mr. F.", "Mrs. R. Castellanos", "Mr. McC."; not "Dr. R." (staff)
    rf"(?<![\w.])(?:{_LAY_TITLES})\.?[ \t]+({_CUT_SHORT}(?:[ \t]+{NAME_WORD})?)(?![\w])"
)
_LOWER_TAIL = re.compile(  # "Drago volk (son)", "John van den silva (brother)"
    rf"[ \t]+((?:{_PARTICLES})?{LOWER_SURNAME})(?=[ \t]*(?:[,;(]|\band\b|$))"
)
_LABEL_FORMS = tuple(  # each person's label in its facts column, and as "Label: value" anywhere
    (kind, re.compile(rf"^[ \t]+(?i:{label})[ \t]{{2,}}(\S[^\n]*)$", re.MULTILINE),
     re.compile(rf"(?<![A-Za-z])(?i:{label})[ \t]*:[ \t]*([^\n]+)"))
    for kind, label in NAME_LABELS
)
_JOIN = re.compile(rf"^(?:[ \t]+|,[ \t]+|[ \t]+{_INITIAL}[ \t]+|[ \t]+{_PARTICLES})$")


def _name_words(value: str) -> list[str]:
    """The name at the start of a field's value: "Smith, John A." or "Mr John Smith (son), ...", with a
    surname written in lower case when it closes the name ("Drago volk (neighbour)")."""
    value = _LEADING_TITLE.sub("", value.strip())
    inverted = _SURNAME_FIRST.match(value)
    if inverted:
        surname, particles, given = inverted.groups()
        run = " ".join(part for part in (given, particles, surname) if part)
    else:
        run = (_NAME_RUN.match(value) or [""])[0]
    tail = _LOWER_TAIL.match(value, len(run)) if run and not inverted else None
    if tail and tail.group(1).split()[-1] not in NOT_SURNAMES:
        run += " " + tail.group(1)
    run = re.sub(rf"\b({_PARTICLES})([A-Z])\b", lambda m: m.group(1).replace(" ", "_") + m.group(2), run)
    tokens = run.split()
    words = [  # a particle with a name word after it is part of the surname, not a name on its own
        w.replace("_", " ") for i, w in enumerate(tokens)
        if not re.fullmatch(_INITIAL, w) and not (w.lower() in PARTICLES and i + 1 < len(tokens))
    ]  # fmt: skip
    cut = next((i for i, w in enumerate(words) if w in NOT_NAMES), len(words))
    return words[:cut]


def label_fields(text: str, columns_only: bool = False) -> list[tuple[int, str, str]]:
    """(where the value starts, kind, value) for every field that names a person: `  Label   value` in
    the facts layout, or (unless `columns_only`) `Label: value` anywhere."""
    found = []
    for kind, column, colon in _LABEL_FORMS:
        forms = (column,) if columns_only else (column, colon)
        found += [(m.start(1), kind, m.group(1)) for p in forms for m in p.finditer(text)]
    return sorted(found)


def _label_lines(text: str) -> list[tuple[str, str]]:
    return [(kind, value) for _, kind, value in label_fields(text)]


def field_numbers(text: str) -> list[Span]:
    """A number in a person's field is that person's phone, however it is written ("Matilda Nilsson
    (neighbour), 08-21 81 78"): seven digits or more."""
    found = []
    for start, _, value in label_fields(text):
        for m in _FIELD_NUMBER.finditer(value):
            if len(re.sub(r"\D", "", m.group())) >= patterns.MIN_DIGITS["PHONE"]:
                key = patterns.identity("PHONE", m.group())
                found.append(Span(start + m.start(), start + m.end(), "PHONE", key, LABELLED))
    return found


def people(text: str) -> list[Person]:
    """Everyone the record names in its own fields (with a nickname the field gives in quotes), then
    everyone named in prose after a relation word, then everyone named behind a title (a name that
    shares a word with someone already known is that person)."""
    return list(_people(text))


@functools.lru_cache(maxsize=16)
def _people(text: str) -> tuple[Person, ...]:
    """`people`, read once per text (the finder and the egress gate both ask)."""
    known: list[Person] = []
    for kind, value in _label_lines(text):
        words = _name_words(value)
        if words and not any(p.words == words for p in known):
            known.append(Person(kind, words, prose.nicknames(value)))
    for person in zones.people(text):
        if not any(set(person.words) <= set(p.words) for p in known):
            known.append(person)
    for name, kind in prose.related(text):
        words = _name_words(name)
        if words and not any(set(words) <= set(p.words) for p in known):
            known.append(Person(kind, words))
    for match in _TITLE.finditer(text):
        words = _name_words(match.group(2))
        if words and not set(words) <= {w for p in known for w in p.words}:  # "Sra. Pérez Garza", son Garza
            known.append(Person(TITLES[match.group(1)], words))
    return tuple(known)


def _spellings(person: Person) -> list[str]:
    """Each name word (matched in any case) and each part of a hyphenated or apostrophised one (a
    person may be called by one half: "Mrs Mitchell" for Mitchell-Ward, even where the other half is
    also a word, as the egress gate checks), and the person's initials ("E.I.", in capitals only; and
    undotted, "AOB" for Adaeze Okonkwo-Bello, when three letters or more)."""
    words = [w.lower() for w in person.words + person.aliases]
    words += [folded for w in words if (folded := lexicon.fold(w)) != w]  # "hernandez" for Hernández
    words += [
        part for w in words if re.search(r"[-'’]", w) for part in re.findall(r"[^\W\d_]{2,}", w)
        if part not in PARTICLES | SUFFIXES
    ]  # fmt: skip
    if len(person.words) > 1:
        words.append(f"{person.words[0][0]}.{person.words[-1].split()[-1][0]}.".upper())
        words += _undotted_initials(person.words)
    return words


def _undotted_initials(names: list[str]) -> list[str]:
    """A person's initials as notes write them ("AOB" for Adaeze Okonkwo-Bello, whichever order the
    field gave the names in): a given name's first letter before each part of a surname written in
    parts, three letters or more."""
    parts = {name: re.findall(r"[^\W\d_]+", name) for name in names}
    found = [
        (given[0] + "".join(part[0] for part in parts[surname])).upper()
        for given in names for surname in names
        if given != surname and len(given) > 1 and len(parts[surname]) > 1
    ]  # fmt: skip
    return [initials for initials in dict.fromkeys(found) if len(initials) >= MIN_INITIALS]


def _owner_key(word: str) -> str:
    """Initials as written; a name word in any case, the Turkish dotted and dotless i as one letter (the
    pattern matches "YILMAZ" for "Yılmaz", whose lower case is not "yilmaz")."""
    return word if _initials(word) else _name_key(word)


def _name_key(word: str) -> str:
    return word.lower().replace("ı", "i").replace("i\u0307", "i")


def _initials(word: str) -> bool:
    """Initials, matched as written: dotted ("E.I.") or in capitals ("AOB"); name words are lower case."""
    return word.endswith(".") or word.isupper()


def _name_spans(text: str, known: list[Person]) -> list[Span]:
    """Every occurrence of a known person's name word, adjacent words of one person joined into one
    span ("John Smith", "Smith, John", "John A. Smith"). A word two people share goes to the person
    its neighbour names, else to the first person known (the patient, when the record names one)."""
    owners: dict[str, list[int]] = {}
    for index, person in enumerate(known):
        for word in map(_owner_key, _spellings(person)):
            if len(word) > 1 and index not in owners.setdefault(word, []):
                owners[word].append(index)
    if not owners:
        return []
    names = [re.escape(w).replace("i", "i\u0307?") for w in owners if not _initials(w)]  # "i̇zzət"
    initials = [w for w in owners if _initials(w)]
    alternatives = [f"(?i:{'|'.join(sorted(names, key=len, reverse=True))})"] if names else []
    alternatives += [re.escape(w) for w in sorted(initials, key=len, reverse=True)]
    pattern = re.compile(rf"(?<![\w-])(?:{'|'.join(alternatives)})(?![\w-])")
    hits = [(m.start(), m.end(), owners.get(m.group()) or owners[_name_key(m.group())])
            for m in pattern.finditer(text)]
    groups: list[list[tuple[int, int, list[int]]]] = []
    for hit in hits:
        last = groups[-1][-1] if groups else None
        shared = [i for i in (last[2] if last else []) if i in hit[2]]
        if last and shared and _JOIN.match(text[last[1] : hit[0]]):
            groups[-1].append((hit[0], hit[1], shared))
        else:
            groups.append([hit])
    spans = []
    for group in groups:
        owner = min(set.intersection(*(set(h[2]) for h in group)) or {group[0][2][0]})
        start, end = group[0][0], group[-1][1]
        if len(group) > 1 and _TRAILING_INITIAL.match(text, end):  # "Smith, John A."
            end += 3
        particles = _LEADING_PARTICLES.search(text, max(0, start - 30), start)  # "Van der Berg"
        start = particles.start() if particles else start
        office = _OFFICE.search(text, max(0, start - 12), start)  # "Rabbi Mordechai Rosenzweig"
        start = office.start() if office else start
        spans.append(Span(start, end, known[owner].kind, ("person", str(owner)), NAMED))
    return spans


def _digit_count_fits(kind: str, value: str, free: bool) -> bool:
    family = patterns.FAMILY.get(kind, kind)
    digits = len(re.sub(r"\D", "", value))
    least = patterns.MIN_DIGITS.get(kind, patterns.MIN_DIGITS.get(family, 0))
    if free and family == "PHONE":
        least = patterns.FREE_PHONE_DIGITS
    return least <= digits <= patterns.MAX_DIGITS.get(family, 99)


def _table_spans(text: str) -> list[Span]:
    spans = []
    for rank, table in ((LABELLED, patterns.LABELLED), (FREE, patterns.FREE)):
        for kind, pattern in table:
            for match in pattern.finditer(text):
                value = match.group("v")
                if value.strip() and _digit_count_fits(kind, value, rank == FREE) and not (
                    rank == FREE and prose.times_of_day(value)
                ):
                    start = match.start("v")
                    spans.append(Span(start, start + len(value), kind, patterns.identity(kind, value), rank))
    return spans


def _echoes(text: str, spans: list[Span]) -> list[Span]:
    """A value found by the table written again anywhere, with or without its label, spaces, dots or
    dashes between its characters ("MRN 00482913" makes a bare "00-482-913" the same MRN); a record
    number's letter prefix may come or go ("V538574162" and "538574162" are one visit number)."""
    sources: dict[str, tuple[str, tuple[str, str]]] = {}
    for span in spans:
        core = re.sub(r"[^0-9A-Za-z]", "", text[span.start : span.end])
        prefix = ""
        if patterns.FAMILY.get(span.kind) == "ID":
            core, prefix = re.sub(rf"^{ID_LETTERS}(?=\d)", "", core), f"(?:{ID_LETTERS}-?)?"
        if span.kind == "ADDRESS":
            for source in _address_sources(text[span.start : span.end]):
                sources.setdefault(source, (span.kind, span.key))
        elif len(core) >= ECHO_MIN:
            source = r"(?<![\w])" + prefix + "[ .()-]{0,2}".join(map(re.escape, core)) + r"(?![\w])"
            sources.setdefault(source, (span.kind, span.key))
    if not sources:
        return []
    ordered = sorted(sources, key=len, reverse=True)  # the longest first where two start together
    pattern = re.compile("|".join(f"(?P<e{n}>{source})" for n, source in enumerate(ordered)))
    found = []
    for match in pattern.finditer(text):
        kind, key = sources[ordered[int((match.lastgroup or "e0")[1:])]]
        found.append(Span(match.start(), match.end(), kind, key, LABELLED))
    return found


def _address_sources(address: str) -> list[str]:
    """Each comma-separated part of a labelled address ("Flat 15U", "Ward Pines", "Noorlaan 4"), and
    each two neighbouring parts ("18/07, Dey"), as patterns for it written again anywhere, in any case
    and spacing."""
    found = []
    parts = re.split(r",[ \t]*", address)
    for part in parts + [f"{a} {b}" for a, b in zip(parts, parts[1:], strict=False)]:  # "18/07, Dey"
        words = re.findall(r"[^\W_]+", part)
        if len("".join(words)) >= ECHO_MIN:
            joined = r"[^\w\n]{1,3}".join(map(re.escape, words))
            found.append(rf"(?<!\w)(?i:{joined})(?!\w)")
    return found


def _phone_spans(text: str) -> list[Span]:
    return [Span(s, e, "PHONE", patterns.identity("PHONE", raw), FREE) for s, e, raw in prose.phones(text)]


_WORKPLACE = re.compile(rf"[ \t]+(?:{patterns.WORKPLACE_WORDS})(?:[ \t]+(?:{patterns.WORKPLACE_WORDS}))?\b")


_WORKPLACED = frozenset({"EMPLOYER", "NAME", "PLACE"})  # "at Fraser Paper mill": a name before a mill
# One or two words in lower case closing a clause after an employer ("works at Hartsfield Airport
# concessions;"): the part of the firm the person works in.
_CLOSING_WORDS = re.compile(
    r"(?:[ \t]+[a-z][a-z'’-]{2,}){1,2}(?=[ \t]*(?:[,;:)]|\.(?:\s|$)|$))", re.MULTILINE
)


def _workplaces(text: str, spans: list[Span]) -> list[Span]:
    """An employer's, a name's or a place's span with the words after it that go on naming a workplace
    ("school cafeteria", "Fraser Paper mill"), and an employer's with the words in lower case that close
    its clause ("Hartsfield Airport concessions;"), none of them one of the commonest English words."""
    found = []
    for span in spans:
        tail = _WORKPLACE.match(text, span.end) if span.kind in _WORKPLACED else None
        if span.kind == "EMPLOYER" and tail is None:
            tail = _CLOSING_WORDS.match(text, span.end)
            tail = tail if tail and not any(map(lexicon.function_word, tail.group().split())) else None
        if tail:
            found.append(Span(span.start, tail.end(), span.kind, span.key, span.rank))
    return found


def _titled_initials(text: str) -> list[Span]:
    """A person called by a courtesy title and an initial, alone or before a surname ("Mr. F. reviewed",
    "Mrs. R. Castellanos"): the initial and the surname. After a clinical title ("Dr. H.") it is staff,
    and stays."""
    found = _TITLED_INITIAL.finditer(text)
    return [Span(m.start(1), m.end(1), "NAME", ("NAME", m.group(1)), FREE) for m in found]


def candidates(text: str) -> list[Span]:
    """Every candidate span in `text`, overlapping ones included."""
    table = _table_spans(text) + _phone_spans(text) + field_numbers(text)
    table += _titled_initials(text)
    named = people(text) + [Person("EMPLOYER", [name]) for name in prose.employers(text)]
    spans = table + _echoes(text, table) + _name_spans(text, named) + births.date_spans(text)
    spans += zones.find(text, anchor_year(text)) + learned.spans(text)
    spans += _workplaces(text, spans) + short_forms.spans(text, spans)
    completed = whole.completed(text, spans) + whole_names.completed(text, spans)
    echoed = phrases.echoed(text, spans + completed)
    found = spans + completed + echoed + whole_names.aliases(text, spans) + devices.completed(text, spans)
    return _off_headings(text, found)


_HEADING = re.compile(rf"^(?:{'|'.join(map(re.escape, record.HEADINGS))})[ \t]*", re.MULTILINE)


def _off_headings(text: str, spans: list[Span]) -> list[Span]:
    """The spans with the record's own section headings left out of them: a span that runs into a heading
    from the rest of its line ("UTILIZATION REVIEW NOTES Dr ...", read as a street) starts after it."""
    headings = [(m.start(), m.end()) for m in _HEADING.finditer(text)]
    kept = []
    for span in spans:
        start = next((end for begin, end in headings if begin <= span.start < end), span.start)
        if start < span.end:
            kept.append(span if start == span.start else replace(span, start=start))
    return kept
