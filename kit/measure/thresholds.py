"""Thresholds: what each arm must score, read from configuration and never from code.

Thresholds live in `[tool.kit.thresholds.<arm>]` of pyproject.toml and in the TOML file that
pyproject's `[tool.kit] thresholds-file` names (`[thresholds.<arm>]` tables); `--thresholds FILE` or
KIT_THRESHOLDS=FILE replaces both with that file. A value is one of:
  0.85              a rate floor (or ceiling, for a metric where lower is better)
  {exact = 47}      the count must be exactly this (a regression gate in both directions)
  {min = 40} / {max = 3}   count bounds
  "perfect"         every item right (or none, for a lower-is-better metric)
A `"*"` key gives the default for metrics the table does not name. A metric with no threshold at
all fails: a gate that was never set has not passed. This module judges; it computes nothing.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kit.measure.scoring import HIGHER, Metric


class ThresholdError(ValueError):
    """The threshold configuration is missing or malformed."""


@dataclass(frozen=True)
class Verdict:
    passed: bool
    threshold: str
    reason: str


def _read(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise ThresholdError(f"cannot read thresholds from {path}: {err}") from None


def load(root: Path, path: Path | None = None) -> dict[str, dict[str, Any]]:
    """Every arm's threshold table."""
    path = path or (Path(os.environ["KIT_THRESHOLDS"]) if os.environ.get("KIT_THRESHOLDS") else None)
    if path is not None:
        return _read(Path(path)).get("thresholds", {})
    kit_table = _read(root / "pyproject.toml").get("tool", {}).get("kit", {})
    tables = {arm: dict(table) for arm, table in kit_table.get("thresholds", {}).items()}
    if "thresholds-file" in kit_table:
        for arm, table in _read(root / kit_table["thresholds-file"]).get("thresholds", {}).items():
            tables.setdefault(arm, {}).update(table)
    return tables


def describe(spec: Any, metric: Metric) -> str:
    if spec == "perfect":
        return f"= {metric.total}" if metric.better == HIGHER else "= 0"
    if isinstance(spec, dict):
        return ", ".join(
            f"{'=' if k == 'exact' else '>=' if k == 'min' else '<='} {v}" for k, v in spec.items()
        )
    return f"{'>=' if metric.better == HIGHER else '<='} {spec:.0%}" if isinstance(spec, float) else str(spec)


def judge(tables: dict[str, dict[str, Any]], arm: str, metric: Metric) -> Verdict:
    """Whether a metric meets its arm's threshold."""
    table = tables.get(arm, {})
    spec = table.get(metric.name, table.get("*"))
    if spec is None:
        return Verdict(False, "(none)", f"no threshold configured for {arm} / {metric.name}")
    text = describe(spec, metric)
    if spec == "perfect":
        target = metric.total if metric.better == HIGHER else 0
        return Verdict(metric.count == target, text, f"{metric.count}/{metric.total}, must be {target}")
    if isinstance(spec, dict):
        unknown = set(spec) - {"exact", "min", "max"}
        if unknown:
            raise ThresholdError(f"{arm} / {metric.name}: unknown threshold keys {sorted(unknown)}")
        ok = (
            spec.get("exact", metric.count) == metric.count
            and metric.count >= spec.get("min", metric.count)
            and metric.count <= spec.get("max", metric.count)
        )
        return Verdict(ok, text, f"count {metric.count}/{metric.total} against {text}")
    if isinstance(spec, int) and not isinstance(spec, bool):
        raise ThresholdError(
            f"{arm} / {metric.name}: {spec} is ambiguous; write {float(spec)} for a rate or "
            f"{{ exact = {spec} }} for a count"
        )
    if isinstance(spec, float):
        if metric.rate is None:
            return Verdict(False, text, "no items to evaluate, so the gate cannot pass")
        ok = metric.rate >= spec if metric.better == HIGHER else metric.rate <= spec
        return Verdict(ok, text, f"rate {metric.rate:.1%} against {text}")
    raise ThresholdError(f"{arm} / {metric.name}: cannot read threshold {spec!r}")
