"""Comparing runs: two or more result files (results/<run-id>/<arm>.json), the first the baseline.

Runs are compared only when they graded the same thing: the same corpus (record set and content
hash), the same policy id and policy.json hash, the same citation floors. Anything else (arm, model,
provider, prompt, settings) may differ: that is what is being compared. For every metric it gives
each run's count, rate and Wilson interval and the difference from the baseline; for every metric
that is a yes/no per item (a record fully right, a verdict right, an element's finding right, a
citation credited) it pairs the items and gives the exact two-sided McNemar p-value with the items
that got worse and better. It reads result files and computes; it never scores an answer again.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, fields
from fractions import Fraction
from pathlib import Path
from typing import Any

from kit.measure import grading, scoring
from kit.measure.metric import Better
from kit.measure.stats import wilson
from kit.rules import citation, elements, rulebook

ALPHA = 0.05
NOT_OWED = scoring.NOT_OWED


class CompareError(ValueError):
    """A result file that cannot be read, or runs that must not be compared; one line per problem."""


@dataclass(frozen=True)
class Run:
    """One arm's result file as read from disk."""

    label: str
    path: Path
    data: dict[str, Any]

    @property
    def arm(self) -> str:
        return str(self.data.get("arm", "?"))

    def header(self) -> dict[str, Any]:
        """What is being compared: the arm and, where the file has them, model, provider, settings."""
        keys = ("arm", "run_id", "provider", "model", "settings", "prompt_chars", "cost_at_volume")
        return {"label": self.label, "path": str(self.path), **{k: self.data.get(k) for k in keys}}


def load_run(source: Path, arm: str | None = None, label: str | None = None) -> Run:
    """A result file, or `<run folder>/<arm>.json` when `source` is a folder and `arm` is given."""
    path = Path(source)
    if path.is_dir():
        if arm is None:
            present = sorted(p.stem for p in path.glob("*.json"))
            raise CompareError(
                f"{path} is a run folder: name the arm with --arm (it has {', '.join(present)})"
            )
        path = path / f"{arm}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CompareError(f"{path}: no such result file") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise CompareError(f"{path}: not a readable result file ({err})") from None
    if not isinstance(data, dict) or not isinstance(data.get("metrics"), dict):
        raise CompareError(f"{path}: not a result file (no metrics table)")
    return Run(label or str(source), path, data)


def _record_ids(run: Run) -> set[str] | None:
    records = run.data.get("records")
    if not isinstance(records, list) or not records or "elements" not in records[0]:
        return None
    return {r["id"] for r in records}


def short(value: Any) -> str:
    text = str(value)
    return text[:19] + "..." if text.startswith("sha256:") else text


def kind(run: Run) -> str:
    """What a result file holds: an answering arm's grades (it carries citation floors), the document
    scan's flags, or an injection arm's flips."""
    if isinstance(run.data.get("citation_floors"), dict):
        return "an answering arm"
    return "the document scan" if run.arm == "scan" else f"injection results ({run.arm})"


def refusals(runs: list[Run]) -> list[str]:
    """One line per way a run differs from the baseline in what was graded; empty when comparable."""
    base, lines = runs[0], []
    kinds = [kind(run) for run in runs]
    if len(set(kinds)) > 1:
        return [
            f"{run.label} is not {kinds[0]}: it holds {kinds[i]}; compare result files of one kind "
            f"(answering arms such as floor.json, oracle.json, paid.json with each other)"
            for i, run in enumerate(runs)
            if kinds[i] != kinds[0]
        ]
    for run in runs:
        for key in ("corpus_hash", "policy_hash"):
            if not run.data.get(key):
                lines.append(
                    f"{run.label}: has no {key} (written before result files carried one); run it again"
                )
    if lines:
        return lines
    for run in runs[1:]:
        against = f"{run.label} against the baseline {base.label}"
        for key, what in (
            ("corpus_hash", "corpus content hash"),
            ("dataset_version", "dataset version"),
            ("policy_id", "policy id"),
            ("policy_hash", "policy.json hash"),
            ("citation_floors", "citation floors"),
        ):
            if run.data.get(key) != base.data.get(key):
                lines.append(
                    f"{against}: {what} {short(run.data.get(key))} is not {short(base.data.get(key))}"
                )
        mine, theirs = _record_ids(run), _record_ids(base)
        if mine is not None and theirs is not None and mine != theirs:
            extra, missing = sorted(mine - theirs), sorted(theirs - mine)
            lines.append(
                f"{against}: record set differs ({len(extra)} not in the baseline: "
                f"{', '.join(extra[:5]) or '-'}; {len(missing)} missing: {', '.join(missing[:5]) or '-'})"
            )
    return lines


def mcnemar(worse: int, better: int) -> float:
    """The exact two-sided McNemar p-value: the binomial(n, 1/2) tail on the discordant pairs,
    doubled and capped at 1, computed in exact fractions (1.0 when there is no discordant pair)."""
    n = worse + better
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, i) for i in range(min(worse, better) + 1))
    return float(min(Fraction(1), Fraction(2 * tail, 2**n)))


def grade_of(row: dict[str, Any]) -> grading.RecordGrade:
    """A per-record grade as a result file stores it (`row`, one of its "grades") read back into a
    RecordGrade, fields it does not know ignored."""
    known = {f.name for f in fields(grading.ElementGrade)}
    marks = [grading.ElementGrade(**{k: v for k, v in e.items() if k in known}) for e in row["elements"]]
    keep = {f.name for f in fields(grading.RecordGrade)} - {"elements"}
    return grading.RecordGrade(elements=marks, **{k: v for k, v in row.items() if k in keep})


def outcomes(data: dict[str, Any]) -> dict[str, dict[str, bool]]:
    """Per metric that is a yes/no per item: item -> right. Items are record ids, or `id/element` for
    element-level metrics. Empty for a result file without per-record grades (injection, scan)."""
    records = data.get("records")
    if not isinstance(records, list) or not records or "elements" not in records[0]:
        return {}
    grades = [grade_of(r) for r in records]
    out: dict[str, dict[str, bool]] = {
        "records.fully_right": {g.id: g.fully_right for g in grades},
        "support.raw": {g.id: g.raw_right for g in grades},
        "support.rechecked": {g.id: g.rechecked_right for g in grades},
    }
    for verdict in rulebook.verdicts():
        out[f"support.raw.{verdict}"] = {g.id: g.raw_right for g in grades if g.gold_support == verdict}
        out[f"support.rechecked.{verdict}"] = {
            g.id: g.rechecked_right for g in grades if g.gold_support == verdict
        }
    rows = [(g.id, e) for g in grades for e in g.elements]
    out["findings"] = {f"{rid}/{e.element}": e.finding_right for rid, e in rows}
    for element in elements.ELEMENTS:
        out[f"findings.{element}"] = {rid: e.finding_right for rid, e in rows if e.element == element}
    for klass in elements.CLASSES:
        out[f"findings.class.{klass}"] = {
            f"{rid}/{e.element}": e.finding_right
            for rid, e in rows
            if elements.class_of(e.element, e.gold_finding) == klass
        }
    for word in elements.vocabulary(elements.ADMITTING_ORDER):
        out[f"order_row.{word}"] = {
            rid: e.finding_right
            for rid, e in rows
            if e.element == elements.ADMITTING_ORDER and e.gold_finding == word
        }
    out["citations.credited"] = {
        f"{rid}/{e.element}": e.citation == citation.CREDITED for rid, e in rows if e.citation not in NOT_OWED
    }
    return out


def paired_metric_names() -> list[str]:
    """The metrics `outcomes` pairs item by item, in scoreboard order."""
    paired = {
        "records.fully_right", "findings", "citations.credited", "support.raw", "support.rechecked",
        *(f"findings.{e}" for e in elements.ELEMENTS),
        *(f"findings.class.{k}" for k in elements.CLASSES),
        *(f"order_row.{w}" for w in elements.vocabulary(elements.ADMITTING_ORDER)),
        *(f"support.{kind}.{v}" for kind in ("raw", "rechecked") for v in rulebook.verdicts()),
    }  # fmt: skip
    return [name for name in scoring.metric_names() if name in paired]


@dataclass(frozen=True)
class Paired:
    """A run against the baseline on one yes/no metric: the discordant items and the exact p."""

    worse: tuple[str, ...]  # right in the baseline, wrong in this run
    better: tuple[str, ...]  # wrong in the baseline, right in this run
    p: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "worse": len(self.worse),
            "better": len(self.better),
            "p": self.p,
            "worse_items": list(self.worse),
            "better_items": list(self.better),
        }


@dataclass
class Row:
    """One metric across the runs: figures per run (None where a run lacks it) and pairings."""

    metric: str
    better: Better
    figures: list[dict[str, Any] | None]
    paired: list[Paired | None] = field(default_factory=list)
    note: str = ""

    def diff(self, i: int) -> float | None:
        base, mine = self.figures[0], self.figures[i]
        if base is None or mine is None or base["rate"] is None or mine["rate"] is None:
            return None
        return mine["rate"] - base["rate"]

    def to_dict(self) -> dict[str, Any]:
        return {
            "metric": self.metric,
            "better": self.better,
            "runs": [None if f is None else {**f, "diff": self.diff(i)} for i, f in enumerate(self.figures)],
            "paired": [None if p is None else p.to_dict() for p in self.paired],
            "note": self.note,
        }


def _figure(metric: dict[str, Any] | None) -> dict[str, Any] | None:
    if metric is None:
        return None
    count, total = metric["count"], metric["total"]
    return {
        "count": count,
        "total": total,
        "rate": count / total if total else None,
        "ci95": list(wilson(count, total)),
    }


def _pair(base: dict[str, bool], mine: dict[str, bool]) -> Paired:
    shared = [k for k in base if k in mine]
    worse = tuple(k for k in shared if base[k] and not mine[k])
    better = tuple(k for k in shared if mine[k] and not base[k])
    return Paired(worse, better, mcnemar(len(worse), len(better)))


def _reproduces(items: dict[str, bool], metric: dict[str, Any]) -> bool:
    return sum(items.values()) == metric["count"] and len(items) == metric["total"]


def compare(runs: list[Run]) -> list[Row]:
    """Every metric of the baseline (then any the others add), compared. Raises CompareError with one
    line per difference when the runs did not grade the same thing."""
    refused = refusals(runs)
    if refused:
        raise CompareError("\n".join(refused))
    names = list(dict.fromkeys(name for run in runs for name in run.data["metrics"]))
    items = [outcomes(run.data) for run in runs]
    rows = []
    for name in names:
        metrics = [run.data["metrics"].get(name) for run in runs]
        better = next(m["better"] for m in metrics if m is not None)
        row = Row(name, better, [_figure(m) for m in metrics], [None])
        for i in range(1, len(runs)):
            pairs = (items[0].get(name), items[i].get(name))
            usable = all(
                p is not None and m is not None and _reproduces(p, m)
                for p, m in zip(pairs, (metrics[0], metrics[i]), strict=True)
            )
            if pairs[0] is not None and not usable:
                row.note = "per-item grades do not reproduce the file's figure; not paired"
            first, other = pairs
            paired = _pair(first, other) if usable and first is not None and other is not None else None
            row.paired.append(paired)
        rows.append(row)
    return rows


@dataclass(frozen=True)
class Regression:
    run: str
    arm: str
    metric: str
    base: dict[str, Any]
    mine: dict[str, Any]
    paired: Paired

    @property
    def message(self) -> str:
        return (
            f"{self.run} ({self.arm}) / {self.metric}: {fig(self.mine)} against the baseline's "
            f"{fig(self.base)}, McNemar p = {self.paired.p:.3g} ({len(self.paired.worse)} worse, "
            f"{len(self.paired.better)} better); worse on {', '.join(self.paired.worse)}"
        )


def fig(f: dict[str, Any]) -> str:
    rate = "-" if f["rate"] is None else f"{f['rate']:.1%}"
    return f"{f['count']}/{f['total']} ({rate})"


def regressions(runs: list[Run], rows: list[Row], tables: dict[str, dict[str, Any]]) -> list[Regression]:
    """Metrics with a threshold for the run's arm that are worse than the baseline with p < 0.05."""
    found = []
    for row in rows:
        for i, run in enumerate(runs[1:], start=1):
            paired, table = row.paired[i], tables.get(run.arm, {})
            base, mine = row.figures[0], row.figures[i]  # both there whenever the row is paired
            if paired is None or base is None or mine is None:
                continue
            if row.metric not in table and "*" not in table:
                continue
            if len(paired.worse) > len(paired.better) and paired.p < ALPHA:
                found.append(Regression(run.label, run.arm, row.metric, base, mine, paired))
    return found


def regression_for(base: Run, run: Run, metric: str, tables: dict[str, dict[str, Any]]) -> Regression | None:
    """The regression rule for one metric of one run against a baseline (None when it holds)."""
    runs = [base, run]
    rows = [row for row in compare(runs) if row.metric == metric]
    found = regressions(runs, rows, tables)
    return found[0] if found else None
