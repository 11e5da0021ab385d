"""The words the redactor may leave in the places identifiers live: the safe-word list (Philter's
design, an allowlist beside the patterns). A word is safe when it is a common English word that is not
also a person's name, or a clinical word the kit lists.

- English: pyspellchecker's English word list (already the scan's), words at MIN_FREQUENCY or above;
- names: kit/data/name_words.txt, given names and surnames that are also English words ("grace",
  "hunter"), written by scripts/build_name_words.py; they are taken out of the English words;
- clinical: kit/data/clinical_words.txt (drugs, abbreviations, tests, eponyms, programme names, weekdays
  and months) and the scan's charting shorthand.

It only answers "is this word safe" and "how common is this English word"; it finds and replaces nothing,
and it knows no record.
"""

from __future__ import annotations

import functools
import json
import unicodedata
from pathlib import Path

from kit.guard import wordlist

DATA = Path(__file__).resolve().parents[2] / "data"
NAME_WORDS = DATA / "name_words.txt"
CLINICAL_WORDS = DATA / "clinical_words.txt"
SHORTHAND = DATA / "charting_shorthand.json"
MIN_FREQUENCY = 100  # pyspellchecker's count: rarer words (most surnames, "bexar") are not safe
FUNCTION_FREQUENCY = 1_000_000  # the count above which a word is English grammar ("and", "at", "by")


def _lines(path: Path) -> list[str]:
    if not path.exists():
        return []
    lines = path.read_text(encoding="utf-8").splitlines()
    return [w.strip() for w in lines if w.strip() and not w.startswith("#")]


def fold(word: str) -> str:
    """A word as the lists hold it: lower case, accents dropped, curly apostrophes straight."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))
    return plain.replace("\u2019", "'").lower()


@functools.cache
def english_words(with_names: bool = False) -> frozenset[str]:
    """Common English words (at MIN_FREQUENCY), without the name words unless `with_names`."""
    counts = wordlist.word_frequency().dictionary
    words = {w for w, n in counts.items() if n >= MIN_FREQUENCY}
    return frozenset(words if with_names else words - name_words())


@functools.cache
def clinical_words() -> frozenset[str]:
    shorthand = json.loads(SHORTHAND.read_text(encoding="utf-8"))["shorthand"]
    return frozenset([*_lines(CLINICAL_WORDS), *(fold(w) for w in shorthand)])


@functools.cache
def name_words() -> frozenset[str]:
    return frozenset(_lines(NAME_WORDS))


def name_word(word: str) -> bool:
    """A given name or surname that is also a common English word ("Curtis", "Grace", "Hunter")."""
    return fold(word) in name_words()


def clinical(word: str) -> bool:
    return fold(word) in clinical_words()


def safe(word: str) -> bool:
    """A common English word that is not a name, or a clinical word; a hyphenated word when each of
    its parts is ("INPATIENT-SUPPORTED", "step-down")."""
    folded = fold(word)
    if folded in english_words() or folded in clinical_words():
        return True
    parts = [p for p in folded.split("-") if p]
    return len(parts) > 1 and all(p in english_words() or p in clinical_words() for p in parts)


def english(word: str) -> bool:
    """Any common English word, names included ("Will", "May" at the start of a sentence), or a
    clinical word; a hyphenated word when each of its parts is."""
    parts = [p for p in fold(word).split("-") if p]
    return bool(parts) and all(p in english_words(with_names=True) or p in clinical_words() for p in parts)


def uses(word: str) -> int:
    """How often the English word list counts `word` (0 when it is not on it)."""
    return int(wordlist.word_frequency().dictionary.get(fold(word), 0))


def function_word(word: str) -> bool:
    """One of the commonest English words ("and", "at", "his", "by"): grammar, not a name's particle
    ("na", "ould", "ten", "bin")."""
    return uses(word) >= FUNCTION_FREQUENCY
