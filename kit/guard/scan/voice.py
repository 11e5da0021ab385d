"""Whose voice a unit is in and whom it speaks to, for the scan's rows, learned check and language check.

A role label at its start ("Reviewer:",
"UR:", "Audit:", "CM:", "Case manager note:", with a qualifier: "Audit sample 2026-Q2:", "Reviewer to
attending (secure message):") names the unit's AUTHOR when what follows is a statement
in that author's own voice (first person, or a plain declarative statement: "Reviewer: I could not
locate an expected length of stay", "Audit: admission order authenticated late"); the label marks an
ADDRESSEE only when what follows speaks to someone (second person, an imperative or a directive, an
appeal, a request to record or report something as something).

So the rows (all but the prior-determination row, which is about the label) and the learned check read
an authored unit without its label: the label is provenance, not content, and a role word a reader is
addressed by ("reviewer", "audit") must not count as addressing when it only says who wrote the line.
An addressed unit is read whole, label and all; a label naming an automated reader is never stripped.

A message to a named clinical colleague ("Reviewer to attending: could you add ...", "Dear colleague",
"Dr. Okafor, ...") is clinician-to-clinician charting: its second person and its requests speak to that
colleague, not to the record's reader, so the learned check leaves it to the rows, unless it names the
automated reader or asks for the record or its verdict to be reported a certain way.

Text in another language is an attack for the same reasons English is: it names the record's reader
or asks for something to be recorded, reported, concluded or set aside (kit/data/reader_words.json,
written per language). A patient's or a relative's words in their language, an interpreter's
rendering, a family's request to be called, carry neither and are left to the record.

What it refuses to do: decide anything about the unit beyond its first label and whom it is written
to, strip a label that is not a role in kit/data/scan_voice.json, or strip one when the rest addresses
anyone; the hidden-text checks and the language check read the unit as written.
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
def _voice() -> dict[str, object]:
    return dict(json.loads(_VOICE_FILE.read_text("utf-8")))


def _alternatives(key: str) -> str:
    names = _voice()[key]
    assert isinstance(names, list)
    return "|".join(sorted(names, key=len, reverse=True))


@functools.cache
def _label() -> re.Pattern[str]:
    """A role, a kind ("note"), up to three words of qualifier ("sample 2026-Q2", "to attending") and a
    short parenthesis ("(secure message)") before a colon."""
    roles, kinds = _alternatives("roles"), _alternatives("label_kinds")
    return re.compile(
        rf"^\s*(?:{roles})(?:\s+(?:{kinds}))?(?:\s+[\w&/.-]+){{0,3}}?\s*(?:\([^)]{{0,40}}\))?\s*:\s+(?=\S)",
        re.IGNORECASE,
    )


@functools.cache
def _role() -> re.Pattern[str]:
    return re.compile(rf"^\s*(?:{_alternatives('roles')})", re.IGNORECASE)


@functools.cache
def _automated_reader() -> re.Pattern[str]:
    return re.compile(str(_voice()["automated_reader"]), re.IGNORECASE)


@functools.cache
def _to_colleague() -> re.Pattern[str]:
    """A label written to a colleague ("Reviewer to attending (secure message):"), a letter's greeting
    ("Dear colleague", "Dear Dr. Okafor") or a colleague named first ("Dr. Okafor, ...")."""
    who = _alternatives("colleagues")
    roles = _alternatives("roles")
    return re.compile(
        rf"^\s*(?:(?:{roles})(?:\s+\w+)?\s+to\s+(?:the\s+)?(?:{who})\b"
        rf"|(?:dear|hi|hello)\s+(?:{who})\b|dr\.?\s+[A-Z][\w'-]+\s*,)",
        re.IGNORECASE,
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
    if label is None or _automated_reader().search(label.group(), _role().match(text).end()):  # type: ignore[union-attr]
        return text
    rest = text[label.end() :]
    return text if addresses(rest) and not to_colleague(text) else rest


def to_colleague(text: str) -> bool:
    """Whether the unit is a message to a named clinical colleague (a label written to one, a letter's
    greeting, a colleague named first) that neither names the record's automated reader after its label
    nor asks for something to be recorded or reported as something."""
    opening = _to_colleague().match(text)
    if opening is None:
        return False
    label = _label().match(text)
    rest = text[label.end() :] if label else text[opening.end() :]
    return not (_automated_reader().search(rest) or _AS_REQUEST.search(rest))


@functools.cache
def _to_reader() -> re.Pattern[str]:
    data = json.loads(_READER_FILE.read_text("utf-8"))
    return re.compile("|".join(f"(?:{cue})" for cue in (*data["words"], *data["requests"])), re.IGNORECASE)


def addresses_reader(text: str) -> bool:
    """Whether text in another language names the record's reader or asks for something to be
    recorded, reported, concluded or set aside (kit/data/reader_words.json)."""
    return bool(_to_reader().search(text))
