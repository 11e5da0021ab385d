"""What the redactor's finders return: a candidate span (where, which type, the identity key two
spellings of one identifier share, and a rank), and a person a record names. Data only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kit.guard.redact import dates

# Ranks: a lower rank wins a tie between overlapping spans of one length.
LABELLED, NAMED, ZONE, FREE, DATED = 0, 1, 2, 3, 4
# The types of span that name a person.
PEOPLE = frozenset({"NAME", "PATIENT", "RELATIVE", "NICKNAME"})


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    kind: str
    key: tuple[str, str]
    rank: int
    day: dates.Found | None = None  # for a date to be shifted


@dataclass
class Person:
    kind: str
    words: list[str] = field(default_factory=list)
    aliases: list[str] = field(default_factory=list)  # a nickname the field gives in quotes
