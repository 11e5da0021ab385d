"""`kit report`: one self-contained HTML file a person can read a run from, opened from disk.

It opens with what the pytest session that wrote the run said of itself, when it recorded that
(outcome.py: the tests that failed, named), then a summary across the run's arms (the headline rates
with their Wilson intervals, the thresholds each arm passed and failed, the calibration of stated
confidence, and a plot of records fully right per arm), then per arm the header, the scoreboard with
each metric's interval drawn and its threshold marked (an exact pin apart from a rate threshold),
calibration with its reliability diagram, the key-against-rechecked confusion, the records, and the
injection flips; a glossary gives each metric id in plain words; with a comparison run,
kit.measure.compare's table and the records that changed.

Record texts are embedded once as data (embed.py) and a record's detail is built on demand by the
page's own script (static/record.js, from record_view.py's view-model), text only. Record texts and
model replies are untrusted: the page is rendered by Jinja2 with autoescaping, and its content
security policy lets only the kit's own stylesheet and script run, by hash, and fetches nothing. It
loads no network resource, scores nothing and changes no result file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from markupsafe import Markup

from kit.arms import BOUND_ARMS
from kit.corpus import Corpus, fingerprint, sample
from kit.files import write_text_atomic
from kit.measure import compare, thresholds
from kit.measure.report import arms, embed, glossary, injection, outcome, page, summary, versus

REPORT_NAME = "report.html"
ARM_ORDER = ("paid", "floor", "oracle", "always-present")


class ReportError(ValueError):
    """The report cannot be made from what was given; the message says why."""


def result_files(run: Path) -> list[Path]:
    """The arm result files of a run folder (or the one file given), arms in reading order."""
    if run.is_file():
        return [run]
    if not run.is_dir():
        raise ReportError(f"{run}: no such run folder or result file")
    found = []
    for path in sorted(run.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            continue
        if isinstance(data, dict) and isinstance(data.get("metrics"), dict):
            found.append(path)
    if not found:
        raise ReportError(f"{run}: holds no result file (<arm>.json)")
    return sorted(found, key=_reading_order)


def _reading_order(path: Path) -> tuple[int, str]:
    """The answering arms first, then the measurement arms (injection, then the scan), then, apart, the
    arms that bound rather than answer."""
    name = path.stem
    if name in ARM_ORDER:
        return ARM_ORDER.index(name), name
    later = 3 if name in BOUND_ARMS else 2 if name == "scan" else 1 if name.startswith("injection") else 0
    return len(ARM_ORDER) + later, name


def _arm(
    run: compare.Run,
    corpus: Corpus,
    tables: dict[str, dict[str, Any]] | None,
    warnings: list[str],
    peers: thresholds.Peers,
    shared: dict[str, dict[str, Any]],
) -> dict:
    path, data = run.path, run.data
    recorded = data.get("corpus_hash")
    graded_on = sample.wiring_sample(corpus) if data.get("sample") else corpus  # a wiring check's sample
    if recorded is None:
        warnings.append(f"{path.name} carries no corpus hash: its record texts could not be checked")
    elif recorded != fingerprint.corpus_hash(graded_on):
        raise ReportError(
            f"{path}: graded on another corpus ({compare.short(recorded)}) than {corpus.folder} "
            f"({compare.short(fingerprint.corpus_hash(corpus))}); name the right one with --corpus"
        )
    graded = [r for r in data.get("records", []) if "elements" in r]
    planted = [r for r in data.get("records", []) if "set" in r and "raw_flip" in r]  # not the scan's
    board = arms.scoreboard(run.arm, data, tables, peers)
    cal = summary.calibration_of({**data, "records": graded})
    return {
        "name": run.arm,
        "bound": BOUND_ARMS.get(run.arm),
        "data": data,
        "header": arms.header(data),
        "scoreboard": board,
        "not_applicable": arms.not_applicable(board),
        "calibration": cal,
        "calibration_rows": summary.calibration_rows(cal) if graded else [],
        "confusion": arms.confusion(graded),
        "records": arms.records({**data, "records": graded}, corpus, shared),
        "placements": injection.placements({"records": planted}, corpus, shared),
    }


def render(
    run: Path,
    corpus: Corpus,
    tables: dict[str, dict[str, Any]] | None = None,
    other: Path | None = None,
) -> str:
    """The report page for a run folder or one result file, optionally compared with `other`."""
    run = Path(run)
    warnings: list[str] = []
    if tables is None:
        warnings.append("No threshold configuration was read, so no threshold is marked.")
    shared: dict[str, dict[str, Any]] = {}
    try:
        runs = [compare.load_run(path) for path in result_files(run)]
        peers = {r.arm: arms.metrics_of(r.data) for r in runs}
        sections = [_arm(r, corpus, tables, warnings, peers, shared) for r in runs]
        compared = versus.section(run, Path(other)) if other is not None else []
    except compare.CompareError as err:
        raise ReportError(str(err)) from None
    overview = summary.table(sections, {s["name"]: s.pop("data") for s in sections})
    css = page.static("report.css") + page.static("record.css")
    js = page.static("record.js") + page.static("report.js")
    return (
        page.environment()
        .get_template("report.html.j2")
        .render(
            run_name=run.name if run.is_dir() else f"{run.parent.name}/{run.name}",
            run_path=str(run),
            sources=[s["name"] for s in sections],
            corpus_folder=str(corpus.folder),
            warnings=warnings,
            session=outcome.read(run),
            arms=sections,
            summary=overview,
            glossary=sorted(glossary.table().items()),
            data=embed.embedded(shared, sections),
            versus=compared,
            versus_path=str(other) if other is not None else "",
            css=Markup(css),
            js=Markup(js),
            css_hash=page.csp_hash(css),
            js_hash=page.csp_hash(js),
        )
    )


def write(
    run: Path,
    corpus: Corpus,
    out: Path | None = None,
    tables: dict[str, dict[str, Any]] | None = None,
    other: Path | None = None,
) -> Path:
    """Render and write the report (default: report.html in the run folder); returns its path."""
    run = Path(run)
    out = out or (run if run.is_dir() else run.parent) / REPORT_NAME
    write_text_atomic(out, render(run, corpus, tables, other))
    return out
