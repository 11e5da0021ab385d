"""Loads the rulebook TM-2026 from its two renderings in kit/data: policy.json (the data the engine
runs on) and policy.md (the prose a human approves and every prompt carries).

It only reads; it decides nothing. A malformed policy.json raises RulebookError naming the problem.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import Any


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
    return data


@lru_cache(maxsize=1)
def prose() -> str:
    """policy.md exactly as stored."""
    return _read("policy.md")


def threshold() -> int:
    """The midnight threshold the benchmark is met at."""
    return int(policy()["threshold_midnights"])


def verdicts() -> tuple[str, ...]:
    return tuple(policy()["verdicts"])


def rule_ids() -> tuple[str, ...]:
    """Rule ids in the order they are applied."""
    return tuple(policy()["rule_order"])


def policy_id() -> str:
    return str(policy()["policy_id"])
