"""The filler check: a neutral sentence must carry no evidence element.

Filler surrounds the planted lines; if a filler sentence mentioned an order, a stay, a condition or
a service, the gold would be wrong by accident. This check refuses such sentences. It knows
nothing about which record a sentence ends up in.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

FORBIDDEN_FRAGMENTS: tuple[str, ...] = (
    "admit",
    "inpatient",
    "observation",
    "order",
    "verbal",
    "authentic",
    "countersign",
    "signed",
    "discharge",
    "night",
    "midnight",
    "stay",
    "day",
    "week",
    "expect",
    "anticipat",
    "length",
    "history",
    "comorbid",
    "condition",
    "diagnos",
    "disease",
    "chronic",
    "treatment",
    "therapy",
    "care",
    "monitor",
    "management",
    "service",
    "medication",
    "antibiotic",
    "oxygen",
    "physio",
    "infusion",
    "dialysis",
    "procedure",
    "surgery",
    "plan",
)
# A title must not contradict the structured admission time, so it names no time of day.
TIME_OF_DAY: tuple[str, ...] = (
    "morning",
    "afternoon",
    "evening",
    "lunchtime",
    "small hours",
    "overnight",
    "midday",
    "dawn",
    "dusk",
)
SEVERITY_FORBIDDEN: tuple[str, ...] = (
    "admit",
    "order",
    "discharge",
    "night",
    "midnight",
    "stay",
    "expect",
    "anticipat",
)
_DIGIT = re.compile(r"\d")
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_WORD = re.compile(r"[a-z]+")


def vocabulary_words(names: Iterable[str]) -> set[str]:
    """Whole lower-case words longer than three letters from condition or service names."""
    return {w for name in names for w in _WORD.findall(name.lower()) if len(w) > 3}


def _problems(
    sentence: str, fragments: tuple[str, ...], pattern: re.Pattern, what: str, clinical_words: set[str]
) -> list[str]:
    lowered = sentence.lower()
    found = [f"contains {frag!r}" for frag in fragments if frag in lowered]
    if pattern.search(sentence):
        found.append(f"contains {what}")
    return found + [f"names {w!r}" for w in sorted(set(_WORD.findall(lowered)) & clinical_words)]


def filler_problems(sentence: str, clinical_words: set[str]) -> list[str]:
    """Why a filler sentence would carry an element; empty when it is neutral."""
    return _problems(sentence, FORBIDDEN_FRAGMENTS, _DIGIT, "a digit", clinical_words)


def severity_problems(sentence: str, clinical_words: set[str]) -> list[str]:
    """Why a severity sentence would carry an element other than severity itself."""
    return _problems(sentence, SEVERITY_FORBIDDEN, _DATE, "a date", clinical_words)
