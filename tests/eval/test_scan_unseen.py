"""The document scan on material it was not written from (issue 24): flags on charting lines (925 +
400 + 600 x 7 + 300 + 360 + 400 x 8, each written into all four sections), 20 + 12 x 4 + 24 x 3 + 12 x 9
clean records, 300 status statements written by admitting practitioners and reviewers, each file by a
helper who never saw the scan (tests/material/charting/, its README tells when each was measured), and
detection per attack family and placement on the subtle plants (by kind) and on the attack texts of
tests/material/attacks/ (its README.md tells their history):

- `scan.false_flag.*`: clean material flagged as an attack. A prior determination alone ("UR: inpatient
  supported") is withheld whoever wrote it and counted apart, `scan.withheld_determination.*`; the
  practitioners' own status statements must not be flagged at all (they carry the order and the
  expectation);
- `scan.detected.unseen.*`: development material, pooled: attacks.json and the first twelve blind sets,
  each measured once and then fixed against;
- `scan.detected.blind.*`: the thirteenth and fourteenth blind sets, pooled (blind13.json, blind14.json),
  each written by a helper who never saw the scan or earlier attack texts and measured once, the
  fourteenth on the scan as it stands; no row was changed after the thirteenth (later changes touched
  only how quotations in prose are read for language, and joiners inside non-Latin words): the figures
  in docs/guards/scan.md. Their counts are pinned exactly; fixing a miss they show makes them development
  material.
  charting_lines_8.txt was measured once on the same scan as blind13, charting_lines_9.txt and
  records_8/ on the scan as it stands; all are pinned as measured.

None of this material is used by the scan's unit tests (a test below checks)."""

import json
import re
from pathlib import Path

import pytest

from kit.arms import injection, plants
from kit.guard import scan
from kit.measure import injection_scoring, results
from kit.measure.metric import HIGHER, count_metric
from kit.measure.scoring import Report
from tests.eval.metric_check import check_metric
from tests.helpers import PLACEMENTS, admission_record, planted

MATERIAL = Path(__file__).resolve().parents[1] / "material"
CHARTING = MATERIAL / "charting"
DEVELOPMENT_SETS = (
    "attacks.json", "blind1.json", "blind2.json", "blind3.json", "blind4.json", "blind5.json", "blind6.json",
    "blind7.json", "blind8.json", "blind9.json", "blind10.json", "blind11.json", "blind12.json",
)
BLIND_SETS = ("blind13.json", "blind14.json")
LINE_FILES = (
    "charting_lines.txt",
    *(f"charting_lines_{n}.txt" for n in range(2, 10)),
    *(f"charting_lines_s{n}.txt" for n in range(1, 11)),
)
RECORD_FOLDERS = ("records", *(f"records_{n}" for n in range(2, 9)), *(f"records_s{n}" for n in range(2, 11)))
# New-style sets (issue 38): each measured once blind, then development material.
STYLE_SETS = tuple(f"styles_s{n}" for n in range(1, 11))


def _families(*names: str) -> dict[str, list[str]]:
    """The attack texts of the named files under tests/material/attacks, pooled per family."""
    pooled: dict[str, list[str]] = {}
    for name in names:
        families = json.loads((MATERIAL / "attacks" / name).read_text(encoding="utf-8"))["families"]
        for family, texts in families.items():
            pooled.setdefault(family, []).extend(texts)
    return pooled


ATTACKS, BLIND = _families(*DEVELOPMENT_SETS), _families(*BLIND_SETS)
_STAMP = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}  ")
SUBTLE_KINDS = [k for k in plants.SUBTLE_KINDS if k != plants.CLINICIAN]
METRICS = [
    *(f"scan.false_flag.{Path(name).stem}" for name in LINE_FILES),
    *(f"scan.false_flag.charting_{folder}" for folder in RECORD_FOLDERS),
    "scan.false_flag.status_practitioner",
    "scan.withheld_determination.charting_lines",
    "scan.withheld_determination.charting_records",
    "scan.withheld_determination.status_review",
    *(f"scan.detected.subtle.{kind}" for kind in SUBTLE_KINDS),
    *(f"scan.detected.unseen.{family}.{placement}" for family in ATTACKS for placement in PLACEMENTS),
    *(f"scan.detected.blind.{family}.{placement}" for family in BLIND for placement in PLACEMENTS),
    *(f"scan.detected.{name}.{placement}" for name in STYLE_SETS for placement in PLACEMENTS),
]


def _charting_lines(name: str = "charting_lines.txt") -> list[tuple[str, str]]:
    """Every charting line of the file, its own date stamp dropped, in all four sections of one record."""
    lines = (CHARTING / name).read_text(encoding="utf-8").splitlines()
    texts = []
    for n, line in enumerate(filter(str.strip, lines), start=1):
        body = _STAMP.sub("", line)
        text = admission_record(
            orders=[f"2026-03-02 14:05  {body}"],
            documentation=f"Seen on the take. {body} Background of asthma.",
            services=[f"2026-03-03  {body}"],
            review=[f"2026-03-04  {body}"],
        )
        texts.append((f"line-{n:03d}", text))
    return texts


def _status_lines(group: str) -> list[tuple[str, str]]:
    """The status statements of one group (practitioner or review), each in every placement."""
    rows = json.loads((CHARTING / "status_lines.json").read_text(encoding="utf-8"))["lines"]
    return [
        (f"{group}-{n}-{placement}", planted(row["text"], placement))
        for n, row in enumerate((r for r in rows if r["group"] == group), start=1)
        for placement in PLACEMENTS
    ]


@pytest.fixture(scope="module")
def unseen_report(corpus, kit_session, computed_once) -> Report:
    """Measured once per session, by the first xdist worker to ask (kit.plugin.once)."""
    return computed_once.get("scan-unseen", lambda: _measure(corpus, kit_session))


def _measure(corpus, kit_session) -> Report:
    lines = {Path(name).stem: _charting_lines(name) for name in LINE_FILES}
    sizes = [925, 400, 600, 600, 600, 600, 600, 600, 600, 300, 360, 400, 400, 400, 400, 400, 400, 400, 400]
    assert [len(texts) for texts in lines.values()] == sizes
    records = {
        folder: [(p.stem, p.read_text(encoding="utf-8")) for p in sorted((CHARTING / folder).glob("C?-*"))]
        for folder in RECORD_FOLDERS
    }
    sizes = [20, 12, 12, 12, 12, 24, 24, 24, 12, 12, 12, 12, 12, 12, 12, 12, 12]
    assert [len(texts) for texts in records.values()] == sizes
    false_flags, determinations = injection_scoring.text_false_flags, injection_scoring.text_determinations
    metrics = {}
    clean = {**lines, **{f"charting_{folder}": texts for folder, texts in records.items()}}
    for stem, texts in clean.items():
        name = f"scan.false_flag.{stem}"
        metrics[name] = false_flags(name, texts, determinations=False)
    name = "scan.false_flag.status_practitioner"
    metrics[name] = false_flags(name, _status_lines("practitioner"))
    for name, texts in (
        ("scan.withheld_determination.charting_lines", [t for stem in lines for t in lines[stem]]),
        ("scan.withheld_determination.charting_records", [t for folder in records for t in records[folder]]),
        ("scan.withheld_determination.status_review", _status_lines("review")),
    ):
        metrics[name] = determinations(name, texts)
    _, rows = injection_scoring.scan_metrics(corpus)
    for kind in SUBTLE_KINDS:
        name = f"scan.detected.subtle.{kind}"
        hits = [(f"{r['set']}/{r['id']}", r["detected"]) for r in rows if r["kind"] == kind]
        metrics[name] = count_metric(name, hits, HIGHER)
    for material, families in (("unseen", ATTACKS), ("blind", BLIND)):
        for family, texts in families.items():
            for placement in PLACEMENTS:
                name = f"scan.detected.{material}.{family}.{placement}"
                hits = [
                    (f"{family}-{n}", bool(scan.scan(planted(t.replace("{date}", "2026-03-09"), placement))))
                    for n, t in enumerate(texts, start=1)
                ]
                metrics[name] = count_metric(name, hits, HIGHER)
    for name in STYLE_SETS:
        written = json.loads((MATERIAL / "attacks" / f"{name}.json").read_text("utf-8"))["attacks"]
        texts = [a["text"] for a in written]
        for placement in PLACEMENTS:
            metric = f"scan.detected.{name}.{placement}"
            hits = [(f"{name}-{n}", bool(scan.scan(planted(t, placement)))) for n, t in enumerate(texts, 1)]
            metrics[metric] = count_metric(metric, hits, HIGHER)
    report = Report("scan-unseen", metrics, [], {}, 0.0, 0.0)
    results.write(kit_session.result_path(report.arm), kit_session.run_id, report, corpus)
    return report


@pytest.mark.parametrize("metric", METRICS)
def test_scan_on_unseen_material(metric, unseen_report, kit_session, scoreboard_row):
    check_metric(unseen_report, metric, kit_session, scoreboard_row, 100 + METRICS.index(metric))


def test_the_unseen_material_stays_out_of_the_scan_unit_tests():
    unit = Path(__file__).resolve().parents[1] / "unit" / "guard"
    for path in unit.glob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert "material" not in source, path
    assert set(injection.FAMILIES) == {plants.OVERT, plants.SUBTLE}


# the other folders have 22 (two records with no stay expectation)
KEY_LINES = {"records_s6": 24, "records_s7": 24, "records_s8": 24, "records_s9": 24, "records_s10": 24}


@pytest.mark.parametrize("folder", [f"records_s{n}" for n in range(2, 11)])
def test_quarantine_withholds_no_key_line_of_the_new_clean_records(folder):
    """records_s2 to records_s10 (12 clean records each, written with the new-style attacks, with their
    key lines): the scan's quarantine leaves every admitting order and stay expectation to cite."""
    keys = json.loads((CHARTING / folder / "key_lines.json").read_text(encoding="utf-8"))
    withheld = []
    for path in sorted((CHARTING / folder).glob("C?-*.txt")):
        text = path.read_text(encoding="utf-8")
        seen = scan.quarantine(text, scan.scan(text))
        withheld += [(path.stem, line) for line in keys[path.stem].values() if line and line not in seen]
    assert sum(bool(line) for k in keys.values() for line in k.values()) == KEY_LINES.get(folder, 22)
    assert withheld == []
