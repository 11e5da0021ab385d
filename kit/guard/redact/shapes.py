"""Identifier-shaped tokens, anywhere in a record: what is written like a record number, a plan or
account number, a plate, a VIN, a serial, a licence, a claim or authorisation reference, a URL without
its scheme, and is not a clinical form the kit knows.

- a run of four or more digits (with its letters and separators: "MR-7730215", "0087341",
  "IP-4471093", "7HK2-XN8-PW45"), unless it is a year, a time ("1430" too), a dose or a value with its
  unit, a number written with a thousands comma or a decimal point, a ratio or a range ("158/94",
  "88-92"), decades ("80s-90s") or a date (dates are shifted elsewhere); four digits after a word that
  says they identify ("last four 1234") are taken whatever they look like;
- letters mixed with digits in a token of six characters or more with three digits or more
  ("3AKJHHDR7KSLX4821", "RN9480127"), unless it is a clinical code ("I21.4", "CHA2DS2-VASc");
- any number or code right after a word that says it is an identifier ("plate DJ 48213", "last four
  6620", "Grp 22091", "S/N 48291-BX"): Presidio's context words, as data below;
- a host name or web address written without its scheme ("portal.stlukes-health.org/p/8812"), and a
  host with a path under any top-level domain ("carepage-sim.example/t-ramos").

It only finds; what to replace and with what is kit.guard.redact.core's. It never looks inside the
record's own structural fields (those are kit.guard.redact.zones' to leave alone).
"""

from __future__ import annotations

import re

from kit.guard.redact import dates

# A token: letters, digits and the separators identifiers are written with, joined.
_TOKEN = re.compile(r"(?<![\w/#-])[#]?[A-Za-z0-9](?:[A-Za-z0-9]|[-./#](?=[A-Za-z0-9]))*")
_UNIT = re.compile(
    r"\s?(?i:mg|mcg|µg|ug|g|kg|lbs?|oz|ml|cc|l|dl|units?|u|iu|meq|mmol|mol|%|bpm|mmhg|cm|mm|m|km|hrs?|h|"
    r"min|mins|sec|days?|weeks?|wks?|months?|years?|yrs?|kcal|cal|ng|pg|k|x|mosm|gy|cgy|ms|hz|steps?|"
    r"feet|ft|in|miles?)\b|\s?%"
)
_CLINICAL_CODE = re.compile(  # ICD-10 ("I21.4", "J18.9"), CPT-like modifiers aside
    r"[A-TV-Z]\d{2}(?:\.[0-9A-Z]{1,4})?|[A-Z]{2,}\d[A-Z0-9]*-[A-Za-z]+"
)
_YEAR = re.compile(r"(?:19|20)\d{2}")
_TIME = re.compile(r"(?:[01]\d|2[0-3])[0-5]\d")
_DECIMAL = re.compile(r"\d{1,4}\.\d{1,4}(?:-\d{1,4}(?:\.\d{1,4})?)?")  # "3.125", "1.030", "0.3-0.7"
_DECADES = re.compile(r"\d{1,3}s(?:-\d{1,3}s)?")  # "80s-90s"
_RATIO = re.compile(  # "158/94", "88-92", "14/450/PEEP": a blood pressure, a ratio, a range, settings
    r"(?:\d{1,3}|[A-Za-z]+)(?:[/-](?:\d{1,3}|[A-Za-z]+))*[/-]\d{1,3}(?:[/-](?:\d{1,3}|[A-Za-z]+))*"
    r"|\d{1,3}(?:/[A-Za-z0-9]{1,4})+"
)
_CLINICAL_FORMS = re.compile(
    r"(?:19|20)\d{2}-(?:0[1-9]|1[0-2])"  # a month, "2025-11"
    r"|\d{4}-\d{2}-\d{2}T\d{2}(?::?\d{2})*"  # a timestamp, "2026-06-11T02:00"
    r"|(?:[01]\d|2[0-3])[0-5]\d-(?:[01]\d|2[0-3])[0-5]\d"  # hours, "0100-0300"
    r"|\d{4,5}-\d"  # a LOINC code, "2823-3"
)
_DATE_LIKE = re.compile(r"\d{1,4}[-./]\d{1,2}[-./]\d{1,4}")
_INTERLEAVED = re.compile(r"\d[A-Za-z]+\d|[A-Za-z]\d+[A-Za-z]")
# A number written in groups ("370 84 419", "0918 4772", "88-4410"): one identifier when its digits are
# seven or more and no group is a date, a time of day or a value with its unit.
# A capital-letter prefix written with it is part of it ("C-28 419 337").
_GROUPED = re.compile(r"(?<![\w.:/+-])(?:[A-Z]{1,4}-?)?\d{2,6}(?:[ -]\d{2,6}){1,4}(?![\w:/+]|[.,]\d)")
GROUPED_DIGITS = 7
RATIO_MAX_DIGITS = 7  # "HUR-229-04-118" is a number, not a range ("88-92") or settings ("14/450/PEEP")
LONG_DIGITS = 6
ISSUED_DIGITS = 3  # a number this long after a cue and an issuer's code is an identifier
HASHED_DIGITS = 4  # a number right after "#" with this many digits is cued ("#16" is a catheter's size)
# Words that say the number after them identifies someone or something (context words).
CUE = re.compile(
    r"(?i:\b(?:plates?|tags?|VINs?|serials?|S/N|SN|licen[cs]es?|lic|C?DL|cert(?:ificate)?s?|policy|member|"
    r"subscriber|beneficiary|MBI|HICN|IDs?|grp|group|accounts?|acct|HAR|FIN|CSN|MRN|MR|claims?|"
    r"auth(?:ori[sz]ation)?s?|ref(?:erence|erral)?s?|case|confirmation|conf|ticket|badge|employee|NPI|DEA|"
    r"SSN|last\s+(?:four|4)|ending(?:\s+in)?|ends(?:\s+in)?|call\s+sign)\b\.?(?:\s*(?:no\b\.?|number\b|"
    r"num\b\.?))?\s*[:#]?\s*|#\s*|\b[a-z]{3,}\s+no\.\s*)$"  # any word's "no.": "fleet no."
)
# A number written with some of its characters masked ("926-41-XXXX", "***-**-4471"): still the number.
_MASKED = re.compile(  # and a phone written half masked: "+91 98xxx xx421", "+47 9xx xx x88"
    r"(?<![\w*])(?=[\dXx*-]*\d)(?=[\dXx*-]*[Xx*]{2})(?:[\dXx*]{2,5}-){1,3}[\dXx*]{2,6}(?![\w*])"
    r"|(?<![\w*+])\+?\d(?=[\dXx* ]*[Xx*]{2})(?=(?:[\dXx*]+ ){1,4}[\dXx*]*\d)"
    r"[\dXx*]{0,5}(?: [\dXx*]{1,6}){1,4}(?![\w*])"
)
# Capital words between a cue and a code ("booking ref LATAM QZ7PLK"): the issuer, written with the code.
_CUE_GAP = re.compile(r"(?:[A-Z][A-Z0-9]{1,9}(?:-[A-Z0-9]{1,9})?[ \t]+){1,2}$")  # "EU-ASSIST 26/08/0455"
_IPV6 = re.compile(
    r"(?<![\w:])(?:[0-9a-fA-F]{1,4}:){1,7}(?::|(?::[0-9a-fA-F]{1,4}){1,7}|[0-9a-fA-F]{1,4})(?![\w:])"
)
_USERNAME = re.compile(  # "tbrooks_19", "jo.rw.beats"
    r"(?<![\w@./-])[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*\d[A-Za-z0-9_]*(?![\w-])"
    r"|(?<![\w@./-])[a-z][a-z0-9]*(?:\.[a-z0-9]{2,}){2,3}(?![\w@-]|\.\w)"
)
# A user name with no digit ("jhpark_cleaners") only after a word that says it is one, on its line (an
# interface's field name, "verified_by", is not one).
_NAMED_USER = re.compile(
    r"(?i:\b(?:user ?name|handle|login|ID|kakaotalk|whatsapp|wechat|telegram|signal|instagram|snapchat|"
    r"tiktok|twitter|facebook|venmo|skype|discord)\b)[^\n]{0,40}?(?<![\w@./-])"
    r"(?P<v>[a-z][a-z0-9]*_[a-z0-9_]*[a-z0-9])(?![\w-])"
)
_PLATE = re.compile(  # a plate after a word that says it is one: letters and digits in groups
    r"(?i:\b(?:plate|tag|registration|reg)\b\.?)[ \t#:]*(?:no\.?[ \t]*)?"
    r"(?P<v>(?=[A-Z0-9 -]{0,12}\d)[A-Z0-9]{1,8}(?:[ -][A-Z0-9]{1,8}){0,2})(?![\w-])"
)
# Four digits in the clause after the words for a social security number: its last four, however the
# clause goes on ("SSN on MA card not needed, partial 5518").
_SSN_NEAR = re.compile(
    r"(?i:\b(?:SSN|SS#|social security)\b)[^\n.;]{0,60}?(?<![\w/.:-])(?P<v>\d{4})(?![\w/.:-])"
)
# A plate after a word for a vehicle ("vehicle MN 822 RJT", "pickup 7XKR 552"): groups of capitals and
# digits with at least one of each, so "car 2 doors" is no plate.
_VEHICLE_PLATE = re.compile(
    r"(?i:\b(?:vehicle|car|truck|van|pickup|SUV|motorcycle|trailer|camper)\b)[ \t#:]*"
    r"(?P<v>(?=[A-Z0-9 -]{0,20}\d)(?=[A-Z0-9 -]{0,20}[A-Z]{2})"
    r"[A-Z0-9]{1,8}(?:[ -][A-Z0-9]{1,8}){0,3})(?![\w-])"
)
_HANDLE = re.compile(r"(?<![\w.@])@[A-Za-z0-9_][A-Za-z0-9_.]{2,29}(?![\w@])")  # "@mateo.andes", not an e-mail
_HOST = re.compile(
    r"(?<![@\w.])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:com|org|net|edu|gov|health|care|us|io|info|biz|"
    r"co|me|app|site|online|clinic|hospital|uk|ca)(?:/[^\s,;)]*[^\s,;.)])?(?!\w|\.\w)",
    re.IGNORECASE,
)
# A host with a dot and a path, under any top-level domain, reserved ones too ("carepage-sim.example/t-r");
# its first name three characters or more ("pt.refused/declined" is charting).
_HOST_PATH = re.compile(r"(?<![@\w./])[a-z0-9][a-z0-9-]{2,62}(?:\.[a-z0-9-]{1,63})*\.[a-z]{2,24}"
                        r"/[A-Za-z0-9][^\s,;)]*[^\s,;.)]")


def _digits(token: str) -> int:
    return sum(c.isdigit() for c in token)


def _date_like(token: str) -> bool:
    """A date written with separators ("2026-06-10", "6/10/26", "10.06.2026"): month and day in range and
    a year of two digits or a four-digit year from dates.FIRST_YEAR; "004-29-771" is a record number."""
    if not _DATE_LIKE.fullmatch(token):
        return False
    parts = [int(p) for p in re.split(r"[-./]", token)]
    digits = [len(p) for p in re.split(r"[-./]", token)]
    if digits[0] == 4:
        return parts[0] >= dates.FIRST_YEAR and 1 <= parts[1] <= 12 and 1 <= parts[2] <= 31
    year = digits[2] == 2 or (digits[2] == 4 and parts[2] >= dates.FIRST_YEAR)  # "26/08/0455" is a number
    ordered = (1 <= parts[0] <= 12 and 1 <= parts[1] <= 31) or (1 <= parts[0] <= 31 and 1 <= parts[1] <= 12)
    return year and ordered


def _clinical_number(text: str, start: int, end: int, token: str) -> bool:
    """A year, a time, a dose or value with its unit, a formatted number, a date, a clinical code."""
    bare = token.lstrip("#")
    forms = (_CLINICAL_CODE, _RATIO, _DECIMAL, _DECADES, _CLINICAL_FORMS)
    if _date_like(bare) or any(p.fullmatch(bare) for p in forms):  # a ratio or range has few digits:
        return not (_RATIO.fullmatch(bare) and "/" not in bare and _digits(bare) >= RATIO_MAX_DIGITS)
    if bare.isdigit() and len(bare) == 4 and (_YEAR.fullmatch(bare) or _TIME.fullmatch(bare)):
        return True  # a year, or a time of day written the military way ("0940", "2200")
    unit = _UNIT.match(text, end)  # a long number before one letter is a code: "RNL 440812 H"
    if bare.isdigit() and unit and (len(bare) < LONG_DIGITS or len(unit.group().strip()) > 1):
        return True
    if re.match(r"[.,]\d", text[end : end + 2]) or re.search(r"\d[.,]$", text[max(0, start - 2) : start]):
        return True  # "1,500", "12.5": a value
    return bool(re.fullmatch(r"\d+(?:\.\d+)?(?:mg|mcg|g|kg|ml|l|cc|u|h|x|hrs?)", bare, re.IGNORECASE))


def _shaped(token: str) -> bool:
    bare = token.lstrip("#")
    digits = _digits(bare)
    letters = sum(c.isalpha() for c in bare)
    if digits >= 4:
        return True
    if letters and digits >= 3 and sum(c.isalnum() for c in bare) >= 6:
        return True
    # letters and digits interleaved, six characters or more ("8JK2QP", "X7TQ9R"): a code, not a word;
    # with one digit only in capitals ("KJ7WTB"), as clinical forms with one digit are short ("CKD3A")
    if not (len(bare) >= 6 and bool(_INTERLEAVED.search(bare)) and bare.isalnum()):
        return False
    return digits >= 2 or (digits == 1 and bare.isupper())


def _grouped(text: str, match: re.Match[str]) -> bool:
    groups = re.split(r"[ -]", match.group())
    if _digits(match.group()) < GROUPED_DIGITS or _UNIT.match(text, match.end()):
        return False
    if all(len(g) == 4 and (_TIME.fullmatch(g) or _YEAR.fullmatch(g)) for g in groups):
        return False  # dosing times ("0800 1400 2000") or years
    return not _DATE_LIKE.search(match.group())


def find(text: str) -> list[tuple[int, int, str]]:
    """(start, end, kind) of every identifier-shaped token: kind "ID" for a number or code, "URL" for a
    host name or address without its scheme."""
    found: dict[tuple[int, int], str] = {}
    for match in _TOKEN.finditer(text):
        token, start, end = match.group(), match.start(), match.end()
        cued = CUE.search(text[max(0, start - 24) : start])
        gap = _CUE_GAP.search(text[max(0, start - 24) : start])
        code = (len(token) >= 5 and bool(re.search(r"\d", token)) and bool(re.search(r"[A-Z]", token))) or (
            _digits(token) >= HASHED_DIGITS  # "referral RSP 1129", "EU-ASSIST 26/08/0455"
        )
        at = start - len(gap.group()) if gap else start
        issued = gap and _digits(token) >= ISSUED_DIGITS  # "fleet no. HV-BUS 217": a code, then its number
        if gap and (code or issued) and CUE.search(text[max(0, at - 24) : at]):
            found[(at, end)] = "ID"
            continue
        if _shaped(token) and not _clinical_number(text, start, end, token):
            found[(start, end)] = "ID"
            continue
        hashed = token.startswith("#") and _digits(token) >= HASHED_DIGITS  # "log #2026-0419"
        if (cued or hashed) and _digits(token) >= 2 and not _date_like(token) and not _UNIT.match(text, end):
            found[(start, end)] = "ID"
        elif cued and re.fullmatch(r"[A-Z]{1,4}", token) and re.match(r"\s\d", text[end:]):
            found[(start, end)] = "ID"  # "plate DJ 48213": the letters of a plate too
    for match in _GROUPED.finditer(text):
        if _grouped(text, match):
            found[(match.start(), match.end())] = "ID"
    for match in [*_PLATE.finditer(text), *_VEHICLE_PLATE.finditer(text)]:  # "plate JKN 4418": letters too
        found[(match.start("v"), match.end("v"))] = "ID"
    for match in _SSN_NEAR.finditer(text):  # "SSN on card not needed, partial 5518"
        found[match.span("v")] = "ID"
    for match in _MASKED.finditer(text):
        found[(match.start(), match.end())] = "ID"
    for match in _NAMED_USER.finditer(text):
        found[(match.start("v"), match.end("v"))] = "ID"
    for pattern in (_HANDLE, _USERNAME, _IPV6):  # a social media handle, a user name, an IPv6 address
        for match in pattern.finditer(text):
            value = match.group()
            address = value.count(":") >= 3 and ("::" in value or re.search(r"[a-fA-F]", value))
            if pattern is not _IPV6 or address:
                found[(match.start(), match.end())] = "IP" if pattern is _IPV6 else "ID"
    for match in [*_HOST.finditer(text), *_HOST_PATH.finditer(text)]:
        found[(match.start(), match.end())] = "URL"
    for (start, end), kind in list(found.items()):
        if kind == "ID":
            found.update(dict.fromkeys(_siblings(text, start, end), "ID"))
    return [(start, end, kind) for (start, end), kind in sorted(found.items())]


SIBLING_DIGITS = 4  # an identifier with this many digits or more makes its siblings identifiers too


def _siblings(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The other identifiers written in the same shape on the same line, as a list names them ("serials
    OTC-L 2219-0045 and OTC-R 2219-0046"): each letter a capital or small letter as in the one found,
    each digit a digit, every other character itself."""
    found = text[start:end]
    if _digits(found) < SIBLING_DIGITS or not re.search(r"[A-Za-z]", found):
        return []
    shape = "".join("[A-Z]" if c.isupper() else "[a-z]" if c.islower() else r"\d" if c.isdigit()
                    else re.escape(c) for c in found)  # fmt: skip
    line_start, line_end = text.rfind("\n", 0, start) + 1, text.find("\n", end)
    line_end = len(text) if line_end < 0 else line_end
    pattern = re.compile(rf"(?<![\w-]){shape}(?![\w-])")
    return [m.span() for m in pattern.finditer(text, line_start, line_end) if m.span() != (start, end)]
