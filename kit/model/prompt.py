"""The prompt for one model call, assembled from named parts in the order they are sent.

Every part except the last is the same text on every call, so a provider's cached-input discount
applies to all of it: the role and its limits, the rulebook (policy.md whole), the verdicts and
what each commits the model to, the four elements with their finding words, how to quote, and the
reply contract. The record comes last, behind a one-line header, exactly as given.

The prose is data, kit/data/prompt.toml; this module only assembles it. Vocabularies, verdicts, rule
ids and the threshold are read from kit.rules.elements and kit.rules.rulebook, never typed into the
prose, so an edit there reaches the prompt (and the snapshot test shows it as a text diff). A verdict
in policy.json with no commitment in the prose, a commitment naming a rule policy.json does not have,
or a `${name}` the prompt does not fill stops the prompt being built with a PromptError naming it.
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from string import Template
from typing import Any

from kit.rules import ABSENT, ADMITTING_ORDER, AMBIGUOUS, PRESENT, elements, rulebook
from kit.rules import STAY_EXPECTATION as STAY

PROSE_FILE = "kit/data/prompt.toml"
RECORD_PART = "record"
RECORD_HEADER = "# The admission record (from the next line to the end of this message)\n"


class PromptError(ValueError):
    """The rulebook has something the prompt has no words for, such as a verdict with no commitment."""


@lru_cache(maxsize=1)
def prose() -> dict[str, Any]:
    """kit/data/prompt.toml: the parts' text, the commitments, the meanings and the guidance."""
    text = resources.files("kit").joinpath("data", "prompt.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def _fill(where: str, template: str, values: Mapping[str, object]) -> str:
    """`template` with its `${name}`s replaced; PromptError naming `where` for a name with no value."""
    try:
        return Template(template).substitute(values)
    except KeyError as err:
        unfilled = f"${{{err.args[0]}}}"
        raise PromptError(f"{PROSE_FILE} [{where}] names {unfilled}, a value the prompt lacks") from None
    except ValueError as err:
        raise PromptError(f"{PROSE_FILE} [{where}]: {err} (write a $ as $$)") from None


def _rule_range() -> str:
    """The rules named first to last in the order they are applied, e.g. "TM-1 to TM-5"."""
    ids = rulebook.rule_ids()
    return f"{ids[0]} to {ids[-1]}"


def _words() -> dict[str, object]:
    """The values every piece of prose may name (the list is in kit/data/prompt.toml's header)."""
    absent = sorted({elements.word(e, ABSENT) for e in elements.ELEMENTS}, reverse=True)
    return {
        "order_present": elements.word(ADMITTING_ORDER, PRESENT),
        "order_ambiguous": elements.word(ADMITTING_ORDER, AMBIGUOUS),
        "order_missing": elements.word(ADMITTING_ORDER, ABSENT),
        "stay_documented": elements.word(STAY, PRESENT),
        "stay": STAY,
        "threshold": rulebook.threshold(),
        "rule_range": _rule_range(),
        "absent_words": " or ".join(absent),
    }


def _rule_id(verdict: str, test: str, value: str | None = None) -> str:
    """The id of the rule in policy.json that gives this verdict under this condition (the condition's
    test, and its value when it has one): the rule a commitment describes in prose."""
    found = [
        rule_id
        for rule_id, rule in rulebook.policy()["rules"].items()
        if rule["verdict"] == verdict
        and rule["when"].get("test") == test
        and (value is None or rule["when"].get("value") == value)
    ]
    if len(found) != 1:
        condition = test if value is None else f"{test} {value}"
        raise PromptError(
            f"policy.json has {len(found)} rules giving {verdict} under the condition {condition!r}; the "
            f"prompt's commitment for {verdict} describes exactly one. Reword it in {PROSE_FILE}."
        )
    return found[0]


def commitments() -> dict[str, str]:
    """What answering each verdict commits the model to, keyed by the verdict's name. The wording is
    prose (kit/data/prompt.toml); the rule ids, the threshold and the finding words in it are read
    from the rulebook and the vocabularies, so a renamed rule or a new threshold reaches the prompt."""
    words = _words()
    said = {}
    for verdict, entry in prose()["commitments"].items():
        rules = {name: _rule_id(verdict, *condition) for name, condition in entry.get("rules", {}).items()}
        said[verdict] = _fill(f"commitments.{verdict}", entry["text"], {**words, **rules})
    return said


def _part(name: str, **own: object) -> str:
    """The part `name` of the prose with the common values and its own filled in."""
    return _fill(f"parts.{name}", prose()["parts"][name], {**_words(), **own})


def role() -> str:
    return _part("role")


def rulebook_part() -> str:
    text = rulebook.prose()
    whole = text if text.endswith("\n") else text + "\n"
    return _part("rulebook", policy_id=rulebook.policy_id(), rulebook=whole)


def verdicts_part() -> str:
    said = commitments()
    unsaid = [verdict for verdict in rulebook.verdicts() if verdict not in said]
    if unsaid:
        raise PromptError(
            f"policy.json has verdict(s) {', '.join(unsaid)} with no commitment in {PROSE_FILE}: add a "
            "[commitments.<verdict>] table saying what answering each one commits the model to"
        )
    return _part("verdicts", commitments="".join(f"- {v}: {said[v]}\n" for v in rulebook.verdicts()))


def elements_part() -> str:
    words, blocks = _words(), []
    for number, element in enumerate(elements.ELEMENTS, start=1):
        words_of = " / ".join(elements.vocabulary(element))
        lines = [f"{number}. {element}: {elements.TITLES[element]}. Words: {words_of}."]
        for klass in elements.CLASSES:
            meaning = _fill(f"meanings.{element}", prose()["meanings"][element][klass], words)
            lines.append(f"   - {elements.word(element, klass)} ({klass}): {meaning}")
        lines += [f"   {_fill(f'guidance.{element}', line, words)}" for line in prose()["guidance"][element]]
        blocks.append("\n".join(lines) + "\n\n")
    return _part("elements", elements="".join(blocks))


def quoting_part() -> str:
    return _part("quoting")


def _skeleton() -> str:
    """The reply's JSON shape with each field's allowed values, built from the vocabularies."""
    rows = []
    for element in elements.ELEMENTS:
        words = " | ".join(elements.vocabulary(element))
        if element == STAY:
            values = '"expected_discharge": "YYYY-MM-DD" or null, "expected_nights": whole number or null'
        else:
            values = '"expected_discharge": null, "expected_nights": null'
        rows.append(
            f'    {{"element": "{element}", "finding": "{words}", '
            f'"citation": "<one line copied from the record>" or null, {values}}}'
        )
    verdicts = " | ".join(rulebook.verdicts())
    return (
        "{\n"
        '  "elements": [\n' + ",\n".join(rows) + "\n  ],\n"
        f'  "support": "{verdicts}",\n'
        '  "confidence": number from 0 to 1,\n'
        '  "why": "<one line>"\n'
        "}\n"
    )


def reply_part() -> str:
    return _part("reply", skeleton=_skeleton())


_STATIC_PARTS: tuple[tuple[str, Callable[[], str]], ...] = (
    ("role", role),
    ("rulebook", rulebook_part),
    ("verdicts", verdicts_part),
    ("elements", elements_part),
    ("quoting", quoting_part),
    ("reply", reply_part),
)


@lru_cache(maxsize=1)
def static_parts() -> tuple[tuple[str, str], ...]:
    """Every part before the record, as (name, text) in send order."""
    return tuple((name, make()) for name, make in _STATIC_PARTS)


def static_prefix() -> str:
    """The text sent before the record: identical on every call."""
    return "".join(text for _, text in static_parts())


def record_part(record_text: str) -> str:
    """The per-record part: a fixed header line, then the record exactly as given."""
    return RECORD_HEADER + record_text


@dataclass(frozen=True)
class Prompt:
    """One call's prompt: its parts as (name, text) in send order, the record's part last."""

    parts: tuple[tuple[str, str], ...]

    @property
    def static_prefix(self) -> str:
        return "".join(text for name, text in self.parts if name != RECORD_PART)

    @property
    def record_part(self) -> str:
        return "".join(text for name, text in self.parts if name == RECORD_PART)

    @property
    def text(self) -> str:
        return self.static_prefix + self.record_part

    def part_chars(self) -> dict[str, int]:
        return {name: len(text) for name, text in self.parts}

    def messages(self) -> list[dict[str, str]]:
        """Chat form: the static prefix as the system message, the record part as the user message."""
        return [
            {"role": "system", "content": self.static_prefix},
            {"role": "user", "content": self.record_part},
        ]


def build(record_text: str) -> Prompt:
    """The prompt for one record; the record is placed last and left untouched."""
    if not isinstance(record_text, str):
        raise TypeError(f"record_text must be str, got {type(record_text).__name__}")
    return Prompt(static_parts() + ((RECORD_PART, record_part(record_text)),))
