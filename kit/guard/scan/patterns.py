"""The document scan's pattern table: each reason a unit is flagged for, and the patterns that give
it, in the order reasons are reported.

Patterns are matched against a unit after Unicode folding (NFKC, dashes to "-", zero-width
characters removed); the scan adds the raw-text test for invisible characters itself. Each reason's
patterns are written in their own module under kit.guard.scan.reasons; the kit's own words are not
typed anywhere here: kit.guard.scan.vocabulary builds them from the rulebook and the elements. This
module names the reasons and puts the table together; it holds no pattern of its own.
"""

from __future__ import annotations

import re

from kit.guard.scan import addressed, determination, vocabulary
from kit.guard.scan.reasons import addressee, dictate, hidden, override, role_play

ADDRESSEE = "addressed to an automated reader"
OVERRIDE = "tries to override instructions or the rulebook"
DICTATE = "tries to set the answer"
VERDICT = "carries a rulebook verdict word"
VOCABULARY = "uses the kit's own vocabulary"
ROLE_PLAY = "role-play or chat-template cue"
HIDDEN = "hidden or disguised text"
FOREIGN = "written in a language other than English"
DETERMINATION = "reports the stay's status as already decided (a prior determination)"

# Each reason with its patterns, in the order reasons are reported (kit.guard.scan sorts a unit's
# reasons by where each first appears in PATTERNS).
_BY_REASON: tuple[tuple[str, tuple[re.Pattern[str], ...]], ...] = (
    (ADDRESSEE, addressee.PATTERNS),
    (DICTATE, dictate.PATTERNS),
    (HIDDEN, hidden.PATTERNS),
    (OVERRIDE, override.PATTERNS),
    # The rulebook's verdict words, built from their one source; joined with nothing, in capitals, or
    # coded (addressed.VERDICT_CASE).
    (VERDICT, (vocabulary.VERDICT_JOINED, vocabulary.VERDICT_SPACED, addressed.VERDICT_CASE)),
    # "UR: inpatient supported" whoever wrote it, and "order gap ... order unsigned" beside a claim: not
    # evidence for any element.
    (DETERMINATION, (determination.DETERMINED, addressed.VERDICT_WRITTEN_OUT)),
    (VOCABULARY, (vocabulary.VOCABULARY,)),
    (ROLE_PLAY, role_play.PATTERNS),
)

# (reason, compiled pattern), in the order reasons are reported.
PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = tuple(
    (reason, pattern) for reason, patterns in _BY_REASON for pattern in patterns
)
