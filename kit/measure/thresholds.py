"""Thresholds: what each arm must score, read from configuration and never from code, and judged
here for the terminal's scoreboard and the HTML report alike (one `judge`, one `load`).

Thresholds live in `[tool.kit.thresholds.<arm>]` of pyproject.toml and in the TOML file that
pyproject's `[tool.kit] thresholds-file` names (`[thresholds.<arm>]` tables); `--thresholds FILE` or
KIT_THRESHOLDS=FILE replaces both with that file. A value is one of:
  0.85              a rate floor (or ceiling, for a metric where lower is better)
  {exact = 47}      the count must be exactly this (a regression gate in both directions)
  {min = 40} / {max = 3}   count bounds
  "perfect"         every item right (or none, for a lower-is-better metric)
  {same-as = "floor"}      the same count, total and costly records as that arm's metric in this run
A `"*"` key gives the default for metrics the table does not name. A metric with no threshold at
all fails: a gate that was never set has not passed.

A table may say `measured-on = "sha256:..."`, the content hash of the corpus (kit.corpus.fingerprint)
its counts were measured on. Those counts (exact, min, max) are pins: they belong to that corpus, and
on any other they are not applicable (n/a, with the reason), never failed. Rates, "perfect" and
same-as apply to every corpus. A metric with no items (0/0) on a corpus no table was measured on is
n/a too; on the measured corpus every metric is judged. This module judges; it computes nothing.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kit.measure.metric import HIGHER, Metric

MEASURED_ON = "measured-on"  # a table key: the corpus hash its counts were measured on
SAME_AS = "same-as"
COUNT_KEYS = ("exact", "min", "max")
NO_ITEMS = "no item of this kind on this corpus (0/0)"
Tables = dict[str, dict[str, Any]]
Peers = Mapping[str, Mapping[str, Metric]]


class ThresholdError(ValueError):
    """The threshold configuration is missing or malformed."""


@dataclass(frozen=True)
class Verdict:
    passed: bool | None  # None: not applicable (n/a); `reason` says why
    threshold: str
    reason: str
    pinned: bool = False  # an exact count, or the same as another arm's: met means "as expected", not good


def _read(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as err:
        raise ThresholdError(f"cannot read thresholds from {path}: {err}") from None


def load(root: Path, path: Path | None = None) -> Tables:
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


def project_root(start: Path) -> Path | None:
    """The nearest folder at or above `start` whose pyproject.toml has a [tool.kit] table."""
    for folder in [start.resolve(), *start.resolve().parents]:
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            try:
                if "kit" in _read(candidate).get("tool", {}):
                    return folder
            except ThresholdError:
                continue
    return None


def measured_on(tables: Tables) -> set[str]:
    """The corpus hashes the tables' pins were measured on."""
    return {str(t[MEASURED_ON]) for t in tables.values() if MEASURED_ON in t}


def _short(digest: str | None) -> str:
    return "none recorded" if not digest else digest[:15]


def pin_reason(measured: str, corpus_hash: str | None) -> str:
    """Why a pin is n/a: one line, the same for every pin of that corpus (so it is said once)."""
    return (
        f"pinned figures, measured on corpus {_short(measured)}; this run graded corpus "
        f"{_short(corpus_hash)}, so they do not apply"
    )


def describe(spec: Any, metric: Metric, peer: Metric | None = None) -> str:
    if spec == "perfect":
        return f"= {metric.total}" if metric.better == HIGHER else "= 0"
    if isinstance(spec, dict) and SAME_AS in spec:
        return f"= {spec[SAME_AS]} {'?' if peer is None else peer.count}"
    if isinstance(spec, dict):
        return ", ".join(
            f"{'=' if k == 'exact' else '>=' if k == 'min' else '<='} {v}" for k, v in spec.items()
        )
    return f"{'>=' if metric.better == HIGHER else '<='} {spec:.0%}" if isinstance(spec, float) else str(spec)


def _same_as(spec: dict[str, Any], metric: Metric, peers: Peers | None) -> Verdict:
    other = str(spec[SAME_AS])
    peer = (peers or {}).get(other, {}).get(metric.name)
    text = describe(spec, metric, peer)
    if peer is None:
        return Verdict(None, text, f"the {other} arm is not in this run, so there is nothing to equal")
    same = (metric.count, metric.total, metric.costly) == (peer.count, peer.total, peer.costly)
    figures = f"{metric.count}/{metric.total} where {other} scores {peer.count}/{peer.total}"
    return Verdict(same, text, figures, pinned=True)


def judge(
    tables: Tables, arm: str, metric: Metric, corpus_hash: str | None, peers: Peers | None = None
) -> Verdict:
    """Whether a metric of a run graded on the corpus `corpus_hash` meets its arm's threshold;
    `peers` are the run's other arms' metrics, for a same-as threshold."""
    table = tables.get(arm, {})
    spec = table.get(metric.name, table.get("*"))
    if spec is None:
        return Verdict(False, "(none)", f"no threshold configured for {arm} / {metric.name}")
    if isinstance(spec, dict):
        unknown = set(spec) - ({SAME_AS} if SAME_AS in spec else set(COUNT_KEYS))
        if unknown:
            raise ThresholdError(f"{arm} / {metric.name}: unknown threshold keys {sorted(unknown)}")
        if SAME_AS in spec:
            return _same_as(spec, metric, peers)
    text = describe(spec, metric)
    measured = table.get(MEASURED_ON)
    if isinstance(spec, dict) and measured is not None and measured != corpus_hash:
        return Verdict(None, text, pin_reason(str(measured), corpus_hash))
    if metric.total == 0 and corpus_hash not in measured_on(tables):
        return Verdict(None, text, NO_ITEMS)
    if spec == "perfect":
        target = metric.total if metric.better == HIGHER else 0
        return Verdict(metric.count == target, text, f"{metric.count}/{metric.total}, must be {target}")
    if isinstance(spec, dict):
        ok = (
            spec.get("exact", metric.count) == metric.count
            and metric.count >= spec.get("min", metric.count)
            and metric.count <= spec.get("max", metric.count)
        )
        figures = f"count {metric.count}/{metric.total} against {text}"
        return Verdict(ok, text, figures, pinned="exact" in spec)
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
