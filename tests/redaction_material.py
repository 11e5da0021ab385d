"""The redactor measured on dressed records written blind (tests/material/redaction/<set>/): each
record's identifiers as its writer listed them, by type, and the lines a reviewer cites.

An identifier is leaked when one of its distinctive pieces (a word of two letters or more that is not a
street, title or identifier-kind word such as "plate" or "lot", nor a function word such as "of", "for"
or "at", nor a calendar's era ("AD", "AH"), nor the postal code of the state that issued a plate or a
licence; a run of three digits or more, or its whole digit string of four or more) stands in the redacted
text more often than the record uses it outside all of its identifiers: a word the record also uses for
something else is not a leak, and a one- or two-letter fragment of a code is (the words of an identifier
that are none of its pieces, "VT" of the plate "VT 7731 MV", count as the record's other words). A value
with no such piece in its record ("V95 X2T4", "4H27", a nickname "Del") is leaked when the value itself,
three letters or digits or more, in any case and punctuation, stands in the redacted text more often
than outside the record's identifiers; initials ("K.", "J-B") are not counted that way. A label its
writer put at the head of a value ("PC#", "MRN:") is the label, not a piece; the redactor's own output (its
placeholders, the dates it shifted) is no source of a leak: a number's "2024" does not leak because a
shifted date now reads 2024; and the record is counted with those dates blanked as well, so a time after
a date ("09:15") is a run of its own on both sides. An age over 89 is generalised when its number is
gone from the text and "90 or older" stands there. A key line is intact when the line as the model
sees it, quoted back, maps back to the line. A record the egress gate refuses is counted as refused, and
its identifiers are not counted as kept out or leaked.
"""

from __future__ import annotations

import functools
import json
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from kit.guard.redact import EgressRefused, Redacted, check_egress, redact, restore_quote
from kit.guard.redact.ages import REPLACEMENT
from kit.guard.redact.core import DATE

MATERIAL = Path(__file__).resolve().parent / "material" / "redaction"
SALT = "redaction-material-salt"
AGE = "AGE_OVER_89"
PLACEHOLDER = re.compile(r"\[[A-Z]+-\d+\]")
GENERIC = frozenset({
    "st", "street", "ave", "avenue", "rd", "road", "dr", "drive", "ln", "lane", "blvd", "apt", "unit",
    "suite", "ste", "ct", "court", "pl", "place", "way", "the", "of", "and", "com", "org", "net", "www",
    "http", "https", "mr", "mrs", "ms", "miss", "jr", "sr", "ii", "iii", "co", "inc", "llc", "ltd", "edu",
    "gov", "us", "html", "no", "id", "ext", "box", "po", "hwy", "county", "de", "la", "van", "von", "der",
    "for", "at", "in", "on", "to", "by", "with", "from", "as", "or",
    "da", "di", "del", "le", "al", "el", "bin", "ben", "mc", "fl", "floor", "nw", "ne", "sw", "se",
    "year", "old", "years", "aged", "age", "yo", "ninety",
    "plate", "plates", "tag", "lot", "serial", "sn", "ref", "vin", "reg",
    "ad", "bc", "ce", "bce", "ah",  # a calendar's era after a date ("14 Rajab 1380 AH") names no one
})  # fmt: skip
# A state is no Safe Harbor identifier: its postal code in capitals, in a plate or a licence number it
# issued ("AZ plate 3KF 228", "CDL CO 19-447-0382"), is no piece of one.
STATE_CODES = frozenset([
    "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "DC", "FL", "GA", "HI", "ID", "IL", "IN", "IA",
    "KS", "KY", "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM",
    "NY", "NC", "ND", "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA",
    "WV", "WI", "WY", "PR",
])  # fmt: skip
ISSUED = frozenset({"VEHICLE_IDENTIFIER", "LICENCE_OR_CERTIFICATE_NUMBER"})


@dataclass
class Measured:
    """One set's figures: identifiers kept out and leaked per type, records refused, ages, key lines."""

    records: int = 0
    refused: list[str] = field(default_factory=list)
    planted: Counter[str] = field(default_factory=Counter)
    leaked: Counter[str] = field(default_factory=Counter)
    leaks: list[tuple[str, str, str]] = field(default_factory=list)
    ages: int = 0
    ages_generalised: int = 0
    key_lines: int = 0
    key_lines_intact: int = 0


WHOLE_LEAST = 3  # letters and digits a value with no piece needs to be looked for whole
LABEL_AT_HEAD = re.compile(r"^\s*[^\W\d_]+\s*[#:]")


def _pieces(value: str, kind: str = "") -> set[str]:
    value = LABEL_AT_HEAD.sub(" ", value)
    words = {w.lower() for w in re.findall(r"[^\W\d_]{2,}", value)
             if w.lower() not in GENERIC and not (kind in ISSUED and w in STATE_CODES)}
    pieces = words | set(re.findall(r"\d{3,}", value))
    whole = re.sub(r"\D", "", value)
    return pieces | ({"#" + whole} if len(whole) >= 4 else set())


@functools.lru_cache(maxsize=8)
def _tally(text: str) -> tuple[Counter[str], Counter[str], Counter[str]]:
    """The text's letter runs (lower case), digit runs, and digit runs once separators of one or two
    characters between digits are dropped: each piece is counted by looking it up, not by a pattern."""
    joined = re.sub(r"(?<=\d)[^\w\n]{1,2}(?=\d)", "", text)
    return (Counter(w.lower() for w in re.findall(r"[^\W\d_]+", text)), Counter(re.findall(r"\d+", text)),
            Counter(re.findall(r"\d+", joined)))  # fmt: skip


def _count(piece: str, text: str) -> int:
    words, digits, joined = _tally(text)
    if piece.startswith("#"):
        return joined[piece[1:]]
    return digits[piece] if piece.isdigit() else words[piece]


def _not_pieces(value: str, kind: str) -> str:
    """The words of a value that are none of its pieces ("VT" of the plate "VT 7731 MV"): text outside
    the identifiers, as the rest of the record is."""
    pieces = _pieces(value, kind)
    return " ".join(w for w in re.findall(r"[^\W\d_]+", value) if w.lower() not in pieces)


def _whole(value: str) -> re.Pattern[str] | None:
    """The value itself in any case and punctuation, when it has three letters or digits or more."""
    runs = re.findall(r"[^\W_]+", value)
    if len("".join(runs)) < WHOLE_LEAST:
        return None
    return re.compile(r"(?<![^\W_])(?i:" + r"[^\w\n]{0,3}".join(map(re.escape, runs)) + r")(?![^\W_])")


def _leaked(value: str, kind: str, text: str, out: str, rest: str) -> bool:
    pieces = [p for p in _pieces(value, kind) if _count(p, text)]
    if pieces:
        return any(_count(p, out) > _count(p, rest) for p in pieces)
    whole = _whole(value)
    return bool(whole) and len(whole.findall(out)) > len(whole.findall(rest))


def _age_generalised(value: str, original: str, out: str) -> bool:
    number = re.search(r"\d+", value)
    if not number:
        return REPLACEMENT in out
    pattern = rf"(?<!\d){number.group()}(?!\d)"
    left = PLACEHOLDER.sub(" ", out.replace(REPLACEMENT, ""))  # the "9" of "[NAME-9]" is the redactor's
    return len(re.findall(pattern, left)) < len(re.findall(pattern, original))


def _blanked(text: str, spans: list[tuple[int, int]]) -> str:
    """`text` with each (start, end) stretch written over with spaces, its length kept."""
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def _without_shifted_dates(done: Redacted) -> str:
    """The redacted text with each date the redactor shifted blanked: its digits are new, not the record's."""
    return _blanked(done.text, [(p.at, p.stop) for p in done.pieces if p.kind == DATE])


def _without_original_dates(text: str, done: Redacted) -> str:
    """The record with each date the redactor shifted blanked as in the redacted text, so that both are
    counted alike: a time after a blanked date ("09:15") is a run of its own in both, never joined to
    the date's digits in one and alone in the other."""
    return _blanked(text, [(p.start, p.end) for p in done.pieces if p.kind == DATE])


def measure(name: str) -> Measured:
    """Redact every record of one set and count (see the module docstring)."""
    folder = MATERIAL / name
    identifiers = json.loads((folder / "identifiers.json").read_text(encoding="utf-8"))
    keys = json.loads((folder / "key_lines.json").read_text(encoding="utf-8"))
    result = Measured()
    for path in sorted((folder / "records").glob("*.txt")):
        rid, text = path.stem, path.read_text(encoding="utf-8")
        result.records += 1
        done = redact(text, rid, SALT)
        out = PLACEHOLDER.sub(" ", _without_shifted_dates(done))  # "[IP-1]" is not the "IP" of "AET-IP-2604"
        try:
            check_egress(rid, text, done.text)
        except EgressRefused:
            result.refused.append(rid)
            continue
        items = identifiers.get(rid, [])
        rest = _without_original_dates(text, done)
        for item in sorted(items, key=lambda i: -len(i["value"])):
            rest = rest.replace(item["value"], f" {_not_pieces(item['value'], item['type'])} ")
        for item in items:
            kind, value = item["type"], item["value"]
            if kind == AGE:
                result.ages += 1
                result.ages_generalised += _age_generalised(value, text, done.text)
                continue
            result.planted[kind] += 1
            if _leaked(value, kind, text, out, rest):
                result.leaked[kind] += 1
                result.leaks.append((rid, kind, value))
        lines = text.splitlines()
        for line in [k.strip() for k in keys.get(rid, {}).values() if k and k.strip()]:
            result.key_lines += 1
            index = next((i for i, whole in enumerate(lines) if line in whole), None)
            if index is not None and line in (restore_quote(done, done.text.splitlines()[index]) or ""):
                result.key_lines_intact += 1
    return result
