"""The kit's own words as the document scan looks for them, built from their one source: the
verdicts, rule ids and policy id from kit.rules.rulebook, the finding words and element names from
kit.rules.elements. A renamed verdict or an added rule is looked for with no edit here.

Only coined words are looked for, the ones charting never writes: verdicts, rule ids, finding words
joined with a hyphen, names joined with an underscore. Plain words that are also finding words or
element names ("documented", "absent", "comorbidities") are left to charting. It builds patterns
and reads no record.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from kit.rules import elements, rulebook

# Reply field names beyond the element names: the stay row's two values, and two names an attack
# on the reply might guess at.
FIELD_NAMES = ("expected_discharge", "expected_nights", "support_verdict", "meets_benchmark")
# Words about the kit's machinery that charting has no use for ("verdict" it has: a jury's, a biopsy's).
MACHINERY_WORDS = (r"rulebooks?",)


def _words(words: Iterable[str], separator: str) -> str:
    """An alternation of the words, each with its hyphens written as `separator`."""
    return "|".join(separator.join(re.escape(part) for part in word.split("-")) for word in words)


def verdict_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A verdict joined with hyphens or underscores in any case, and the same words spaced in
    capitals (case-sensitive, so ordinary prose such as "order gap" is left alone)."""
    verdicts = rulebook.verdicts()
    joined = re.compile(rf"\b(?:{_words(verdicts, '[-_]')})\b", re.IGNORECASE)
    spaced = re.compile(rf"\b(?:{_words(verdicts, ' ')})\b")
    return joined, spaced


def vocabulary_pattern() -> re.Pattern[str]:
    """Hyphenated finding words (hyphen or underscore), rule ids and the policy id, the machinery
    words, and underscored element and reply field names; any case."""
    findings = dict.fromkeys(w for e in elements.ELEMENTS for w in elements.vocabulary(e) if "-" in w)
    rule_ids = (*rulebook.rule_ids(), rulebook.policy_id())
    names = "|".join(re.escape(n) for n in (*(e for e in elements.ELEMENTS if "_" in e), *FIELD_NAMES))
    machinery = "|".join(rf"\b{word}\b" for word in MACHINERY_WORDS)
    return re.compile(
        rf"\b(?:{_words(findings, '[-_]')})\b|\b(?:{_words(rule_ids, '-')})\b|{machinery}"
        rf"|\b(?:{names})\b",
        re.IGNORECASE,
    )


VERDICT_JOINED, VERDICT_SPACED = verdict_patterns()
VOCABULARY = vocabulary_pattern()
