"""Prose mentions of the patient's people, home, work and contacts: in UTILIZATION REVIEW NOTES, and in
every sentence elsewhere that speaks of them (a cue word below), a capitalised word that is not safe, a
run of capitalised words with one such word in it or of two words or more that are not all clinical (a
firm, a place), the capitalised run after a word that says it is a place or an employer ("lives in",
"works at"), a name in lower case after a relation or role word, and a word in quotes (a nickname).
Everywhere else only a run of two capitalised words or more with a word in it that is no English word.

What it refuses to do: it never reads the facts block (kit.guard.redact.fields does); it is not a
clinical-language model, so a name that is also a common English word, with no cue, is not found here;
it replaces nothing.
"""

from __future__ import annotations

import re

from kit.guard.redact import lexicon
from kit.guard.redact.facts import block_end, label_word, layout, offsets
from kit.guard.redact.patterns import RELATIONS, TITLES
from kit.guard.redact.runs import JOINERS, QUOTED, STANDALONE_WORD, WORD, capitalised_runs, shouted
from kit.guard.redact.spans import ZONE, Span
from kit.rules import record

# People named by the part they play in the patient's life, beside the relatives (RELATIONS).
ROLES = (
    r"assistant|aide|co-?worker|colleague|rep|representative|supervisor|boss|manager|employer|landlord|"
    r"landlady|pastor|priest|rabbi|imam|chaplain|attorney|lawyer|caseworker|sponsor|godparent|godmother|"
    r"godfather|tenant|ex-?wife|ex-?husband|[a-z]+-?mate|neighbou?r|friend|POA|HCP|proxy|surrogate|"
    r"guardian|caregiver|carer|CHR|contact|dispatcher|foreman|coach|teacher|owner"
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
    r"attorney|chaplain|handle|instagram|facebook|tiktok|dispatcher|foreman|born|raised|grew up|originally|"
    rf"emigrat\w*|immigrat\w*|hometown|native of|{ROLES})(?![\w-]))"
)

# After these, the capitalised run is a place or an employer whatever its words.
PLACE_CUE = re.compile(
    r"(?i:\b(?:lives?|living|resides|residing|stays?|staying|moved|relocated|home|born|raised|grew up|"
    r"works|worked|working|employed|employer|retired|attends|parishioner|member|owns|owned|runs|ran|"
    r"manages|managed|operates|founded|flew|drives|drove)\b[^.;:\n]{0,30}?"
    r"\b(?:in|on|at|for|by|from|near|of|to)\b(?:\s+the)?\s+)$"
)

_AFTER_PREPOSITION = re.compile(
    r"(?i:\b(?:in|from|near|outside)[ \t]+(?:the[ \t]+)?)$"  # a place; "to the AI model" is none
)
# A place told by the way there ("past the Kalani gate", "up Cranks Creek", "4 mi N of trading post").
DIRECTION = re.compile(
    r"(?i:\b(?:past|near|behind|beyond|across from|next to|off|corner of|up|down|along)[ \t]+(?:the[ \t]+)?)"
    r"(?P<v>[A-Z][\w'’-]*(?:[ \t]+(?:[A-Z][\w'’-]*|\d{1,5}))*)"
    r"|(?P<w>\b\d{1,3}(?:\.\d)?[ \t]*(?i:mi|miles?|km)[ \t]+(?i:[NSEW]|north|south|east|west)\w*[ \t]+"
    r"(?i:of|on|past|from)[ \t]+[^,.;\n]{1,40})"
    r"|(?P<x>\b(?i:north|south|east|west)(?i:east|west)?[ \t]+of[ \t]+(?:the[ \t]+)?[\w'’-]+"  # "south of the
    r"(?:[ \t]+(?!(?i:and|but|with|where|who|which|so|or)\b)[\w'’-]+){0,2})"  # chapter house"
)
# The way to a home told after the word "directions": the rest of the clause, whatever its words.
DIRECTIONS = re.compile(
    r"(?i:\bdirections?\b(?:[ \t]+(?:given as|are|is|were|to (?:the )?home))?[ \t]*[:=-]?[ \t]*)"
    r"[\"“]?(?P<v>[^.;\n\"”]{4,160})"
)
_FIRM_VERBS = r"owns?|owned|runs?|ran|manage[sd]|operate[sd]"  # "owns Sunrise Dry Cleaners"

_PREPOSITION = re.compile(rf"(?i:\b(?:at|from|for|by|with|to|{_FIRM_VERBS})[ \t]+(?:the[ \t]+)?)$")

def _organisation(sentence: str, start: int, words: list[str], initial: bool) -> bool:
    """A firm: two capitalised words or more after "at", "for", "owns" that are not all clinical."""
    named = [w for w in words if w.lower() not in JOINERS]
    return bool(
        len(named) > 1 and not initial and _PREPOSITION.search(sentence[max(0, start - 12) : start])
        and not all(lexicon.clinical(w) for w in named)
    )

def _person(words: list[str], initial: bool) -> bool:
    """Two or three capitalised words inside a sentence, each a given name or surname ("Curtis Willis")
    or no English word at all, none a letter or an abbreviation in capitals ("R IJ", "H&P"), and not all
    clinical: a person named with no word in front to say so."""
    return (
        not initial and 1 < len(words) <= 3 and not all(map(lexicon.clinical, words))
        and all(len(w) > 1 and not w.isupper() and (lexicon.name_word(w) or not lexicon.english(w))
                for w in words)
    )


# A letter or an abbreviation in capitals ("K", "GCS", "FSBG", "ABGs") is charting, not a name, in prose
# written in both cases; a name written in capitals there is found by its cue or its field.
_ABBREVIATION = re.compile(r"[A-Z]|[A-Z][A-Z0-9]{1,5}s?")


def _shouted_names(sentence: str, offset: int) -> list[Span]:
    """In a sentence written in capitals, each run of words that are neither safe nor clinical nor a
    title ("HIRED MAN PETE ACOSTA": PETE ACOSTA), three letters or more."""
    found: list[Span] = []
    run: list[re.Match[str]] = []
    for token in [*STANDALONE_WORD.finditer(sentence), None]:
        word = token.group() if token else ""
        gap = sentence[run[-1].end() : token.start()] if run and token is not None else " "
        joined = bool(re.fullmatch(r"[ \t]+", gap))
        name = token is not None and len(word) > 2 and word.rstrip(".").title() not in TITLES and not (
            lexicon.safe(word) or lexicon.clinical(word)
        )
        if name and joined:
            run.append(token)  # type: ignore[arg-type]
            continue
        if run:
            start, end = run[0].start(), run[-1].end()
            key = ("NAME", sentence[start:end].lower())
            found.append(Span(offset + start, offset + end, "NAME", key, ZONE))
        run = [token] if name and token else []
    return found


# A name written beside a nickname in quotes: 'Lorraine "Rainey" Pettiford', '"Gus" Tolliver'.
_NICKNAMED = re.compile(
    r"(?P<before>[A-Z][\w'’-]+)[ \t]+(?=[\"“‘'][A-Z][\w’ -]{0,20}[\"”’'](?!\w))"
    r"|(?<=[\"”’'])(?<!\w[’'])[ \t]+(?P<after>[A-Z][\w'’-]+)"
)


def _beside_nickname(sentence: str, offset: int) -> list[Span]:
    """The word that is no safe word written right before or after a capitalised nickname in quotes."""
    found = []
    for match in _NICKNAMED.finditer(sentence):
        group = "before" if match.group("before") else "after"
        word = match.group(group)
        near = match.end(group) if group == "before" else max(0, match.start() - 24)
        unsafe = not lexicon.safe(word) and not lexicon.clinical(word) and word.rstrip(".") not in TITLES
        if QUOTED.search(sentence, near) and unsafe:
            start, end = offset + match.start(group), offset + match.end(group)
            found.append(Span(start, end, "NAME", ("NAME", word.lower()), ZONE))
    return found


def _given(word: str) -> bool:
    """A word written as a name right after a relation word though the lexicon knows it as clinical: in
    title case, a space after the relation word ("daughter Thu", "partner Peg"; the clinical senses are
    written otherwise: "PEG", a weekday after a date, a language after a comma: "per son, Korean")."""
    titled = word[:1].isupper() and word[1:].islower() and word.rstrip(".") not in TITLES
    return titled and lexicon.clinical(word)


def _sentence_spans(sentence: str, offset: int) -> list[Span]:
    """The spans of one sentence in a place identifiers live."""
    found = _shouted_names(sentence, offset) if shouted(sentence) else _beside_nickname(sentence, offset)
    for start, end, words in [] if shouted(sentence) else capitalised_runs(sentence):
        initial = start == len(sentence) - len(sentence.lstrip())  # capitalised as a sentence's first word
        number = re.search(r"(?<![\w-])\d{1,6}[A-Za-z]?[ \t]+$", sentence[:start])  # "311 Mt Olive Ch Rd"
        start = number.start() if number and not initial else start
        if initial and len(words) > 1 and lexicon.english(words[0]):  # "Owns Sunrise Dry Cleaners"
            start = sentence.index(words[1], start + len(words[0]))
            words, initial = words[1:], False
        while words and words[0].rstrip(".") in TITLES:  # "Ms Okonkwo-Reyes": the name is the finder's
            start = sentence.index(words[1], start + len(words[0])) if len(words) > 1 else end
            words, initial = words[1:], False
        if not words:
            continue
        cued = PLACE_CUE.search(sentence[max(0, start - 60) : start])
        unsafe = [
            w for i, w in enumerate(words)
            if w.lower() not in JOINERS and not _ABBREVIATION.fullmatch(w)
            and not (lexicon.english if initial and i == 0 else lexicon.safe)(w)
        ]  # fmt: skip
        named = [w for w in words if w.lower() not in JOINERS and len(w) > 1]
        unknown = not all(map(lexicon.clinical, named))  # two capitalised words or more: a firm, a place
        placed = _AFTER_PREPOSITION.search(sentence[max(0, start - 20) : start])  # "Sister Grace in Flushing"
        if unsafe or (not initial and unknown and (len(named) > 1 or placed)) or (cued and not initial):
            kind = "NAME"
            if cued:
                place = re.search(r"(?i)liv|resid|stay|mov|home|born|raised|grew", cued.group())
                kind = "ADDRESS" if place else "EMPLOYER"
            found.append(Span(offset + start, offset + end, kind, (kind, sentence[start:end].lower()), ZONE))
    for match in _NAMED_AFTER.finditer(sentence):  # "Son dave goldfarb called": a name in lower case too
        following = list(re.finditer(r"[^\W\d_][\w'’-]*", sentence[match.end() :]))[:3]
        taken: list[re.Match[str]] = []
        adjacent = not re.search(r"[,:(]", match.group())  # "daughter Thu", not "per son, Korean"
        for word in following:
            apart = taken and word.start() - taken[-1].end() > 2
            given = adjacent and not taken and _given(word.group())
            if (lexicon.safe(word.group()) and not given) or label_word(word.group()) or apart:
                break
            taken.append(word)
        if taken:
            start, end = match.end() + taken[0].start(), match.end() + taken[-1].end()
            key = ("RELATIVE", sentence[start:end].lower())
            found.append(Span(offset + start, offset + end, "RELATIVE", key, ZONE))
    found += directions(sentence, offset)
    for match in QUOTED.finditer(sentence):
        group = next(i for i, g in enumerate(match.groups(), start=1) if g is not None)
        if any(w[:1].isupper() for w in WORD.findall(match.group(group))):
            start, end = offset + match.start(group), offset + match.end(group)
            found.append(Span(start, end, "NICKNAME", ("NICKNAME", match.group(group).lower()), ZONE))
    return found

def directions(sentence: str, offset: int) -> list[Span]:
    """A place told by the way there: the clause after "directions", the capitalised words after "past",
    "near", "up", "off" ... that are not all clinical, and a distance with a bearing ("4 mi N of trading
    post")."""
    found = [Span(offset + m.start("v"), offset + m.end("v"), "ADDRESS", ("ADDRESS", m.group("v").lower()),
                  ZONE) for m in DIRECTIONS.finditer(sentence)]
    for match in DIRECTION.finditer(sentence):
        group = next(g for g in ("v", "w", "x") if match.group(g))
        words = WORD.findall(match.group(group))
        if group != "v" or not all(map(lexicon.clinical, words)):
            start, end = offset + match.start(group), offset + match.end(group)
            found.append(Span(start, end, "ADDRESS", ("ADDRESS", match.group(group).lower()), ZONE))
    return found


def _name_runs(sentence: str, offset: int) -> list[Span]:
    """Outside the places identifiers live: a run of two capitalised words or more with a word in it that
    is no English or clinical word at all (a firm, a school, a person: "Harrowgate Family Dental"; not
    "General Surgery", though Ward and General are surnames too), or a person's name (`_person`)."""
    if shouted(sentence):  # no cue here: only two words or more with a given name or surname among them
        return [span for span in _shouted_names(sentence, offset) if " " in span.key[1]
                and any(map(lexicon.name_word, span.key[1].split()))] + _beside_nickname(sentence, offset)
    found = _beside_nickname(sentence, offset)
    for start, end, words in capitalised_runs(sentence):
        if words and words[0].rstrip(".") in TITLES:  # "Dr Lindqvist": a name behind a title is the finder's
            continue
        unsafe = [
            w for i, w in enumerate(words)
            if len(w) > 1 and not re.fullmatch(r"[A-Z]{2,4}", w) and w.lower() not in JOINERS
            and not lexicon.english(w)
        ]  # fmt: skip: one letter or an abbreviation in capitals ("LR", "FVC") is not a name
        initial = start == len(sentence) - len(sentence.lstrip())
        if len(words) > 1 and (unsafe or _organisation(sentence, start, words, initial)
                               or _person(words, initial)):
            key = ("NAME", sentence[start:end].lower())
            found.append(Span(offset + start, offset + end, "NAME", key, ZONE))
    return found

def prose_spans(text: str) -> list[Span]:
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
                    found += _name_runs(sentence, at + where) + directions(sentence, at + where)
    return found

_GOES_BY = re.compile(
    r"(?i:\b(?:goes by|going by|known as|known to \w+ as|is called|nicknamed|prefers to be called|aka|"
    r"a\.k\.a\.)[ \t]+(?:the[ \t]+)?)(?P<name>[A-Z][\w'’-]+(?:[ \t]+[A-Z][\w'’-]+)?)"
    # "called Sissy by family", "they call him Tex, ...": the name before "by", "to" or the clause's end
    r"|(?i:\b(?:call(?:s|ed)?[ \t]+(?:him|her|them)|called)[ \t]+)"
    r"(?P<called>[A-Z][\w'’-]+(?:[ \t]+[A-Z][\w'’-]+)?)(?=[ \t]+(?:by|to)\b|[ \t]*[,.;)]|$)"
    # a name in quotes after such a cue, in any case: calls her "nonna"
    r"|(?i:\b(?:goes by|known as|called|calls?[ \t]+(?:him|her|them)|nicknamed)[ \t]+)"
    r"[\"“](?P<quoted>[^\W\d_]{2,}(?:[ \t][^\W\d_]{2,})?)[\"”]"
)

# "called" alone may be a call made ("RN called Pharmacy."): a clinical word after it is no name. After
# "call him", "goes by" or "known as" a name is one whatever the lexicon says of it ("call him Cap").
_BARE_CALLED = re.compile(r"(?i:called)\b")

# A nickname in quotes inside a person's name ('Margaret "Peg" Lindqvist') is one whatever the lexicon
# says of it ("Peg", "Doc").
_NAME_BEFORE = re.compile(r"(?<![\w-])[A-Z][^\W\d_]+[ \t]+\Z")
_INSIDE_NAME = re.compile(r"[ \t]+[A-Z][^\W\d_]+")


def nicknames(text: str) -> list[str]:
    """Names in quotes anywhere after the facts block: one or two capitalised words that are not
    clinical words ("Paddy" to everyone on the ward, goes by "Lupita"), or any inside a person's name
    (Margaret "Peg" Lindqvist); and the one or two capitalised
    words after "goes by", "known as", "called" (goes by Bud), or after "called" or "call him" when the
    clause goes on with "by" or "to" or ends there ("called Sissy by family"; after "call him" even a
    clinical word, "call him Cap"), or the name in quotes after such a cue in any case (calls her
    "nonna")."""
    named = ((m.group("name") or m.group("called") or m.group("quoted"), not _BARE_CALLED.match(m.group()))
             for m in _GOES_BY.finditer(text, block_end(text)))
    found = [name for name, cued in named if (cued or not all(map(lexicon.clinical, WORD.findall(name))))
             and name.split()[0].rstrip(".") not in TITLES]  # "called Dr Smith" names a clinician
    for match in QUOTED.finditer(text, block_end(text)):
        quoted = next(g for g in match.groups() if g is not None)
        words = WORD.findall(quoted)
        capitalised = all(w[:1].isupper() for w in words)
        before = _NAME_BEFORE.search(text, max(0, match.start() - 40), match.start())
        inside = before and _INSIDE_NAME.match(text, match.end())
        if 1 <= len(words) <= 2 and capitalised and (inside or not all(map(lexicon.clinical, words))):
            found.append(quoted)
    return found

