"""Write kit/data/name_words.txt: the given names and surnames that are also common English words
("grace", "rose", "hunter", "brown"), which the redactor's English lexicon must not count as safe in
the places identifiers live (kit.guard.redact.lexicon).

The names come from Faker's person providers, every locale whose names are written in Latin letters
(folded to plain lower-case letters); a name is kept when the English word list the kit already uses
(pyspellchecker) holds it at the lexicon's frequency floor or above. Deterministic: sorted output, no
network. Faker is a test dependency; the kit reads only the written file.

    python scripts/build_name_words.py
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kit.guard.redact import lexicon  # noqa: E402


def _fold(name: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c)).lower()


def _names() -> set[str]:
    import faker.providers.person as person

    found: set[str] = set()
    for module in pkgutil.iter_modules(person.__path__):
        provider = importlib.import_module(f"faker.providers.person.{module.name}").Provider
        for attribute in ("first_names", "first_names_male", "first_names_female", "last_names"):
            names = getattr(provider, attribute, ())
            for name in names if isinstance(names, (list, tuple, dict)) else ():
                for part in _fold(str(name)).replace("-", " ").split():
                    if part.isascii() and part.isalpha() and len(part) > 1:
                        found.add(part)
    return found


# A name that is also one of the commonest English words ("will", "may", "long", "son", "the" folded from
# "Thế") stays safe: taking it out would treat half of every sentence as a name.
MAX_FREQUENCY = 100_000


def main() -> int:
    from spellchecker import SpellChecker

    counts = SpellChecker(language="en").word_frequency.dictionary
    english = lexicon.english_words(with_names=True)
    kept = sorted(n for n in _names() if n in english and counts[n] < MAX_FREQUENCY)
    header = (
        "# Given names and surnames that are also common English words, written by "
        "scripts/build_name_words.py\n# from Faker's person providers and pyspellchecker's English list; "
        "do not edit by hand.\n"
    )
    lexicon.NAME_WORDS.write_text(header + "\n".join(kept) + "\n", encoding="utf-8")
    print(f"wrote {lexicon.NAME_WORDS}: {len(kept)} names")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
