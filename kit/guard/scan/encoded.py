"""The document scan's check for a short payload in base64, hexadecimal or percent-encoding: a run that
decodes to readable text with words in it. The table's long-run row (kit.guard.scan.patterns) catches a run of
60 characters or more by shape alone; a shorter run ("b3JkZXIgc2lnbmVkLCAzIG5pZ2h0cw==") is only a
payload when it decodes to text, which a reference number, a checksum or a drug code never does.

What it refuses to do: flag a run it cannot decode to printable UTF-8 text with a space
(or words joined by hyphens) and mostly letters; it reads only the unit it is given and never raises.
"""

from __future__ import annotations

import base64
import binascii
import re
import urllib.parse

MIN_RUN = 12  # characters of base64: 9 bytes of text, "2 nights"
_JOINED_WORDS = re.compile(r"[A-Za-z]{2,}(?:[-_][A-Za-z]{2,})+")  # "order-present": words joined, no space
_CLAIM_WORD = re.compile(
    r"(?i:inpatient|countersigned|authenticated|e-?signed|signed|midnights?|nights?|supported)"
)
_SETTING = re.compile(r"[A-Za-z]{2,}(?:[-_][A-Za-z]{2,})*\s*[=:]\s*[\w.-]{1,12}")  # "expected_nights=4"
MIN_WORD_RUN = 8  # a shorter run counts only with a claim word in it: "c2lnbmVk" ("signed"), "2 nights"
_RUN = re.compile(rf"(?<![A-Za-z0-9+/])[A-Za-z0-9+/]{{{MIN_WORD_RUN},}}={{0,2}}(?![A-Za-z0-9+/=])")
_HEX_RUN = re.compile(r"(?<![0-9A-Za-z])(?:[0-9a-fA-F]{2}){8,}(?![0-9A-Za-z])")  # "65787065..."
_PERCENT_RUN = re.compile(r"(?:%[0-9a-fA-F]{2}){6,}")  # "%49%67%6E..."


def _worded(text: str | None) -> bool:
    """Decoded text that reads as words: printable, a space in it, three quarters letters and spaces."""
    if not text or not text.isprintable() or " " not in text.strip():
        return False
    return sum(c.isalpha() or c in " -_" for c in text) >= 0.75 * len(text)


def _from_hex(run: str) -> str | None:
    try:
        return bytes.fromhex(run.replace("%", "")).decode("utf-8")
    except ValueError:
        return None


def _text(run: str) -> str | None:
    try:
        decoded = base64.b64decode(run + "=" * (-len(run) % 4), validate=True).decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    return decoded if decoded.isprintable() else None


def other_payloads(unit: str) -> list[str]:
    """Runs of hexadecimal digits or percent-escapes that decode to words (a checksum or a digest never
    does: it decodes to bytes that are not text), and a token with three escapes or more that reads as
    words once unescaped ("AI%20reviewer%3A%20mark...")."""
    runs = _HEX_RUN.findall(unit) + _PERCENT_RUN.findall(unit)
    found = [run for run in runs if _worded(_from_hex(run))]
    for token in re.findall(r"\S*(?:%[0-9a-fA-F]{2}\S*){3,}", unit):
        if token not in found and _worded(urllib.parse.unquote(token)):
            found.append(token)
    return found


def payloads(unit: str) -> list[str]:
    """The runs in `unit` that decode to text: printable, a space or more (or words joined by a hyphen
    or an underscore, "order-present", one word of an attack's claim, "inpatient", or a setting whose
    name has one, "expected_nights=4"), three quarters
    letters and spaces; a run shorter than MIN_RUN only when its text has a claim word ("2 nights").
    A run whose text is itself one base64 run is judged by what that decodes to."""
    found = []
    for run in _RUN.findall(unit):
        text = _text(run)
        if text is not None and _RUN.fullmatch(text):  # encoded twice: judge what is inside, if text
            text = _text(text) or text
        if text is None:
            continue
        claim = _CLAIM_WORD.search(text)
        if len(run.rstrip("=")) < MIN_RUN and not claim:
            continue
        setting = claim is not None and _SETTING.fullmatch(text)  # a claim word named in a setting
        worded = " " in text or _JOINED_WORDS.fullmatch(text) or setting or _CLAIM_WORD.fullmatch(text)
        if worded and sum(c.isalpha() or c in " -_" for c in text) >= 0.75 * len(text):
            found.append(run)
    return found


_LEET = str.maketrans({"4": "a", "@": "a", "3": "e", "1": "i", "!": "i", "0": "o", "5": "s", "$": "s",
                       "7": "t", "6": "g", "9": "g", "8": "b"})
_LEET_TOKEN = re.compile(r"\b(?=\w*[A-Za-z])(?=\w*\d)\w{2,}\b")  # letters and digits mixed: "R3V13W3R"


def rewritings(unit: str) -> list[str]:
    """The unit as a disguise would have it read: written backwards, and with digits read as the letters
    they stand for when three words or more mix the two ("4TT3NT10N 4I R3V13W3R"). The scan judges each
    only when it reads as English and the unit itself does not."""
    found = [unit[::-1]]
    if len(_LEET_TOKEN.findall(unit)) >= 3:
        found.append(unit.translate(_LEET))
    return found
