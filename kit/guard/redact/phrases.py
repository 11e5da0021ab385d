"""A firm's or a place's name found once is found again where the record writes part of it, in any case:
"ozark hills poultry" in a clerk's note after "works at Ozark Hills Poultry Processing" is the same
employer. A part is two or more of the name's words next to each other, in the name's order, one of them
at least no safe word (the words of a name that are all English, "hills poultry", are left: they name
nothing alone).

It adds a span of the name's type and identity for each part written again; a name of one word is
found again by the finders that found it. A person's name found in a record's own fields is found
again word by word (kit.guard.redact.finder); a run the finders typed as a name (a firm a facts value
names: "emp: hudson rail logistics inc") is looked for here too. It never takes a part that is only
safe words.
"""

from __future__ import annotations

import re

from kit.guard.redact import lexicon
from kit.guard.redact.spans import Span

NAMED = frozenset({"EMPLOYER", "PLACE", "ADDRESS", "NAME"})  # a firm a facts value names is a NAME
_WORD = re.compile(r"[^\W\d_][\w'’.-]*[^\W_]|[^\W\d_]")
LEAST_WORDS = 2


def _parts(words: list[str]) -> list[tuple[str, ...]]:
    """Every run of two words or more of the name, in its order, with a word in it that is no safe word."""
    return [
        tuple(words[i:j]) for i in range(len(words)) for j in range(i + LEAST_WORDS, len(words) + 1)
        if any(not lexicon.safe(word) for word in words[i:j])
    ]  # fmt: skip


def echoed(text: str, spans: list[Span]) -> list[Span]:
    """Each part of a multi-word firm's or place's name written again anywhere in `text`, in any case."""
    owners: dict[tuple[str, ...], Span] = {}
    for span in sorted(spans, key=lambda s: (s.rank, s.start)):
        if span.kind in NAMED and span.day is None:
            words = _WORD.findall(text[span.start : span.end])
            for part in _parts(words):
                owners.setdefault(tuple(w.lower() for w in part), span)
    if not owners:
        return []
    alternatives = sorted(owners, key=lambda part: -sum(map(len, part)))
    written = "|".join(r"[ \t]+".join(map(re.escape, part)) for part in alternatives)
    pattern = re.compile(rf"(?<![\w'’-])(?i:{written})(?![\w'’-])")
    found = []
    for match in pattern.finditer(text):
        owner = owners[tuple(w.lower() for w in _WORD.findall(match.group()))]
        found.append(Span(match.start(), match.end(), owner.kind, owner.key, owner.rank))
    return found
