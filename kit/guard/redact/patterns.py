"""The redactor's pattern table, as data: which identifier each pattern finds, the placeholder type it
becomes, and how two spellings of one identifier are known to be the same (the identity key).

Three kinds of row: LABELLED (a label such as "MRN" or "Fax" followed by its value), FREE (a shape
that is an identifier wherever it stands: an e-mail, a URL, a phone number written with its
separators) and the NAME_LABELS that name a person in the record's own fields. Patterns stay on one
line (a space, never a line break, between their parts), so a placeholder never spans two lines.
This module only holds the table and the key functions; kit.guard.redact.finder applies them. It knows no
clinical word, so nothing here can be tuned to a corpus's wording.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

# Placeholder types, and which of them are one family (a number labelled fax elsewhere written bare
# is one identifier: it keeps the type of its most specific spelling).
TYPES = (
    "PATIENT", "RELATIVE", "CLINICIAN", "NAME", "EMPLOYER", "MRN", "ACCOUNT", "MEMBER", "ENCOUNTER", "SSN",
    "PHONE", "FAX", "PAGER", "EMAIL", "URL", "IP", "ADDRESS", "ZIP", "DOB",
)  # fmt: skip
FAMILY = {"FAX": "PHONE", "PAGER": "PHONE", "ACCOUNT": "ID", "MEMBER": "ID", "ENCOUNTER": "ID", "MRN": "ID",
          "SSN": "ID"}  # fmt: skip

_QUALIFIER = r"[ \t]*(?i:id|no\.?|number|num\.?|#)"
_SEP = r"[ \t]*(?i:[:#]|no\.?|number|num\.?|id)?[ \t]*(?:[:#][ \t]*)?"
_ID_VALUE = r"(?P<v>\d{3} \d{3} \d{4}|[A-Z]{0,4}-?\d[\dA-Z-]{3,}[\dA-Z])(?![\w-])"
_NUMBER_VALUE = r"(?P<v>\+?[\d(][\d ()./-]{1,}\d(?:[ \t]*(?:x|ext\.?)[ \t]*\d{1,5})?)(?![\w-])"
_LEFT = r"(?<![A-Za-z])"


def _labelled(label: str, value: str, qualified: str = "") -> re.Pattern[str]:
    """`label` (any case), or one of the `qualified` words followed by a qualifier, then the value."""
    heads = [rf"(?i:{label})\b"] if label else []
    if qualified:
        heads.append(rf"(?i:{qualified}){_QUALIFIER}")
    return re.compile(rf"{_LEFT}(?:{'|'.join(heads)}){_SEP}{value}")


# (type, pattern with the value in group "v"). A bare word that is also ordinary charting ("policy",
# "visit", "chart") counts as a label only with a qualifier after it (id, no., number, #).
LABELLED: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("MRN", _labelled(r"MRN|medical record|NHS", _ID_VALUE,
                      r"hospital|unit|chart|patient|case|record")),
    ("ACCOUNT", _labelled(r"acct\.?|FIN", _ID_VALUE, r"account|billing|financial")),
    ("MEMBER", _labelled("", _ID_VALUE, r"member|insurance|policy|subscriber|medicare|medicaid|health plan|"
                                          r"insurer|payer")),
    ("ENCOUNTER", _labelled(r"CSN", _ID_VALUE, r"encounter|visit|admission")),
    ("SSN", _labelled(r"SSN|social security(?: number| no\.?)?", r"(?P<v>\d{3}[- ]?\d{2}[- ]?\d{4})\b")),
    ("FAX", _labelled(r"fax", _NUMBER_VALUE)),
    ("PAGER", _labelled(r"pager|bleep|pgr|beeper", _NUMBER_VALUE)),
    ("PHONE", _labelled(r"phone|tel(?:ephone)?|mobile|cell(?:phone)?|contact number|home number|"
                        r"work number|daytime number", _NUMBER_VALUE)),
    ("ZIP", _labelled(r"zip(?: code)?|post ?code",
                      r"(?P<v>\d{5}(?:-\d{4})?|[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})\b")),
    ("ADDRESS", re.compile(r"^[ \t]+(?i:(?:home |street |postal )?address)[ \t]{2,}(?P<v>\S[^\n]*?)[ \t]*$",
                           re.MULTILINE)),
    ("ADDRESS", _labelled(r"(?:home |street |postal )?address", r"(?P<v>\d[^\n;]*?)(?=\.(?:\s|$)|;|\n|$)")),
)  # fmt: skip
# The fewest digits a value of each type holds; a shorter one is not that identifier.
MIN_DIGITS = {"PHONE": 7, "FAX": 7, "PAGER": 3, "ID": 4, "SSN": 9}
MAX_DIGITS = {"PHONE": 15}
FREE_PHONE_DIGITS = 8  # a number with no label is a phone number only when it is a whole one (Nordic: 8)

_STREET = (
    r"(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Dr|Boulevard|Blvd|Court|Ct|Way|Place|Pl|Close|"
    r"Crescent|Cres|Terrace|Circle|Cir|Parkway|Pkwy|Highway|Hwy|Row|Square|Sq|Gardens|Grove|Mews|Hill)"
)
STREET_TYPES = frozenset(w.lower() for w in re.findall(r"[A-Za-z]+", _STREET))
STREET_SHORT = {"st": "street", "rd": "road", "ave": "avenue", "ln": "lane", "dr": "drive",
                "blvd": "boulevard", "ct": "court", "pl": "place", "cres": "crescent", "cir": "circle",
                "pkwy": "parkway", "hwy": "highway", "sq": "square"}  # fmt: skip
_CAP = r"[A-Z][a-z]+"
_OCTET = r"(?:25[0-5]|2[0-4]\d|1?\d?\d)"
_STREET_ONLY = re.compile(rf"\d{{1,5}}[A-Za-z]? (?:{_CAP} ){{1,3}}{_STREET}\b")
FREE: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("EMAIL", re.compile(r"(?P<v>\b[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}\b)")),
    ("URL", re.compile(r"(?P<v>\b(?:https?://|www\.)[^\s<>\"')\]]*[^\s<>\"')\].,;:!?])")),
    ("IP", re.compile(rf"(?<![\d.])(?P<v>(?:{_OCTET}\.){{3}}{_OCTET})(?!\.?\d)")),
    ("IP", re.compile(r"(?P<v>\b(?:[0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}\b)")),
    ("SSN", re.compile(r"(?<![\d-])(?P<v>\d{3}-\d{2}-\d{4})(?![\d-])")),
    ("PHONE", re.compile(r"(?P<v>(?:\+1[ .-]?)?\(\d{3}\)[ ]?\d{3}[-. ]\d{4})(?!\d)")),
    ("PHONE", re.compile(r"(?<![\d-])(?P<v>(?:\+?1[ .-])?\d{3}[-.]\d{3}[-.]\d{4})(?![\d-])")),
    ("PHONE", re.compile(r"(?<![\w+])(?P<v>\+\d{1,3}(?:[ .-]?\(\d{1,4}\))?(?:[ .-]?\d{1,4}){2,6})(?!\d)")),
    ("PHONE", re.compile(r"(?<![\d.:/-])(?P<v>\d{2}(?: \d{2}){3,4})(?![\d.:/-])")),  # "86 11 04 99"
    ("PHONE", re.compile(r"(?<![\d.])(?P<v>0\d{2,4}[ -]\d{3,4}[ -]?\d{3,4})(?!\.?\d)")),
    ("ADDRESS", re.compile(
        rf"(?P<v>(?:(?:Flat|Apt\.?|Apartment|Unit|Suite) [\dA-Z]+,? )?\b\d{{1,5}}[A-Za-z]? (?:{_CAP} ){{1,3}}"
        rf"{_STREET}\b\.?(?:,? (?:Apt\.?|Apartment|Unit|Suite|Flat|#) ?[\dA-Z-]+)?"
        rf"(?:, (?:{_CAP} ){{0,2}}{_CAP}(?=[,. ]|$))?(?:,? [A-Z]{{2}}(?= \d{{5}}|[,.]|$))?"
        rf"(?: \d{{5}}(?:-\d{{4}})?)?)"
    )),
    ("ZIP", re.compile(r"\b[A-Z]{2} (?P<v>\d{5}(?:-\d{4})?)\b")),
)  # fmt: skip

# A person named in the record's own fields: the label, then the name. In ENCOUNTER FACTS the label
# stands in its column; anywhere else it needs a colon.
NAME_LABELS: tuple[tuple[str, str], ...] = (
    ("PATIENT", r"patient(?:'s)?(?: full)?(?: name)?|name|full name"),
    ("RELATIVE", r"next of kin|NOK|emergency contact|relative|spouse|wife|husband|partner|son|daughter|"
                 r"mother|father|brother|sister|carer|guardian|contact|family contact"),
    ("CLINICIAN", r"attending(?: physician)?|consultant|GP|general practitioner|primary care(?: physician)?|"
                  r"PCP|referring(?: physician| clinician)?|admitting (?:physician|clinician|doctor)|"
                  r"physician|clinician|registrar|resident|on-call doctor"),
)  # fmt: skip
TITLES = {"Mr": "NAME", "Mrs": "NAME", "Ms": "NAME", "Miss": "NAME", "Mx": "NAME", "Master": "NAME",
          "Dr": "CLINICIAN", "Prof": "CLINICIAN", "Professor": "CLINICIAN", "Doctor": "CLINICIAN",
          "Sister": "CLINICIAN", "Nurse": "CLINICIAN", "Rev": "NAME", "Reverend": "NAME", "Pastor": "NAME",
          "Fr": "NAME", "Sr": "NAME", "Br": "NAME", "Deacon": "NAME", "Rabbi": "NAME", "Imam": "NAME",
          "Sheikh": "NAME", "Elder": "NAME", "Bishop": "NAME", "Hon": "NAME", "Judge": "NAME",
          "Officer": "NAME", "Sgt": "NAME", "Capt": "NAME", "Lt": "NAME", "Col": "NAME", "Chief": "NAME",
          "Rav": "NAME"}  # fmt: skip
# Courtesy titles of other languages ("Sra. Quintero Ruiz", "Mme Lefebvre", "Herr Vogel", "Sig.ra Bruno"):
# a name follows them as it follows "Mrs". Not "M." (read so, it took the initial of staff signing charting
# lines, "M. Ortiz RN").
COURTESY_ABROAD = ("Sra", "Srta", "Sres", "Señora", "Señor", "Señorita", "Don", "Doña", "Dña", "Dona", "Mme",
                   "Mlle", "Madame", "Monsieur", "Herr", "Frau", "Sig.ra", "Sig.na", "Sig", "Signora",
                   "Signor", "Sr.a", "Senhora", "Senhor", "Sr.ª", "Dra")  # fmt: skip
TITLES.update({title: "CLINICIAN" if title == "Dra" else "NAME" for title in COURTESY_ABROAD})
# A title that is also a given name ("Don", "Dona"): a field's value keeps it as a name word.
GIVEN_NAME_TITLES = frozenset({"Don", "Dona"})
# Titles that go with the name they stand before (they say who the person is: "Rabbi", "Rev.", "Sgt",
# and those of other languages, which are written as part of how a person is called: "Doña Fela");
# the English courtesy and clinical ones ("Mr", "Dr") stay in the text.
OFFICE_TITLES = frozenset(TITLES) - {"Mr", "Mrs", "Ms", "Miss", "Mx", "Master", "Dr", "Prof", "Professor",
                                     "Doctor", "Nurse"}
TITLE_PATTERN = "|".join(re.escape(t) for t in sorted(TITLES, key=len, reverse=True))


def _letters(category: str) -> str:
    """A character class body of every Latin letter of `category` (Lu or Ll), accents included: Basic
    Latin to the IPA block ("Ə", "ə", "ı") and Latin Extended Additional ("Ạ", "ữ")."""
    codes = [c for block in (range(0x41, 0x2B0), range(0x1E00, 0x1F00)) for c in block
             if unicodedata.category(chr(c)) == category]  # fmt: skip
    runs: list[list[int]] = []
    for c in codes:
        if runs and runs[-1][1] == c - 1:
            runs[-1][1] = c
        else:
            runs.append([c, c])
    return "".join(re.escape(chr(a)) + (f"-{re.escape(chr(b))}" if b > a else "") for a, b in runs)


_UP, _LOW = _letters("Lu"), _letters("Ll")
_PREFIX = r"(?:Mc|Mac|O'|O’|D'|Di|De|Van|Le|bh|h|n|t)?"  # Irish mutations too: "de hÓra", "Ó bhFiaich"
UPPER_LETTER = f"[{_UP}]"  # an initial: "Ü."
_CAMEL = rf"[{_UP}][{_LOW}]+(?:[{_UP}][{_LOW}]+)*"  # "ObaniJesu"
# "Daw-McSharry", "O'Hurley", "Sa’adatu", "Ulug‘bek", "E’zoza"
NAME_WORD = rf"(?:{_PREFIX}{_CAMEL}|[{_UP}](?=['’‘][{_LOW}]))(?:[-'’‘]{_PREFIX}{_CAMEL}|['’‘][{_LOW}]+)*"
UPPER_NAME_WORD = rf"(?:[{_UP}]['’])?[{_UP}]{{2,}}(?:[-'’][{_UP}]{{2,}})*"  # "IWASAKI, Evander", "O'HURLEY"
# Words that name a person by relation to the patient, in prose ("her lodger Kiki Schulten").
RELATIONS = (
    r"relative|daughter|son|wife|husband|partner|mother|father|brother|sister|niece|nephew|aunt|uncle|cousin|"
    r"grandson|granddaughter|grandmother|grandfather|grandchild|friend|neighbou?r|carer|caregiver|lodger|"
    r"flatmate|housemate|roommate|fianc[ée]e?|stepson|stepdaughter|son-in-law|daughter-in-law|guardian|"
    r"boyfriend|girlfriend|spouse|mom|mum|mommy|dad|daddy|mama|papa|stepmother|stepfather|stepmom|stepdad|"
    r"half-brother|half-sister|twin|companion|grandma|grandpa|granny|grandparent|grandkid|nana|nanna|gran"
)
# Name particles ("Van der Berg", "de la Cruz"): part of a surname where a name word follows them, never
# a name on their own; and suffixes. Neither is looked for alone.
PARTICLES = frozenset({"van", "von", "der", "den", "de", "del", "della", "di", "da", "du", "la", "le", "dos",
                       "das", "ter", "ten", "bin", "ibn", "al", "el", "ó", "ní", "nic", "uí", "ua", "mac",
                       "na", "los", "las", "des", "do"})  # fmt: skip
SUFFIXES = frozenset({"jr", "sr", "ii", "iii", "iv"})
# Words in lower case that go on naming a workplace after its name ("the Nuevo Alamar school cafeteria",
# "Kovach Brothers department store", "Mid-South Parcel hub"): part of the employer.
# A body's own word, after which "on" and "for" go on naming it ("Area Agency on Aging", "Center for
# Independent Living").
BODY_WORDS = frozenset({
    "agency", "council", "society", "center", "centre", "institute", "department", "office", "commission",
    "board", "association", "committee", "foundation", "coalition", "alliance", "network", "league",
    "bureau", "fund", "trust",
})  # fmt: skip
WORKPLACE_WORDS = (
    r"school|cafeteria|store|department store|shop|plant|mill|factory|warehouse|hub|depot|yard|mine|farm|"
    r"ranch|office|branch|kitchen|restaurant|diner|bakery|garage|dealership|site|camp|terminal|distribution "
    r"center|call center|packing house|cannery|laundry|salon|clinic|church|district"
)
# A surname written in lower case ("Tanja petek", "Drago volk (neighbour)"): a lower-case word right
# after a name, closing the name before a comma, a bracket, "and" or the end of a field. These words
# close a clause the same way and are never taken for that surname.
LOWER_SURNAME = rf"[{_LOW}]{{2,}}(?:-[{_LOW}]{{2,}})?"
NOT_SURNAMES = frozenset({
    "today", "yesterday", "tonight", "tomorrow", "too", "also", "again", "present", "here", "there", "now",
    "earlier", "later", "home", "alone", "overnight", "yet", "instead", "first", "last", "aside", "only",
    "both", "already", "well", "in", "out", "up", "down", "away", "back", "before", "after", "since",
    "recently", "daily", "weekly", "nearby", "locally", "abroad", "upstairs", "downstairs", "once", "twice",
    "however", "though", "meanwhile", "either", "neither", "agreed", "declined", "consented", "informed",
    "aware", "concerned", "upset", "updated", "contacted", "called", "visited", "visiting", "attending",
    "absent", "unavailable", "available", "is", "was", "are", "were",
})  # fmt: skip
# Words that may follow a title or a label but are never a name (a sentence going on).
NOT_NAMES = frozenset({"The", "He", "She", "They", "His", "Her", "Their", "This", "That", "On", "In", "At",
                       "And", "Or", "To", "Of", "For", "With", "Was", "Is", "Has", "Had", "Reviewed",
                       "Unknown", "None", "Not", "Declined", "Self", "See", "Discussed", "Seen", "Spoke",
                       "Agrees", "Agreed", "Called", "Aware", "Notified", "Updated", "Informed", "Examined",
                       "Evaluated", "Pending"})  # fmt: skip


def _digits(text: str) -> str:
    return re.sub(r"\D", "", text)


def _alnum(text: str) -> str:
    return re.sub(r"[^0-9A-Za-z]", "", text).upper()


def _words(text: str) -> str:
    return " ".join(re.findall(r"[0-9a-z]+", text.lower()))


def _address(text: str) -> str:
    """An address is known by its house number and street, however much of the rest is written."""
    street = _STREET_ONLY.search(text)
    return " ".join(STREET_SHORT.get(w, w) for w in _words(street.group() if street else text).split())


def _phone(text: str) -> str:
    digits = _digits(re.split(r"(?i)x|ext", text)[0])
    return digits[-10:] if len(digits) > 10 else digits


IDENTITY: dict[str, Callable[[str], str]] = {
    "PHONE": _phone, "SSN": _digits, "ID": _alnum, "ZIP": _alnum, "EMAIL": str.lower, "URL": str.lower,
    "IP": str.lower, "ADDRESS": _address,
}  # fmt: skip


def identity(kind: str, text: str) -> tuple[str, str]:
    """The key two spellings of one identifier share: its family and a normalised value."""
    family = FAMILY.get(kind, kind)
    return family, IDENTITY.get(family, str)(text)
