"""The document scan: a deterministic check, run before any model sees a record, for text that is
addressed to an automated reader or tries to set the answer.

A record is charting. Charting is written by clinicians and clerks for other people; it does not
speak to a summariser, does not tell anyone to ignore a rulebook, and never contains the kit's own
verdict words, which belong to the rulebook alone. The scan walks the record unit by unit (a dated
line in ORDERS AND AUTHENTICATION, SERVICES DELIVERED and UTILIZATION REVIEW NOTES; one sentence of
prose elsewhere) and flags a unit when one of the patterns in kit.guard.scan.patterns matches it, when it
slips look-alike letters from another script into a word, or when it is written in another language
(the last two in kit.guard.scan.script, on Unicode's, CLD2's and an English word list's data), or
carries a short base64 run that decodes to text (kit.guard.scan.encoded), or, when nothing else
flagged it, when the learned check (kit.guard.scan.learned, a linear classifier trained on the
development material) reads it as written to the record's reader, naming each reason. A prior
determination on the stay ("UR: inpatient supported", kit.guard.scan.determination) is flagged too,
under its own reason, whoever wrote it: it is evidence for no element, and a planted verdict is written
in the same words. ``attacks`` keeps the flags that are more than that.

What it refuses to do:

- it never calls a model or a network; it uses nothing outside this package, ``kit.rules.record``,
  the vocabulary it looks for (``kit.rules.rulebook``, ``kit.rules.elements``) and the Unicode,
  language and English-word data that kit.guard.scan.script reads from three installed packages (the
  English word list through kit.guard.wordlist, which loads it once for the scan and the redactor);
- it never edits a record, except through ``quarantine``, which returns a new text with the flagged
  units replaced by a fixed marker and every other byte untouched;
- it never flags on imperative mood alone: clinical orders are imperative ("Admit to ...",
  "Give 1 g IV ..."), so a pattern here needs an addressee, an override, an attempt to set the
  answer, the kit's own vocabulary, a role-play or chat-template cue, or hidden text;
- it never flags the ENCOUNTER FACTS block's own fields;
- it never raises on any string: a text without the five headings is scanned line by line as prose.

A clean scan is not proof that a record is safe; it is a cheap, reproducible first screen.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from kit.guard.scan import encoded, learned, literals, script, speech, voice
from kit.guard.scan.patterns import (
    ADDRESSEE,
    DETERMINATION,
    DICTATE,
    FOREIGN,
    HIDDEN,
    OVERRIDE,
    PATTERNS,
    ROLE_PLAY,
    VERDICT,
    VOCABULARY,
)
from kit.rules import record

__all__ = [
    "ADDRESSEE", "DETERMINATION", "DICTATE", "FOREIGN", "HIDDEN", "OVERRIDE", "PATTERNS", "ROLE_PLAY",
    "VERDICT", "VOCABULARY", "LEARNED", "MARKER", "NO_LAYOUT", "PREAMBLE", "PROSE_MARKER", "Flag",
    "quarantine", "attacks", "readable_units", "report", "scan",
]  # fmt: skip

MARKER = "[withheld by the document scan]"
# In prose the marker stands as a sentence of its own, so the sentences around it still read (and
# split, and are quoted) exactly as they were written.
PROSE_MARKER = "Withheld by the document scan."
PREAMBLE = "(before ENCOUNTER FACTS)"
NO_LAYOUT = "(no record layout)"
LEARNED = "reads as written to the record's reader (learned check)"
_DATED_SECTIONS = frozenset({record.ORDERS, record.SERVICES, record.REVIEW})
_FACTS = record.HEADINGS[0]

# Invisible or direction-changing characters and stray control characters (matched on the raw
# unit): zero-width spaces and joiners, bidi overrides, Unicode tag characters, soft hyphens.
_INVISIBLE = re.compile(
    "[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\U000e0000-\U000e007f"
    "\x00-\x08\x0e-\x1b\x7f]"
)
_DASHES = str.maketrans({c: "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"})
_QUOTES = str.maketrans(
    {  # every script's double quotation marks read as '"': « », „ “, 「 」
        "\u2018": "'",
        "\u2019": "'",
        **dict.fromkeys("\u201c\u201d\u201e\u201f\u00ab\u00bb\u300c\u300d\u300e\u300f", '"'),
    }
)


@dataclass(frozen=True)
class Flag:
    """One flagged unit: its 1-based line, the exact unit text, its section and why it was flagged."""

    line: int
    text: str
    section: str
    reasons: tuple[str, ...]


def _fold(text: str) -> str:
    """The unit as the patterns see it: compatibility-normalised, one kind of dash and quote,
    invisible characters removed (so "ig<zero-width>nore" still reads as "ignore")."""
    folded = unicodedata.normalize("NFKC", text).translate(_DASHES).translate(_QUOTES)
    return _INVISIBLE.sub("", folded)


# Planted copies of a record repeat nearly all of its units. 65,536 holds every distinct unit of the
# unseen-material measurement (16,384 did not: 20.1 s for tests/eval/test_scan_unseen.py, 11.5 s now).
@functools.lru_cache(maxsize=1 << 16)
def _reasons(unit: str, heard: str, *, text_start: bool = False) -> tuple[str, ...]:
    """Why the unit is flagged: the patterns and the letter and base64 checks read `unit`, the language
    check `heard` (the unit with a person's quoted words blanked, kit.guard.scan.speech)."""
    found: list[str] = []
    raw = unit[1:] if text_start and unit.startswith("\ufeff") else unit  # a file's BOM is not hidden text
    if _INVISIBLE.search(script.without_orthographic_joiners(raw)):
        found.append(HIDDEN)
    folded = _fold(unit)
    content = voice.authored(folded)  # an author's role label is provenance; the determination row reads it
    for reason, matches in _MATCHERS:
        if reason not in found and matches(folded if reason == DETERMINATION else content):
            found.append(reason)
    disguised = (
        script.lookalike_words(folded)
        or script.disguised_letters(raw)
        or encoded.payloads(folded)
        or encoded.other_payloads(folded)
    )
    if HIDDEN not in found and (disguised or _rewritten(folded)):
        found.append(HIDDEN)
    if script.language(_fold(heard)) and voice.addresses_reader(_fold(heard)):
        found.append(FOREIGN)
    if not found and learned.flags(folded):
        found.append(LEARNED)
    return tuple(sorted(found, key=_ORDER.index))


_ORDER = [reason for reason, _ in PATTERNS] + [FOREIGN, LEARNED]  # how a unit's reasons are reported
# Each pattern's search, skipped on a unit without the words it needs (kit.guard.scan.literals).
_MATCHERS = tuple((reason, literals.matcher(pattern)) for reason, pattern in PATTERNS)


def _rewritten(folded: str) -> bool:
    """Whether the unit, written backwards or with its digits read as letters, reads as English that a
    pattern or the learned check flags, when the unit as written does not read as English."""
    if script.mostly_english(folded):
        return False
    for variant in encoded.rewritings(folded):
        if script.mostly_english(variant.lower()) and (
            any(matches(variant) for _, matches in _MATCHERS) or learned.flags(variant)
        ):
            return True
    return False


def _is_fact_field(line: str) -> bool:
    if not line.startswith("  "):
        return False
    label, _, value = line[2:].partition("  ")
    return label in record.FACT_LABELS and bool(value.strip())


def _units(text: str) -> Iterator[tuple[int, str, str, str, str]]:
    """(line number, section, unit text, text the patterns read, text the language check reads) for
    every scannable unit. Prose is read a paragraph at a time for the last: a quotation that is someone's
    reported words (kit.guard.scan.speech) is blanked there, wherever the paragraph's lines break."""
    lines = text.splitlines()
    try:
        record.sections(text)
    except record.RecordFormatError:
        for number, line in enumerate(lines, start=1):
            for sentence in record.sentences(line):
                yield number, NO_LAYOUT, sentence, sentence, sentence
        return
    starts: dict[int, str] = {}
    for heading in record.HEADINGS:
        starts[next(i for i, line in enumerate(lines) if line.strip() == heading)] = heading
    section = PREAMBLE
    paragraph: list[int] = []  # indexes of the prose lines read so far, to be yielded together
    for index, line in enumerate(lines + [""]):
        dated = section in _DATED_SECTIONS and record.dated_lines(line)
        prose = line.strip() and not dated and index not in starts
        if prose and not (section == _FACTS and _is_fact_field(line)):
            paragraph.append(index)
            continue
        yield from _prose_units(lines, paragraph, section)
        paragraph = []
        section = starts.get(index, section)
        if dated:
            yield index + 1, section, line.strip(), record.dated_text(line), record.dated_text(line)


def _prose_units(
    lines: list[str], indexes: list[int], section: str
) -> Iterator[tuple[int, str, str, str, str]]:
    """The sentences of a paragraph's lines, each with its text as the language check reads it."""
    if not indexes:
        return
    blanked = speech.blank_reported_speech("\n".join(lines[i] for i in indexes)).split("\n")
    for index, heard in zip(indexes, blanked, strict=True):
        cursor = 0
        for sentence in record.sentences(lines[index]):
            at = lines[index].index(sentence, cursor)
            cursor = at + len(sentence)
            yield index + 1, section, sentence, sentence, heard[at:cursor]


def readable_units(record_text: str) -> list[str]:
    """Every scannable unit of the record as the checks read it (folded), in record order."""
    return [_fold(readable) for _, _, _, readable, _ in _units(record_text)]


def scan(record_text: str) -> list[Flag]:
    """Every unit of the record that a pattern matches, in record order. Pure and deterministic."""
    flags: list[Flag] = []
    for number, section, unit, readable, heard in _units(record_text):
        reasons = _reasons(readable, heard, text_start=record_text.startswith(readable))
        if reasons:
            flags.append(Flag(line=number, text=unit, section=section, reasons=reasons))
    return flags


def attacks(flags: list[Flag]) -> list[Flag]:
    """The flags given for something other than a prior determination alone: what reads as an attack."""
    return [flag for flag in flags if set(flag.reasons) != {DETERMINATION}]


def _split_ending(piece: str) -> tuple[str, str]:
    lines = piece.splitlines()
    content = lines[0] if lines else ""
    return content, piece[len(content) :]


def quarantine(record_text: str, flags: list[Flag]) -> str:
    """The record with each flagged unit replaced: a dated line by its date stamp and MARKER, a prose
    sentence by PROSE_MARKER. Every other byte is unchanged; with no flags the very same string is returned.
    A flag that does not fit the text (wrong line, text not on that line) is a ValueError."""
    if not flags:
        return record_text
    pieces = record_text.splitlines(keepends=True)
    by_line: dict[int, list[Flag]] = {}
    for flag in flags:
        if not 1 <= flag.line <= len(pieces) or not flag.text:
            raise ValueError(f"flag does not fit this record: line {flag.line}, {flag.text!r}")
        by_line.setdefault(flag.line, []).append(flag)
    for number, line_flags in by_line.items():
        content, ending = _split_ending(pieces[number - 1])
        whole = content.strip()
        if any(flag.text == whole for flag in line_flags) and record.dated_lines(content):
            stamp = content[: len(content) - len(record.dated_text(content))]
            pieces[number - 1] = stamp + MARKER + ending
            continue
        cursor = 0
        for flag in line_flags:
            at = content.find(flag.text, cursor)
            if at < 0:
                at = content.find(flag.text)
            if at < 0:
                raise ValueError(f"flag does not fit this record: line {number}, {flag.text!r}")
            content = content[:at] + PROSE_MARKER + content[at + len(flag.text) :]
            cursor = at + len(PROSE_MARKER)
        pieces[number - 1] = content + ending
    return "".join(pieces)


def report(flags: list[Flag], width: int = 80) -> list[str]:
    """One human-readable line per flag: where it is, why, and the start of what it says."""
    out = []
    for flag in flags:
        text = flag.text if len(flag.text) <= width else flag.text[: width - 3] + "..."
        out.append(f"line {flag.line}, {flag.section}: {'; '.join(flag.reasons)}: {text}")
    return out
