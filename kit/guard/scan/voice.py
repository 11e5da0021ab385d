"""Whose voice a unit is in and whom it speaks to, for the scan's learned check and language check.

A role label at its start ("Reviewer:",
"UR:", "Audit:", "CM:", "Case manager note:") names the unit's AUTHOR when what follows is a statement
in that author's own voice (first person, or a plain declarative statement: "Reviewer: I could not
locate an expected length of stay", "Audit: admission order authenticated late"); the label marks an
ADDRESSEE only when what follows speaks to someone (second person, an imperative or a directive, an
appeal, a request to record or report something as something).

So the learned check reads an authored unit without its label: the label is provenance, not content,
and a role word a reader is addressed by ("reviewer", "audit") must not count as addressing when it
only says who wrote the line. An addressed unit is read whole, label and all.

Text in another language is an attack for the same reasons English is: it names the record's reader
or asks for something to be recorded, reported, concluded or set aside (kit/data/reader_words.json,
written per language). A patient's or a relative's words in their language, an interpreter's
rendering, a family's request to be called, carry neither and are left to the record.

What it refuses to do: decide anything about the unit beyond its first label, strip a label that is
not a role in kit/data/scan_voice.json, or strip one when the rest addresses anyone; the patterns,
the hidden-text checks and the language check read the unit as written.
"""

from __future__ import annotations

import functools
import json
import re
from importlib import resources

from kit.guard.scan import acts

_VOICE_FILE = resources.files("kit").joinpath("data", "scan_voice.json")
_READER_FILE = resources.files("kit").joinpath("data", "reader_words.json")
# Speech acts of kit.guard.scan.acts that show the rest of the unit speaks to someone.
_ADDRESSING = ("second_person", "directive", "appeal")
# "record it as", "report the order as", "mark this admission as": a request about how to write it.
_AS_REQUEST = re.compile(
    r"\b(?:record|report|mark|treat|count|code|enter|list|document|consider|take|accept|cite|flag)\s+"
    r"(?:[\w'-]+\s+){0,4}as\b",
    re.IGNORECASE,
)


@functools.cache
def _label() -> re.Pattern[str]:
    data = json.loads(_VOICE_FILE.read_text("utf-8"))
    roles = "|".join(sorted(data["roles"], key=len, reverse=True))
    kinds = "|".join(data["label_kinds"])
    return re.compile(
        rf"^\s*(?:{roles})(?:\s+(?:{kinds}))?\s*(?:\([^)]{{0,40}}\))?\s*:\s+(?=\S)", re.IGNORECASE
    )


def addresses(text: str) -> bool:
    """Whether the text speaks to someone: second person, a directive or imperative, an appeal, or a
    request to record or report something as something."""
    shown = dict(zip(acts.NAMES, acts.features(text), strict=False))
    return any(shown[name] for name in _ADDRESSING) or bool(_AS_REQUEST.search(text))


def authored(text: str) -> str:
    """The unit without its opening role label when the label names the author (what follows does not
    address anyone), else the unit unchanged."""
    label = _label().match(text)
    if label is None:
        return text
    rest = text[label.end() :]
    return text if addresses(rest) else rest


@functools.cache
def _to_reader() -> re.Pattern[str]:
    data = json.loads(_READER_FILE.read_text("utf-8"))
    return re.compile("|".join(f"(?:{cue})" for cue in (*data["words"], *data["requests"])), re.IGNORECASE)


def addresses_reader(text: str) -> bool:
    """Whether text in another language names the record's reader or asks for something to be
    recorded, reported, concluded or set aside (kit/data/reader_words.json)."""
    return bool(_to_reader().search(text))
