"""Words and runs of capitalised words, as the redactor's zone readers see them (kit.guard.redact.fields,
kit.guard.redact.mentions): a word, a run of capitalised words joined by "of", "de", "&", and a quotation.

It only splits text; it decides nothing about what is an identifier.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator

WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|['’.-](?=[^\W\d_]))*")

STANDALONE_WORD = re.compile(rf"(?<![\w])(?:{WORD.pattern})(?![\w])")  # not the letters of "KR48213T"

JOINERS = frozenset({"of", "the", "and", "&", "de", "del", "la", "le", "du", "van", "von", "der", "da",
                     "y", "e", "st", "st.", "'s", "los", "las", "di", "do", "dos", "das", "am", "im", "zum",
                     "zur", "aan", "het", "sur", "sous"})

# A code of letters and digits together, six characters or more ("AB44102Z"): fields.py gives it up to
# be found again, zones.py finds it again however it is spaced ("AB 44102 Z").
MIXED_CODE = re.compile(r"(?<![\w-])(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]{6,}(?![\w-])")

# A quotation: in double quotes, or in single quotes that are not an apostrophe inside a word.
QUOTED = re.compile(r"\"([^\"\n]{2,30})\"|“([^”\n]{2,30})”|(?<!\w)['‘]([^'’\n]{2,30})['’](?!\w)")

# A dated line's stamp ("2026-06-11" or "2026-06-11 08:15"), as the record format writes it.
DATE_STAMP = r"\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2})?"


@functools.lru_cache(maxsize=4096)
def shouted(text: str) -> bool:
    """Text written in capitals throughout (12 letters or more, nine in ten capitals), where capitals say
    nothing about names."""
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 12 and sum(c.isupper() for c in letters) >= 0.9 * len(letters)


_TITLE_CASE = re.compile(r"(?<![^\W\d_])[A-Z][a-z]")


@functools.lru_cache(maxsize=4096)
def whispered(text: str) -> bool:
    """Text that capitalises no word (12 letters or more, none in title case; codes in capitals aside:
    "advised no - jesse picking up in truck VA FARM-2291"), where lower case says nothing about names."""
    return sum(c.isalpha() for c in text) >= 12 and not _TITLE_CASE.search(text)


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

