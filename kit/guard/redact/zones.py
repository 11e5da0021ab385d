"""Recall first where identifiers live. The pattern table (kit.guard.redact.patterns) replaces what it
recognises; here the places a chart keeps identifiers are read the other way round, Philter's way:
what is not known to be safe is replaced.

- ENCOUNTER FACTS, every field but the record's own six (kit.rules.record.FACT_LABELS), under any
  label: a value whose label names a person, a contact, a place, an employer or an identifier is
  replaced whole (its dates are still shifted and an age over 89 still generalised); any other value
  keeps only its safe words (kit.guard.redact.lexicon);
- UTILIZATION REVIEW NOTES, and every sentence elsewhere that speaks of the patient's people, home,
  work or contacts (a cue word below): a capitalised word that is not safe, a run of capitalised words
  with one such word in it or of two words or more that are not all clinical (a firm, a place), the
  capitalised run after a word that says it is a place or an employer ("lives in", "works at"), and a
  word in quotes (a nickname);
- everywhere: identifier-shaped tokens (kit.guard.redact.shapes), ages over 89 (kit.guard.redact.ages),
  place names from the gazetteer (kit.guard.redact.places), a capitalised street ("Main Street"), a
  name in quotes, and each word, number or phrase a facts value gave up, wherever it is written again.

What it refuses to do: it never touches the record's own six fields, its title line or its id; it
replaces nothing itself (kit.guard.redact.core does); it is not a clinical-language model, so a name
that is also a common English word, outside these places and with no cue, is not found here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from kit.guard.redact import ages, dates, lexicon, patterns, places, shapes
from kit.guard.redact.facts import LABEL, PERSON_KINDS, block, facts_values, label_word, layout, offsets
from kit.guard.redact.patterns import PARTICLES, RELATIONS, TITLES
from kit.guard.redact.spans import LABELLED, ZONE, Person, Span
from kit.rules import record

# People named by the part they play in the patient's life, beside the relatives (RELATIONS).
ROLES = (
    r"assistant|aide|co-?worker|colleague|rep|representative|supervisor|boss|manager|employer|landlord|"
    r"landlady|pastor|priest|rabbi|imam|chaplain|attorney|lawyer|caseworker|sponsor|godparent|godmother|"
    r"godfather|tenant|ex-?wife|ex-?husband|roommate|housemate|neighbou?r|friend|POA|HCP|proxy|surrogate|"
    r"guardian|caregiver|carer|CHR|contact"
)
_NAMED_AFTER = re.compile(rf"(?i:\b(?:{RELATIONS}|{ROLES})\b)[ \t,:(]+")
# Words that make a sentence one about the patient's people, home, work or contacts.
CONTACT_CUE = re.compile(
    rf"(?i:(?<![\w-])(?:{RELATIONS}|lives?|living|resides?|residence|address|moved|neighbou?rhood|town|city|county|"
    r"works?|worked|working|employed|employer|job|retired|phone[sd]?|call(?:ed|s)?|reach(?:ed)?|texted|"
    r"e-?mail(?:ed)?|contact(?:ed)?|visit(?:ed|s|ing|or)?|accompanied|brought|drove|driven|nickname|"
    r"goes by|known as|prefers|church|pastor|parish|mosque|temple|synagogue|school|attends|coworker|"
    r"colleague|boss|landlord|roommate|POA|proxy|surrogate|guarantor|subscriber|member|married|widowed|"
    r"divorced|children|kids|former|formerly|occupation|student|college|university|aide|assistant|rep|"
    r"attorney|chaplain|handle|instagram|facebook|tiktok)(?![\w-]))"
)
# After these, the capitalised run is a place or an employer whatever its words.
PLACE_CUE = re.compile(
    r"(?i:\b(?:lives?|living|resides|residing|stays?|staying|moved|relocated|home|born|raised|grew up|"
    r"works|worked|working|employed|employer|retired|attends|parishioner|member|owns|owned|runs|ran|"
    r"manages|managed|operates|founded|flew|drives|drove)\b[^.;:\n]{0,30}?"
    r"\b(?:in|on|at|for|by|from|near|of|to)\b(?:\s+the)?\s+)$"
)
_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|['’.-](?=[^\W\d_]))*")
_STANDALONE_WORD = re.compile(rf"(?<![\w])(?:{_WORD.pattern})(?![\w])")  # not the letters of "KR48213T"
_STREET = re.compile(
    r"(?<![\w])(?:\d{1,6}[A-Za-z]?[ \t]+)?(?:(?:N|S|E|W|NE|NW|SE|SW|N\.[EW]\.|S\.[EW]\.)\.?[ \t]+)?"
    r"(?:(?:[A-Z][\w'’.-]*|\d{1,4}(?:st|nd|rd|th))[ \t]+){1,3}"
    r"(?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Drive|Dr|Boulevard|Blvd|Way|Court|Ct|Place|Pl|Terrace|Ter|Highway|Hwy|Parkway|Pkwy|Circle|Cir|Trail|Square|Sq|"
    r"Crescent|Close|Row|Alley|Pike|Loop|Run|Walk)\b"
    r"|(?<![\w])\d{1,6}[ \t]+(?:(?:N|S|E|W|NE|NW|SE|SW|N\.[EW]\.|S\.[EW]\.)[ \t]+)?\d{1,4}[ \t]+"
    r"(?:Street|St|Avenue|Ave|Road|Rd|Lane|Ln|Drive|Dr|Boulevard|Blvd|Way|Court|Ct|Place|Pl|Terrace|Ter)\b"
    r"|(?<![\w])(?:\d{1,6}[ \t]+)?(?:Calle|Avenida|Rue|Via|Camino|Paseo|Carrera|Rua)[ \t]+"
    r"[A-Z][\w'’.-]*(?:[ \t]+[A-Za-z][\w'’.-]*){0,2}"
    r"|(?i:\b(?:RR|R\.R\.|rural route|HC|P\.?\s?O\.?)[ \t]*\d*[ \t]*,?[ \t]*box[ \t]+\d+)"
    r"|(?<=[,;] )(?:Rm|Room|Apt|Unit|Suite|Ste)\.?[ \t]*#?[ \t]*\d{1,5}(?:-?[A-Z])?\b"  # ", Rm 118-B"
    r"|(?<=[A-Z][a-z] )(?:Hall|House|Manor|Lodge|Tower|Court)[ \t]+(?:Rm|Room|#)[ \t]*\d{1,5}\b"
)
_FIRM_VERBS = r"owns?|owned|runs?|ran|manage[sd]|operate[sd]"  # "owns Sunrise Dry Cleaners"
_PREPOSITION = re.compile(rf"(?i:\b(?:at|from|for|by|with|to|{_FIRM_VERBS})[ \t]+(?:the[ \t]+)?)$")
_JOINERS = frozenset({"of", "the", "and", "&", "de", "del", "la", "le", "du", "van", "von", "der", "da",
                      "y", "e", "st", "st.", "'s"})
# A quotation: in double quotes, or in single quotes that are not an apostrophe inside a word.
_QUOTED = re.compile(r"\"([^\"\n]{2,30})\"|“([^”\n]{2,30})”|(?<!\w)['‘]([^'’\n]{2,30})['’](?!\w)")
_STOP = frozenset({"and", "or", "of", "the", "c/o", "aka", "a.k.a", "goes", "by", "w/", "with"})


def _protected(value: str, anchor: int) -> list[tuple[int, int]]:
    """Dates and ages inside a value: shifted or generalised by their own finders, not blanked."""
    return [(f.start, f.end) for f in dates.find(value, anchor)] + ages.find(value)


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


def _identity(kind: str, value: str) -> tuple[str, str]:
    """The key an address, phone or number shares with its other spellings (kit.guard.redact.patterns)."""
    family = patterns.FAMILY.get(kind, kind)
    return patterns.identity(kind, value) if family in patterns.IDENTITY else (kind, value.lower())


def _unsafe_words(value: str, person: bool) -> list[tuple[int, int]]:
    """Offsets of the words of a value that must go: in a person's field every name word (relation words
    and titles stay; before its first comma or bracket a word in lower case too, "ana-lucía ferreira da
    silva"), else every word or number that is not safe."""
    out = []
    head = re.search(r"[,;(]|$", value).start()  # type: ignore[union-attr]  # "$" always matches
    for match in re.finditer(r"[^\s,;()/]+", value):
        token = match.group().strip(".:")
        words = _WORD.findall(token)
        if not token or (not words and not re.search(r"\d", token)):
            continue
        if person:  # a lower-case English word is not a name: "(wife), same address"
            keep = all(re.fullmatch(RELATIONS, w.lower()) or w.rstrip(".") in TITLES or w.lower() in _STOP
                       or (w.islower() and lexicon.english(w) and match.start() >= head) for w in words
                       ) and not re.search(r"\d", token)
        else:  # a number of three digits or more goes: "(928)", "x 220"; "M/56" stays
            keep = all(len(w) == 1 or lexicon.safe(w) for w in words) and not (re.search(r"\d{3}", token)
                                                                              or shapes.find(token))
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


def _facts_spans(text: str, anchor: int) -> tuple[list[Span], list[Person], list[tuple[str, str]]]:
    """Spans for the facts zone, the people its fields name, and (kind, word) for every word or number a
    value gave up, to be found again elsewhere."""
    spans: list[Span] = []
    people: list[Person] = []
    given: list[tuple[str, str]] = []
    for field in facts_values(text):
        holes = _protected(field.value, anchor)
        person, label = field.kind in PERSON_KINDS, field.kind == LABEL
        if field.kind and not person and not label:  # an identifier's field: the whole value, dates aside
            pieces = [p for a, b in _cut(0, len(field.value), holes) if (p := _trimmed(field.value, a, b))]
        else:
            words = [(a, b) for a, b in _unsafe_words(field.value, person)
                     if not any(a < y and x < b for x, y in holes)]
            if not person and not label:  # two capitalised words or more: a firm, a plan, a place
                words += [(a, b) for a, b, run in _capitalised_runs(field.value)
                          if len(run) > 1 and not all(map(lexicon.clinical, run))]
            pieces = _join(words, field.value)
        for a, b in pieces:
            piece = field.value[a:b]
            shape = "ID" if re.search(r"\d", piece) else "NAME"
            kind_here = field.kind if field.kind and not label else shape
            key = _identity(kind_here, piece)  # a person's name found as a name too keeps that identity
            spans.append(Span(field.start + a, field.start + b, kind_here, key, ZONE if person else LABELLED))
            for word in re.findall(r"[^\W\d_]{3,}|\d{4,}", piece):
                if person or not lexicon.safe(word):
                    given.append((kind_here, word))
            if not person:  # "Golden Harbor Freight": its capitalised words, any two or more together
                for _, _, run in _capitalised_runs(piece):
                    given += [(kind_here, " ".join(run[i:j])) for i in range(len(run))
                              for j in range(i + 2, len(run) + 1)]
            if person:  # its name words: not "(wife), said to call back during the day"
                names = [
                    w for w in _WORD.findall(piece)
                    if w.lower() not in PARTICLES | _STOP and not (w.islower() and lexicon.english(w))
                    and not re.fullmatch(RELATIONS, w.lower()) and not label_word(w)
                ]  # fmt: skip
                if names:
                    people.append(Person(field.kind or "NAME", names))
    return spans, people, given


def _capitalised_runs(sentence: str) -> Iterator[tuple[int, int, list[str]]]:
    """Runs of capitalised words (joined by "of", "de", "&" ...): offsets and the words."""
    tokens = list(_STANDALONE_WORD.finditer(sentence))
    run: list[re.Match[str]] = []
    for token in [*tokens, None]:
        word = token.group() if token else ""
        gap = sentence[run[-1].end() : token.start()] if run and token else ""
        joinable = run and token and re.fullmatch(r"[ \t]+|[ \t]*[&,][ \t]*", gap or " ")
        if token and word[:1].isupper() and (not run or joinable):
            run.append(token)
            continue
        if token and run and word.lower() in _JOINERS and joinable:
            run.append(token)
            continue
        while run and run[-1].group().lower() in _JOINERS:
            run.pop()
        if run:
            yield run[0].start(), run[-1].end(), [t.group() for t in run]
        run = [token] if token and word[:1].isupper() else []


def _organisation(sentence: str, start: int, words: list[str], initial: bool) -> bool:
    """A firm: two capitalised words or more after "at", "for", "owns" that are not all clinical."""
    named = [w for w in words if w.lower() not in _JOINERS]
    return bool(
        len(named) > 1 and not initial and _PREPOSITION.search(sentence[max(0, start - 12) : start])
        and not all(lexicon.clinical(w) for w in named)
    )


def _sentence_spans(sentence: str, offset: int) -> list[Span]:
    """The spans of one sentence in a place identifiers live."""
    found = []
    for start, end, words in _capitalised_runs(sentence):
        initial = start == len(sentence) - len(sentence.lstrip())  # capitalised as a sentence's first word
        number = re.search(r"(?<![\w-])\d{1,6}[A-Za-z]?[ \t]+$", sentence[:start])  # "311 Mt Olive Ch Rd"
        start = number.start() if number and not initial else start
        while words and words[0].rstrip(".") in TITLES:  # "Ms Okonkwo-Reyes": the name is the finder's
            start = sentence.index(words[1], start + len(words[0])) if len(words) > 1 else end
            words, initial = words[1:], False
        if not words:
            continue
        cued = PLACE_CUE.search(sentence[max(0, start - 60) : start])
        unsafe = [
            w for i, w in enumerate(words)
            if w.lower() not in _JOINERS and not (lexicon.english if initial and i == 0 else lexicon.safe)(w)
        ]  # fmt: skip
        if unsafe or _organisation(sentence, start, words, initial) or (cued and not initial):
            kind = "NAME"
            if cued:
                place = re.search(r"(?i)liv|resid|stay|mov|home|born|raised|grew", cued.group())
                kind = "ADDRESS" if place else "EMPLOYER"
            found.append(Span(offset + start, offset + end, kind, (kind, sentence[start:end].lower()), ZONE))
    for match in _NAMED_AFTER.finditer(sentence):  # "Son dave goldfarb called": a name in lower case too
        following = list(re.finditer(r"[^\W\d_][\w'’-]*", sentence[match.end() :]))[:3]
        taken: list[re.Match[str]] = []
        for word in following:
            apart = taken and word.start() - taken[-1].end() > 2
            if lexicon.safe(word.group()) or label_word(word.group()) or apart:
                break
            taken.append(word)
        if taken:
            start, end = match.end() + taken[0].start(), match.end() + taken[-1].end()
            key = ("RELATIVE", sentence[start:end].lower())
            found.append(Span(offset + start, offset + end, "RELATIVE", key, ZONE))
    for match in _QUOTED.finditer(sentence):
        group = next(i for i, g in enumerate(match.groups(), start=1) if g is not None)
        if any(w[:1].isupper() for w in _WORD.findall(match.group(group))):
            start, end = offset + match.start(group), offset + match.end(group)
            found.append(Span(start, end, "NICKNAME", ("NICKNAME", match.group(group).lower()), ZONE))
    return found


def _name_runs(sentence: str, offset: int) -> list[Span]:
    """Outside the places identifiers live: a run of two capitalised words or more with a word in it that
    is no English or clinical word at all (a firm, a school, a person: "Harrowgate Family Dental"; not
    "General Surgery", though Ward and General are surnames too)."""
    found = []
    for start, end, words in _capitalised_runs(sentence):
        if words and words[0].rstrip(".") in TITLES:  # "Dr Lindqvist": a name behind a title is the finder's
            continue
        unsafe = [
            w for i, w in enumerate(words)
            if len(w) > 1 and not re.fullmatch(r"[A-Z]{2,4}", w) and w.lower() not in _JOINERS
            and not lexicon.english(w)
        ]  # fmt: skip: one letter or an abbreviation in capitals ("LR", "FVC") is not a name
        initial = start == len(sentence) - len(sentence.lstrip())
        if len(words) > 1 and (unsafe or _organisation(sentence, start, words, initial)):
            key = ("NAME", sentence[start:end].lower())
            found.append(Span(offset + start, offset + end, "NAME", key, ZONE))
    return found


def _prose_spans(text: str) -> list[Span]:
    """Review notes whole, and the sentences elsewhere with a contact cue; name runs everywhere."""
    read = layout(text)
    if not read:
        return []
    lines, starts = read
    at_line = offsets(lines)
    order = sorted(starts.items(), key=lambda item: item[1])
    found: list[Span] = []
    for n, (heading, begin) in enumerate(order):
        if heading == record.HEADINGS[0]:
            continue
        end = order[n + 1][1] if n + 1 < len(order) else len(lines)
        for index in range(begin + 1, end):
            line = lines[index]
            body = record.dated_text(line) if record.dated_lines(line) else line.strip()
            if not body:
                continue
            at = at_line[index] + line.index(body)
            cursor = 0
            for sentence in record.sentences(body):
                where = body.index(sentence, cursor)
                cursor = where + len(sentence)
                if heading == record.REVIEW or CONTACT_CUE.search(sentence):
                    found += _sentence_spans(sentence, at + where)
                else:
                    found += _name_runs(sentence, at + where)
    return found


def _echo_spans(text: str, given: list[tuple[str, str]], facts_end: int) -> list[Span]:
    """Every word, number or phrase a facts value gave up, written again after the facts block (an
    English word only where it is capitalised as it was)."""
    found = []
    for kind, word in dict.fromkeys(given):
        spaced = r"[\s,]+".join(map(re.escape, word.split()))
        if lexicon.english(word) and " " not in word:  # "ABRAHAM" is found as "Abraham" too, not "abraham"
            spaced = f"(?:{re.escape(word[:1].upper() + word[1:].lower())}|{re.escape(word.upper())})"
            pattern = re.compile(rf"(?<![\w]){spaced}(?![\w])")
        else:
            pattern = re.compile(rf"(?<![\w]){spaced}(?![\w])", re.IGNORECASE)
        found += [Span(m.start(), m.end(), kind, (kind, word.lower()), ZONE)
                  for m in pattern.finditer(text, facts_end)]
    return found


def _facts_end(text: str) -> int:
    """Where the text after the ENCOUNTER FACTS block starts (0 without the block)."""
    found = block(text)
    if not found:
        return 0
    lines, _, end = found
    return sum(len(line) + 1 for line in lines[:end])


def _record_id(text: str) -> str | None:
    match = re.search(r"^  Encounter\s{2,}(\S+)", text, re.MULTILINE)
    return match.group(1) if match else None


_GOES_BY = re.compile(
    r"(?i:\b(?:goes by|going by|known as|known to \w+ as|is called|nicknamed|prefers to be called|aka|"
    r"a\.k\.a\.)[ \t]+(?:the[ \t]+)?)(?P<name>[A-Z][\w'’-]+(?:[ \t]+[A-Z][\w'’-]+)?)"
)


def nicknames(text: str) -> list[str]:
    """Names in quotes anywhere after the facts block: one or two capitalised words that are not
    clinical words ("Paddy" to everyone on the ward, goes by "Lupita"); and the one or two capitalised
    words after "goes by", "known as", "called" (goes by Bud)."""
    found = [m.group("name") for m in _GOES_BY.finditer(text, _facts_end(text))
             if not all(map(lexicon.clinical, _WORD.findall(m.group("name"))))]
    for match in _QUOTED.finditer(text, _facts_end(text)):
        quoted = next(g for g in match.groups() if g is not None)
        words = _WORD.findall(quoted)
        capitalised = all(w[:1].isupper() for w in words)
        if 1 <= len(words) <= 2 and capitalised and not all(map(lexicon.clinical, words)):
            found.append(quoted)
    return found


def people(text: str) -> list[Person]:
    """The people the facts fields name under a label that says so, whatever the label's words, and
    the names the record gives in quotes (each found again wherever it is written, in any case)."""
    named = _facts_spans(text, dates.anchor_year(text))[1]
    return named + [Person("NICKNAME", _WORD.findall(n)) for n in dict.fromkeys(nicknames(text))]


def find(text: str, anchor: int) -> list[Span]:
    """Every zone span of the record (see the module docstring)."""
    facts_end = _facts_end(text)
    spans, _, given = _facts_spans(text, anchor)
    spans += [Span(m.start(), m.end(), "ADDRESS", patterns.identity("ADDRESS", m.group()), ZONE)
              for m in _STREET.finditer(text, facts_end)]
    spans += _prose_spans(text) + _echo_spans(text, given, facts_end)
    own = _record_id(text)
    title_end = text.find("\n")
    for start, end, kind in shapes.find(text):
        if text[start:end] != own and start > title_end:
            spans.append(Span(start, end, kind, (kind, text[start:end].upper()), ZONE))
    spans += [Span(a, b, ages.KIND, (ages.KIND, text[a:b].lower()), LABELLED) for a, b in ages.find(text)]
    spans += [Span(a, b, "PLACE", ("PLACE", lexicon.fold(text[a:b])), ZONE) for a, b in places.find(text)]
    kept = _structural(text)
    spans = [s for s in spans if s.start > title_end and not any(a <= s.start < b for a, b in kept)]
    facility = re.search(r"^  Facility\s{2,}(\S.*)$", text, re.MULTILINE)  # a town in the hospital's name
    if facility:
        at = facility.start(1)
        spans += [Span(at + a, at + b, "PLACE", ("PLACE", lexicon.fold(text[at + a : at + b])), ZONE)
                  for a, b in places.find(facility.group(1))]
    return spans


def _structural(text: str) -> list[tuple[int, int]]:
    """Where the record's own six fields are: never a zone."""
    return [(m.start(), m.end()) for m in re.finditer(r"^  (\S.*?)\s{2,}\S.*$", text, re.MULTILINE)
            if m.group(1) in record.FACT_LABELS]
