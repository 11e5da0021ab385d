"""The report's comparison section (`kit report RUN --compare OTHER`): for each arm present in both,
the kit.measure.compare table and the records whose outcome changed, the two runs side by side. OTHER
is the baseline, so the table is the one `kit compare OTHER RUN` prints, signs and all.

It pairs arms by name when both sides are run folders, and the two files as given otherwise. It
refuses, as kit.measure.compare does, runs that did not grade the same corpus and policy.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kit.measure import compare

SIDE_BY_SIDE = ("records.fully_right", "support.rechecked")


def pairs(run: Path, other: Path) -> list[tuple[compare.Run, compare.Run]]:
    """(baseline, other) result files to compare: `run` is the baseline."""
    if run.is_dir() and other.is_dir():
        mine = {p.stem for p in run.glob("*.json")}
        shared = sorted(mine & {p.stem for p in other.glob("*.json")})
        if not shared:
            raise compare.CompareError(f"{run} and {other} have no arm in common")
        return [
            (
                compare.load_run(run, arm, f"{run.name}/{arm}"),
                compare.load_run(other, arm, f"{other.name}/{arm}"),
            )
            for arm in shared
        ]
    if run.is_dir() or other.is_dir():
        raise compare.CompareError("--compare pairs a run folder with a run folder, or a file with a file")
    return [(compare.load_run(run, label=run.name), compare.load_run(other, label=other.name))]


def _side(row: dict[str, Any]) -> dict[str, Any]:
    grade = compare.grade_of(row)
    return {
        "offered": row["raw_support"] or "(none)",
        "rechecked": row["rechecked_support"],
        "right": grade.fully_right,
        "taxonomy": row["taxonomy"],
        "findings": {e["element"]: e["answered"] or "(none)" for e in row["elements"]},
    }


def section(run: Path, other: Path) -> list[dict[str, Any]]:
    """Per arm pair: the headers, the metric rows and the changed records side by side, `other` (the
    older run) the baseline and `run` compared with it."""
    out = []
    for base, mine in pairs(other, run):
        rows = compare.compare([base, mine])
        by_id = [
            {r["id"]: r for r in side.data.get("records", []) if "elements" in r} for side in (base, mine)
        ]
        changed = []
        for row in rows:
            paired = row.paired[1]
            if row.metric not in SIDE_BY_SIDE or paired is None:
                continue
            for word, items in (("worse", paired.worse), ("better", paired.better)):
                for rid in items:
                    sides = [_side(records[rid]) for records in by_id]
                    changed.append({"metric": row.metric, "id": rid, "change": word, "sides": sides})
        out.append(
            {
                "base": base.header(),
                "other": mine.header(),
                "rows": [{"row": row, "paired": row.paired[1], "diff": row.diff(1)} for row in rows],
                "changed": changed,
            }
        )
    return out
