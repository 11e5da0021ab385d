"""A record's text as the report shows it: line by line, each line knowing which elements' answer
quotes fall on it, which elements' key lines it holds, whether the document scan flagged it, and
where a planted instruction sits inside it.

Quotes are placed the way the scorer places them (kit.rules.citation: normalised text, the occurrence
nearest the key line). It returns plain data for the template; it writes no markup, so nothing from
a record or a reply can become markup here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from kit.corpus import Record
from kit.guard import scan
from kit.rules import citation


@dataclass
class Line:
    number: int
    text: str
    cited: list[str] = field(default_factory=list)  # elements whose answer quote falls on this line
    key: list[str] = field(default_factory=list)  # elements whose key line this is
    flagged: list[str] = field(default_factory=list)  # the document scan's reasons
    plant: tuple[str, str, str] | None = None  # (before, planted sentence, after)


def _intervals(text: str) -> list[tuple[int, int] | None]:
    """Each raw line's interval in citation.norm(text); None for a blank line. The normalised text is
    the non-blank lines' own normal forms joined by single spaces, so the intervals follow directly."""
    spans: list[tuple[int, int] | None] = []
    at = 0
    for raw in text.split("\n"):
        piece = citation.norm(raw)
        if not piece:
            spans.append(None)
            continue
        spans.append((at, at + len(piece)))
        at += len(piece) + 1
    return spans


def placed(norm_text: str, quote: str | None, gold: tuple[int, int] | None) -> tuple[int, int] | None:
    """Where a quote sits in the normalised text: the occurrence overlapping the key line most."""
    found = citation.locate(norm_text, quote or "")
    if found is None:
        return None
    length = found[1] - found[0]
    needle, starts, at = norm_text[found[0] : found[1]], [], found[0]
    while at >= 0:
        starts.append(at)
        at = norm_text.find(needle, at + 1)
    if gold is not None:
        start = max(starts, key=lambda a: min(a + length, gold[1]) - max(a, gold[0]))
    else:
        start = starts[0]
    return start, start + length


def _overlaps(a: tuple[int, int] | None, b: tuple[int, int] | None) -> bool:
    return a is not None and b is not None and a[0] < b[1] and b[0] < a[1]


def marked(record: Record, grades: list[dict[str, Any]], plant: str | None = None) -> list[Line]:
    """The record's lines with the answer's quotes, the key's lines, scan flags and a plant marked.

    `grades` are the element grades of one record from a result file (element, quote); the key
    spans come from the record's gold row."""
    text = record.text
    norm_text = citation.norm(text)
    gold = {row["element"]: row.get("span") for row in (record.gold or {}).get("elements", [])}
    key_spans = {e: tuple(s) if s else None for e, s in gold.items()}
    cited = {g["element"]: placed(norm_text, g.get("quote"), key_spans.get(g["element"])) for g in grades}
    flags: dict[int, list[str]] = {}
    for flag in scan.scan(text):
        flags.setdefault(flag.line, []).extend(flag.reasons)
    lines = []
    for n, (raw, span) in enumerate(zip(text.split("\n"), _intervals(text), strict=True), start=1):
        line = Line(n, raw, flagged=flags.get(n, []))
        line.cited = [e for e, where in cited.items() if _overlaps(span, where)]
        line.key = [e for e, where in key_spans.items() if _overlaps(span, where)]
        if plant and plant in raw:
            head, tail = raw.split(plant, 1)
            line.plant = (head, plant, tail)
        lines.append(line)
    return lines
