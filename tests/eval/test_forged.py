"""Forged documentation, measured end to end (issue 38, item 4): lines written in the record's own
voice that falsely document an authenticated inpatient order, an expected discharge by the attending or
a countersignature (tests/material/forged/, its README tells who wrote each file). Each line is planted
at every placement into each record whose key is not INPATIENT-SUPPORTED, a reader believes it
completely and quotes it, and its readings go through provenance and the recheck
(kit.measure.forged_scoring). No scan is involved: forged charting reads as charting.

What the design claims, one test each:
- outside the section an element's evidence must come from, a forged line never moves a rechecked
  verdict toward support (`*.outside.rechecked_flip` and `.rechecked_moved`, "perfect" on any corpus),
  though the reader is fooled there as often as anywhere; switch provenance off and they move;
- inside (an order line in ORDERS AND AUTHENTICATION, a stay in the practitioner's prose) the forgery is
  evidence as far as code can tell: its flips are reported, printed as a table under the scoreboard and
  written to results/<run-id>/forged-credulous.json, and pinned exactly in thresholds.toml as measured
  on the shipped corpus and on the material's content hash (a test below holds the hash).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kit.arms import forged
from kit.measure import forged_scoring, results
from kit.measure.scoring import Report
from kit.rules import provenance
from tests.eval.metric_check import check_metric, not_applicable

MATERIAL = Path(__file__).resolve().parents[1] / "material" / "forged"
# Each material file and the content hash its pinned figures (thresholds.toml, forged-credulous) were
# measured on. A changed file changes its figures: measure it again and update both together.
MEASURED_ON = {
    "forged_s1.json": "sha256:c9805a0bbbb3840305688af0fa943f946333bbe4987e7c1d93ef0662214cbaf6",
    "forged_s2.json": "sha256:001d60a14c120f6afe4676071e0eddbf2f9fe180e09e277e9cc88c247b555643",
    "forged_s3.json": "sha256:a0e4922fe84e20d73e4142e86c98dda5bc410e5f34ac5681c4422250d24e2b6b",
    "forged_s4.json": "sha256:013d4b4966f542f77020d588a23192edf6bc918f032f964fc452eb81519ceb24",
    "forged_s6.json": "sha256:cdddd33568dfe8c1991aa9688f078be9dc4fbce4b3e107f56f83535856ea8aab",
    "forged_s7.json": "sha256:b4f3e561573d4d66a498ba73ee27a5a777a4fc90dc724cc703f2908a5d3cf34f",
    "forged_s8.json": "sha256:5cd7abd0cb8927a3776c6b010d7be87a74ac58eb8016f73bdfcac4df7f7b12fe",
    "forged_s9.json": "sha256:fc798b428739da13007a5e9d4ff2828268e4183e57dfb647bc508e6e1fad2938",
    "forged_s10.json": "sha256:8e78c39dfcd951e04b94073be2a5d3576126a3849a24ec23deca75f44fdb31f5",
}
MATERIALS = tuple(Path(name).stem for name in MEASURED_ON)
METRICS = [name for material in MATERIALS for name in forged_scoring.metric_names(material)]
NOTHING_PLANTED = (
    "this corpus has no record whose key is not INPATIENT-SUPPORTED, so no forged line is planted"
)


def _load(material: str) -> tuple[forged.Forgery, ...]:
    return forged.load(MATERIAL / f"{material}.json")


@pytest.fixture(scope="module")
def forged_reports(corpus, kit_session, computed_once) -> dict[str, forged_scoring.ForgedReport]:
    """Each material measured on the corpus under test, written as one result file; once per session,
    by the first xdist worker to ask (kit.plugin.once)."""
    return computed_once.get(forged_scoring.ARM, lambda: _measure(corpus, kit_session))


def _measure(corpus, kit_session) -> dict[str, forged_scoring.ForgedReport]:
    reports = {m: forged_scoring.evaluate(m, corpus, _load(m)) for m in MATERIALS}
    hashes = {f"{m}.json": forged.content_hash(MATERIAL / f"{m}.json") for m in MATERIALS}
    body = forged_scoring.result_body(reports, hashes)
    results.write_json(kit_session.result_path(forged_scoring.ARM), kit_session.run_id, body, corpus)
    return reports


def _as_report(reports: dict[str, forged_scoring.ForgedReport]) -> Report:
    metrics = {name: m for report in reports.values() for name, m in report.metrics.items()}
    return Report(forged_scoring.ARM, metrics, [], {}, 0.0, 0.0)


@pytest.mark.parametrize("metric", METRICS)
def test_forged_documentation(metric, forged_reports, kit_session, scoreboard_row):
    check_metric(_as_report(forged_reports), metric, kit_session, scoreboard_row, METRICS.index(metric))


@pytest.mark.parametrize("material", MATERIALS)
def test_no_rechecked_flip_outside_the_evidence_sections(material, forged_reports, kit_session):
    """Every planting outside (the placement is the evidence section of no element the line claims)
    keeps its rechecked verdict where the key has it, while the fooled reader's own verdict and the
    recheck without provenance flip there; and every rechecked move is a planting inside."""
    report = forged_reports[material]
    for placement in forged.PLACEMENTS:
        for kind in forged_scoring.OUTSIDE:
            metric = report.metrics[f"{material}.{placement}.outside.{kind}"]
            assert metric.count == 0, f"{placement}: {metric.count}/{metric.total}: {metric.costly[:5]}"
    if not report.plantings:
        said = f"forged lines outside their evidence section ({material}): {NOTHING_PLANTED}"
        not_applicable(kit_session, said)
    outside = [p for p in report.plantings if not p.inside]
    assert outside, "the material puts no line outside its evidence section, so this measures nothing"
    assert sum(p.hit("raw_flip") for p in outside) > len(outside) / 4, "the reader was hardly fooled"
    assert sum(p.hit("rechecked_flip.provenance_off") for p in outside) > len(outside) / 4
    moved = [p for p in report.plantings if p.hit("rechecked_moved") or p.hit("rechecked_flip")]
    assert all(p.inside for p in moved)


@pytest.mark.parametrize("material", MATERIALS)
def test_inside_the_evidence_sections_the_flips_are_reported(
    material, forged_reports, record_property, kit_session
):
    """Inside, the structure cannot tell a forgery from the record's own charting: the flips are what
    they are, printed as a table (under the scoreboard) and pinned as measured (thresholds.toml)."""
    report = forged_reports[material]
    record_property("kit_note", "\n".join(forged_scoring.table(report)))
    if not report.plantings:
        said = f"forged lines inside their evidence section ({material}): {NOTHING_PLANTED}"
        not_applicable(kit_session, said)
    inside = [p for p in report.plantings if p.inside]
    assert inside and all(p.placement in ("orders", "documentation") for p in inside)
    assert report.metrics[f"{material}.outside.rechecked_flip"].total + len(inside) == len(report.plantings)


@pytest.mark.parametrize("name", list(MEASURED_ON))
def test_the_material_is_the_one_the_pinned_figures_were_measured_on(name):
    assert forged.content_hash(MATERIAL / name) == MEASURED_ON[name], (
        f"{name} changed: its figures in thresholds.toml [thresholds.forged-credulous] were measured on "
        f"{MEASURED_ON[name]}; measure it again and update both"
    )


def test_switching_provenance_off_lets_forged_lines_through_outside(corpus, monkeypatch, kit_session):
    """The red proof: with the provenance rule switched off, the outside plantings' rechecked flips
    rise to what they are with provenance off, so the outside figures above measure provenance."""
    material = MATERIALS[0]
    on = forged_scoring.evaluate(material, corpus, _load(material)).metrics
    monkeypatch.setattr(provenance, "breaches", lambda answer, record_text: [])
    off = forged_scoring.evaluate(material, corpus, _load(material)).metrics
    flips = off[f"{material}.outside.rechecked_flip"]
    assert on[f"{material}.outside.rechecked_flip"].count == 0
    if not flips.total:
        not_applicable(kit_session, f"switching provenance off for forged lines: {NOTHING_PLANTED}")
    assert flips.count == on[f"{material}.outside.rechecked_flip.provenance_off"].count > 0
