"""A person the record names, called by the first letters of their given name ("Dash" for Dashiell,
"Sam" for Samuel, "Chris" for Christabel): the short form written with its capital, anywhere in the
record, alone or doubled ("Kay-Kay" for Kayden).

The names are the spans kit.guard.redact.finder found under a label or as a known person (a facts value
"Beaumont, Dashiell Q.", a relative "Lucien Beaumont"); the given name is the word after the comma of a
name written surname first, else the first word. A short form is a beginning of it, three letters or
more and at least two letters short of the whole name. It is looked for as written, capital first and
the rest in lower case, so "dash" and "DASH" stay; a short form among the commonest English words ("Will"
for William, which opens "Will repeat troponin") or a clinical word is not looked for.

It only finds; a short form that is not the first letters of a name ("Bill", "Peggy") is not found here.
"""

from __future__ import annotations

import re

from kit.guard.redact import lexicon
from kit.guard.redact.spans import NAMED, PEOPLE, Span

SHORTEST = 3  # letters in a short form
LEFT_OFF = 2  # letters of the given name a short form leaves off, at least
COMMONEST = 100_000  # pyspellchecker's count at which an English word is too common to be a name here


def _given(name: str) -> str:
    words = re.findall(r"[^\W\d_]+", name.split(",", 1)[1] if "," in name else name)
    return words[0].capitalize() if words else ""


def _forms(given: str) -> list[str]:
    return [
        form for form in (given[:n] for n in range(SHORTEST, len(given) - LEFT_OFF + 1))
        if lexicon.uses(form) < COMMONEST and not lexicon.clinical(form)
    ]  # fmt: skip


def spans(text: str, found: list[Span]) -> list[Span]:
    """Each short form of a given name in a labelled or known person's span, as a span of that name
    (its type and identity)."""
    owners: dict[str, Span] = {}
    for span in sorted(found, key=lambda s: (s.rank, s.start)):
        if span.kind in PEOPLE and span.rank <= NAMED:
            for form in _forms(_given(text[span.start : span.end])):
                owners.setdefault(form, span)
    if not owners:
        return []
    forms = "|".join(sorted(owners, key=len, reverse=True))
    pattern = re.compile(rf"(?<![\w'’-])(?P<f>{forms})(?:-(?P=f))?(?![\w-])(?!['’](?!s\b)\w)")
    return [
        Span(m.start(), m.end(), owners[m.group("f")].kind, owners[m.group("f")].key, NAMED)
        for m in pattern.finditer(text)
    ]
