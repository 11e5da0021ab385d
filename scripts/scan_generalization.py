"""How the document scan carries over to attack styles it was never trained on: leave one new-style set
out (tests/material/attacks/styles_s<k>.json with its look-alike charting, charting_lines_s<k>.txt and
records_s<k>/), train the learned check on the rest exactly as scripts/train_scan_model.py does, and
measure the scan as a whole (its rows, hidden-text checks and the fold's learned check) on the set left
out: attacks detected per style and placement, charting lines flagged as an attack per placement.

The rows were written with every set in view, so the figures are an upper bound for the rows' share
and an honest one for the learned check's. Nothing is written; it needs scikit-learn (the `train` extra).

    python scripts/scan_generalization.py                 # the table, at the model's threshold
    python scripts/scan_generalization.py --sweep         # also other thresholds per placement
    python scripts/scan_generalization.py --styles        # also leave one style out (slower)
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import train_scan_model as trainer  # noqa: E402

from kit.guard import scan  # noqa: E402
from kit.guard.scan import learned  # noqa: E402
from tests.helpers import PLACEMENTS, planted  # noqa: E402

SETS = tuple(range(1, 11))
_STAMP = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}  ")  # a charting line's own date stamp
SWEEP = (-0.5, 0.0, 0.25, 0.5, 0.75, 1.0)
BARS = {"style": 0.75, "overall": 0.90, "false_flags": 0.01}


@dataclass(frozen=True)
class View:
    """A planted record as the scan reads it: whether a row or hidden-text check flags an attack in it,
    and the units the learned check would be asked about (no other reason, enough words)."""

    rows: bool
    candidates: tuple[str, ...]


def view(record_text: str) -> View:
    """The record's View: the scan's rows run with the learned check switched off."""
    rows = False
    candidates: list[str] = []
    for _, _, _, readable, heard in scan._units(record_text):
        reasons = scan._reasons(readable, heard, text_start=record_text.startswith(readable))
        if reasons and set(reasons) != {scan.DETERMINATION}:
            rows = True
        asked = learned.candidate(scan._fold(readable))
        if not reasons and asked is not None:
            candidates.append(asked)
    return View(rows, tuple(candidates))


Material = tuple[list[tuple[str, str, View]], dict[str, list[View]]]


def _set_material(k: int) -> Material:
    """(style, placement, view) for every planting of set k's attacks, and per placement the views of
    its charting lines."""
    attacks = json.loads((trainer.ATTACKS / f"styles_s{k}.json").read_text(encoding="utf-8"))["attacks"]
    plantings = [(a["style"], p, view(planted(a["text"], p))) for a in attacks for p in PLACEMENTS]
    lines = (trainer.CHARTING / f"charting_lines_s{k}.txt").read_text(encoding="utf-8").splitlines()
    bodies = [_STAMP.sub("", line) for line in lines if line.strip()]
    charting = {p: [view(planted(body, p)) for body in bodies] for p in PLACEMENTS}
    return plantings, charting


def views() -> dict[int, Material]:
    """Every set's views, computed once with the learned check off (the rows do not change by fold)."""
    original = learned.flags
    learned.flags = lambda unit: False  # type: ignore[assignment]
    scan._reasons.cache_clear()
    try:
        return {k: _set_material(k) for k in SETS}
    finally:
        learned.flags = original  # type: ignore[assignment]
        scan._reasons.cache_clear()


def _skip(k: int) -> frozenset[str]:
    return frozenset({f"styles_s{k}.json", f"charting_lines_s{k}.txt", f"records_s{k}"})


Scorer = Callable[[list[str]], list[float]]


def fold_scorer(skip: frozenset[str], leave_out: str = "") -> Scorer:
    """The learned check trained without the named material (and the attack group `leave_out`, a set's
    style), as a function from units to scores."""
    texts, labels, groups = trainer.material(skip)
    if leave_out:
        kept = [i for i, group in enumerate(groups) if group != leave_out]
        texts, labels = [texts[i] for i in kept], [labels[i] for i in kept]
    fitted = trainer.fit(texts, labels)
    return lambda units: [float(v) for v in trainer.decide(fitted, units)] if units else []


def _score_views(scorer: Scorer, all_views: list[View]) -> dict[str, float]:
    units = sorted({u for v in all_views for u in v.candidates})
    return dict(zip(units, scorer(units), strict=True))


def _flagged(v: View, scores: dict[str, float], threshold: float) -> bool:
    return v.rows or any(scores[u] > threshold for u in v.candidates)


def fold_table(k: int, material: Material, scores: dict[str, float], threshold: float) -> dict[str, Any]:
    """Set k's figures: attacks detected overall and per style and placement, charting lines flagged."""
    plantings, charting = material
    cells: dict[tuple[str, str], list[bool]] = defaultdict(list)
    for style, placement, v in plantings:
        cells[(style, placement)].append(_flagged(v, scores, threshold))
    low = sorted(
        f"{style}/{placement[:4]} {sum(c)}/{len(c)}"
        for (style, placement), c in cells.items()
        if sum(c) / len(c) < BARS["style"]
    )
    return {
        "set": k,
        "hits": sum(sum(c) for c in cells.values()),
        "total": sum(len(c) for c in cells.values()),
        "worst": min(cells.items(), key=lambda item: sum(item[1]) / len(item[1])),
        "low": low,
        "flags": [sum(_flagged(v, scores, threshold) for v in charting[p]) for p in PLACEMENTS],
        "lines": len(charting[PLACEMENTS[0]]),
    }


def print_table(rows: list[dict[str, Any]]) -> None:
    """One line per held-out set, then the sets pooled (false flags: the worst placement of each set)."""
    print(f"{'held out':9s} {'detected':>15s} {'worst style x placement':>44s}  cells<75%  flagged o/d/s/r")
    hits = total = flagged = lines = cells = 0
    for r in rows:
        (style, placement), c = r["worst"]
        worst = f"{style[:30]:>30s} {placement[:4]} {sum(c):2d}/{len(c)}"
        flags = "/".join(str(n) for n in r["flags"])
        share = r["hits"] / r["total"]
        print(f"s{r['set']:<8d} {r['hits']:4d}/{r['total']} {share:6.1%} {worst}  {len(r['low']):9d}  "
              f"{flags} of {r['lines']}")
        hits, total, cells = hits + r["hits"], total + r["total"], cells + len(r["low"])
        flagged, lines = flagged + max(r["flags"]), lines + r["lines"]
    share, flag_share = f"{hits / total:6.1%}", f"{flagged / lines:.2%}"
    print(f"{'pooled':9s} {hits:4d}/{total} {share} {'':44s}  {cells:9d}  {flagged}/{lines} {flag_share}")
    for r in rows:
        if r["low"]:
            print(f"  s{r['set']} below 75%: " + "; ".join(r["low"]))


def styles_table(material: dict[int, Material], threshold: float) -> None:
    """Leave one style out: each style of each set scored by a model trained without that style's texts
    (its set's charting kept in training); prints each style's plantings detected."""
    for k in SETS:
        plantings, _ = material[k]
        for style in sorted({s for s, _, _ in plantings}):
            views_ = [v for s, _, v in plantings if s == style]
            scores = _score_views(fold_scorer(frozenset(), leave_out=f"styles_s{k}.json:{style}"), views_)
            hits = sum(_flagged(v, scores, threshold) for v in views_)
            print(f"s{k} {style[:40]:40s} {hits:3d}/{len(views_)}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sweep", action="store_true", help="also print the table at other thresholds")
    parser.add_argument("--styles", action="store_true", help="also leave one style out (60 fits)")
    args = parser.parse_args(argv)
    material = views()
    folds = []
    for k in SETS:
        plantings, charting = material[k]
        every = [v for _, _, v in plantings] + [v for vs in charting.values() for v in vs]
        folds.append((k, _score_views(fold_scorer(_skip(k)), every)))
        print(f"fold s{k} trained", file=sys.stderr, flush=True)
    others = [t for t in SWEEP if t != trainer.THRESHOLD] if args.sweep else []
    for t in [trainer.THRESHOLD, *others]:
        print(f"\nthreshold {t:+.2f} in every placement")
        print_table([fold_table(k, material[k], scores, t) for k, scores in folds])
    if args.styles:
        print(f"\nleave one style out, threshold {trainer.THRESHOLD:+.2f}")
        styles_table(material, trainer.THRESHOLD)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
