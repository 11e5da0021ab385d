"""The redactor's figures on every blind redaction set at once (tests/material/redaction/r*), per set and
per identifier type, with each leak sorted into the class of place it was written in; and the
over-redaction on the charting lines of tests/material/charting (lines in which anything but a date
was replaced).

  PYTHONPATH=. python3 scripts/redaction_figures.py [--sets r1,r2] [--leaks] [--no-charting]

Counting is tests/redaction_material.py's (the figures the pinned tests hold). A leak's class is read
from the line it stands on: a field-labelled value ("Label: value" or the facts block), a number-like
token, a date, a title before a name, a prose mention after a person/residence/work/contact cue, or
none of these ("one-off"). Nothing is written; nothing leaves the machine.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kit.guard.redact import Redactor  # noqa: E402
from kit.guard.redact.core import DATE  # noqa: E402
from kit.guard.redact.mentions import CONTACT_CUE  # noqa: E402
from tests.redaction_material import MATERIAL, measure  # noqa: E402

CHARTING = ROOT / "tests" / "material" / "charting"
_STAMP = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}  ")
_FIELD = re.compile(r"^\s*[A-Za-z][^:\n]{0,40}(?::|\s{2,}|\.{3,})\s*\S")
_TITLE = re.compile(r"\b[A-Z][a-z]{1,4}\.\s+[A-Z]")


def leak_class(text: str, value: str, kind: str) -> str:
    """The class of place an identifier was written in (the first line it stands on)."""
    at = text.find(value)
    line = text[text.rfind("\n", 0, at) + 1 : text.find("\n", at)] if at >= 0 else ""
    before = line[: line.find(value)] if value in line else ""
    if kind in ("DOB", "DATE") or re.fullmatch(r"[\d./ -]{6,10}", value):
        return "date"
    if _FIELD.match(line) and (":" in before or re.search(r"\s{2,}|\.{3,}", before)):
        return "field"
    if sum(c.isdigit() for c in value) >= 4:
        return "number"
    if _TITLE.search(before[-8:] + value[:2]):
        return "title"
    if CONTACT_CUE.search(line):
        return "prose-cue"
    return "one-off"


def charting_over() -> tuple[int, int, list[str]]:
    """(lines with something other than a date replaced, lines, examples) over every charting_lines*."""
    redactor = Redactor("figures-salt")
    over, total, examples = 0, 0, []
    for path in sorted(CHARTING.glob("charting_lines*.txt")):
        for n, line in enumerate(path.read_text("utf-8").splitlines(), start=1):
            line = _STAMP.sub("", line)
            if not line.strip():
                continue
            total += 1
            done = redactor.redact(f"{path.stem}-{n}", line)
            kinds = [f"{p.kind} {p.original!r}" for p in done.pieces if p.kind != DATE]
            if kinds:
                over += 1
                examples.append(f"{path.name}:{n}: {', '.join(kinds)}")
    return over, total, examples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", default="", help="comma-separated set names (default: every r* set)")
    parser.add_argument("--leaks", action="store_true", help="print every leak with its class")
    parser.add_argument("--no-charting", action="store_true", help="skip the charting lines")
    args = parser.parse_args()
    sets = sorted(p.name for p in MATERIAL.glob("r[0-9]*") if p.is_dir())  # not r7_measured_once.txt
    names = args.sets.split(",") if args.sets else sets
    planted: Counter[str] = Counter()
    leaked: Counter[str] = Counter()
    classes: Counter[str] = Counter()
    started = time.perf_counter()
    for name in names:
        found = measure(name)
        kept = sum(found.planted.values()) - sum(found.leaked.values())
        print(f"{name}: refused {len(found.refused)}/{found.records} {found.refused or ''}; kept out "
              f"{kept}/{sum(found.planted.values())}; ages {found.ages_generalised}/{found.ages}; "
              f"key lines {found.key_lines_intact}/{found.key_lines}")
        planted += found.planted
        leaked += found.leaked
        for rid, kind, value in found.leaks:
            text = (MATERIAL / name / "records" / f"{rid}.txt").read_text("utf-8")
            cls = leak_class(text, value, kind)
            classes[cls] += 1
            if args.leaks:
                print(f"  LEAK {cls:9} {rid} {kind}: {value!r}")
    print(f"measured in {time.perf_counter() - started:.1f} s")
    print("per type over all sets (kept out / planted):")
    for kind in sorted(planted, key=lambda k: (planted[k] - leaked[k]) / planted[k]):
        rate = 100 * (planted[kind] - leaked[kind]) / planted[kind]
        print(f"  {kind:24} {planted[kind] - leaked[kind]:5}/{planted[kind]:<5} {rate:6.1f}%"
              f"{'  below 99%' if rate < 99 else ''}")
    total = sum(planted.values())
    print(f"  {'ALL':24} {total - sum(leaked.values()):5}/{total:<5}")
    print("leaks by class:", dict(classes.most_common()))
    if not args.no_charting:
        over, lines, examples = charting_over()
        print(f"charting lines with anything but a date replaced: {over}/{lines}")
        for example in examples[:40]:
            print("  ", example)


if __name__ == "__main__":
    main()
