"""Two checks of the document scan that rest on maintained Unicode and language data rather than on a
hand table: words that slip look-alike letters from another script into Latin text, and units
written in a language other than English.

- Look-alike letters: a word is flagged when it mixes scripts and a letter from the other script has
  a Latin look-alike, as Unicode's own script and confusables data say (through the
  confusable_homoglyphs package). That covers Greek, Cyrillic, Armenian, Cherokee and every other
  script the data knows, where a hand range covered Cyrillic alone.
- Another language: a unit is flagged when Compact Language Detector 2 (through pycld2, whose tables
  are compiled into the package, so no model is downloaded) calls it reliably and its main language is
  not English. A record is English charting; an instruction in another language is not charting.

What they refuse to do: a single accented Latin letter (café, Sjögren) is one script and never flags;
a lowercase Greek letter at either end of a word is the scientific convention (TNFα, βhCG, NF-κB,
μmol) and is set aside before the test; a unit CLD2 cannot call reliably (short lines, lab values,
drug lists, a patient's few quoted words in an English sentence) is left alone. Both take the unit as
the scan folds it, read nothing else, and never raise on any string.
"""

from __future__ import annotations

import re
import unicodedata

import pycld2
from confusable_homoglyphs import confusables

ENGLISH = frozenset({"en", "un"})  # "un": CLD2 could not tell
_WORD = re.compile(r"\w+")
_GREEK_SMALL = "\u03b1-\u03c9"
_SCIENTIFIC_EDGE = re.compile(rf"^[{_GREEK_SMALL}]|[{_GREEK_SMALL}]$")


def _core(word: str) -> str:
    """The word without a lowercase Greek letter at either end (the scientific convention)."""
    return _SCIENTIFIC_EDGE.sub("", word)


def lookalike_words(text: str) -> list[str]:
    """The words that mix scripts and carry a letter with a Latin look-alike from another script."""
    if text.isascii():
        return []
    found = []
    for word in _WORD.findall(text):
        if word.isascii():
            continue
        core = _core(word)
        if confusables.is_mixed_script(core) and confusables.is_confusable(core, preferred_aliases=["latin"]):
            found.append(word)
    return found


def _printable(text: str) -> bytes:
    """The text as CLD2 accepts it: control characters (which it refuses) turned into spaces."""
    cleaned = "".join(" " if unicodedata.category(c) in ("Cc", "Cs") else c for c in text)
    return cleaned.encode("utf-8", "replace")


def language(text: str) -> str | None:
    """The language code CLD2 reliably gives the unit when that is not English, else None."""
    try:
        reliable, _, details = pycld2.detect(_printable(text))
    except pycld2.error:
        return None
    code = details[0][1]
    if not reliable or code in ENGLISH:
        return None
    return code
