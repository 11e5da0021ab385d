"""Which quotations in a paragraph of prose are a person's own words, for the scan's language check.

Notes quote patients and relatives in the language they spoke, and a typed note wraps its paragraphs
wherever the line ends: the speaker ("His wife", "interpreter T. Nguyen-Hale (ID 20917):", "In her
words:") is often on the line before the quotation, the quotation runs over a line break, and the
translation follows it ('(Interpreted: "He didn't want ...")'). Judged line by line, each piece of such
a paragraph has lost what says whose words they are. So the paragraph is read whole: a quotation is
reported speech when the sentence it opens in, or the one before, names a speaker (script.SPEAKER: a
relative, an interpreter, "she said", "Rowena said"), or a translation follows it ("Translation: ...",
or an English rendering in brackets or after a dash); its words are then blanked for the language
check, which never sees them.

What it refuses to do: blank anything for the other checks (the patterns, look-alike letters and
base64 read every word as written), or blank a quotation nobody is named as saying: "Note: "..." and
"Attending said: "..." are still judged.
"""

from __future__ import annotations

import re

from kit.guard.scan import script
from kit.rules import record

# A translation given right after the quotation: its words were someone's, in their language.
_TRANSLATED = re.compile(r"^\W{0,4}(?:translat\w*|interpret\w*|in\s+english|meaning)\b", re.IGNORECASE)
_QUOTE = '"'
# An English rendering opened right after the quotation by a bracket, a dash or a colon, of this many words.
_GLOSS = re.compile(r"\s*(?:[(\[]|-{1,2}|\u2014|:)\s*")
MIN_GLOSS_WORDS = 4


def _sentence_starts(flat: str) -> list[int]:
    starts, cursor = [], 0
    for sentence in record.sentences(flat):
        at = flat.index(sentence, cursor)
        starts.append(at)
        cursor = at + len(sentence)
    return starts


def _quotations(paragraph: str) -> list[tuple[int, int]]:
    """(opening, closing) offsets of each quotation, in order; one left open runs to the paragraph's end."""
    marks = [m.start() for m in re.finditer(_QUOTE, paragraph)]
    pairs = list(zip(marks[0::2], marks[1::2], strict=False))
    if len(marks) % 2:
        pairs.append((marks[-1], len(paragraph)))
    return pairs


def _glossed(after: str) -> bool:
    """Whether the words right after a quotation are its English rendering: '" (My heart is beating very
    fast.)', '" -- he had stopped answering since last night'."""
    opened = _GLOSS.match(after)
    if not opened:
        return False
    gloss = re.split(r"[)\]]|[.!?](?:\s|$)", after[opened.end() :], maxsplit=1)[0]
    return len(script.text_words(gloss)) >= MIN_GLOSS_WORDS and script.mostly_english(gloss)


def _reported(flat: str, opening: int, closing: int, starts: list[int]) -> bool:
    sentence = max((n for n, start in enumerate(starts) if start <= opening), default=0)
    before = flat[starts[max(sentence - 1, 0)] if starts else 0 : opening]
    after = flat[closing + 1 :]
    return bool(script.SPEAKER.search(before) or _TRANSLATED.search(after) or _glossed(after))


def blank_reported_speech(paragraph: str) -> str:
    """The paragraph (lines joined by newlines) with every quotation that is a person's reported words
    turned into spaces, quote marks included; line breaks and every offset are kept."""
    if _QUOTE not in paragraph:
        return paragraph
    flat = paragraph.replace("\n", " ")
    starts = _sentence_starts(flat)
    out = list(paragraph)
    for opening, closing in _quotations(paragraph):
        if _reported(flat, opening, closing, starts):
            for at in range(opening, min(closing + 1, len(out))):
                if out[at] != "\n":
                    out[at] = " "
    return "".join(out)
