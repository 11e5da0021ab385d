"""The lines that carry one record's synthetic identifiers, and the manifest entry of every form
written: `plant(identity, rng, admitted)` decides which identifiers a record carries, in which
formats, and in which fact lines, prose sentences, order line and review lines.

It only composes strings; where they go in the record text (and every check that they are safe to
put there) is kit.corpus.identified's job. The values and formats are data in
kit.corpus.identifiers.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from kit.corpus import identifiers as ids


@dataclass
class Planting:
    """What goes into one record: fact lines, prose sentences, dated lines, and the manifest entries."""

    facts: list[tuple[str, str]] = field(default_factory=list)
    prose: list[str] = field(default_factory=list)
    orders: list[tuple[str, str]] = field(default_factory=list)  # (YYYY-MM-DD HH:MM, text)
    reviews: list[tuple[str, str]] = field(default_factory=list)  # (YYYY-MM-DD, text)
    entries: list[dict[str, str]] = field(default_factory=list)

    def add(self, kind: str, identity: str, value: str, text: str, form: str) -> str:
        """Record one written form of an identifier; returns the text."""
        self.entries.append({"type": kind, "identity": identity, "value": value, "text": text, "form": form})
        return text

    def phone(self, kind: str, identity: str, digits: str, fmt: str) -> str:
        return self.add(kind, identity, digits, ids.phone(digits, fmt), fmt)

    def birth_date(self, day: date, fmt: str) -> str:
        return self.add("DOB", "patient", day.isoformat(), ids.birth_date(day, fmt), fmt)

    def number(self, kind: str, digits: str, fmt: str) -> str:
        return self.add(kind.upper(), "patient", digits, ids.number(kind, digits, fmt), fmt)

    def name(self, kind: str, identity: str, person: ids.Person, fmt: str, title: str = "") -> str:
        return self.add(kind, identity, person.full, ids.name(person, fmt, title), fmt)


def _facts(p: Planting, who: ids.Identity, rng: random.Random) -> dict[str, str]:
    """The ENCOUNTER FACTS lines; returns the formats the review notes must write differently."""
    n, labels, choices = who.numbers, ids.FACT_LABELS, ids.FACT_LABEL_CHOICES
    first = {
        key: rng.choice(formats)
        for key, formats in (
            ("dob", ids.DOB_FORMATS),
            ("mrn", ids.NUMBER_FORMATS["mrn"]),
            ("phone", ids.PHONE_FORMATS),
            ("kin_phone", ids.PHONE_FORMATS),
        )
    }
    name_fmt = rng.choice(ids.NAME_FACT_FORMATS)
    p.facts.append((labels["patient"], p.name("PATIENT", "patient", who.patient, name_fmt)))
    p.facts.append((rng.choice(choices["dob"]), p.birth_date(who.dob, first["dob"])))
    p.facts.append((rng.choice(choices["mrn"]), p.number("mrn", n["mrn"], first["mrn"])))
    if rng.random() < ids.SHARE["encounter"]:
        first["encounter"] = rng.choice(ids.NUMBER_FORMATS["encounter"])
        visit = p.number("encounter", n["encounter"], first["encounter"])
        p.facts.append((rng.choice(choices["encounter"]), visit))
    kinds = [kind for kind in ("account", "member", "ssn") if rng.random() < ids.SHARE[kind]]
    if "account" not in kinds and "member" not in kinds:
        kinds.insert(0, "account")
    for kind in kinds:
        first[kind] = rng.choice(ids.NUMBER_FORMATS[kind])
        p.facts.append((labels[kind], p.number(kind, n[kind], first[kind])))
    p.facts.append((rng.choice(choices["phone"]), p.phone("PHONE", "patient", n["phone"], first["phone"])))
    zip_fmt = rng.choice(ids.ZIP_FORMATS)
    zip_code = zip_fmt.format(zip5=n["zip5"], plus4=n["plus4"])
    town, state = who.town
    address = f"{who.street}, {town}, {state} {zip_code}"
    p.facts.append((labels["address"], p.add("ADDRESS", "patient", address, address, "full")))
    p.add("ADDRESS", "patient", address, who.street, "street")
    p.add("ADDRESS", "patient", address, town, "town")
    p.add("ZIP", "patient", zip_code, zip_code, zip_fmt)
    if zip_code != n["zip5"]:
        p.add("ZIP", "patient", zip_code, n["zip5"], "zip5")
    kin = p.name("KIN", "kin", who.kin, ids.KIN_FACT_FORMAT)
    kin_phone = p.phone("PHONE", "kin", n["kin_phone"], first["kin_phone"])
    p.facts.append((labels["kin"], f"{kin} ({who.relation}), {kin_phone}"))
    return first


def _prose(p: Planting, who: ids.Identity, rng: random.Random, kin_phone_fmt: str) -> None:
    """The patient's name twice (a sentence about the patient, and with the relative's number) and
    sometimes the initials."""

    def patient() -> str:
        return p.name("PATIENT", "patient", who.patient, rng.choice(ids.PROSE_NAME_FORMATS), who.title)

    p.prose.append(rng.choice(ids.NAME_SENTENCES).format(patient=patient()))
    sentence, said = rng.choice(ids.KIN_SENTENCES), patient()
    kin = p.name("KIN", "kin", who.kin, rng.choice(ids.KIN_PROSE_FORMATS))
    fmt = rng.choice([f for f in ids.PHONE_FORMATS if f != kin_phone_fmt])
    kin_phone = p.phone("PHONE", "kin", who.numbers["kin_phone"], fmt)
    p.prose.append(sentence.format(patient=said, relation=who.relation, kin=kin, kin_phone=kin_phone))
    if rng.random() < ids.SHARE["initials"]:
        initials = p.add("PATIENT", "patient", who.patient.full, ids.initials(who.patient), "initials")
        p.prose.append(rng.choice(ids.INITIALS_SENTENCES).format(initials=initials))


def _name_parts(p: Planting, who: ids.Identity) -> None:
    """The surname and given name on their own, as cased in the forms written, so a leak test finds
    a part left behind."""
    people = {"patient": who.patient, "kin": who.kin}
    for entry in [e for e in p.entries if e["type"] in ("PATIENT", "KIN") and e["form"] != "initials"]:
        person = people[entry["identity"]]
        parts = ((person.last, "surname"), (person.last.upper(), "surname"), (person.first, "given name"))
        for part, form in parts:
            if part in entry["text"]:
                p.add(entry["type"], entry["identity"], person.full, part, form)


def _contact(p: Planting, who: ids.Identity, rng: random.Random, admitted: datetime) -> None:
    """The clinician's pager and e-mail, on an order line of their own."""
    when = admitted + timedelta(minutes=rng.randrange(*ids.CONTACT_MINUTES))
    pager = p.phone("PAGER", "clinician", who.numbers["pager"], rng.choice(ids.PHONE_FORMATS))
    email = p.add("EMAIL", "clinician", who.email, who.email, "{initial}.{surname}@{domain}")
    line = rng.choice(ids.CONTACT_LINES).format(pager=pager, email=email)
    p.orders.append((when.strftime("%Y-%m-%d %H:%M"), line))


def _review_fields(p: Planting, who: ids.Identity, rng: random.Random, key: str, first: dict) -> dict:
    """The identifiers one review line writes, each in a format the facts did not use."""
    n = who.numbers

    def other(kind: str, formats: tuple[str, ...]) -> str:
        return rng.choice([f for f in formats if f != first[kind]])

    if key == "identity":
        mrn = p.number("mrn", n["mrn"], other("mrn", ids.NUMBER_FORMATS["mrn"]))
        return {"mrn": mrn, "dob": p.birth_date(who.dob, other("dob", ids.DOB_FORMATS))}
    if key == "mobile":
        return {"phone": p.phone("PHONE", "patient", n["phone"], other("phone", ids.PHONE_FORMATS))}
    if key in ("member", "encounter"):
        return {key: p.number(key, n[key], other(key, ids.NUMBER_FORMATS[key]))}
    if key == "fax":
        return {"fax": p.phone("FAX", "payer", n["fax"], rng.choice(ids.PHONE_FORMATS))}
    fields = {}
    if key in ("url", "url_ip"):
        fields["url"] = p.add("URL", "payer", n["url"], n["url"], "url")
    if key in ("ip", "url_ip"):
        fields["ip"] = p.add("IP", "workstation", n["ip"], n["ip"], "ip")
    return fields


def _reviews(p: Planting, who: ids.Identity, rng: random.Random, admitted: datetime, first: dict) -> None:
    """Review lines on some records: identity check, mobile, member and visit numbers, fax, portal URL
    and IP."""
    wanted = [key for key in ("identity", "mobile", "fax", "url", "ip") if rng.random() < ids.SHARE[key]]
    wanted += [kind for kind in ("member", "encounter") if kind in first]
    if "url" in wanted and "ip" in wanted:
        wanted = [key for key in wanted if key not in ("url", "ip")] + ["url_ip"]
    for key in wanted:
        fields = _review_fields(p, who, rng, key, first)
        day = admitted.date() + timedelta(days=rng.randint(*ids.REVIEW_DAYS))
        p.reviews.append((day.isoformat(), ids.REVIEW_LINES[key].format(**fields)))


def plant(who: ids.Identity, rng: random.Random, admitted: datetime) -> Planting:
    """Everything one record gets, in a fixed draw order (the same rng gives the same lines)."""
    p = Planting()
    first = _facts(p, who, rng)
    _prose(p, who, rng, first["kin_phone"])
    _contact(p, who, rng, admitted)
    _reviews(p, who, rng, admitted, first)
    _name_parts(p, who)
    return p
