"""A copy of the shipped corpus with synthetic identifiers written in, for the redaction tests: per
record a patient, MRN, date of birth, phone, address and next of kin in ENCOUNTER FACTS; the name, the
date of birth and the relative's phone again in the practitioner's prose, in other spellings; a
clinician's name, pager and e-mail in a new order line; the patient's name at the end of the gold
comorbidities line, where the record has one in prose (the key's citation changes with it, and the
loader computes every span again). `plant` returns the folder and, per record, every
planted string as written. Nothing here is a fixture or a test.
"""

import calendar
import json
import shutil
from pathlib import Path

from tests.helpers import FACT_WIDTH

GIVEN = ("Adaeze", "Tobias", "Ingrid", "Mateo", "Priya", "Oluwaseun", "Siobhan", "Kenji", "Marisol", "Dmitri")
FAMILY = ("Okonkwo-Reyes", "Lindqvist", "Nakamura", "O'Sullivan", "Castellanos", "Abernathy", "Vukovic")
CLINICIANS = ("Haverford", "Quennell", "Marchetti", "Olawale", "Brannigan")


def identifiers(n: int) -> dict[str, str]:
    given, family = GIVEN[n % len(GIVEN)], FAMILY[n % len(FAMILY)]
    kin = GIVEN[(n + 3) % len(GIVEN)]
    clinician = CLINICIANS[n % len(CLINICIANS)]
    return {
        "name_fact": f"{family}, {given}",
        "name_prose": f"{given} {family}",
        "title_prose": f"Mx {family}",
        "mrn": f"{40_000_000 + 7919 * n:08d}",
        "mrn_prose": f"{40_000_000 + 7919 * n:08d}"[:3] + "-" + f"{40_000_000 + 7919 * n:08d}"[3:],
        "dob_fact": f"{(n % 12) + 1:02d}/{(n % 27) + 1:02d}/19{40 + n % 50}",
        "dob_prose": f"{(n % 27) + 1} {calendar.month_name[n % 12 + 1]} 19{40 + n % 50}",
        "phone": f"(617) 555-{1000 + n:04d}",
        "address": f"{10 + n} Larkspur Avenue, Brookfield, MA 0{2100 + n}",
        "kin_fact": f"{kin} {family}",
        "kin_phone": f"617.555.{2000 + n:04d}",
        "kin_phone_prose": f"+1 617 555 {2000 + n:04d}",
        "clinician": f"Dr {clinician}",
        "pager": f"{4100 + n}",
        "email": f"{clinician.lower()}.{n}@thornwick-health.example.org",
        "ssn": f"{100 + n:03d}-{10 + n % 80:02d}-{1000 + n:04d}",
    }


def written(n: int) -> list[str]:
    """Every planted identifier of record `n` as written, each name also alone (a short pager number
    with its label, so it is not mistaken for any other number)."""
    ids = identifiers(n)
    names = {*ids["name_prose"].split(), *ids["kin_fact"].split(), ids["clinician"].split()[1]}
    skip = {"title_prose", "clinician", "pager"}
    return sorted({v for k, v in ids.items() if k not in skip} | names | {f"pager {ids['pager']}"})


def _planted(text: str, n: int) -> str:
    ids = identifiers(n)
    lines = text.split("\n")
    kin = f"{ids['kin_fact']} (son), {ids['kin_phone']}"
    facts = [
        ("Patient", ids["name_fact"]), ("MRN", ids["mrn"]), ("Date of birth", ids["dob_fact"]),
        ("Phone", ids["phone"]), ("Address", ids["address"]), ("Next of kin", kin), ("SSN", ids["ssn"]),
    ]  # fmt: skip
    at = lines.index("ORDERS AND AUTHENTICATION")
    lines[at - 1 : at - 1] = [f"  {label:<{FACT_WIDTH}}{value}" for label, value in facts]
    first_order = next(i for i, line in enumerate(lines) if i > at + len(facts) and line.startswith("  20"))
    stamp = lines[first_order][2:18]
    queries = f"Queries to {ids['clinician']}, pager {ids['pager']}, {ids['email']}."
    lines.insert(first_order + 1, f"  {stamp}  {queries}")
    services = lines.index("SERVICES DELIVERED")
    lines[services - 1 : services - 1] = [
        "",
        f"{ids['title_prose']} ({ids['name_prose']}, born {ids['dob_prose']}, record {ids['mrn_prose']}) "
        f"asked that {ids['kin_fact'].split()[0]} be called on {ids['kin_phone_prose']}.",
    ]
    return "\n".join(lines)


def plant(folder: Path) -> tuple[Path, dict[str, list[str]]]:
    """The shipped corpus copied to `folder` with identifiers written into every record."""
    from kit.corpus import load

    shipped = load.shipped_folder()
    shutil.copytree(shipped, folder)
    planted: dict[str, list[str]] = {}
    gold = [json.loads(line) for line in (shipped / "gold.jsonl").read_text().splitlines() if line.strip()]
    for n, row in enumerate(gold):
        path = folder / f"{row['id']}.txt"
        text = _planted(path.read_text(encoding="utf-8"), n)
        for element in row["elements"]:
            element.pop("span", None)
            quote = element["citation"]
            prose = quote and quote.endswith(".") and text.count(quote) == 1
            if element["element"] == "comorbidities" and prose:  # a gold line that names the patient
                named = f"{quote[:-1]} ({identifiers(n)['name_prose']})."
                text, element["citation"] = text.replace(quote, named), named
        path.write_text(text, encoding="utf-8")
        planted[row["id"]] = written(n)
    (folder / "gold.jsonl").write_text("".join(json.dumps(r) + "\n" for r in gold), encoding="utf-8")
    return folder, planted
