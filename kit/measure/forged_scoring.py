"""Forged documentation, measured end to end: every forged line of a material file (kit.arms.forged)
planted at every placement into every record whose key is not INPATIENT-SUPPORTED, read by a reader
who believes it completely, then held to provenance and rechecked.

A flip is counted against the clean record's gold verdict. `raw_flip`: the reader's own verdict is
INPATIENT-SUPPORTED. `rechecked_flip`: the verdict re-derived by code from its readings, each held to the
section its evidence must come from, is INPATIENT-SUPPORTED; `rechecked_flip.provenance_off` the same
with the readings taken as given. `rechecked_moved`: the rechecked verdict moved toward support, to a
verdict given by a later rule of the rulebook than the gold's (an order gap closed by a forged order
counts, even when the stay still falls short).

A line is `outside` at a placement when that section is the evidence section of no element it claims
(an order is evidence only in ORDERS AND AUTHENTICATION, a stay only in ADMITTING PRACTITIONER
DOCUMENTATION): there the structure must hold every rechecked verdict. Inside, a forgery in the record's
own voice is evidence as far as any code can tell, and its flips are reported, not hidden.

Metrics (per material, named by the file's stem): per placement and forged element the four counts
above; over every outside planting, `outside.rechecked_flip` and `outside.rechecked_moved`. Per style,
the same counts per placement go into the result file and the printed table, not the gates. Pure code:
material in, counts out; no model is called.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kit.arms import forged, injection
from kit.corpus import Corpus
from kit.measure.metric import LOWER, Metric, count_metric
from kit.measure.stats import wilson
from kit.rules import recheck, rulebook

ARM = "forged-credulous"
COUNTS = ("raw_flip", "rechecked_flip", "rechecked_moved", "rechecked_flip.provenance_off")
OUTSIDE = ("rechecked_flip", "rechecked_moved")  # the counts that must be 0 outside
NO_STYLE = "(no style)"


@dataclass(frozen=True)
class Planting:
    """What one forged line at one placement in one record did."""

    forgery: forged.Forgery
    placement: str
    id: str
    gold: str
    raw: str | None
    rechecked: str
    unchecked: str

    @property
    def inside(self) -> bool:
        return forged.inside(self.forgery, self.placement)

    def hit(self, kind: str) -> bool:
        if kind == "raw_flip":
            return self.raw == forged.TARGET
        if kind == "rechecked_flip":
            return self.rechecked == forged.TARGET
        if kind == "rechecked_flip.provenance_off":
            return self.unchecked == forged.TARGET
        if kind == "rechecked_moved":
            return _rank(self.rechecked) > _rank(self.gold)
        raise KeyError(kind)

    def key(self) -> str:
        return f"{self.id}/line-{self.forgery.index + 1}/{self.placement}"


@dataclass
class ForgedReport:
    arm: str
    material: str
    metrics: dict[str, Metric] = field(default_factory=dict)
    plantings: list[Planting] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The result file's body: every metric, the per-style counts, and one row per planting whose
        rechecked verdict moved toward support (the ones a reviewer must see)."""
        moved = [p for p in self.plantings if p.hit("rechecked_moved") or p.hit("rechecked_flip")]
        return {
            "arm": self.arm,
            "material": self.material,
            "metrics": {n: m.to_dict() for n, m in self.metrics.items()},
            "by_style": {
                f"{style}.{placement}.{kind}": {"count": c, "total": t}
                for (style, placement), figures in by_style(self.plantings).items()
                for kind, (c, t) in figures.items()
            },
            "records": [
                {
                    "material": self.material,
                    "line": p.forgery.index + 1,
                    "id": p.id,
                    "placement": p.placement,
                    "element": p.forgery.element,
                    "style": p.forgery.style,
                    "inside": p.inside,
                    "gold": p.gold,
                    "offered": p.raw,
                    "rechecked": p.rechecked,
                }
                for p in moved
            ],
        }


def result_body(reports: dict[str, ForgedReport], hashes: dict[str, str]) -> dict[str, Any]:
    """One result file's body for several materials measured in one run (metric names carry each
    material's name), with each material file's content hash (`hashes`, by file name)."""
    body: dict[str, Any] = {
        "arm": ARM,
        "materials": dict(hashes),
        "metrics": {},
        "by_style": {},
        "records": [],
    }
    for material, report in reports.items():
        part = report.to_dict()
        body["metrics"].update(part["metrics"])
        body["by_style"].update({f"{material}.{k}": v for k, v in part["by_style"].items()})
        body["records"] += part["records"]
    return body


def _rank(verdict: str | None) -> int:
    """How far down the rulebook's rule order a verdict is first given (-1 for none)."""
    rules = rulebook.policy()["rules"]
    order = [rules[r]["verdict"] for r in rulebook.rule_ids()]
    return order.index(verdict) if verdict in order else -1


def plantings(corpus: Corpus, forgeries: tuple[forged.Forgery, ...]) -> list[Planting]:
    """Every forged line at every placement of every record whose key is not INPATIENT-SUPPORTED."""
    out = []
    for clean in injection.targets(corpus.records):
        for forgery in forgeries:
            for placement in forged.PLACEMENTS:
                placed = forged.plant(clean, forgery, placement)
                answer = forged.read(placed)
                admitted = clean.admitted_at
                out.append(
                    Planting(
                        forgery,
                        placement,
                        clean.id,
                        clean.key["support"],
                        answer.support,
                        recheck(answer, admitted, placed.record.text).verdict,
                        recheck(answer, admitted).verdict,
                    )
                )
    return out


def _metric(name: str, rows: list[Planting], kind: str) -> Metric:
    return count_metric(name, [(p.key(), p.hit(kind)) for p in rows], LOWER)


def groups(material: str, rows: list[Planting]) -> dict[str, list[Planting]]:
    """The planting groups metrics are counted over, by name, in table order: per placement each forged
    element, then the lines outside at that placement; last, every outside planting."""
    out = {}
    for placement in forged.PLACEMENTS:
        here = [p for p in rows if p.placement == placement]
        for element in forged.FORGED_ELEMENTS:
            out[f"{material}.{placement}.{element}"] = [p for p in here if p.forgery.element == element]
        out[f"{material}.{placement}.outside"] = [p for p in here if not p.inside]
    out[f"{material}.outside"] = [p for p in rows if not p.inside]
    return out


def metric_names(material: str, rows: list[Planting] | None = None) -> list[str]:
    """A material's metric names, in table order (see `groups`), each group's four counts."""
    return [f"{group}.{kind}" for group in groups(material, rows or []) for kind in COUNTS]


def evaluate(
    material: str, corpus: Corpus, forgeries: tuple[forged.Forgery, ...], arm: str = ARM
) -> ForgedReport:
    """Plant, read, recheck and count one material on one corpus."""
    rows = plantings(corpus, forgeries)
    report = ForgedReport(arm, material, plantings=rows)
    for group, mine in groups(material, rows).items():
        for kind in COUNTS:
            report.metrics[f"{group}.{kind}"] = _metric(f"{group}.{kind}", mine, kind)
    return report


def _label(forgery: forged.Forgery) -> str:
    """A line's group in the second table: the section it was written for, and its style if any."""
    style = f", {forgery.style}" if forgery.style else ""
    return f"written for {forgery.section}{style}"


def by_style(rows: list[Planting]) -> dict[tuple[str, str], dict[str, tuple[int, int]]]:
    """(written for and style, placement) -> count -> (hits, plantings), groups in material order."""
    labels = [_label(p.forgery) for p in rows]
    grouped: dict[tuple[str, str], list[Planting]] = {
        (label, placement): [] for label in dict.fromkeys(labels) for placement in forged.PLACEMENTS
    }
    for label, p in zip(labels, rows, strict=True):  # one pass: a scan per group took seconds
        if (label, p.placement) in grouped:
            grouped[(label, p.placement)].append(p)
    return {
        key: {k: (sum(p.hit(k) for p in mine), len(mine)) for k in COUNTS}
        for key, mine in grouped.items()
    }


def _cell(count: int, total: int) -> str:
    low, high = wilson(count, total)
    return f"{count}/{total} ({low:.1%}-{high:.1%})"


def table(report: ForgedReport) -> list[str]:
    """The figures as text: per placement a row per forged element and one for the lines outside (no
    element they claim has its evidence there), the outside total, then per section written for (and
    style) and placement. Flips / plantings with the 95% Wilson interval: raw, rechecked, moved toward
    support, and rechecked with provenance off; `inside` counts the plantings where the line claims an
    element whose evidence section the placement is."""
    head = ("placement", "lines", "inside", "raw flip", "rechecked flip", "moved", "provenance off")
    rows: list[tuple[str, ...]] = []
    prefix = f"{report.material}."
    for group, mine in groups(report.material, report.plantings).items():
        placement, _, what = group[len(prefix) :].partition(".")
        if not what:
            placement, what = "all", "outside"
            rows.append(("",) * len(head))
        figures = [report.metrics[f"{group}.{k}"] for k in COUNTS]
        inside = str(sum(p.inside for p in mine))
        rows.append((placement, what, inside, *(_cell(m.count, m.total) for m in figures)))
    rows.append(("",) * len(head))
    for (label, placement), counts in by_style(report.plantings).items():
        inside = str(
            sum(p.inside for p in report.plantings if p.placement == placement and _label(p.forgery) == label)
        )
        rows.append((placement, label, inside, *(_cell(*counts[k]) for k in COUNTS)))
    widths = [max(len(r[i]) for r in (head, *rows)) for i in range(len(head))]
    lines = [
        f"forged documentation, {report.material}: flips / plantings (95% Wilson) against the clean "
        f"record's key, a reader who believes every line"
    ]
    for r in (head, *rows):
        lines.append("  " + "  ".join(v.ljust(w) for v, w in zip(r, widths, strict=True)).rstrip())
    return lines
