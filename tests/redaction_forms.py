"""A test set nobody tuned the redactor to (issue 24): Faker identities, in several locales under fixed
seeds, written into the shipped records in many forms, and the measure of what redaction leaves.

Each identity is written where a real record writes one: the ENCOUNTER FACTS fields (patient, date of
birth, MRN, phone, address, next of kin), a paragraph of the practitioner's prose (the patient by
title, by first name in lower case, by initials and by a nickname the patient field gives; a relative
named only there with a spaced phone number; a household member; an employer; the home street), an
order line (e-mail and portal URL) and a review note (the name in capitals, SSN and MRN in other
formats). Names come with particles ("van der", "de la"), hyphenated surnames and given names that
are also common words ("Hope", "Will", "Rose"); phone numbers in the locale's own formats,
international and spaced; addresses as the locale writes them, with unit numbers.

DEVELOPMENT seeds and locales were used while the redactor was changed (DEVELOPMENT_2 to _4 were the
first three held-apart sets, and became development material once their misses had been looked at);
HELD_APART ones (seeds no earlier set used) only for the figures in docs/guards/redaction.md.
Nothing here is a test or a fixture.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from faker import Faker

from kit.guard.redact import gate, patterns
from kit.rules import record


@dataclass(frozen=True)
class Setting:
    seeds: tuple[int, ...]
    locales: tuple[str, ...]


DEVELOPMENT = Setting((11, 12), ("en_US", "en_GB", "nl_NL", "de_DE"))
# Measured once as the held-apart set, then looked at and fixed against (McX in a hyphenated surname,
# O'HURLEY in capitals, accented initials, Belgian phone formats): development material since.
DEVELOPMENT_2 = Setting((9101, 9102), ("en_AU", "en_IE", "fr_FR", "es_ES", "it_IT", "nl_BE"))
# The second held-apart set, likewise (a one-letter surname "DE LA O", 8-digit Nordic phone numbers in
# the next-of-kin field).
DEVELOPMENT_3 = Setting(
    (7301, 7302, 7303), ("en_NZ", "en_CA", "pt_PT", "pl_PL", "sv_SE", "da_DK", "de_AT", "fr_CA", "es_MX")
)
# The third, likewise (Indian "18/07, Dey" addresses, firms whose name starts with Ø or Š, "CASA GRANDE",
# Argentine and Norwegian phone formats).
DEVELOPMENT_4 = Setting(
    (5501, 5502, 5503),
    ("en_IN", "pt_BR", "cs_CZ", "hu_HU", "fi_FI", "no_NO", "ro_RO", "es_AR", "de_CH", "hr_HR"),
)
# The fourth, likewise (Slovenian surnames Faker writes in lower case, "Perum Hidayat (Persero) Tbk", a
# 7-digit number in prose).
DEVELOPMENT_5 = Setting(
    (4401, 4402, 4403),
    ("sk_SK", "sl_SI", "lt_LT", "lv_LV", "et_EE", "es_CO", "es_CL", "fr_CH", "it_CH", "de_LI", "id_ID"),
)
# Development only, never held apart: a sweep of the Latin-script locales no set had used, to find what
# else breaks before the fifth held-apart set was drawn (Azerbaijani "ə", Irish "Ó"/"Mac na", camel-case
# "ObaniJesu", Turkish dotless and dotted i, initials with accents, a hyphenated surname called by one
# half, "00/ 659 15 77" behind a Phone label).
DEVELOPMENT_6 = Setting(
    (6601, 6602, 6603),
    ("en_KE", "en_NG", "en_PK", "fr_BE", "tr_TR", "vi_VN", "is_IS", "sq_AL", "ga_IE", "mt_MT", "yo_NG",
     "az_AZ", "lb_LU", "es_VE"),
)  # fmt: skip
# The fifth held-apart set, drawn after every fix above and measured once (patient 897/900, relative
# 357/360, household 179/180, phone 539/540, every other type 100%; the gate refused none): apostrophes
# inside given names ("Sa’adatu", "E’zoza", "Ulug‘bek"), a 6-digit Luxembourg number in prose, a
# lower-case surname after particles ("van den silva"). Development material since.
DEVELOPMENT_7 = Setting(
    (8801, 8802, 8803),
    ("en_BD", "en_MS", "en_TH", "es_CA", "de_LU", "bs_BA", "uz_UZ", "zu_ZA", "ha_NG", "ig_NG", "tw_GH", "sw"),
)
# The sixth held-apart set: seeds no earlier set used, over locales of the earlier sets (every Latin-script
# locale Faker writes phone numbers for had been used), drawn after the fifth set's misses were fixed, and
# measured once (relative 359/360, "Orlaith de hÓra"; every other type 100%; over-redaction 0/3897
# shipped and 0/925 charting lines; the gate refused none). Development material since.
DEVELOPMENT_8 = Setting(
    (3301, 3302, 3303),
    ("en_US", "fr_FR", "de_DE", "es_MX", "pt_BR", "pl_PL", "tr_TR", "vi_VN", "ga_IE", "az_AZ", "uz_UZ",
     "ha_NG"),
)  # fmt: skip
# The seventh held-apart set: seeds no earlier set used, over 12 locales of the earlier sets other than
# the sixth's, drawn after the sixth set's miss was fixed, and measured once (patient 893/900: a Dutch
# "Bourgondië, van, Hope" and a Slovenian surname in lower case first, "ribič, Rose"; employer 179/180,
# "žagar d.d."; nickname 179/180; the gate refused the Dutch record and let the Slovenian one through).
# Development material since.
DEVELOPMENT_9 = Setting(
    (2201, 2202, 2203),
    ("en_GB", "nl_NL", "it_IT", "es_ES", "cs_CZ", "hu_HU", "ro_RO", "sl_SI", "id_ID", "yo_NG", "is_IS",
     "en_IN"),
)  # fmt: skip
# The eighth held-apart set: seeds no earlier set used, over 12 locales of the earlier sets, drawn after
# the seventh set's misses were fixed.
HELD_APART = Setting(
    (1101, 1102, 1103),
    ("en_US", "de_AT", "fr_CA", "pt_PT", "pl_PL", "sv_SE", "da_DK", "fi_FI", "hr_HR", "lt_LT", "es_AR",
     "en_NG"),
)  # fmt: skip
WORD_NAMES = ("Hope", "Will", "Rose", "Faith", "Grace", "Joy", "June", "Mark", "Frank", "Dawn", "Pat", "Bill")
PARTICLES = ("van der", "van", "de", "de la", "von", "Van", "Da", "di", "van den", "ter")
NICKNAMES = ("Bea", "Sonny", "Dee", "Kit", "Bo", "Tash", "Jojo", "Mimi", "Rocco", "Lulu")
TITLES = frozenset({"mr", "mrs", "ms", "dr"})
RELATIONS = ("daughter", "son", "niece", "nephew", "sister", "brother", "relative", "partner", "neighbour")
TYPES = ("PATIENT", "RELATIVE", "HOUSEHOLD", "EMPLOYER", "NICKNAME", "PHONE", "EMAIL", "URL", "SSN", "MRN",
         "ADDRESS", "DOB")  # fmt: skip


@dataclass(frozen=True)
class Form:
    """One identifier as written: its type and its text."""

    kind: str
    text: str


@dataclass(frozen=True)
class Planted:
    rid: str
    text: str
    forms: tuple[Form, ...]
    added: frozenset[int]  # the line numbers (0-based) the generator wrote


def _surname(fake: Faker, rng: random.Random) -> str:
    last = fake.last_name()
    roll = rng.random()
    if roll < 0.25:
        return f"{rng.choice(PARTICLES)} {last.split()[-1]}"
    if roll < 0.45:
        return f"{last.split()[-1]}-{fake.last_name().split()[-1]}"
    return last


def _given(fake: Faker, rng: random.Random) -> str:
    return rng.choice(WORD_NAMES) if rng.random() < 0.3 else fake.first_name().split()[0]


def _phone(rng: random.Random, fake: Faker) -> str:
    area, exchange, line = rng.randint(201, 989), rng.randint(200, 989), rng.randint(0, 9999)
    return rng.choice([
        fake.phone_number(),
        f"{area} {exchange} {line:04d}",
        f"+1 {area} {exchange} {line:04d}",
        f"+44 7{rng.randint(100, 999)} {rng.randint(100000, 999999)}",
        f"+31 6 {rng.randint(1000, 9999)} {rng.randint(1000, 9999)}",
        f"({area}) {exchange}-{line:04d}",
        f"{area}.{exchange}.{line:04d}",
    ])  # fmt: skip


def _ssn(rng: random.Random) -> tuple[str, str]:
    a, b, c = rng.randint(100, 899), rng.randint(10, 99), rng.randint(1000, 9999)
    return f"{a}-{b}-{c}", rng.choice([f"{a} {b} {c}", f"{a}{b}{c}", f"{a}-{b}-{c}"])


def _insert(lines: list[str], heading: str, new: list[str], added: set[int], at_end: bool = True) -> None:
    start = lines.index(heading)
    end = next((i for i in range(start + 1, len(lines)) if lines[i] in record.HEADINGS), len(lines))
    where = end - 1 if at_end else start + 1
    while at_end and where > start and not lines[where].strip():
        where -= 1
    shifted = {i + len(new) if i > where else i for i in added}
    added.clear()
    added.update(shifted)
    for offset, line in enumerate(new, start=1):
        lines.insert(where + offset, line)
        added.add(where + offset)


def _stamp(lines: list[str], heading: str, fallback: str) -> str:
    start = lines.index(heading)
    for line in lines[start + 1 :]:
        found = re.match(r"^  (\d{4}-\d{2}-\d{2})", line)
        if found:
            return found.group(1)
        if line in record.HEADINGS:
            break
    return fallback


def plant(rid: str, clean: str, fake: Faker, rng: random.Random) -> Planted:
    """`clean` with one Faker identity written in (see the module docstring)."""
    given, surname = _given(fake, rng), _surname(fake, rng)
    middle = rng.choice(["", f" {fake.first_name()[0]}."])
    nick = rng.choice(NICKNAMES)
    rel_given, rel_surname = _given(fake, rng), _surname(fake, rng)
    hh_given, hh_surname = fake.first_name().split()[0], fake.last_name()
    kin_given, kin_surname = fake.first_name().split()[0], _surname(fake, rng)
    employer = fake.company()
    phone, rel_phone, kin_phone = _phone(rng, fake), _phone(rng, fake), _phone(rng, fake)
    ssn, ssn_other = _ssn(rng)
    mrn = f"{rng.randint(0, 99999999):08d}"
    mrn_other = f"{mrn[:2]}-{mrn[2:5]}-{mrn[5:]}"
    street = fake.street_address().replace("\n", ", ")
    dob = fake.date_of_birth(minimum_age=20, maximum_age=95)
    email, url = fake.email(), f"https://portal.{fake.domain_name()}/p/{rng.randint(1000, 99999)}"
    relation, hh_relation, kin_relation = rng.choice(RELATIONS), rng.choice(("lodger", "partner", "flatmate")), rng.choice(RELATIONS)  # noqa: E501
    patient_field = rng.choice([f"{surname}, {given}{middle}", f"{given}{middle} {surname}",
                                f"{surname.upper()}, {given}"]) + f' ("{nick}")'  # fmt: skip
    lines = clean.splitlines()
    added: set[int] = set()
    facts = [
        f"  {'Patient':<30}{patient_field}",
        f"  {'Date of birth':<30}{dob.isoformat()}",
        f"  {'MRN':<30}{mrn}",
        f"  {'Phone':<30}{phone}",
        f"  {'Address':<30}{street}, {fake.city()} {fake.postcode()}",
        f"  {'Next of kin':<30}{kin_given} {kin_surname} ({kin_relation}), {kin_phone}",
    ]
    _insert(lines, record.HEADINGS[0], facts, added)
    title = rng.choice(["Mr", "Mrs", "Ms", "Dr"])
    initials = f"{given[0]}.{surname.split()[-1][0]}."
    prose = (
        f"{title} {surname} was seen with her {relation} {rel_given} {rel_surname}, "
        f"reachable on {rel_phone}; "
        f"{given.lower()} lives at {street} with her {hh_relation} {hh_given} {hh_surname} and works as a "
        f"clerk at {employer}. {nick} prefers to be called by that name, and "
        f"{initials} consented to the plan."
    )
    _insert(lines, record.HEADINGS[2], ["", prose], added)
    when = _stamp(lines, record.HEADINGS[1], "2026-01-01")
    _insert(lines, record.HEADINGS[1], [f"  {when} 09:10  Results to {email}; portal {url}."], added)
    when = _stamp(lines, record.HEADINGS[4], when)
    review = f"  {when}  {surname.upper()}, {given.upper()} reviewed; SSN {ssn_other}; hospital no. {mrn_other}."  # noqa: E501
    _insert(lines, record.HEADINGS[4], [review], added)
    forms = [
        *(Form("PATIENT", f) for f in (patient_field.split(' ("')[0], f"{title} {surname}", given.lower(),
                                        f"{surname.upper()}, {given.upper()}", initials)),
        Form("NICKNAME", nick),
        Form("RELATIVE", f"{rel_given} {rel_surname}"), Form("RELATIVE", f"{kin_given} {kin_surname}"),
        Form("HOUSEHOLD", f"{hh_given} {hh_surname}"), Form("EMPLOYER", employer),
        *(Form("PHONE", p) for p in (phone, rel_phone, kin_phone)),
        Form("EMAIL", email), Form("URL", url), Form("SSN", ssn_other),
        Form("MRN", mrn), Form("MRN", mrn_other),
        Form("ADDRESS", street), Form("DOB", dob.isoformat()),
    ]  # fmt: skip
    return Planted(rid, "\n".join(lines) + "\n", tuple(forms), frozenset(added))


def generate(records: list[tuple[str, str]], setting: Setting) -> list[Planted]:
    """Every record once per seed and locale (the locale rotating over the records)."""
    out = []
    for seed in setting.seeds:
        for n, (rid, text) in enumerate(records):
            locale = setting.locales[n % len(setting.locales)]
            fake = Faker(locale)
            fake.seed_instance(seed * 1000 + n)
            out.append(plant(f"{rid}-{locale}-{seed}", text, fake, random.Random(seed * 1000 + n)))
    return out


def probes(form: Form) -> list[re.Pattern[str]]:
    """What must not be in the outgoing text for `form` to count as redacted: each name word (particles
    aside) in any case; each digit string with any separators; an e-mail or URL whole; a street's
    house number with its next word."""
    text = form.text
    if form.kind in ("EMAIL", "URL"):
        return [re.compile(re.escape(text), re.IGNORECASE)]
    if form.kind in ("PHONE", "SSN", "MRN", "DOB"):
        digits = re.sub(r"\D", "", text)
        if form.kind == "PHONE" and text.startswith("+"):
            digits = digits[-9:]  # the national number, with or without its country code
        return [re.compile(r"(?<!\d)" + r"[^0-9A-Za-z]{0,3}".join(digits) + r"(?!\d)")]
    if re.fullmatch(rf"(?:{patterns.UPPER_LETTER}\.)+", text):  # initials, as written
        return [re.compile(rf"(?<![\w.]){re.escape(text)}")]
    words = [w for w in re.findall(r"[^\W\d_]{2,}", text) if w.lower() not in patterns.PARTICLES | TITLES]
    if form.kind == "ADDRESS":  # the house number with the word beside it, and the street whole
        parts = re.findall(r"[^\W_]+", text)
        house = next((i for i, p in enumerate(parts) if p[0].isdigit()), None)
        pairs = [parts[max(0, house - 1) : house + 1], parts[house : house + 2]] if house is not None else []
        return [_phrase(p) for p in (parts, *pairs) if len(p) > 1 or (p and not p[0].isdigit())]
    if form.kind == "EMPLOYER":  # the firm's name as a whole: "Ward" alone is also a hospital ward
        return [_phrase(re.findall(r"[^\W_]+", text))]
    return [_word(w) for w in words]


def _phrase(parts: list[str]) -> re.Pattern[str]:
    joined = r"[^\w\n]{1,3}".join(map(re.escape, parts))
    return re.compile(rf"(?<!\w){joined}(?!\w)", re.IGNORECASE)


def _word(word: str) -> re.Pattern[str]:
    return re.compile(rf"(?<![^\W\d_]){re.escape(word)}(?![^\W\d_])", re.IGNORECASE)


def leaked(form: Form, outgoing: str) -> bool:
    """Whether `outgoing` (its dates set aside: "June" in "27 June 2023" is a month) still has `form`."""
    outgoing = gate.without_dates(outgoing)
    return any(p.search(outgoing) for p in probes(form))
