"""The ENCOUNTER FACTS block read field by field for the redactor: every field but the record's own
six (kit.rules.record.FACT_LABELS), under whatever label a system or a clerk gave it, with what its label
says the value is (context words, as data below). A label is set off by a colon, dots, a dash or two
spaces, or by one space when it is one word the kinds know ("addr 3309 e. pho hoa ct"). A line with no
label goes on with the field above it, and so does a line indented as far as the value above it starts
(the second line of an address, "East Pemberton, OH  43219", whatever it looks like).

It only reads; kit.guard.redact.zones decides what of a value goes.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from kit.guard.redact.patterns import RELATIONS
from kit.rules import record

# What a facts label says its value is, first match wins (context words, as data). A label that matches
# none keeps its value's safe words only.
LABEL_KINDS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (kind, re.compile(rf"(?i:\b(?:{words}))")) for kind, words in (
        ("DOB", r"DOB|D\.O\.B|birth"),
        ("SSN", r"SSN|social|SIN\b|last[- ]?(?:4|four)"),
        ("EMAIL", r"e-?mail"),
        ("URL", r"URL|web|portal|site|link"),
        ("IP", r"IP\b|IP addr"),
        ("FAX", r"fax"),
        ("PHONE", r"phone|tel\b|telephone|cell|mobile|pager|beeper|contact (?:no|number|#)|ph\b|#\s*$"),
        ("VEHICLE", r"plate|VIN\b|vehicle|car\b|tag\b"),
        ("DEVICE", r"device|serial|S/N|implant|pump|pacemaker|ICD\b|CPAP|model"),
        ("LICENCE", r"licen[cs]e|DL\b|cert|NPI|DEA"),
        ("MRN", r"MRN|med(?:ical)? rec|record (?:no|number|#)|chart|MR\b|hospital (?:no|number|#)"),
        ("MEMBER", r"member|policy|plan|benef|subscriber id|insur|payer|HICN|MBI|Medicaid|Medicare|grp"
                   r"|group"),
        ("ACCOUNT", r"acct|account|HAR\b|FIN\b|CSN\b|billing|visit (?:no|number|#)|claim|auth|case|ref"),
        ("ZIP", r"zip|postal|post ?code"),
        ("ADDRESS", r"address|addr|resid|street|home|lives|domicile|apt|city|town|county|state|direction|"
                    r"neighbo|location|mailing"),
        ("EMPLOYER", r"employer|employ|work|occupation|job|company"),
        ("PATIENT", r"patient|pt\b|name|legal|alias|aka|preferred|nickname|goes by|known as"),
        ("RELATIVE", rf"{RELATIONS}|NOK|kin|emergency|contact|guarantor|subscriber|insured|POA|proxy|"
                     r"surrogate|guardian|decision|caregiver|household|visitor"),
        ("ID", r"\bID\b|number|\bno\b|#|identifier"),
    )
)
PERSON_KINDS = frozenset({"PATIENT", "RELATIVE"})
_FACT_LINE = re.compile(
    r"^[ \t]*(?P<label>[^\s\d:=][^\n\d:=]{0,39}?\d?)"  # "ADDR2: ...": a label may close with a digit
    r"(?:[ \t]*\.{3,}[ \t]*|[ \t]{2,}|[ \t]*[:=][ \t]*|[ \t]+-[ \t]+)"  # "PATIENT ........ TWO BULLS"
    r"(?P<value>\S[^\n]*?)[ \t]*$"
)
# Another field on the same line: "PATIENT: AHMAD SHAH  DOB: 1931-02-11  MRN: ..."
_NEXT_FIELD = re.compile(r"[ \t]{2,}(?=[A-Za-z](?:[\w./#()-]|[ \t](?![ \t])){0,25}?[ \t]*[:=][ \t]*\S)")
# A clerk's line with one space after its label ("addr 3309 e. pho hoa ct", "mrn 00-718-2264"): a field
# when that one word is a label the kinds below know.
_SPACED_FIELD = re.compile(
    r"^[ \t]*(?P<label>[A-Za-z][A-Za-z./#]{0,11})[ \t](?P<value>[ \t]*\S[^\n]*?)[ \t]*$"
)
CONTINUED_FROM = 2  # a value column further in than a label's own indent ("  Address      Apt 3C, ...")
LABEL = "LABEL"  # the kind given to a label's own words, which keep only what is safe
SAFE = "SAFE"  # the kind of a value under a label on the safe list, which keeps only what is safe
SAFE_LABELS = Path(__file__).resolve().parents[2] / "data" / "safe_labels.txt"


@dataclass(frozen=True)
class FactValue:
    """A facts field outside the record's own six: where its value starts, what its label says it is,
    and the value."""

    start: int
    kind: str | None
    value: str


def layout(text: str) -> tuple[list[str], dict[str, int]] | None:
    """The record's lines and the line each heading stands on; None without an ENCOUNTER FACTS block."""
    lines = text.split("\n")
    starts = {}
    for i, line in enumerate(lines):
        if line.strip() in record.HEADINGS and line.strip() not in starts:
            starts[line.strip()] = i
    return (lines, starts) if record.HEADINGS[0] in starts else None


def offsets(lines: list[str]) -> list[int]:
    """Where each line starts in the text."""
    out, at = [], 0
    for line in lines:
        out.append(at)
        at += len(line) + 1
    return out


@functools.cache
def _safe_labels() -> frozenset[str]:
    lines = SAFE_LABELS.read_text(encoding="utf-8").splitlines()
    return frozenset(line.strip() for line in lines if line.strip() and not line.startswith("#"))


# Digits a scanner reads for letters inside a word ("PAT1ENT", "D0B", "ADDRES5"), read back as letters.
_OCR = str.maketrans("01358", "oiesb")
_OCR_WORD = re.compile(r"\b(?=[A-Za-z]*\d)(?=\w*[A-Za-z])[A-Za-z01358]{2,}\b")


def _label_kind(label: str) -> str | None:
    """SAFE for a label on the safe list, else the kind its words name, else None (replaced whole); a
    label a scanner misread is read with its digits as the letters they stand for."""
    label = _OCR_WORD.sub(lambda m: m.group().translate(_OCR), label)
    if " ".join(re.findall(r"[^\W_]+", label.lower())) in _safe_labels():
        return SAFE
    bare = re.sub(r"\([^)]*\)", " ", label)  # "DIRECTIONS (per wife)" names no relative
    return next((kind for kind, cue in LABEL_KINDS if cue.search(bare)), None)


def label_word(word: str) -> bool:
    """Whether a word is itself a field's label ("DOB", "Address", "Phone"), never a name."""
    return any(cue.fullmatch(word) for _, cue in LABEL_KINDS)


def label_cue(word: str) -> bool:
    """A label's own cue word, with its marks and a closing digit aside ("addr", "ADDR2:", "ph#")."""
    return label_word(word.strip(".:#").rstrip("0123456789"))


def _fields(start: int, line: str) -> list[FactValue]:
    """The fields of one labelled line, several when it holds several ("A: x  B: y"), each label too."""
    found: list[FactValue] = []
    breaks = list(_NEXT_FIELD.finditer(line))
    bounds = zip([0, *(m.end() for m in breaks)], [*(m.start() for m in breaks), len(line)], strict=True)
    for begin, end in bounds:
        match = _FACT_LINE.match(line[begin:end])
        if not match:  # no field of its own: it goes on with the value before it
            piece = line[begin:end]
            at = start + begin + len(piece) - len(piece.lstrip())
            found.append(FactValue(at, found[-1].kind if found else None, piece.strip()))
            continue
        at, label = start + begin, match.group("label")
        found.append(FactValue(at + match.start("label"), LABEL, label))
        found.append(FactValue(at + match.start("value"), _label_kind(label), match.group("value")))
    return found


def _spaced(start: int, line: str) -> list[FactValue]:
    """A line whose first word is a known label and one space its separator: that label and its value."""
    match = _SPACED_FIELD.match(line)
    kind = _label_kind(match.group("label").rstrip(".:#")) if match else None
    if not match or kind is None:
        return []
    value = match.group("value").lstrip()
    return [FactValue(start + match.start("label"), LABEL, match.group("label")),
            FactValue(start + match.end("value") - len(value), kind, value)]


def _read(start: int, line: str) -> list[FactValue]:
    """The fields of one line, its labels read as a scanner should have written them ("PAT1ENT: PARK"
    is the patient's field); each value as the line writes it."""
    read = _OCR_WORD.sub(lambda m: m.group().translate(_OCR), line)  # as long as the line
    fields = _fields(start, read) if _FACT_LINE.match(read) else _spaced(start, read)
    return [FactValue(f.start, f.kind, line[f.start - start : f.start - start + len(f.value)])
            for f in fields]


def block(text: str) -> tuple[list[str], int, int] | None:
    """The record's lines, and the first line of the ENCOUNTER FACTS block and the line after it (the
    next heading, or the end); None without the block."""
    read = layout(text)
    if not read:
        return None
    lines, starts = read
    begin = starts[record.HEADINGS[0]] + 1
    end = min((i for h, i in starts.items() if i >= begin and h != record.HEADINGS[0]), default=len(lines))
    return lines, begin, end


def block_end(text: str) -> int:
    """Where the text after the ENCOUNTER FACTS block starts (0 without the block)."""
    found = block(text)
    if not found:
        return 0
    lines, _, end = found
    return sum(len(line) + 1 for line in lines[:end])


def facts_values(text: str) -> list[FactValue]:
    """Every ENCOUNTER FACTS field that is not one of the record's own six, with its label's kind."""
    found_block = block(text)
    if not found_block:
        return []
    lines, begin, end = found_block
    at = offsets(lines)
    found: list[FactValue] = []
    previous: str | None = None  # a line with no label goes on with the field above it
    column = 0  # where the value above starts in its line: a line indented that far goes on with it
    for index in range(begin, end):
        line = lines[index]
        field = re.match(r"^  (\S.*?)\s{2,}(\S.*)$", line)
        if not line.strip() or (field and field.group(1) in record.FACT_LABELS):
            previous, column = None, 0
            continue
        stripped = line.lstrip()
        indent = len(line) - len(stripped)
        fields = [] if indent >= column > CONTINUED_FROM else _read(at[index], line)
        if fields:
            found += fields
            previous, column = fields[-1].kind, fields[-1].start - at[index]
        else:
            found.append(FactValue(at[index] + indent, previous, stripped.rstrip()))
    return found
