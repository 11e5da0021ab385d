"""Loads the rulebook TM-2026 from its two renderings in kit/data: policy.json (the data the engine
runs on) and policy.md (the prose a human approves and every prompt carries).

It only reads; it decides nothing. A malformed policy.json raises RulebookError naming the problem,
including a provenance entry that names an element, a class or a record section that does not exist.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any

from kit.rules import elements, record


class RulebookError(ValueError):
    """policy.json is missing something the engine needs."""


def _read(name: str) -> str:
    return resources.files("kit").joinpath("data", name).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def policy() -> dict[str, Any]:
    """policy.json, checked for the keys the engine reads."""
    data = json.loads(_read("policy.json"))
    for key in ("policy_id", "as_of", "anchor", "threshold_midnights", "verdicts", "rule_order", "rules"):
        if key not in data:
            raise RulebookError(f"policy.json has no {key!r}")
    for rule_id in data["rule_order"]:
        if rule_id not in data["rules"]:
            raise RulebookError(f"policy.json orders rule {rule_id!r} but does not define it")
        if data["rules"][rule_id]["verdict"] not in data["verdicts"]:
            raise RulebookError(f"rule {rule_id!r} has a verdict not among the four verdicts")
    for element, entry in data.get("provenance", {}).items():
        _check_provenance(element, entry)
    return data


def _check_provenance(element: str, entry: Any) -> None:
    if element not in elements.ELEMENTS:
        raise RulebookError(f"policy.json: provenance for {element!r}, which is not an element")
    if not isinstance(entry, dict) or set(entry) != {"reading", "section", "elsewhere"}:
        raise RulebookError(f"policy.json: provenance for {element} needs reading, section and elsewhere")
    for key in ("reading", "elsewhere"):
        if entry[key] not in elements.CLASSES:
            raise RulebookError(f"policy.json: provenance {element} {key} {entry[key]!r} is not a class")
    if entry["section"] not in record.HEADINGS:
        raise RulebookError(f"policy.json: provenance {element} names no section: {entry['section']!r}")


@lru_cache(maxsize=1)
def prose() -> str:
    """policy.md exactly as stored."""
    return _read("policy.md")


def threshold() -> int:
    """The midnight threshold the benchmark is met at."""
    return int(policy()["threshold_midnights"])


def verdicts() -> tuple[str, ...]:
    """The rulebook's verdicts, in policy.json's order."""
    return tuple(policy()["verdicts"])


def rule_ids() -> tuple[str, ...]:
    """Rule ids in the order they are applied."""
    return tuple(policy()["rule_order"])


def policy_id() -> str:
    """The rulebook's id, e.g. TM-2026."""
    return str(policy()["policy_id"])


def provenance() -> dict[str, dict[str, str]]:
    """Per element, the reading (a class) that counts only from one record section, that section,
    and the class the reading is worth when its citation lies anywhere else."""
    return {element: dict(entry) for element, entry in policy().get("provenance", {}).items()}
