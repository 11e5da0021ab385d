"""The words a scan pattern cannot match without, so that a unit lacking all of them is passed over
without running the pattern: the same answer as the pattern's own search, found sooner.

A pattern's needed words are read from its parsed form (Python's own regular-expression parser): a run
of literal characters every match must contain, chosen among the pattern's alternatives so that each
alternative contributes one. The check is made only where it is exact: on an ASCII unit and with ASCII
words, where matching without regard to case is comparing lower case (elsewhere Unicode folds some
letters into ASCII ones, "ſ" into "s", so a non-ASCII unit is always searched).

What it refuses to do: decide anything a pattern would not. When it cannot tell what a pattern needs,
or the unit is not ASCII, it runs the pattern; it never changes a pattern or the order they are read in.
"""

from __future__ import annotations

import functools
import importlib
import re
from collections.abc import Callable
from typing import Any

# The parser and its node names are private modules of `re` (Python 3.11 and later), without type stubs.
sre: Any = importlib.import_module("re._constants")
parser: Any = importlib.import_module("re._parser")

_REPEATS = (sre.MAX_REPEAT, sre.MIN_REPEAT, sre.POSSESSIVE_REPEAT)


@functools.lru_cache(maxsize=1024)
def needed(pattern: re.Pattern[str]) -> frozenset[str] | None:
    """Lower-case ASCII words one of which every match of `pattern` contains, or None when that cannot
    be told. Worked out once per process for each compiled pattern (parsing one takes milliseconds)."""
    return _needed(parser.parse(pattern.pattern, pattern.flags))


def _needed(items: Any) -> frozenset[str] | None:
    """For a sequence of parsed nodes, every one of which a match passes through: the strongest set of
    words found (the one whose shortest word is longest)."""
    best: frozenset[str] | None = None
    run = ""

    def consider(found: frozenset[str] | None) -> None:
        nonlocal best
        if not found or not all(word.isascii() for word in found):
            return
        if best is None or min(map(len, found)) > min(map(len, best)):
            best = found

    for op, av in items:
        if op is sre.LITERAL:
            run += chr(av)
            continue
        consider(frozenset({run.lower()}) if run else None)
        run = ""
        if op is sre.SUBPATTERN:
            consider(_needed(av[-1]))
        elif op is sre.BRANCH:
            branches = [_needed(branch) for branch in av[1]]
            if all(branches):
                consider(frozenset().union(*branches))  # type: ignore[arg-type]
        elif op in _REPEATS and av[0] >= 1:
            consider(_needed(av[2]))
        elif op is sre.ASSERT:  # a positive lookaround: what it reads is in the unit too
            consider(_needed(av[1]))
    consider(frozenset({run.lower()}) if run else None)
    return best


def matcher(pattern: re.Pattern[str]) -> Callable[[str], bool]:
    """Whether `pattern` is found in a text: `bool(pattern.search(text))`, with the search skipped on an
    ASCII text that holds none of the words the pattern needs."""
    words = needed(pattern)
    if words is None:
        return lambda text: pattern.search(text) is not None

    def matches(text: str) -> bool:
        if text.isascii():
            lowered = text.lower()
            if not any(word in lowered for word in words):
                return False
        return pattern.search(text) is not None

    return matches
