"""Place names smaller than a state, wherever a record writes them: a gazetteer
(kit/data/place_words.txt, from GeoNames, written by scripts/build_place_words.py) looked up for every
capitalised run of words.

One word at the start of a sentence with a word in lower case after it ("Falls precautions", "Reading
glasses") is not taken for a town. It only finds; a neighbourhood or village too small for the gazetteer
("Little Haiti", "Pointer Ridge") is found where something is said to be in or from it ("a DME in
Hazard."), and otherwise only in the places identifiers live (kit.guard.redact.zones).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from kit.guard.redact import lexicon

PLACE_WORDS = Path(__file__).resolve().parents[2] / "data" / "place_words.txt"
MAX_WORDS = 4
_CAPITALISED = re.compile(
    r"(?<![\w'’-])[A-Z][\w'’.-]*(?:[ \t]+(?:[A-Z][\w'’.-]*|de|del|la|le|du|of|on|upon))*"
)


@functools.cache
def _places() -> frozenset[str]:
    if not PLACE_WORDS.exists():
        return frozenset()
    lines = PLACE_WORDS.read_text(encoding="utf-8").splitlines()
    return frozenset(line for line in lines if line and not line.startswith("#"))


def _sentence_start(text: str, at: int) -> bool:
    before = text[max(0, at - 4) : at]  # after a full stop, a line break or a dated line's stamp
    return at == 0 or bool(re.search(r"(?:[.!?:;]\s+|\n\s*|\d\s{2,}|^\s*)$", before))


# A town too small for the gazetteer, said to be where something is: capitalised words after "in", "from",
# "near" or "outside" that close the clause ("supplied by a DME in Hazard.", "a cousin from Pine Knot,").
_LOCATED = re.compile(
    r"\b(?:in|from|near|outside)[ \t]+(?P<p>[A-Z][a-z'’-]+(?:[ \t]+[A-Z][a-z'’-]+){0,2})"
    r"(?=[ \t]*(?:[.,;)]|$))",
    re.MULTILINE,
)


def _located(text: str, start: int) -> list[tuple[int, int]]:
    """The places _LOCATED finds, when no word of them is clinical (a unit, a month, a language)."""
    return [match.span("p") for match in _LOCATED.finditer(text, start)
            if not any(lexicon.clinical(word) for word in match.group("p").split())]


def find(text: str, start: int = 0) -> list[tuple[int, int]]:
    """(start, end) of every place name from the gazetteer in `text` after `start`: the longest run of
    capitalised words (up to MAX_WORDS) that is a place, inside each capitalised run; and a town too
    small for it where the text says something is in it (_LOCATED)."""
    places = _places()
    found = _located(text, start)
    for run in _CAPITALISED.finditer(text, start):
        words = list(re.finditer(r"\S+", run.group()))
        i = 0
        while i < len(words):
            for j in range(min(len(words), i + MAX_WORDS), i, -1):
                a, b = run.start() + words[i].start(), run.start() + words[j - 1].end()
                name = text[a:b].rstrip(".,")
                b = a + len(name)
                ordinary = j - i == 1 and _sentence_start(text, a) and re.match(r"\s+[a-z]", text[b:])
                if lexicon.fold(name) in places and not ordinary:  # not "Falls precautions"
                    found.append((a, b))
                    i = j - 1
                    break
            i += 1
    return found
