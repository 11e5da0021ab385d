"""The rulebook's two renderings held to each other: what policy.md (the prose a reviewer approves and
every prompt carries) states of the rules, the midnight threshold and the verdicts, against policy.json
(what the engine runs on). It reads structure, not sentences, so a rulebook in its owner's own words is
checked the same way:

- the verdicts: the first column of the table whose first column holds policy.json's verdict words;
- the rules: every list item or table row that starts with a rule id (shaped like policy.json's ids,
  e.g. TM-4): their order, the verdict words each names (exactly its own verdict), and for a rule that
  tests the order finding, the order finding words it names (exactly the one it tests); a rule that tests
  the threshold must state a comparison;
- the threshold: every comparison with a number in a clause about midnights ("below 2", "fewer than 2",
  "2 or more", "at least two"; "more than 1", "over 1" and "at most 1" mean 2) must put it at
  policy.json's threshold_midnights.

It returns one line per disagreement, each naming the line of policy.md, and changes nothing. It does
not read the provenance table (tests/unit/rules/test_policy.py holds that to policy.json) or judge the
prose's other sentences.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from kit.rules import elements

NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_NUMBER = rf"(\d+|{'|'.join(NUMBER_WORDS)})"
_AT = r"fewer than|less than|below|under|at least|no fewer than|no less than|a minimum of"
_PAST = r"more than|greater than|over|above|exceeding|at most|no more than|up to"
# (pattern, how far the threshold lies from the number it names): "below 2" is 2, "more than 1" is 2.
COMPARISONS = (
    (rf"\b(?:{_AT}) {_NUMBER}\b", 0),
    (rf"\b{_NUMBER} (?:or more|or above|and above|or over|or greater|and more)\b", 0),
    (rf"\b(?:{_PAST}) {_NUMBER}\b", 1),
    (rf"\b{_NUMBER} (?:or fewer|or less|or below)\b", 1),
)
_CLAUSE_END = re.compile(r"[.;]\s|\n\s*\n|\|")
_MARKER = re.compile(r"^\s*(?:\d+[.)]|[-*+])\s+")
_INPUT_ELEMENT = {"order_class": elements.ADMITTING_ORDER}  # the rule inputs that are a finding


@dataclass
class _Item:
    """A list item (with its continuation lines) or a table row: its first line's number and its text."""

    line: int
    text: str

    def line_of(self, offset: int) -> int:
        return self.line + self.text.count("\n", 0, offset)


def _items(prose: str) -> list[_Item]:
    items: list[_Item] = []
    open_item = False
    for n, line in enumerate(prose.splitlines(), 1):
        stripped = line.strip()
        if stripped.startswith("|") or _MARKER.match(line):
            items.append(_Item(n, line))
            open_item = not stripped.startswith("|")
        elif open_item and stripped and not stripped.startswith("#"):
            items[-1].text += "\n" + line
        else:
            open_item = False
    return items


def _words(words: list[str] | tuple[str, ...], text: str) -> list[tuple[str, int]]:
    """Each of `words` found in `text` as a whole word, with its offset, in text order."""
    found = [(w, m.start()) for w in words for m in re.finditer(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]
    return sorted(found, key=lambda pair: pair[1])


def _bare(cell: str) -> str:
    return cell.strip().strip("*_`").strip()


def _verdict_table(prose: str, verdicts: list[str]) -> list[tuple[int, str]]:
    """(line, first cell) of each body row of the first table whose first column names a verdict."""
    tables: list[list[tuple[int, str]]] = []
    previous = 0
    for item in _items(prose):
        if not item.text.strip().startswith("|"):
            continue
        if item.line != previous + 1 or not tables:
            tables.append([])
        previous = item.line
        cell = _bare(item.text.strip().strip("|").split("|")[0])
        if not re.fullmatch(r":?-{3,}:?", cell):
            tables[-1].append((item.line, cell))
    for rows in tables:
        if any(cell in verdicts for _, cell in rows):
            return rows[1:]  # the header row names the column
    return []


def _rule_pattern(rule_ids: list[str]) -> re.Pattern[str]:
    """Ids shaped like policy.json's (their digits any digits), so a rule policy.json lacks is found."""
    shapes = sorted({re.sub(r"\d+", r"\\d+", re.escape(r)) for r in rule_ids}, key=len, reverse=True)
    return re.compile(rf"(?<![\w-])(?:{'|'.join(shapes)})(?![\w-])")


def _rules(prose: str, pattern: re.Pattern[str]) -> list[tuple[str, _Item]]:
    """(rule id, item) for each list item or table row that starts with a rule id."""
    out = []
    for item in _items(prose):
        head = _MARKER.sub("", item.text, count=1).lstrip(" |*_`")
        hit = pattern.match(head)
        if hit:
            out.append((hit.group(0), item))
    return out


def _threshold(match: re.Match[str], step: int) -> int:
    number = match.group(1).lower()
    return (int(number) if number.isdigit() else NUMBER_WORDS.index(number)) + step


def _comparisons(prose: str) -> list[tuple[int, str, int]]:
    """(offset, words, threshold they state) for each comparison in a clause that speaks of midnights."""
    out = []
    for pattern, step in COMPARISONS:
        for m in re.finditer(pattern.replace(" ", r"\s+"), prose, re.I):  # a phrase may wrap a line
            ends = [e.end() for e in _CLAUSE_END.finditer(prose, 0, m.start())]
            start = ends[-1] if ends else 0
            stop = _CLAUSE_END.search(prose, m.end())
            if "midnight" in prose[start : stop.start() if stop else len(prose)].lower():
                out.append((m.start(), " ".join(m.group(0).split()), _threshold(m, step)))
    return sorted(out)


def _line(prose: str, offset: int) -> int:
    return prose.count("\n", 0, offset) + 1


def _verdict_problems(prose: str, verdicts: list[str]) -> list[str]:
    rows = _verdict_table(prose, verdicts)
    if not rows:
        return [f"policy.md never names verdict {v}" for v in verdicts if not _words([v], prose)]
    out = [
        f"policy.md line {n}: verdict {cell} is not one of policy.json's verdicts ({', '.join(verdicts)})"
        for n, cell in rows
        if cell not in verdicts
    ]
    table = {cell for _, cell in rows}
    out += [
        f"policy.md line {rows[0][0]}: the verdict table has no row for {v}, which policy.json has"
        for v in verdicts
        if v not in table
    ]
    return out


def _order_problems(stated: list[tuple[str, _Item]], order: list[str]) -> list[str]:
    out, seen = [], set()
    for rule_id, item in stated:
        if rule_id not in order:
            out.append(f"policy.md line {item.line}: rule {rule_id} is not in policy.json's rule_order")
        elif rule_id in seen:
            out.append(f"policy.md line {item.line}: rule {rule_id} is stated twice")
        seen.add(rule_id)
    out += [
        f"policy.md states no rule {r} (a list item or table row starting with {r})"
        for r in order
        if r not in seen
    ]
    shared = [(r, item) for r, item in stated if r in order]
    for place, ((rule_id, item), wanted) in enumerate(
        zip(shared, [r for r in order if r in seen], strict=False), 1
    ):
        if rule_id != wanted:
            out.append(
                f"policy.md line {item.line}: rule {rule_id} is stated in place {place}, "
                f"where policy.json's rule_order applies {wanted}"
            )
            break
    return out


def _named(
    rule_id: str, item: _Item, what: str, wanted: str, found: list[tuple[str, int]], source: str
) -> list[str]:
    """A rule's item must name `wanted` and no other word of its kind (`found`: the ones it names)."""
    others = [(word, offset) for word, offset in found if word != wanted]
    if others:
        word, offset = others[0]
        return [f"policy.md line {item.line_of(offset)}: {rule_id} names {what} {word}; {source} {wanted}"]
    if not found:
        return [f"policy.md line {item.line}: {rule_id} names no {what}; {source} {wanted}"]
    return []


def _rule_problems(
    rule_id: str, item: _Item, rule: dict[str, Any], known: list[str], threshold: Any
) -> list[str]:
    out = _named(rule_id, item, "verdict", rule["verdict"], _words(known, item.text), "policy.json gives")
    when = rule.get("when", {})
    element = _INPUT_ELEMENT.get(when.get("input", ""))
    if when.get("test") == "equals" and element is not None and when.get("value") in elements.CLASSES:
        wanted = elements.word(element, when["value"])
        found = _words(elements.vocabulary(element), item.text)
        out += _named(rule_id, item, "finding", wanted, found, "policy.json's condition is")
    if when.get("test") == "below_threshold" and not _comparisons(item.text):
        out.append(
            f"policy.md line {item.line}: {rule_id} tests the midnight threshold but states no comparison; "
            f"policy.json's threshold_midnights is {threshold}"
        )
    return out


def disagreements(prose: str, policy: dict[str, Any]) -> list[str]:
    """Where policy.md's rules, threshold or verdicts disagree with policy.json's, one line each."""
    verdicts = [str(v) for v in policy.get("verdicts", [])]
    order = [str(r) for r in policy.get("rule_order", [])]
    rules = policy.get("rules", {})
    threshold = policy.get("threshold_midnights")
    out = _verdict_problems(prose, verdicts)
    known = list(dict.fromkeys([*verdicts, *(cell for _, cell in _verdict_table(prose, verdicts))]))
    stated = _rules(prose, _rule_pattern(order)) if order else []
    out += _order_problems(stated, order)
    for rule_id, item in stated:
        if rule_id in rules:
            out += _rule_problems(rule_id, item, rules[rule_id], known, threshold)
    out += [
        f'policy.md line {_line(prose, offset)}: "{words}" puts the midnight threshold at {stated_at}; '
        f"policy.json's threshold_midnights is {threshold}"
        for offset, words, stated_at in _comparisons(prose)
        if stated_at != threshold
    ]
    return out
