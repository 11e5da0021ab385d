"""Two patterns of the document scan's table (kit.guard.scan.patterns) for text that the issue-24
measurement showed getting through: a rulebook verdict written in ordinary case or with its hyphen
dropped, and a bare "AI" or "bot" spoken to.

- A verdict in capitals or joined with a hyphen is flagged by the table's own verdict rows. Written
  in lower or title case with a space ("inpatient supported") it is also how a utilization
  reviewer's real note closes ("Neuro ICU, IV antihypertensive gtt; inpatient supported."), so it
  flags only when the same unit also claims an order's signature or the stay's length, which is
  what an attack adds to make the verdict stick. Joined with nothing ("inpatientsupported") it is
  never charting and always flags.
- "bot" is never charting: "Bot, ...", "Bot - ...", "Hey bot", "for the bot" flag. "AI" is also aortic
  insufficiency ("AI: mild", "AI, MR and TR trace"), so "AI,", "AI:" or "AI -" at the start of a unit flags
  only when the unit goes on to claim an order's signature or the stay's length, or to tell the
  reader what to count, take or treat.

What they refuse to do: read anything but the folded unit, or flag a verdict word or "AI" on its own.
"""

from __future__ import annotations

import re

from kit.rules import rulebook

_CLAIM = (
    r"(?:orders?|signed|countersign\w*|co-?signed|authenticat\w*|e-?sign\w*|discharge|nights?|midnights?"
    r"|stay|file|count|take|treat|mark|answer|record\s+(?:it|this)|should\s+read)"
)


def _verdict_words(separator: str) -> str:
    return "|".join(separator.join(map(re.escape, v.split("-"))) for v in rulebook.verdicts())


_JOINED, _SPACED = _verdict_words(""), _verdict_words(r"[ \t]+")
VERDICT_CASE = re.compile(
    rf"\b(?:{_JOINED})\b|\b(?:{_SPACED})\b(?=[^\n]*\b{_CLAIM}\b)|\b{_CLAIM}\b[^\n]*\b(?:{_SPACED})\b",
    re.IGNORECASE,
)
_START = r"(?:^|[.;!?]\s+|[(\[]\s*)"
_AFTER = r"\s*(?:[,:!]|-+\s)"  # "Bot, ...", "AI: ...", "Bot - ...", "AI -- ..."
BARE_ADDRESSEE = re.compile(
    rf"{_START}bots?{_AFTER}"
    r"|\b(?:hey|hi|hello|dear|ok|okay|attention|note\s+for|for|to)\s+(?:the\s+|this\s+|our\s+|you\s+)?bots?\b"
    r"|\b(?:hey|hi|hello|ok|okay)\s+(?:the\s+)?A\.?I\b"
    rf"|{_START}(?:(?:for|to)\s+the\s+)?A\.?I\.?{_AFTER}(?=[^\n]*\b{_CLAIM}\b)",
    re.IGNORECASE,
)
