"""A firm's or a place's name found once is found again where the record writes part of it, in any case:
"ozark hills poultry" in a clerk's note after "works at Ozark Hills Poultry Processing" is the same
employer. A part is two or more of the name's words next to each other, in the name's order, one of them
at least no safe word (the words of a name that are all English, "hills poultry", are left: they name
nothing alone).

A firm is found again by its initials too, in capitals ("GSTA" after "garden state transit authority"),
three letters or more that the lexicons do not know as a word ("COPD" stays).

It adds a span of the name's type and identity for each part written again; a name of one word is found
again by the finders that found it. A person's name from a record's own fields is found again word by
word (kit.guard.redact.finder); a run the finders typed as a name (a firm a facts value names: "emp:
hudson rail logistics inc") is looked for here too. It never takes a part that is only safe words.
"""

from __future__ import annotations

import re

from kit.guard.redact import lexicon
from kit.guard.redact.spans import Span

_JOINERS = frozenset({"of", "and", "the", "for", "on", "&", "de", "la", "del"})
LEAST_INITIALS = 3
INITIALLED = frozenset({"EMPLOYER", "NAME"})  # a firm is called by its initials; a street or a town is not
NAMED = frozenset({"EMPLOYER", "PLACE", "ADDRESS", "NAME"})  # a firm a facts value names is a NAME
_WORD = re.compile(r"[^\W\d_][\w'’.-]*[^\W_]|[^\W\d_]")
LEAST_WORDS = 2


def _parts(words: list[str]) -> list[tuple[str, ...]]:
    """Every run of two words or more of the name, in its order, with a word in it that is no safe word."""
    return [
        tuple(words[i:j]) for i in range(len(words)) for j in range(i + LEAST_WORDS, len(words) + 1)
        if any(not lexicon.safe(word) for word in words[i:j])
    ]  # fmt: skip


def _initials(words: list[str]) -> list[str]:
    """A firm's initials as it is called by them ("GSTA" for Garden State Transit Authority): the first
    letter of each word but its joiners, in capitals, from its first word on (a value may go on past the
    name: "garden state transit authority - bus operator"); none that is a word the lexicons know ("COPD")."""
    letters = "".join(w[0] for w in words if w.lower() not in _JOINERS).upper()
    runs = (letters[:n] for n in range(LEAST_INITIALS, len(letters) + 1))
    return [run for run in runs if not (lexicon.clinical(run) or lexicon.english(run))]


def echoed(text: str, spans: list[Span]) -> list[Span]:
    """Each part of a multi-word firm's or place's name written again anywhere in `text`, in any case."""
    owners: dict[tuple[str, ...], Span] = {}
    initialled: dict[str, Span] = {}
    for span in sorted(spans, key=lambda s: (s.rank, s.start)):
        if span.kind in NAMED and span.day is None:
            words = _WORD.findall(text[span.start : span.end])
            for part in _parts(words):
                owners.setdefault(tuple(w.lower() for w in part), span)
            for initials in _initials(words) if span.kind in INITIALLED else []:
                initialled.setdefault(initials, span)
    found = _initialled(text, initialled)
    if not owners:
        return found
    alternatives = sorted(owners, key=lambda part: -sum(map(len, part)))
    written = "|".join(r"[ \t]+".join(map(re.escape, part)) for part in alternatives)
    pattern = re.compile(rf"(?<![\w'’-])(?i:{written})(?![\w'’-])")
    for match in pattern.finditer(text):
        owner = owners.get(tuple(w.lower() for w in _WORD.findall(match.group())))
        if owner:  # a letter whose lower case is two letters ("İ") keys no part
            found.append(Span(match.start(), match.end(), owner.kind, owner.key, owner.rank))
    return found


def _initialled(text: str, initialled: dict[str, Span]) -> list[Span]:
    """Each firm's initials written again, in capitals as they are."""
    if not initialled:
        return []
    pattern = re.compile(rf"(?<![\w-])(?:{'|'.join(sorted(initialled, key=len, reverse=True))})(?![\w-])")
    return [Span(m.start(), m.end(), initialled[m.group()].kind, initialled[m.group()].key,
                 initialled[m.group()].rank) for m in pattern.finditer(text)]  # fmt: skip
