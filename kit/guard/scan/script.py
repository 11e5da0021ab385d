"""Two checks of the document scan that rest on maintained Unicode and language data rather than on a
hand table: words that slip look-alike letters from another script into Latin text, and units
written in a language other than English.

- Look-alike letters: a word is flagged when it mixes scripts and a letter from the other script has
  a Latin look-alike, as Unicode's own script and confusables data say (through the
  confusable_homoglyphs package). That covers Greek, Cyrillic, Armenian, Cherokee and every other
  script the data knows, where a hand range covered Cyrillic alone. The dotless i, a Latin letter,
  flags in two or more otherwise English words of a unit with no other Turkish letter.
- Another language: a unit is flagged when it has enough natural-language text to judge (words that
  are not abbreviations, units or listed shorthand, and CLD2's own count of text bytes), and Compact
  Language Detector 2 (through pycld2, whose tables are compiled into the package, so no model is
  downloaded) calls it reliably and its main language is not English. A record is English charting;
  an instruction in another language is not charting.

What they refuse to do: a single accented Latin letter (café, Sjögren) is one script and never flags;
a lowercase Greek letter at either end of a word is the scientific convention (TNFα, βhCG, NF-κB,
μmol) and is set aside before the test; a unit CLD2 cannot call reliably (short lines, lab values,
drug lists, a patient's few quoted words in an English sentence) is left alone. Both take the unit as
the scan folds it, read nothing else, and never raise on any string.
"""

from __future__ import annotations

import json
import re
import unicodedata
from importlib import resources

import pycld2
from confusable_homoglyphs import confusables
from spellchecker import WordFrequency

from kit.guard import wordlist

ENGLISH = frozenset({"en", "un"})  # "un": CLD2 could not tell
# Short clinical lines are abbreviations, units and numbers, where CLD2 has too little to judge and
# calls "Lasix 40 mg IV BID." Danish. A unit is judged only with this many words of text and bytes of
# text as CLD2 counts them (925 charting lines: no flagged line had more than 4 words or 33 bytes; the
# other-language plants have 9 to 15 words and 71 to 132 bytes).
MIN_TEXT_WORDS = 6
MIN_TEXT_BYTES = 48
# A unit whose words are mostly English words is English whatever CLD2 calls it. Over the 12 development
# attack sets' other-language texts the highest share of English words is 0.42; the English clinical line
# CLD2 called Seselwa Creole has 0.88.
ENGLISH_WORD_SHARE = 0.7
_SHORTHAND_FILE = resources.files("kit").joinpath("data", "charting_shorthand.json")
SHORTHAND = frozenset(json.loads(_SHORTHAND_FILE.read_text("utf-8"))["shorthand"])
_TEXT_WORD = re.compile(r"(?<![\w])[^\W\d_]+(?:['’][^\W\d_]+)?(?![\w])")
_WORD = re.compile(r"\w+")
_GREEK_SMALL = "\u03b1-\u03bd\u03be\u03c0-\u03c9"  # omicron (U+03BF) aside: it is an o, never a symbol
_SCIENTIFIC_EDGE = re.compile(rf"^[{_GREEK_SMALL}]|[{_GREEK_SMALL}]$")


# Scripts written without spaces between words (Chinese, Japanese kana, Thai), where a count of words
# means nothing: enough letters of them are enough text.
_UNSPACED = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]")
MIN_UNSPACED_LETTERS = 12


def _core(word: str) -> str:
    """The word without a lowercase Greek letter at either end (the scientific convention)."""
    return _SCIENTIFIC_EDGE.sub("", word)


# The dotless i is a Latin letter, so Unicode's script data sees nothing mixed in "ınpatıent"; Turkish
# writes it among its other letters (ş, ğ, ç, ö, ü, İ), English text never.
_DOTLESS = "\u0131"
_TURKISH = re.compile("[\u015f\u015e\u011f\u011e\u00e7\u00c7\u00f6\u00d6\u00fc\u00dc\u0130]")
MIN_DOTLESS_WORDS = 2


def _dotless_words(words: list[str], text: str) -> list[str]:
    """Words that are English letters but for a dotless i, when two or more and no Turkish letter besides."""
    dotless = [w for w in words if _DOTLESS in w and w.replace(_DOTLESS, "i").isascii()]
    return dotless if len(dotless) >= MIN_DOTLESS_WORDS and not _TURKISH.search(text) else []


def lookalike_words(text: str) -> list[str]:
    """The Latin words that mix scripts and carry a letter with a Latin look-alike from another script,
    or that are English but for a dotless i."""
    if text.isascii():
        return []
    found = []
    words = _WORD.findall(text)
    for word in words:
        if word.isascii():
            continue
        core = _core(word)
        if not re.search(r"[A-Za-z]", core):  # Japanese mixes kanji and kana: no Latin word is disguised
            continue
        if confusables.is_mixed_script(core) and confusables.is_confusable(core, preferred_aliases=["latin"]):
            found.append(word)
    return found or _dotless_words(words, text)


def _disguise(char: str) -> bool:
    """A letter written in another form of the same Latin letter (fullwidth "ｗ", mathematical bold "𝐰",
    small capital "ᴏ", circled "ⓞ") or a fullwidth digit ("２"): a human reads it as the letter, a plain-text
    filter does not. A ligature ("ﬁ" from a PDF) and super- or subscripts ("m²", "SpO₂") are
    ordinary typography."""
    if char.isascii() or "\ufb00" <= char <= "\ufb4f":
        return False
    plain = unicodedata.normalize("NFKC", char)
    small_capital = unicodedata.name(char, "").startswith("LATIN LETTER SMALL CAPITAL")  # "ᴏʀᴅᴇʀ"
    fullwidth_digit = "\uff10" <= char <= "\uff19"
    enclosed = len(plain) == 1 and unicodedata.category(char) == "So"  # circled "Ⓘ", not "™" (two letters)
    letter = (char.isalpha() or enclosed) and plain.isascii() and plain.isalpha()
    return letter or fullwidth_digit or small_capital


_JOINER = re.compile(r"(?<=[^\W\d_])[\u200c\u200d](?=[^\W\d_])")


def _non_latin(char: str) -> bool:
    return not char.isascii() and not unicodedata.name(char, "").startswith("LATIN")


def without_orthographic_joiners(text: str) -> str:
    """The text without the zero-width non-joiners and joiners that Persian, Arabic-script and Indic
    spelling puts between two letters of a word ("می‌زند"); one beside a Latin letter is kept (it is
    how "ig<ZWNJ>nore" hides a word)."""
    def spelled(match: re.Match[str]) -> str:
        return "" if _non_latin(text[match.start() - 1]) and _non_latin(text[match.end()]) else match[0]

    return _JOINER.sub(spelled, text)


def disguised_letters(text: str) -> bool:
    """Whether `text` (as written, before normalisation) carries a disguised letter or digit."""
    return not text.isascii() and any(map(_disguise, text))


def _printable(text: str) -> bytes:
    """The text as CLD2 accepts it: control characters (which it refuses) turned into spaces."""
    cleaned = "".join(" " if unicodedata.category(c) in ("Cc", "Cs") else c for c in text)
    return cleaned.encode("utf-8", "replace")


# A person's name after a title ("Dr. Yamamoto") or in a clinician's field ("Attending = Adebayo, Funmi") says
# nothing about the language a line is written in: neither counted as a word of text nor shown to CLD2.
_NAME = r"[^\W\d_]+(?:[-'’][^\W\d_]+)*"
_ROLE = r"(?:(?i:physician|attending|provider|surgeon|resident|hospitalist|consultant)|PCP|RN|MD|NP)"
_TITLED_NAME = re.compile(
    rf"\b(?:Drs?|Mrs?|Ms|Mx|Prof|Dra)\.?\s+{_NAME}|\b{_ROLE}\s*[=:]\s*{_NAME},\s+{_NAME}(?:\s+[A-Z]\.?)?"
)


def text_words(text: str) -> list[str]:
    """The unit's words of natural-language text: three letters or more, no digit, no capital after
    the first letter (BiPAP, SpO2, DKA are abbreviations), and not listed charting shorthand or units.
    Vowel signs and other combining marks count as part of their word (in Devanagari a word is letters
    and marks)."""
    found = []
    if not text.isascii():  # ASCII has no combining marks
        text = "".join(c for c in text if not unicodedata.category(c).startswith("M"))
    for word in _TEXT_WORD.findall(text):
        core = re.split("['’]", word)[0]
        if len(core) >= 3 and core[1:] == core[1:].lower() and core.lower() not in SHORTHAND:
            found.append(word)
    return found


_QUOTED = re.compile(r'"([^"\n]+)"')
# Words around a quotation that say whose words it is: a patient, a relative, an interpreter, someone
# spoken of as "he" or "she" saying it ("Pt states via Spanish interpreter: ...", "Mother, in Vietnamese:
# ...", "In her words: ...", "she said, ..."), or a translation beside it. Charting quotes them in the
# language they spoke; the quotation is reported speech and is not judged.
_SAID = r"(?:said|says|stated?s?|told|reports?|reported|asked|answered|replied|explained)"
# a person named as saying it ("Rowena said:"), not a clinician's role ("Attending said:")
_ROLES = (
    r"(?:Attending|Resident|Physician|Doctor|Nurse|Reviewer|Advisor|Provider|Surgeon|Hospitalist|Consultant"
    r"|Staff)"
)
_GIVEN_NAME = rf"(?-i:(?!{_ROLES}\b)[A-Z][a-z]{{2,}})"
# A unit that opens with a short label naming a language, then a colon and a quotation ("Japanese:
# "...", "German-speaking visitor: "..."): someone's words in that language. "Note: "..." is still judged.
_LANGUAGE_NAME = (
    r"(?:[A-Z][a-z]+-speaking|Spanish|Portuguese|French|German|Italian|Russian|Ukrainian|Polish|Arabic|Farsi"
    r"|Persian|Dari|Pashto|Urdu|Hindi|Punjabi|Bengali|Tamil|Chinese|Mandarin|Cantonese|Japanese|Korean"
    r"|Vietnamese|Tagalog|Haitian|Creole|Somali|Amharic|Tigrinya|Swahili|Yoruba|Igbo|Hmong|Khmer|Thai"
    r"|Burmese|Nepali|Greek|Turkish|Hebrew|Romanian|Serbian|Croatian|Bosnian|Albanian|Armenian|Navajo)"
)
LABELLED_QUOTE = re.compile(
    rf'^\s*(?:[^\s:"]{{1,30}}\s+){{0,3}}\(?{_LANGUAGE_NAME}\)?[^:"]{{0,20}}:\s*"'
)
_LABEL = re.compile(r'^\s*(?P<label>[^\s:"]{1,30}(?:\s+[^\s:"]{1,30}){0,3})\s*[:：]\s*"')
SPEAKER_LABEL = re.compile(r'^\s*[^\s:"]{1,30}(?:\s+[^\s:"]{1,30}){0,3}\s*(?:\([^)"]{0,30}\))?\s*[:：]')
SPEAKER = re.compile(
    r"\b(?:pt|patient'?s?|mother|mom|father|dad|daughter|son|wife|husband|spouse|partner|family|parents?"
    r"|caregiver|sister|brother|grand(?:mother|father|son|daughter)|aunt|uncle|niece|nephew|child"
    r"|interpreter|translator|in\s+(?:his|her|their)\s+(?:own\s+)?words"
    rf"|(?:he|she|they|{_GIVEN_NAME})\s+{_SAID}"
    r"|translat\w+|interpreted)\b",
    re.IGNORECASE,
)


def language(text: str) -> str | None:
    """The language code CLD2 reliably gives the unit when that is not English and the unit has enough
    text to judge (MIN_TEXT_WORDS words of text, MIN_TEXT_BYTES bytes CLD2 read as text), else None.
    Words in double quotes are judged apart from the words around them, each part on its own: a
    patient's few words quoted in Spanish inside an English line ('Pt said "gracias, ya me siento
    mejor" after repositioning') are too short to judge, and the line around them is English. A whole
    sentence in quotes is judged too, unless the words around it say whose words they are (a patient,
    a relative, an interpreter: reported speech, SPEAKER) or the unit opens with a short label naming
    the language (LABELLED_QUOTE) or written in another language, and a colon before it; then only the
    words around it are. A unit that opens with a
    speaker's label and a colon ("Interpreter (Arabic): ...") is their words after it, quoted or not.
    A quotation left open (the note wraps it onto the next line) is taken to run to the end of the unit."""
    if text.count('"') % 2:  # a quotation the prose goes on with on the next line runs to the end of the unit
        text += '"'
    label = SPEAKER_LABEL.match(text)
    if label and SPEAKER.search(label.group()):  # "Interpreter (Arabic): ...": what follows is their words
        return _language(label.group())
    quoted = _QUOTED.findall(text)
    if quoted:
        around = _QUOTED.sub(" ", text)
        spoken = SPEAKER.search(around) or LABELLED_QUOTE.match(text) or _foreign_label(text)
        parts = [around] if spoken else [*quoted, around]
        return next((code for code in map(_language, parts) if code), None)
    return _language(text)


def _foreign_label(text: str) -> bool:
    """Whether the unit opens with a short label in another language before a quotation ("Paciente
    refiere: "..."): the record quoting someone in their language, label and all. An English label
    ("Note: "...") does not say whose words they are."""
    label = _LABEL.match(text)
    if label is None:
        return False
    return not any(w.lower() in _english_words() for w in text_words(label.group("label")))


def _language(text: str) -> str | None:
    text = _TITLED_NAME.sub(" ", text)
    if len(text_words(text)) < MIN_TEXT_WORDS and len(_UNSPACED.findall(text)) < MIN_UNSPACED_LETTERS:
        return None
    try:
        reliable, text_bytes, details = pycld2.detect(_printable(text))
    except pycld2.error:
        return None
    code = details[0][1]
    if not reliable or text_bytes < MIN_TEXT_BYTES or code in ENGLISH or mostly_english(text):
        return None
    return code


def _english_words() -> WordFrequency:
    return wordlist.word_frequency()


def mostly_english(text: str) -> bool:
    """Whether ENGLISH_WORD_SHARE or more of the unit's words of text are English words (pyspellchecker's
    English word list): CLD2 calls some runs of English clinical words a rare language ("CTA chest PE
    protocol; pre-medicate per contrast allergy protocol": Seselwa Creole, 7 of 8 words English)."""
    words = [word.lower() for word in text_words(text)]
    known = _english_words()
    return bool(words) and sum(word in known for word in words) >= ENGLISH_WORD_SHARE * len(words)
