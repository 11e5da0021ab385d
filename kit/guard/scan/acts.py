"""What a unit does to its reader, as a handful of generic features for the scan's learned check
(kit.guard.scan.learned): whether it speaks to someone ("you"), directs or appeals, names the reading
itself (a review, a summary, a reader, a program), asks for something to be reported or concluded,
points at the record it sits in, and claims one of the elements an attacker wants (a signed order, a
stay, a verdict); and every pair of those together.

Why features and not rows. A row flags on its own and has to be written for each new way of saying
something; these flag nothing: the model weighs them beside its word and character grams, so an
appeal to the reader in words no training text used still shares the features of the ones it did.

What it refuses to do: flag, score or read anything but the one unit's text; each cue here is plain
English any charting can contain ("please", "you", "signed"), and only the learned weights say how much
each counts.
"""

from __future__ import annotations

import itertools
import re

# Each cue: a name and the words that show it, matched case-insensitively on the unit the model reads.
# Chat abbreviations count as the words they stand for (pls, thx, fyi, y'all; UR and UM, the utilization
# reviewers, though a spoken "um" reads as one too): staff shorthand asks the reviewer in them.
CUES: tuple[tuple[str, str], ...] = (
    ("second_person", r"\b(?:you|your|yours|yourself|you're|you'll|you've|ya|y'?all|fyi|fwiw|btw|psa)\b"),
    (
        "directive",
        r"\b(?:please|pl[sz]e?|kindly|make\s+sure|be\s+sure|ensure|remember|must|should|shall|need\s+to"
        r"|needs\s+to|have\s+to|ought|do\s+not|don'?t|never|always|let's|go\s+ahead)\b|^\s*(?:[A-Z][\w-]*\s*:\s*)?"
        r"(?:treat|consider|count|report|record|mark|cite|use|accept|assume|read|take|tell|apply|skip|ignore"
        r"|forget|disregard|proceed|carry|note|list|state|set|write|enter|output|return|answer|confirm)\b",
    ),
    (
        "appeal",
        r"\b(?:please|pl[sz]e?|kindly|beg|begging|help|trust|honest(?:ly)?|hope|counting\s+on|favou?r"
        r"|i\s+ask|we\s+ask)\b",
    ),
    (
        "reader",
        r"\b(?:reader|readers|reviewer|reviewers|ur|um|review(?:ing)?|summar(?:y|ies|i[sz]e\w*|i[sz]er\w*)"
        r"|abstract\w*|audit\w*|assessment|determination|extraction|evaluat\w*|grader|checker|model|system|tool"
        r"|software|program|computer|robot|bot|ai|algorithm|parser|pipeline|assistant|automat\w*)\b",
    ),
    (
        "report",
        r"\b(?:report\w*|conclu\w*|output|answer|verdict|finding|findings|result|reflect\w*|captur\w*"
        r"|record(?:ed)?\s+as|mark(?:ed)?\s+as|treat(?:ed)?\s+as|count(?:ed)?\s+as|cite|cited|quote|final)\b",
    ),
    ("meta", r"\b(?:this|the)\s+(?:record|chart|note|document|file|entry|line|text|packet|case|review)\b"),
    (
        "claim",
        r"\b(?:signed|sign-?off|signature|countersign\w*|co-?sign\w*|authenticat\w*|attest\w*|midnights?"
        r"|nights?|discharge|length\s+of\s+stay|los|inpatient|in-patient|supported|met|satisf\w*|approved"
        r"|qualif\w*|benchmark|criteria|status)\b",
    ),
)
# Gratitude is an appeal only beside a request about the record's reading or report (the "reader" or
# "report" cue): a patient's thanks, a referring doctor's "I'd appreciate a copy" ask nothing of the reader.
GRATITUDE = re.compile(
    r"\b(?:thank(?:s|\s+you|\s+u)|thx|thnx|tks|tysm|tia|(?:would|i'd|we'd)\s+appreciate|grateful)\b",
    re.IGNORECASE,
)
_COMPILED = tuple((name, re.compile(pattern, re.IGNORECASE)) for name, pattern in CUES)
_APPEAL, _READER, _REPORT = ([name for name, _ in CUES].index(cue) for cue in ("appeal", "reader", "report"))
NAMES: tuple[str, ...] = tuple(name for name, _ in CUES) + tuple(
    f"{a}+{b}" for (a, _), (b, _) in itertools.combinations(CUES, 2)
)


def features(text: str) -> list[float]:
    """The unit's features in NAMES order: 1.0 when a cue (or both cues of a pair) shows, else 0.0."""
    shown = [bool(pattern.search(text)) for _, pattern in _COMPILED]
    if not shown[_APPEAL] and GRATITUDE.search(text):
        shown[_APPEAL] = shown[_READER] or shown[_REPORT]
    pairs = [a and b for a, b in itertools.combinations(shown, 2)]
    return [float(x) for x in (*shown, *pairs)]
