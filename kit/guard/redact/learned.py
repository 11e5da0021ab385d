"""A learned recogniser beside the redactor's rules: each word of a record is scored by a linear model
over what it looks like (its letters, its shape, whether the kit's lexicons know it) and what stands
around it (the words on either side, the section, the facts label, quotes and brackets); a word that
scores over the threshold is an identifier candidate, and neighbouring ones are joined into one span.

The rules find identifiers by the forms someone wrote down; the model generalises from the blind sets
of tests/material/redaction (every set named in scripts/train_redact_model.py) to forms nobody wrote a
rule for. Its weights are data (kit/data/redact_model.json, written by that script with scikit-learn);
here they are only read and summed in plain Python, so nothing is fitted or downloaded at run time.

What it refuses to do: it types nothing finely (a word with a digit is an ID, any other a NAME), it
never reads the record's own six fields or its title line, never takes a date or a time of day (those
are shifted, not replaced) or a label's cue word before its colon, and replaces nothing itself:
kit.guard.redact.finder adds its spans to the other candidates.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

from kit.guard.redact import facts, lexicon
from kit.guard.redact.patterns import TITLES
from kit.guard.redact.prose import CLOCK
from kit.guard.redact.spans import FREE, Span
from kit.rules import record

MODEL = Path(__file__).resolve().parents[2] / "data" / "redact_model.json"
TOKEN = re.compile(r"[^\W_](?:[\w'’]|[-./@:#+](?=[^\W_]))*")
_DATE_OR_TIME = re.compile(r"\d{4}-\d{2}-\d{2}|\d{1,2}:\d{2}(?::\d{2})?|\d{1,2}/\d{1,2}/\d{2,4}")
_FACTS_LINE = re.compile(r"^  (\S.*?)\s{2,}\S")
_LABEL_BEFORE = re.compile(r"([A-Za-z][A-Za-z #./]{0,24}?)\s*[:#]\s*$")
_ENDS_SENTENCE = (".", "!", "?", ";", ":")
_JOIN = re.compile(r"[ \t]{1,2}|[-/]")  # what may stand between two taken words of one span


@functools.lru_cache(maxsize=65536)
def shape(word: str) -> str:
    """A word's shape: capitals X, small letters x, digits d, other characters as written, a run of one
    kind cut to two ("Harbor" -> "Xxx", "4471-TR" -> "dd-XX")."""
    out: list[str] = []
    for c in word:
        kind = "X" if c.isupper() else "x" if c.isalpha() else "d" if c.isdigit() else c
        if len(out) >= 2 and out[-1] == kind and out[-2] == kind:
            continue
        out.append(kind)
    return "".join(out)


@functools.lru_cache(maxsize=65536)
def _neighbour(word: str) -> str:
    """A word beside the one scored, as a feature reads it: a date or a time as one word, a word with
    digits by its shape (a neighbouring number's value says nothing; its form does)."""
    if _DATE_OR_TIME.fullmatch(word):
        return "<date>"
    return "#" + shape(word) if any(c.isdigit() for c in word) else word.lower()


@functools.lru_cache(maxsize=65536)
def _lexical(word: str) -> str:
    if any(c.isdigit() for c in word):
        return "num"
    flags = [name for name, known in (("C", lexicon.clinical), ("S", lexicon.safe), ("E", lexicon.english),
                                      ("N", lexicon.name_word)) if known(word)]
    return "".join(flags) or "unknown"


def _sections(text: str) -> list[tuple[int, str]]:
    """Where each heading of the record starts, in order."""
    found = [(0, "TITLE")]
    for heading in record.HEADINGS:
        at = re.search(rf"^{re.escape(heading)}[ \t]*$", text, re.MULTILINE)
        if at:
            found.append((at.start(), heading))
    return sorted(found)


def features(text: str, frame: tuple[int, int] | None = None) -> list[tuple[int, int, list[str]]]:
    """Every word the model scores, with its features (what the model and its trainer read); with a
    `frame`, words outside it are not read as neighbours (a line planted into a record for training)."""
    words = [(m.start(), m.end(), m.group()) for m in TOKEN.finditer(text)]
    sections = _sections(text)
    out = []
    for i, (start, end, word) in enumerate(words):
        if _DATE_OR_TIME.fullmatch(word):
            continue
        section = next(name for at, name in reversed(sections) if at <= start)
        line_start = text.rfind("\n", 0, start) + 1
        line_end = text.find("\n", start)
        line_stop = len(text) if line_end < 0 else line_end
        if frame:
            line_start, line_stop = max(line_start, frame[0]), min(line_stop, frame[1])
        line = text[line_start:line_stop]
        before = text[line_start:start]
        inside = [j for j in (i - 2, i - 1, i + 1, i + 2)
                  if 0 <= j < len(words) and line_start <= words[j][0] < line_stop]
        prev2, prev, nxt, nxt2 = (
            _neighbour(words[j][2]) if j in inside else ("<line>" if j < i else "</line>")
            for j in (i - 2, i - 1, i + 1, i + 2)
        )
        first = not before.strip() or before.rstrip().endswith(_ENDS_SENTENCE) or bool(
            re.fullmatch(r"\s*\d{4}-\d{2}-\d{2}(?: \d{2}:\d{2})?\s*", before))
        sh = shape(word)
        lex = _lexical(word)
        f = [f"w:{word.lower()}", f"s:{sh}", f"l:{lex}", f"sec:{section}", f"p1:{prev}", f"p2:{prev2}",
             f"n1:{nxt}", f"n2:{nxt2}", f"s|sec:{sh}|{section}", f"l|first:{lex}|{first}",
             f"l|p1:{lex}|{prev}", f"s|p1:{sh}|{prev}", f"l|n1:{lex}|{nxt}", f"len:{min(len(word), 12)}"]
        if section == record.HEADINGS[0] and (facts := _FACTS_LINE.match(line)):
            label = facts.group(1).strip().lower()
            f += [f"lab:{label}", f"lab|s:{label}|{sh}"]
        elif labelled := _LABEL_BEFORE.search(before[-30:]):
            f.append(f"colon:{labelled.group(1).strip().lower()}")
        if before.count('"') % 2 or before.count("“") > before.count("”"):
            f.append("quoted")
        if before.count("(") > before.count(")"):
            f.append("bracketed")
        out.append((start, end, f))
    return out


@functools.cache
def _model() -> tuple[dict[str, float], float, float]:
    data = json.loads(MODEL.read_text(encoding="utf-8"))
    return data["weights"], data["intercept"], data["threshold"]


def _may_take(word: str, feats: list[str]) -> bool:
    """The rules' own limits hold for the model too: never a clinical word, never a sentence's first
    word unless it has a digit ("Saturations of 84%", "Glasses at bedside": a capital says nothing there),
    never a title ("Mr."), never a time of day written the military way ("0800 1200 1700"), never a
    common word written in capitals."""
    if lexicon.clinical(word) or word.rstrip(".") in TITLES or CLOCK.fullmatch(word):
        return False
    if word.isupper() and lexicon.safe(word):  # "INPATIENT-SUPPORTED": capitals say nothing of a name
        return False
    first = any(f.startswith("l|first:") and f.endswith("|True") for f in feats)
    return not first or any(c.isdigit() for c in word)


def _label(text: str, start: int, end: int) -> bool:
    """A label's cue word written as a label, before a colon ("STREET2: ..."): never an identifier."""
    return bool(re.match(r"[ \t]*:", text[end : end + 3])) and facts.label_cue(text[start:end])


def score(feats: list[str]) -> float:
    weights, intercept, _ = _model()
    return intercept + sum(weights.get(f, 0.0) for f in feats)


def spans(text: str) -> list[Span]:
    """The words the model takes for identifiers, neighbours joined, after the record's own fields."""
    if not MODEL.exists():
        return []
    _, _, threshold = _model()
    own = {m.start(1) for m in re.finditer(r"^  (\S.*?)\s{2,}\S.*$", text, re.MULTILINE)
           if m.group(1) in record.FACT_LABELS}
    kept = [(a, b) for m in re.finditer(r"^  (\S.*?)\s{2,}\S.*$", text, re.MULTILINE) if m.start(1) in own
            for a, b in [(m.start(), m.end())]]
    title_end = text.find("\n")
    taken = [(a, b) for a, b, f in features(text) if a > title_end and not any(x <= a < y for x, y in kept)
             and score(f) > threshold and _may_take(text[a:b], f) and not _label(text, a, b)]
    joined: list[list[int]] = []
    for a, b in taken:
        if joined and _JOIN.fullmatch(text[joined[-1][1] : a]):
            joined[-1][1] = b
        else:
            joined.append([a, b])
    out = []
    for a, b in joined:
        kind = "ID" if any(c.isdigit() for c in text[a:b]) else "NAME"
        out.append(Span(a, b, kind, (kind, text[a:b].lower()), FREE))
    return out
