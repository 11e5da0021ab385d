"""The `--identifiers` corpus (kit.corpus.identified): it loads and checks, the shipped corpus stays
byte-identical, every planted form is in its record where the manifest says and nowhere in the
shipped record or a gold quote, every identifier type and format turns up, nothing but planted
material was added, the independent label gate passes it, and the free arms score exactly as on the
shipped corpus (served by the stub through the paid path too, and the same bytes written by another
interpreter, in tests/integration/test_identifiers_corpus.py). The folder and the loaded corpora are
the session's, from tests/corpora.py."""

from __future__ import annotations

import json
import re

import pytest

from kit import pipeline
from kit.corpus import identified, load, writer
from kit.corpus import identifiers as ids
from kit.corpus.__main__ import main
from kit.guard import scan
from kit.rules import record
from tests.eval.label_gate.checks import run_all_checks
from tests.eval.label_gate.loader import load_corpus

TYPES = ("PATIENT", "KIN", "DOB", "MRN", "ACCOUNT", "MEMBER", "ENCOUNTER", "SSN", "PHONE", "PAGER", "FAX",
         "EMAIL", "ADDRESS", "ZIP", "URL", "IP")  # fmt: skip
RARE_TYPES = ("ENCOUNTER", "SSN", "FAX", "URL", "IP")  # planted on some records only
PHONE_SHAPES = {
    "(555) 201-3344": r"\(\d{3}\) \d{3}-\d{4}",
    "555-201-3344": r"\d{3}-\d{3}-\d{4}",
    "+1 555 201 3344": r"\+1 \d{3} \d{3} \d{4}",
    "555.201.3344": r"\d{3}\.\d{3}\.\d{4}",
}
DOB_SHAPES = {
    "1948-03-07": r"\d{4}-\d{2}-\d{2}",
    "03/07/1948": r"\d{2}/\d{2}/\d{4}",
    "7 Mar 1948": r"\d{1,2} [A-Z][a-z]{2} \d{4}",
    "March 7, 1948": r"[A-Z][a-z]+ \d{1,2}, \d{4}",
}
NUMBER_SHAPES = {
    "MRN": (r"\d{8}", r"\d{3}-\d{3}-\d{2}", r"M\d{7}"),
    "ACCOUNT": (r"\d{10}", r"ACC-\d{4}-\d{6}"),
    "MEMBER": (r"[A-Z]{3}\d{9}", r"[A-Z]{3}-\d{9}"),
    "ENCOUNTER": (r"V\d{9}", r"\d{3}-\d{6}", r"\d{9}"),
    "SSN": (r"\d{3}-\d{2}-\d{4}", r"\d{3} \d{2} \d{4}"),
}
DOCUMENTATION_IPS = ("192.0.2.", "198.51.100.", "203.0.113.")
SYNTHETIC_DOMAINS = (".example.org", "@example.org", ".example.com", ".test")


@pytest.fixture(scope="module")
def planted(identifiers_folder) -> dict:
    return json.loads((identifiers_folder / "identifiers.json").read_text(encoding="utf-8"))["records"]


def _entries(planted: dict) -> list[tuple[str, dict]]:
    return [(rid, e) for rid, r in planted.items() for e in r["identifiers"]]


def test_it_loads_and_passes_the_check(identifiers_folder, identifiers_loaded, shipped_corpus, capsys):
    assert main(["--check", str(identifiers_folder)]) == 0
    assert "60 records, with gold, valid" in capsys.readouterr().out
    assert len(identifiers_loaded.records) == 60 and identifiers_loaded.has_gold
    assert identifiers_loaded.dataset_version == shipped_corpus.dataset_version + "+identifiers"


def test_without_the_flag_the_command_writes_the_shipped_corpus_byte_for_byte(tmp_path):
    assert main(["--out", str(tmp_path)]) == 0
    shipped = sorted(load.shipped_folder().iterdir())
    assert [p.name for p in shipped] == sorted(p.name for p in tmp_path.iterdir())
    for path in shipped:
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), path.name


def test_the_command_and_a_second_generation_write_the_same_bytes(identifiers_folder, tmp_path):
    """`python -m kit.corpus --identifiers` (in this process) writes what the shared folder holds, and so
    does a second generation; another interpreter with another hash seed is in
    tests/integration/test_identifiers_corpus.py."""
    assert main(["--out", str(tmp_path), "--identifiers"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in identifiers_folder.iterdir())
    again = identified.generate()
    assert sorted(again) == sorted(p.name for p in identifiers_folder.iterdir())
    for name, text in again.items():
        assert (identifiers_folder / name).read_bytes() == text.encode("utf-8"), name
        assert (tmp_path / name).read_bytes() == text.encode("utf-8"), name


def test_same_records_same_facts_and_the_key_differs_only_in_spans(
    identifiers_folder, identifiers_loaded, shipped_corpus
):
    shipped_facts = (load.shipped_folder() / "records.json").read_bytes()
    assert (identifiers_folder / "records.json").read_bytes() == shipped_facts
    assert [r.id for r in identifiers_loaded.records] == [r.id for r in shipped_corpus.records]
    moved = 0
    for mine, theirs in zip(identifiers_loaded.records, shipped_corpus.records, strict=True):
        for a, b in zip(mine.gold["elements"], theirs.gold["elements"], strict=True):
            assert {k: v for k, v in a.items() if k != "span"} == {k: v for k, v in b.items() if k != "span"}
            if a["span"] is not None:
                assert mine.norm_text[a["span"][0] : a["span"][1]] == " ".join(a["citation"].split())
                moved += a["span"] != b["span"]
        assert {k: v for k, v in mine.gold.items() if k != "elements"} == {
            k: v for k, v in theirs.gold.items() if k != "elements"
        }
    assert moved > 100, "spans should move: the identifiers sit in front of most cited lines"


def test_nothing_but_planted_material_was_added(identifiers_loaded, shipped_corpus, planted):
    """Every shipped line is still there (a prose line may have gained sentences around it), and
    every new or grown line carries a planted form."""
    for mine, theirs in zip(identifiers_loaded.records, shipped_corpus.records, strict=True):
        texts = [e["text"] for e in planted[mine.id]["identifiers"]]
        new_lines = mine.text.split("\n")
        cursor = 0
        for line in theirs.text.split("\n"):
            while not (line == new_lines[cursor] or (line and line in new_lines[cursor])):
                assert any(t in new_lines[cursor] for t in texts), (mine.id, new_lines[cursor])
                cursor += 1
            if new_lines[cursor] != line:
                grown = new_lines[cursor].replace(line, "", 1)
                assert any(t in grown for t in texts), (mine.id, grown)
            cursor += 1
        assert all(any(t in rest for t in texts) for rest in new_lines[cursor:] if rest), mine.id


def test_every_planted_form_is_verbatim_in_its_record_in_the_sections_listed(identifiers_loaded, planted):
    by_id = identifiers_loaded.by_id()
    for rid, entry in _entries(planted):
        bodies = record.sections(by_id[rid].text)
        assert entry["text"] in by_id[rid].text, (rid, entry)
        assert [h for h, body in bodies.items() if entry["text"] in body] == entry["sections"], (rid, entry)


def test_no_planted_form_was_in_the_shipped_record_or_is_in_a_gold_quote(
    identifiers_loaded, shipped_corpus, planted
):
    plain = {r.id: r.text.lower() for r in shipped_corpus.records}
    quotes = {r.id: [e["citation"] or "" for e in r.gold["elements"]] for r in identifiers_loaded.records}
    for rid, entry in _entries(planted):
        assert entry["text"].lower() not in plain[rid], (rid, entry["text"])
        assert not any(entry["text"] in q for q in quotes[rid]), (rid, entry["text"])


def test_each_record_carries_the_core_identifiers_where_the_issue_puts_them(planted):
    facts, prose, orders = record.HEADINGS[0], record.DOCUMENTATION, record.ORDERS
    for rid, r in planted.items():
        where = {(e["type"], e["identity"], s) for e in r["identifiers"] for s in e["sections"]}
        for kind, identity in (("PATIENT", "patient"), ("DOB", "patient"), ("MRN", "patient"),
                               ("PHONE", "patient"), ("ADDRESS", "patient"), ("ZIP", "patient"),
                               ("KIN", "kin"), ("PHONE", "kin")):  # fmt: skip
            assert (kind, identity, facts) in where, (rid, kind, identity)
        assert ("ACCOUNT", "patient", facts) in where or ("MEMBER", "patient", facts) in where, rid
        assert ("PATIENT", "patient", prose) in where and ("PHONE", "kin", prose) in where, rid
        assert ("PAGER", "clinician", orders) in where and ("EMAIL", "clinician", orders) in where, rid


def test_every_type_turns_up_on_several_records(planted):
    records_with = {kind: {rid for rid, e in _entries(planted) if e["type"] == kind} for kind in TYPES}
    assert {kind: len(rids) for kind, rids in records_with.items() if len(rids) < 5} == {}
    assert all(len(records_with[kind]) < 60 for kind in RARE_TYPES)


def _texts(planted: dict, *kinds: str) -> list[str]:
    return [e["text"] for _, e in _entries(planted) if e["type"] in kinds]


def test_phones_and_birth_dates_come_in_every_format(planted):
    phones = _texts(planted, "PHONE", "PAGER", "FAX")
    for example, shape in PHONE_SHAPES.items():
        assert sum(1 for t in phones if re.fullmatch(shape, t)) >= 5, example
    births = _texts(planted, "DOB")
    for example, shape in DOB_SHAPES.items():
        assert sum(1 for t in births if re.fullmatch(shape, t)) >= 5, example
    assert all(any(re.fullmatch(s, t) for s in DOB_SHAPES.values()) for t in births)


def test_record_numbers_come_in_every_format_and_twice_where_the_review_notes_repeat_them(planted):
    for kind, shapes in NUMBER_SHAPES.items():
        texts = _texts(planted, kind)
        assert all(any(re.fullmatch(shape, t) for shape in shapes) for t in texts), kind
        for shape in shapes:
            assert sum(1 for t in texts if re.fullmatch(shape, t)) >= 3, (kind, shape)
    for rid, r in planted.items():
        for kind in ("MEMBER", "ENCOUNTER"):
            texts = {e["text"] for e in r["identifiers"] if e["type"] == kind}
            assert len(texts) in (0, 2), (rid, kind, texts)


def test_the_document_scan_flags_no_planted_line_but_for_the_language_of_a_name(
    identifiers_loaded, shipped_corpus, planted
):
    """The planted sentences and dated lines read as plain charting to the scan (no pattern matches
    them). The one thing it does flag is a short ENCOUNTER FACTS line holding a name that CLD2 reliably
    calls another language (the scan exempts only the kit's own fact labels): a false flag of the scan
    on real-looking records, which a run records, with the line's text, in its result file."""
    for mine, theirs in zip(identifiers_loaded.records, shipped_corpus.records, strict=True):
        before = {(f.text, f.reasons) for f in scan.scan(theirs.text)}
        entries = planted[mine.id]["identifiers"]
        texts = [e["text"] for e in entries if e["type"] in ("PATIENT", "KIN", "ADDRESS")]
        for flag in scan.scan(mine.text):
            if (flag.text, flag.reasons) in before:
                continue
            assert flag.section == record.HEADINGS[0] and flag.reasons == (scan.FOREIGN,), (mine.id, flag)
            assert any(t in flag.text for t in texts), (mine.id, flag)


def test_names_come_with_titles_reversed_and_as_initials(planted):
    names = _texts(planted, "PATIENT")
    for title in ("Mr", "Mrs", "Ms", "Dr"):
        assert any(re.match(rf"{title}\.? [A-Z]", n) for n in names), title
    assert sum(1 for n in names if re.fullmatch(r"[A-Z][\w'-]+, [A-Z][a-z]+( [A-Z]\.)?", n)) >= 5
    assert sum(1 for n in names if re.fullmatch(r"[A-Z'-]{3,}, [A-Z][a-z]+", n)) >= 5
    assert sum(1 for n in names if re.fullmatch(r"[A-Z]\.[A-Z]\.", n)) >= 5


def test_zip_and_zip4_and_addresses(planted):
    zips = _texts(planted, "ZIP")
    assert sum(1 for z in zips if re.fullmatch(r"\d{5}-\d{4}", z)) >= 5
    full = [e["text"] for _, e in _entries(planted) if e["type"] == "ADDRESS" and e["form"] == "full"]
    assert len(full) == 60
    shape = r"\d+ [A-Z][a-z]+ [A-Z][a-z]+(, \w+ \w+)?, [A-Z][\w ]+, [A-Z]{2} \d{5}(-\d{4})?"
    assert all(re.fullmatch(shape, a) for a in full)


def test_every_value_is_clearly_synthetic(planted):
    for text in _texts(planted, "PHONE", "PAGER", "FAX"):
        assert re.sub(r"\D", "", text).removeprefix("1")[:3] == "555", text
    assert all(re.sub(r"\D", "", t).startswith("9") for t in _texts(planted, "SSN"))
    assert all(t.startswith(DOCUMENTATION_IPS) for t in _texts(planted, "IP"))
    for text in _texts(planted, "EMAIL") + _texts(planted, "URL"):
        host = re.split(r"[/?]", text.split("//")[-1])[0].split("@")[-1]
        assert host.endswith(("example.org", "example.com", ".test")), text


def test_same_identifier_same_value_across_its_forms(planted):
    """Forms of one identifier share type, identity and value; no value belongs to two identities and no
    form of one identity is part of another's (the patient and the relative share no name)."""
    for rid, r in planted.items():
        owners: dict[tuple[str, str], set[str]] = {}
        for e in r["identifiers"]:
            owners.setdefault((e["type"], e["value"]), set()).add(e["identity"])
        assert all(len(who) == 1 for who in owners.values()), rid
        patient = {e["value"] for e in r["identifiers"] if e["type"] == "PATIENT"}
        assert len(patient) == 1, rid
        for e in r["identifiers"]:
            others = [f["text"] for f in r["identifiers"] if f["identity"] != e["identity"]]
            inside = [text for text in others if e["text"] in text]
            assert not inside, f"{rid}: {e['identity']} {e['text']!r} is part of another identity's {inside}"
        phones = {e["text"] for e in r["identifiers"] if e["type"] == "PHONE" and e["identity"] == "kin"}
        assert len(phones) >= 2, f"{rid}: the relative's number should be written in two formats"


def test_the_dates_listed_are_every_date_the_record_writes_but_the_birth_date(identifiers_loaded, planted):
    by_id = identifiers_loaded.by_id()
    for rid, r in planted.items():
        births = {e["value"] for e in r["identifiers"] if e["type"] == "DOB"}
        written = set(re.findall(r"\d{4}-\d{2}-\d{2}", by_id[rid].text)) - births
        listed = {d["date"] for d in r["dates"]}
        assert written <= listed, rid
        assert all(t in by_id[rid].text for d in r["dates"] for t in d["texts"]), rid
        assert not births & listed, rid


@pytest.mark.parametrize("arm", ["floor", "always-present", "oracle"])
def test_the_free_arms_score_the_same_as_on_the_shipped_corpus(
    arm, identifiers_loaded, shipped_corpus, tmp_path
):
    def report(corpus: load.Corpus, run_id: str) -> dict:
        settings = pipeline.RunSettings(run_id=run_id, results_dir=tmp_path)
        return pipeline.run(corpus, pipeline.OfflineArm(arm), settings).report.to_dict()

    mine, theirs = report(identifiers_loaded, "identifiers"), report(shipped_corpus, "shipped")
    assert mine["metrics"] == theirs["metrics"]
    assert mine["confusion"] == theirs["confusion"]
    for a, b in zip(mine["records"], theirs["records"], strict=True):
        assert a == b, a["id"]


def test_the_independent_label_gate_finds_nothing_wrong(identifiers_folder):
    found = run_all_checks(load_corpus(identifiers_folder))
    assert {name: what for name, what in found.items() if what} == {}


def test_wording_that_reads_as_evidence_is_refused(monkeypatch):
    monkeypatch.setattr(ids, "NAME_SENTENCES", (*ids.NAME_SENTENCES, "{patient} expects to go home soon."))
    with pytest.raises(writer.GenerationError, match="expects to go home"):
        identified.generate()


def test_a_planted_value_already_in_the_record_is_refused(monkeypatch):
    monkeypatch.setattr(ids, "TOWNS", (("Patient", "OH"),))
    with pytest.raises(writer.GenerationError, match="'Patient' is in the record before"):
        identified.generate()
