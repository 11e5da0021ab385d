"""`kit report`: one self-contained HTML file a person can read a run from, opened from disk.

It lays out a run folder's result files (or one file): per arm the header, the scoreboard with each
metric's Wilson interval drawn and its threshold marked, the key-against-rechecked confusion, every
record with the lines its answer quotes and the key's lines marked, and the injection flips; with a
comparison run, kit.measure.compare's table and the records that changed.

Record texts and model replies are untrusted: the page is rendered by Jinja2 with autoescaping, and
its content security policy lets only the kit's own stylesheet and script run, by hash, and fetches
nothing. It loads no network resource, scores nothing and changes no result file.
"""

from __future__ import annotations

import base64
import hashlib
import json
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from kit.corpus import Corpus, fingerprint, sample
from kit.files import write_text_atomic
from kit.measure import compare
from kit.measure.report import arms, injection, versus

REPORT_NAME = "report.html"
ARM_ORDER = ("paid", "floor", "oracle", "always-present")


class ReportError(ValueError):
    """The report cannot be made from what was given; the message says why."""


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("kit.measure.report", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )


def _static(name: str) -> str:
    return resources.files("kit.measure.report").joinpath("static", name).read_text(encoding="utf-8")


def _csp_hash(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


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
    name = path.stem
    if name in ARM_ORDER:
        return ARM_ORDER.index(name), name
    return (len(ARM_ORDER) + (2 if name == "scan" else 1 if name.startswith("injection") else 0)), name


def _arm(path: Path, corpus: Corpus, tables: dict[str, dict[str, Any]] | None, warnings: list[str]) -> dict:
    run = compare.load_run(path)
    data = run.data
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
    planted = [r for r in data.get("records", []) if "set" in r]
    return {
        "name": run.arm,
        "header": arms.header(data),
        "scoreboard": arms.scoreboard(run.arm, data, tables),
        "confusion": arms.confusion(graded),
        "records": arms.records({**data, "records": graded}, corpus),
        "placements": injection.placements({"records": planted}, corpus),
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
    try:
        sections = [_arm(path, corpus, tables, warnings) for path in result_files(run)]
        compared = versus.section(run, Path(other)) if other is not None else []
    except compare.CompareError as err:
        raise ReportError(str(err)) from None
    css, js = _static("report.css"), _static("report.js")
    return (
        _environment()
        .get_template("report.html.j2")
        .render(
            run_name=run.name if run.is_dir() else f"{run.parent.name}/{run.name}",
            run_path=str(run),
            sources=[s["name"] for s in sections],
            corpus_folder=str(corpus.folder),
            warnings=warnings,
            arms=sections,
            versus=compared,
            versus_path=str(other) if other is not None else "",
            css=Markup(css),
            js=Markup(js),
            css_hash=_csp_hash(css),
            js_hash=_csp_hash(js),
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
