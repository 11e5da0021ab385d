"""Plain words for metric ids (kit/data/glossary.json, and the failure kinds' own words from
kit.rules.taxonomy), for the report's glossary section and the titles shown on hover.

It only looks words up; an id it has no words for gets "" and is shown by its id alone.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources

from kit.rules import elements, rulebook, taxonomy


@lru_cache(maxsize=1)
def table() -> dict[str, str]:
    """Every metric id the scorer reports and the calibration pair, with its words."""
    raw = json.loads(resources.files("kit").joinpath("data", "glossary.json").read_text(encoding="utf-8"))
    raw = {k: v for k, v in raw.items() if not k.startswith("_")}
    out: dict[str, str] = {}
    for key, words in raw.items():
        if "{element}" in key:
            out.update({key.format(element=e): words.format(element=e) for e in elements.ELEMENTS})
        elif "{class}" in key:
            out.update({key.format(**{"class": k}): words.format(**{"class": k}) for k in elements.CLASSES})
        elif "{word}" in key:
            vocab = elements.vocabulary(elements.ADMITTING_ORDER)
            out.update({key.format(word=w): words.format(word=w) for w in vocab})
        elif "{verdict}" in key:
            out.update({key.format(verdict=v): words.format(verdict=v) for v in rulebook.verdicts()})
        else:
            out[key] = words
    out.update({f"taxonomy.{kind}": words for kind, words in taxonomy.KINDS.items()})
    return out


def words(metric: str) -> str:
    """The plain words for one metric id ("" when there are none)."""
    found = table()
    if ".utility." in metric:
        inner = words(metric.split(".utility.", 1)[1])
        return f"on the planted records: {inner}" if inner else ""
    if metric in found:
        return found[metric]
    for key, text in found.items():
        if key.startswith("*.") and metric.endswith(key[1:]):
            return text
    return ""
