"""Words and runs of capitalised words, as the redactor's zone readers see them (kit.guard.redact.fields,
kit.guard.redact.mentions): a word, a run of capitalised words joined by "of", "de", "&", and a quotation.

It only splits text; it decides nothing about what is an identifier.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|['’.-](?=[^\W\d_]))*")

STANDALONE_WORD = re.compile(rf"(?<![\w])(?:{WORD.pattern})(?![\w])")  # not the letters of "KR48213T"

JOINERS = frozenset({"of", "the", "and", "&", "de", "del", "la", "le", "du", "van", "von", "der", "da",
                     "y", "e", "st", "st.", "'s", "los", "las", "di", "do", "dos", "das"})

# A quotation: in double quotes, or in single quotes that are not an apostrophe inside a word.
QUOTED = re.compile(r"\"([^\"\n]{2,30})\"|“([^”\n]{2,30})”|(?<!\w)['‘]([^'’\n]{2,30})['’](?!\w)")

STOP = frozenset({"and", "or", "of", "the", "c/o", "aka", "a.k.a", "goes", "by", "w/", "with"})

def capitalised_runs(sentence: str) -> Iterator[tuple[int, int, list[str]]]:
    """Runs of capitalised words (joined by "of", "de", "&" ...): offsets and the words."""
    tokens = list(STANDALONE_WORD.finditer(sentence))
    run: list[re.Match[str]] = []
    for token in [*tokens, None]:
        word = token.group() if token else ""
        gap = sentence[run[-1].end() : token.start()] if run and token else ""
        joinable = run and token and re.fullmatch(r"[ \t]+|[ \t]*[&,][ \t]*", gap or " ")
        if token and word[:1].isupper() and (not run or joinable):
            run.append(token)
            continue
        if token and run and word.lower() in JOINERS and joinable:
            run.append(token)
            continue
        while run and run[-1].group().lower() in JOINERS:
            run.pop()
        if run:
            yield run[0].start(), run[-1].end(), [t.group() for t in run]
        run = [token] if token and word[:1].isupper() else []

