"""Synthetic identifiers for the `--identifiers` corpus variant, as data: the name, street and town
tables, the shapes of the numbers, every written format of each identifier type, and the sentences
that carry them into a record. `draw` makes one record's people and numbers from a seeded rng.

What it refuses to do: hold a real-looking value. Phone, pager and fax numbers are in area code
555, social security numbers start with 9 (never issued), IP addresses come from the documentation
ranges (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24), e-mail and web addresses use example.org,
example.com and .test names, and every name and street is invented. Nothing here is used by the
shipped corpus. The sentences avoid every word the readers treat as evidence (kit.corpus.identified
checks them with the filler check before writing anything).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import date, timedelta

FEMALE_FIRST = (
    "Margaret", "Philippa", "Rosalind", "Imelda", "Henrietta", "Leonora", "Winifred", "Ottilie",
    "Marisol", "Annika", "Bronwen", "Catriona", "Delphine", "Esmeralda", "Guinevere", "Yolanda",
)  # fmt: skip
MALE_FIRST = (
    "Desmond", "Ignatius", "Cornelius", "Barnaby", "Leopold", "Mortimer", "Ambrose", "Thaddeus",
    "Casimir", "Evander", "Florian", "Lysander", "Octavian", "Percival", "Rupert", "Severin",
)  # fmt: skip
SURNAMES = (
    "Hollis", "Abernethy", "Quenby", "Fairweather-Lusk", "Okonkwo", "Vasquez-Pryor", "Lindqvist",
    "Szymanski", "Delacroix", "Ferreira", "Nakashima", "Pemberton", "Drummond", "Kowalczyk",
    "O'Halloran", "Trevelyan", "Achterberg", "Brannigan", "Castellanos", "Dunmore", "Eskildsen",
    "Galbraith", "Hargreave", "Iwasaki", "Jorgensen", "Krzyzanowski", "Lacombe", "Mbeki-Soto",
)  # fmt: skip
CLINICIAN_SURNAMES = ("Anand", "Byrne", "Chowdhury", "Dimitrov", "Ekwueme", "Farrow", "Grieve", "Haddad")
CLINICIAN_INITIALS = "abcdefghjklmnprst"

TITLES = {"female": ("Mrs", "Ms", "Mrs.", "Ms."), "male": ("Mr", "Mr.")}
DOCTOR_TITLES = ("Dr", "Dr.")
DOCTOR_SHARE = 0.1  # a few patients are retired doctors
RELATIONS = {
    "female": ("daughter", "sister", "wife", "niece"),
    "male": ("son", "brother", "husband", "nephew"),
}

STREETS = (
    "Alder", "Quillon", "Larchmont", "Bracken", "Cobbett", "Fennimore", "Juniper", "Mossgiel", "Oriel",
    "Pendle", "Rowan", "Sorrel", "Tamarind", "Wexcombe", "Yarrow", "Zinnia",
)  # fmt: skip
STREET_KINDS = ("Lane", "Road", "Street", "Avenue", "Court", "Crescent", "Drive", "Terrace")
UNITS = ("Apt {n}", "Unit {n}", "Flat {n}")
TOWNS = (
    ("Brookhollow", "OH"), ("Cedarvale", "PA"), ("Dunmoor", "NY"), ("Elmsworth", "IL"), ("Fallowmere", "WI"),
    ("Glenraddon", "MN"), ("Hazelbury", "MI"), ("Ironbridge Falls", "IA"), ("Juniper Flats", "NE"),
)  # fmt: skip

EMAIL_DOMAINS = ("example.org", "wards.example.org", "clinicians.example.test", "staff.example.com")
URL_FORMATS = (
    "https://portal.example.org/cases/{n}",
    "https://records.example.test/view?case={n}",
    "http://payer.example.com/auth/{n}",
)
IP_PREFIXES = ("192.0.2.", "198.51.100.", "203.0.113.")

# Each format is a str.format template over the fields its type's formatter hands it.
PHONE_FORMATS = ("({area}) {exchange}-{line}", "{area}-{exchange}-{line}", "+1 {area} {exchange} {line}",
                 "{area}.{exchange}.{line}")  # fmt: skip
DOB_FORMATS = ("{iso}", "{mm}/{dd}/{yyyy}", "{d} {mon} {yyyy}", "{month} {d}, {yyyy}")
NUMBER_FORMATS = {
    "mrn": ("{n8}", "{a3}-{b3}-{c2}", "M{n7}"),
    "account": ("{n10}", "ACC-{a4}-{b6}"),
    "member": ("{letters}{n9}", "{letters}-{n9}"),
    "ssn": ("{a}-{b}-{c}", "{a} {b} {c}"),
    "encounter": ("V{n9}", "{a3}-{b6}", "{n9}"),
}
ZIP_FORMATS = ("{zip5}", "{zip5}-{plus4}")
NAME_FACT_FORMATS = ("{first} {last}", "{last}, {first}", "{LAST}, {first}", "{last}, {first} {middle}.")
PROSE_NAME_FORMATS = ("{title} {last}", "{title} {last}", "{first} {last}", "{first}")
KIN_FACT_FORMAT = "{first} {last}"
KIN_PROSE_FORMATS = ("{first} {last}", "{first}")

# ENCOUNTER FACTS labels, by what they carry; each record writes them after its Encounter line. A fact
# in FACT_LABEL_CHOICES is written under one of its labels, drawn per record.
FACT_LABELS: dict[str, str] = {
    "patient": "Patient",
    "account": "Account number",
    "member": "Insurance member ID",
    "ssn": "SSN",
    "address": "Address",
    "kin": "Next of kin",
}
FACT_LABEL_CHOICES: dict[str, tuple[str, ...]] = {
    "dob": ("Date of birth", "DOB"),
    "mrn": ("MRN", "Medical record number"),
    "encounter": ("Visit number", "Visit no."),
    "phone": ("Phone", "Contact phone"),
}

# Sentences for the practitioner's prose: the patient's name, and a relative's phone number.
NAME_SENTENCES = (
    "{patient} was alert and chatty throughout the conversation.",
    "{patient} confirmed the spelling of the surname at the desk.",
    "{patient} answered every question clearly and in full.",
    "{patient} wears a wedding ring that could not be removed.",
    "{patient} asked for the curtains to be left open.",
)
KIN_SENTENCES = (
    "{patient} asked that the {relation}, {kin}, be contacted first, on {kin_phone}.",
    "The best number for the {relation}, {kin}, is {kin_phone}, as given by {patient}.",
    "{patient} gave {kin_phone} as the number for the {relation}, {kin}.",
    "The {relation} of {patient}, {kin}, can be reached on {kin_phone} at any hour.",
)
INITIALS_SENTENCES = ("{initials} prefers tea without sugar.", "{initials} brought a library book along.")
# The clinician's contact line in ORDERS AND AUTHENTICATION.
CONTACT_LINES = (
    "Queries to the covering registrar: pager {pager}, e-mail {email}.",
    "Out-of-hours questions to pager {pager}; written queries to {email}.",
    "Team contact for this patient: pager {pager}, shared inbox {email}.",
    "Covering clinician reachable on pager {pager} or by e-mail at {email}.",
)
# Lines for UTILIZATION REVIEW NOTES.
REVIEW_LINES = {
    "identity": "Identity band checked against MRN {mrn} and date of birth {dob}.",
    "mobile": "Patient mobile {phone} confirmed for text reminders.",
    "member": "Insurer confirmed member number {member} as active.",
    "encounter": "Authorization request filed under visit {encounter}.",
    "fax": "Face sheet sent by fax to {fax} at the insurer's request.",
    "url": "Insurer portal case file: {url}.",
    "ip": "Portal session for this case opened from workstation {ip}.",
    "url_ip": "Case file viewed at {url} from workstation {ip}.",
}
CONTACT_MINUTES = (5, 180)  # the contact line's time after the admission, minutes (range)
REVIEW_DAYS = (1, 2)  # a review line's day after the admission day (inclusive)
# How often a record carries the optional ones.
SHARE = {"ssn": 0.4, "account": 0.6, "member": 0.6, "encounter": 0.5, "fax": 0.35, "url": 0.3, "ip": 0.3,
         "identity": 0.5, "mobile": 0.4, "initials": 0.35, "unit": 0.3}  # fmt: skip
OLDEST, YOUNGEST = date(1931, 1, 1), date(2003, 12, 31)


@dataclass(frozen=True)
class Person:
    first: str
    last: str
    sex: str
    middle: str = ""

    @property
    def full(self) -> str:
        return f"{self.first} {self.last}"


@dataclass(frozen=True)
class Identity:
    """One record's synthetic people and numbers (digits only; the formats are applied on writing)."""

    patient: Person
    title: str
    dob: date
    kin: Person
    relation: str
    numbers: dict[str, str]  # phones, pager, fax, mrn, account, member, ssn, encounter, zip5, plus4, url, ip
    street: str
    town: tuple[str, str]
    email: str


def _digits(rng: random.Random, count: int) -> str:
    return "".join(str(rng.randrange(10)) for _ in range(count))


def _phone_digits(rng: random.Random, taken: set[str]) -> str:
    while True:
        number = "555" + str(rng.randrange(200, 1000)) + _digits(rng, 4)
        if number[3:6] != "555" and number not in taken:
            taken.add(number)
            return number


def _person(rng: random.Random, sex: str, other: Person | None = None) -> Person:
    """A person; shares no name with `other`, so no written form of one is part of the other's."""
    taken = {other.first, other.last} if other else set()
    first = rng.choice([f for f in (FEMALE_FIRST if sex == "female" else MALE_FIRST) if f not in taken])
    last = rng.choice([s for s in SURNAMES if s not in taken])
    return Person(first, last, sex, rng.choice("ABCEJKLMRT"))


def draw(rng: random.Random) -> Identity:
    """A record's identity: a patient, a relative with another surname, a clinician's contact, numbers."""
    sex = rng.choice(("female", "male"))
    patient = _person(rng, sex)
    title = rng.choice(DOCTOR_TITLES) if rng.random() < DOCTOR_SHARE else rng.choice(TITLES[sex])
    kin_sex = rng.choice(("female", "male"))
    kin = _person(rng, kin_sex, patient)
    phones: set[str] = set()
    numbers = {name: _phone_digits(rng, phones) for name in ("phone", "kin_phone", "pager", "fax")}
    numbers |= {
        "mrn": "0" + _digits(rng, 7),  # the M-prefixed form drops the leading zero
        "account": str(rng.randrange(1, 10)) + _digits(rng, 9),
        "member": "".join(rng.choice("BCDFGHJKLMNPQRSTVWXZ") for _ in range(3)) + _digits(rng, 9),
        "ssn": "9" + _digits(rng, 8),
        "encounter": str(rng.randrange(1, 9)) + _digits(rng, 8),  # not 9xx: no SSN look-alike
        "zip5": str(rng.randrange(10000, 99999)),
        "plus4": _digits(rng, 4),
        "url": rng.choice(URL_FORMATS).format(n=rng.randrange(10000, 99999)),
        "ip": rng.choice(IP_PREFIXES) + str(rng.randrange(2, 255)),
    }
    street = f"{rng.randrange(3, 4000)} {rng.choice(STREETS)} {rng.choice(STREET_KINDS)}"
    if rng.random() < SHARE["unit"]:
        street += ", " + rng.choice(UNITS).format(n=f"{rng.randrange(1, 30)}{rng.choice('ABCD')}")
    clinician = f"{rng.choice(CLINICIAN_INITIALS)}.{rng.choice(CLINICIAN_SURNAMES).lower()}"
    email = f"{clinician}@{rng.choice(EMAIL_DOMAINS)}"
    dob = OLDEST + timedelta(days=rng.randrange((YOUNGEST - OLDEST).days + 1))
    return Identity(patient, title, dob, kin, rng.choice(RELATIONS[kin_sex]), numbers, street,
                    rng.choice(TOWNS), email)  # fmt: skip


def phone(digits: str, fmt: str) -> str:
    return fmt.format(area=digits[:3], exchange=digits[3:6], line=digits[6:])


def birth_date(day: date, fmt: str) -> str:
    month = day.strftime("%B")
    return fmt.format(iso=day.isoformat(), mm=f"{day.month:02d}", dd=f"{day.day:02d}", yyyy=day.year,
                      d=day.day, mon=month[:3], month=month)  # fmt: skip


def number(kind: str, digits: str, fmt: str) -> str:
    """An MRN, account, member, social security or visit (encounter) number in one of its formats."""
    fields = {
        "mrn": {"n8": digits, "a3": digits[:3], "b3": digits[3:6], "c2": digits[6:], "n7": digits[1:]},
        "account": {"n10": digits, "a4": digits[:4], "b6": digits[4:]},
        "member": {"letters": digits[:3], "n9": digits[3:]},
        "ssn": {"a": digits[:3], "b": digits[3:5], "c": digits[5:]},
        "encounter": {"n9": digits, "a3": digits[:3], "b6": digits[3:]},
    }[kind]
    return fmt.format(**fields)


def name(person: Person, fmt: str, title: str = "") -> str:
    return fmt.format(first=person.first, last=person.last, LAST=person.last.upper(), middle=person.middle,
                      title=title)  # fmt: skip


def initials(person: Person) -> str:
    return f"{person.first[0]}.{person.last[0]}."
