"""`python -m kit.corpus --check` and the label gate agree on what a valid corpus is.

Each case edits a copy of the shipped corpus the way a user's folder might differ, then asks both:
the kit's loader (does `load` accept it?) and the gate's record-level checks (do they find nothing?).
The gate's case-plan check and structural figures describe the shipped corpus only and are left out.
Every case also states which answer both must give, so agreement cannot come from both being lax.
"""

import json
import re
import shutil

import pytest

from kit.corpus import load
from tests.eval.label_gate import checks as gate_checks
from tests.eval.label_gate import loader as gate_loader

RECORD_LEVEL_CHECKS = [name for name in gate_checks.CHECKS if name != "case_plan"]
VERDICT_FIELDS = ("midnights", "meets_benchmark", "support", "rule")
DATED = re.compile(r"^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?  ")


def _read_gold(folder):
    return [json.loads(line) for line in (folder / "gold.jsonl").read_text().splitlines()]


def _write_gold(folder, rows):
    (folder / "gold.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))


def _edit_gold(edit):
    def apply(folder):
        rows = _read_gold(folder)
        edit(rows, folder)
        _write_gold(folder, rows)

    return apply


def _edit_records(edit):
    def apply(folder):
        rows = json.loads((folder / "records.json").read_text())
        edit(rows)
        (folder / "records.json").write_text(json.dumps(rows, indent=2))

    return apply


def _prose_row(rows, folder, element="comorbidities"):
    """The first record whose element cites a prose sentence, with that row."""
    for row in rows:
        cell = row["elements"][[e["element"] for e in row["elements"]].index(element)]
        if cell["citation"] and not DATED.match(cell["citation"]):
            return row, cell, (folder / f"{row['id']}.txt").read_text()
    raise AssertionError(f"the shipped corpus has no prose {element} citation")


def _stay_with(rows, field):
    for row in rows:
        stay = row["elements"][1]
        if stay.get(field) is not None:
            return row, stay
    raise AssertionError(f"the shipped corpus has no stay row with {field}")


def drop_fields(rows, _):
    for row in rows:
        for name in VERDICT_FIELDS:
            row.pop(name)
        for cell in row["elements"]:
            cell.pop("span")
            cell.pop("class")
            if cell["citation"] is None:
                for name in ("citation", "expected_discharge", "expected_nights"):
                    cell.pop(name)


def null_span(rows, _):
    rows[0]["elements"][0]["span"] = None


def duplicate_row(rows, _):
    rows.append(json.loads(json.dumps(rows[5])))


def common_word(rows, folder):
    row, cell, text = _prose_row(rows, folder)
    cell["citation"], cell["span"] = "and", None


def rare_word(rows, folder):
    row, cell, text = _prose_row(rows, folder)
    word = next(w for w in re.findall(r"[A-Za-z]{6,}", cell["citation"]) if text.count(w) == 1)
    cell["citation"], cell["span"] = word, None


def cut_phrase(rows, folder):
    row, cell, text = _prose_row(rows, folder)
    cell["citation"], cell["span"] = cell["citation"].rsplit(" ", 2)[0], None


def two_sentences(rows, folder):
    for row in rows:
        text = (folder / f"{row['id']}.txt").read_text()
        cell = row["elements"][2]
        cited = cell["citation"]
        if not cited or DATED.match(cited):
            continue
        line = next(line for line in text.split("\n") if cited in line)
        rest = line[line.index(cited) + len(cited) :]
        following = re.match(r" ([^.!?]+[.!?])(?= |$)", rest)
        if following and text.count(cited + following.group(0)) == 1:
            cell["citation"], cell["span"] = cited + following.group(0), None
            return
    raise AssertionError("no prose citation followed by a sentence on its line")


def stamp_dropped(rows, _):
    cell = next(c for row in rows for c in row["elements"] if c["citation"] and DATED.match(c["citation"]))
    cell["citation"], cell["span"] = DATED.sub("", cell["citation"]), None


def two_lines(rows, folder):
    row, cell, text = _prose_row(rows, folder)
    line_end = text.index(cell["citation"]) + len(cell["citation"])
    following = text[line_end:].split("\n")[1]
    cell["citation"], cell["span"] = cell["citation"] + "\n" + following, None


def wrong_section(rows, _):
    row = next(r for r in rows if r["elements"][3]["citation"] and r["elements"][2]["citation"])
    row["elements"][2]["citation"] = row["elements"][3]["citation"]
    row["elements"][2]["span"] = None


def span_on_absent(rows, _):
    cell = next(c for row in rows for c in row["elements"] if c["citation"] is None)
    cell["span"] = [0, 5]


def midnights_as_bool(rows, _):
    row = next(r for r in rows if r["midnights"] == 1)
    row["midnights"] = True


def wrong_support(rows, _):
    rows[0]["support"] = "BENCHMARK-NOT-MET" if rows[0]["support"] != "BENCHMARK-NOT-MET" else "ORDER-GAP"


def wrong_class(rows, _):
    cell = rows[0]["elements"][2]
    cell["class"] = "ABSENT" if cell["class"] != "ABSENT" else "PRESENT"


def moved_value(rows, _):
    row, stay = _stay_with(rows, "expected_discharge")
    day = stay["expected_discharge"]
    stay["expected_discharge"] = day[:8] + f"{int(day[8:]) % 28 + 1:02d}"
    for name in VERDICT_FIELDS:
        row.pop(name)


def flipped_hard(rows):
    rows[0]["hard"] = not rows[0]["hard"]


def other_facility(rows):
    rows[0]["facility"] = rows[0]["facility"] + " Annex"


def other_title(rows):
    rows[0]["title"] = "Something else"


def optional_fields_left_out(rows):
    for row in rows:
        for name in ("title", "case", "hard", "facility", "service_line", "admitting_role"):
            row.pop(name)


def byte_order_marks(folder):
    for path in [folder / "records.json", folder / "gold.jsonl", *sorted(folder.glob("*.txt"))[:5]]:
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())


CASES = [
    ("spans, classes and verdict fields left out", _edit_gold(drop_fields), True),
    ("a span written as null", _edit_gold(null_span), True),
    ("two whole sentences cited", _edit_gold(two_sentences), True),
    ("optional records.json fields left out", _edit_records(optional_fields_left_out), True),
    ("byte-order marks", byte_order_marks, True),
    ("a repeated gold row", _edit_gold(duplicate_row), False),
    ("a common word cited", _edit_gold(common_word), False),
    ("a rare single word cited", _edit_gold(rare_word), False),
    ("half a sentence cited", _edit_gold(cut_phrase), False),
    ("a dated line cited without its stamp", _edit_gold(stamp_dropped), False),
    ("two lines cited", _edit_gold(two_lines), False),
    ("a services line cited for comorbidities", _edit_gold(wrong_section), False),
    ("an uncited row with a span", _edit_gold(span_on_absent), False),
    ("midnights written as true", _edit_gold(midnights_as_bool), False),
    ("a support verdict the rules do not give", _edit_gold(wrong_support), False),
    ("a class that does not match its finding", _edit_gold(wrong_class), False),
    ("a stay date its citation does not state", _edit_gold(moved_value), False),
    ("hard flipped in records.json", _edit_records(flipped_hard), False),
    ("a facility the record does not state", _edit_records(other_facility), False),
    ("a title the record does not carry", _edit_records(other_title), False),
]


def kit_accepts(folder) -> tuple[bool, str]:
    try:
        load.load(folder)
    except load.CorpusError as err:
        return False, str(err)
    return True, ""


def gate_accepts(folder) -> tuple[bool, str]:
    corpus = gate_loader.load_corpus(folder)
    problems = [p for name in RECORD_LEVEL_CHECKS for p in gate_checks.CHECKS[name](corpus)]
    return not problems, "\n".join(problems)


@pytest.mark.parametrize(("edit", "valid"), [case[1:] for case in CASES], ids=[case[0] for case in CASES])
def test_check_and_the_label_gate_give_the_same_verdict(tmp_path, edit, valid):
    folder = tmp_path / "corpus"
    shutil.copytree(load.shipped_folder(), folder)
    edit(folder)
    kit, kit_says = kit_accepts(folder)
    gate_ok, gate_says = gate_accepts(folder)
    assert (kit, gate_ok) == (valid, valid), f"--check:\n{kit_says}\nlabel gate:\n{gate_says}"
