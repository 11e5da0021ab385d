"""The scan's learned check: a linear classifier that scores how much one unit reads like text aimed at
the record's automated reader (an instruction, an appeal, a request to report something) rather than
charting, so that styles no pattern row was written for are still caught.

Its weights are data (kit/data/scan_model.json), written by scripts/train_scan_model.py from the
development material; this module only reads them and scores, with plain Python reproducing the
features the trainer used (TF-IDF over word 1-2 grams and character 3-5 grams inside word
boundaries, each bag scaled to unit length, and the speech-act features of kit.guard.scan.acts). A test
checks that its scores equal scikit-learn's.

What it refuses to do: it never trains, downloads or calls anything; it never reads the unit's
section or the record around it (the patterns and the structure do that); it is one reason among the
scan's others, not a verdict on the record.
"""

from __future__ import annotations

import functools
import json
import math
import re
import unicodedata
from collections import Counter
from pathlib import Path
from typing import Any

from kit.guard.scan import acts, voice

MODEL_PATH = Path(__file__).resolve().parents[2] / "data" / "scan_model.json"
MIN_WORDS = 3  # a unit of fewer words carries too little to train on
# A unit shorter than this is never flagged by the model alone: a short plain statement ("Expected
# discharge date is 2026-06-15.", "Order signed by the attending.") is what real charting writes, and
# the model reads it from the claim alone. On the development sets, one attack text of 240 was that
# short and caught by nothing else (s2, measured after the blind figure).
FLAG_MIN_WORDS = 7
WORD_SETTINGS: dict[str, Any] = {"analyzer": "word", "ngram_range": (1, 2), "lowercase": True}
CHAR_SETTINGS: dict[str, Any] = {"analyzer": "char_wb", "ngram_range": (3, 5), "lowercase": True}
_TOKEN = re.compile(r"(?u)\b\w\w+\b")  # scikit-learn's default token pattern


def prepare(unit: str) -> str:
    """The unit as the model reads it, in training and in use: compatibility-normalised, one line,
    without an opening role label that only names its author (kit.guard.scan.voice)."""
    return voice.authored(" ".join(unicodedata.normalize("NFKC", unit).split()))


def _word_grams(text: str) -> list[str]:
    tokens = _TOKEN.findall(text.lower())
    low, high = WORD_SETTINGS["ngram_range"]
    return [" ".join(tokens[i : i + n]) for n in range(low, high + 1) for i in range(len(tokens) - n + 1)]


def _word_char_grams(word: str) -> list[str]:
    """One lowercased word's character grams, as scikit-learn's char_wb analyzer makes them."""
    low, high = CHAR_SETTINGS["ngram_range"]
    padded = f" {word} "
    grams: list[str] = []
    for n in range(low, high + 1):  # a word no longer than n gives one gram, and no longer ones
        grams.extend(padded[i : i + n] for i in range(max(1, len(padded) - n + 1)))
        if len(padded) <= n:
            break
    return grams


# Charting repeats its words: each word's known grams are worked out once. Dropping the grams the model
# does not know before counting leaves the score as it was (they add nothing, and the known ones keep
# their order), so the sums are added in the same order.
@functools.lru_cache(maxsize=1 << 16)
def _known_char_grams(word: str) -> tuple[str, ...]:
    known = _model()["char"]
    return tuple(gram for gram in _word_char_grams(word) if gram in known)


def _bag_score(grams: list[str], terms: dict[str, tuple[float, float, float, float]]) -> float:
    """The bag's contribution: sublinear TF-IDF over the grams the model knows, unit length, dotted
    with the coefficients (one pass over the distinct grams)."""
    dot = square = 0.0
    for gram, n in Counter(grams).items():
        term = terms.get(gram)
        if term is None:
            continue
        if n == 1:
            dot += term[2]
            square += term[3]
            continue
        value = (1 + math.log(n)) * term[0]
        dot += value * term[1]
        square += value * value
    return dot / math.sqrt(square) if square else 0.0


@functools.lru_cache(maxsize=2)
def _terms(bag: str) -> dict[str, tuple[float, float, float, float]]:
    """One bag's weights as `_bag_score` reads them: each gram's IDF and coefficient, and for a gram seen
    once the products it adds (the very products worked out per unit: the same floats)."""
    return {gram: (idf, coef, idf * coef, idf * idf) for gram, (idf, coef) in _model()[bag].items()}


@functools.lru_cache(maxsize=1)
def _model() -> dict[str, Any]:
    return json.loads(MODEL_PATH.read_text(encoding="utf-8"))


def score(unit: str) -> float:
    """The model's decision value for one unit (above the threshold: reads as aimed at the reader)."""
    return _score(prepare(unit))


def _score(text: str) -> float:
    model = _model()
    spoken = sum(model["acts"][name] * x for name, x in zip(acts.NAMES, acts.features(text), strict=True))
    # scikit-learn folds runs of white space first: split() does too
    char = [gram for word in text.lower().split() for gram in _known_char_grams(word)]
    return (
        model["intercept"]
        + spoken
        + _bag_score(_word_grams(text), _terms("word"))
        + _bag_score(char, _terms("char"))
    )


def candidate(unit: str) -> str | None:
    """The unit as the model reads it when the model is asked about it at all: it has FLAG_MIN_WORDS
    words or more and is not a message to a named clinical colleague (kit.guard.scan.voice.to_colleague:
    its "you" is that colleague, and the rows still read it); else None."""
    one_line = " ".join(unicodedata.normalize("NFKC", unit).split())
    text = voice.authored(one_line)
    if len(text.split()) < FLAG_MIN_WORDS or voice.to_colleague(one_line):
        return None
    return text


def flags(unit: str) -> bool:
    """True when the model is asked about the unit (`candidate`) and scores it above its threshold."""
    text = candidate(unit)
    return text is not None and _score(text) > _model()["threshold"]
