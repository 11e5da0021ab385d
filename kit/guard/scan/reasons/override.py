"""The document scan's patterns for a unit that tries to override the reader's instructions or the
rulebook (reason OVERRIDE in kit.guard.scan.patterns): "ignore all previous instructions", "ignore
everything above", replacement instructions announced, precedence claimed over the rulebook,
"regardless of the rulebook", "do not check the rest of the record".

Patterns only, matched on the folded unit by kit.guard.scan; ordinary objects ("forget instructions",
"ignores advice", "new instructions: nil by mouth") need a sign that they are the reader's or an
outcome of the review, so charting passes.
"""

from __future__ import annotations

import re

from kit.guard.scan.cues import OVERRIDE_VERB, SOFT_OBJECT, STRONG_OBJECT, THEN_OUTCOME, TO_READER

_I = re.IGNORECASE

# Any one of them matching flags the unit for this reason.
PATTERNS: tuple[re.Pattern[str], ...] = (
    # "Ignore all previous instructions", "disregard the guidance above", "forget your rules", "bypass
    # the rulebook". Ordinary objects (instructions, rules, policy ...) need a sign that they are the
    # reader's: all/previous/prior/above/system/your, or "above", "you were given" after them; and
    # not a leaflet or a sheet. "Patient tends to forget instructions" and "ignores advice" pass.
    re.compile(
        rf"(?<!tends\sto\s)(?<!tend\sto\s)\b{OVERRIDE_VERB}\s+"
        rf"(?:(?:(?:all|any|every|each)(?:\s+of)?\s+(?:the\s+|your\s+|these\s+|those\s+|its\s+)?"
        rf"(?:(?:previous|prior|preceding|earlier|above|foregoing|original|initial|other|existing|system"
        rf"|given|current|old)\s+)?"
        rf"|(?:the\s+|your\s+|these\s+|those\s+|its\s+)?(?:previous|prior|preceding|earlier|above"
        rf"|foregoing|original|initial|system)\s+|your\s+){SOFT_OBJECT}\b"
        rf"(?!\s+(?:sheets?|leaflets?|charts?|forms?|cards?|booklets?|letters?)\b)"
        rf"|(?:the\s+|your\s+|these\s+|those\s+|its\s+)?{SOFT_OBJECT}\s+(?:above|given\s+(?:to\s+you|above)"
        rf"|you\s+(?:were|have\s+been)\s+given)\b"
        rf"|(?:(?:all|any)(?:\s+of)?\s+)?(?:the\s+|your\s+|these\s+|those\s+|its\s+)?{STRONG_OBJECT}\b)",
        _I,
    ),
    # "Ignore everything above", "disregard all you were told", "disregard the above and answer ...";
    # but not "disregard the above; entered on the wrong patient", a charting correction.
    re.compile(
        r"\b(?:ignore|disregard)\s+(?:everything|anything|all(?:\s+that)?|what(?:ever)?)\s+"
        r"(?:above|before|prior|previously|you\s+(?:were|have\s+been)|in\s+the\s+(?:rulebook|prompt))"
        r"|\bforget\s+(?:everything|all(?:\s+that)?|what(?:ever)?)\s+(?:above|you\s+(?:were|have\s+been)"
        r"|in\s+the\s+(?:rulebook|prompt))"
        r"|\b(?:ignore|disregard)\s+(?:the\s+)?(?:above|preceding|foregoing)\s+(?:instructions?|text|rules?"
        r"|prompt|context|and\s+(?:answer|respond|reply|output|mark|classify|approve|treat|count|consider"
        r"|conclude|record|report))\b",
        _I,
    ),
    # Announces replacement instructions. "New system instructions", "updated rulebook", "new prompt"
    # flag alone; "New instructions: nil by mouth" is a ward plan, so plain instructions/rules flag
    # only when what follows speaks to the reader or sets the outcome.
    re.compile(
        r"\b(?:new|updated|revised|real|actual|true|overriding|higher[-\s]priority|priority)\s+"
        rf"(?:(?:system\s+instructions?|rulebook|prompt)\b\s*(?::|-|follow|apply|are|is|take|override|supersede)"
        rf"|(?:instructions?|directives?|rules?)\b\s*(?::|-|follow|apply|are|is|take|override|supersede)"
        rf"{TO_READER})",
        _I,
    ),
    # Claims precedence over the reader's rules: "this note supersedes the rulebook", "takes precedence
    # over the policy you were given". "This order replaces previous instructions" is charting.
    re.compile(
        r"\b(?:supersedes?|overrides?|overrules?|takes?\s+precedence\s+over|replaces?|trumps?|outranks?)\s+"
        rf"(?:all\s+|any\s+)?(?:the\s+|your\s+)?(?:(?:other|previous|prior|earlier|system)\s+)?"
        rf"(?:{STRONG_OBJECT}\b|{SOFT_OBJECT}\s+(?:you\s+(?:were|have\s+been)\s+given|given\s+to\s+you)\b)"
        rf"|\b(?:supersedes?|overrides?|overrules?|takes?\s+precedence\s+over|replaces?|trumps?|outranks?)\s+"
        rf"(?:all\s+|any\s+)?your\s+(?:(?:other|previous|prior|earlier|system)\s+)?{SOFT_OBJECT}\b",
        _I,
    ),
    # "Regardless of the rulebook / of what the record says"; "regardless of the rules" and the like
    # only with an outcome ("regardless of the rules, the admission is justified"), since "regardless of
    # the policy, the family may stay" is a ward decision.
    re.compile(
        r"\bregardless\s+of\s+(?:the\s+|any\s+)?(?:rulebook|benchmark|two[-\s]midnight|rest\s+of\s+the\s+record"
        r"|what\s+(?:the\s+record|the\s+rest|the\s+rulebook))"
        rf"|\bregardless\s+of\s+(?:the\s+|any\s+)?(?:rules?|polic(?:y|ies)|instructions?|guidance|criteria"
        rf"|other\s+(?:entries|documentation|evidence|findings|lines)|what\s+else){THEN_OUTCOME}",
        _I,
    ),
    # "Do not check the rest of the record", "do not apply the benchmark"; "do not follow the
    # instructions ..." only with an outcome, since that is also a drug-chart correction.
    re.compile(
        r"\b(?:do\s+not|don't|never|no\s+need\s+to)\s+(?:apply|follow|use|consult|check|verify|consider"
        r"|read|look\s+at|cross[-\s]?check|re-?check|validate|weigh|count)\s+(?:the\s+|any\s+|your\s+)?"
        r"(?:(?:rulebook|benchmark|two[-\s]midnight|other\s+(?:entries|lines|sections|evidence)"
        r"|rest\s+of\s+the\s+record|remaining\s+(?:entries|lines|sections))\b"
        rf"|(?:rules?|polic(?:y|ies)|instructions?|criteria)\b{THEN_OUTCOME})",
        _I,
    ),
)
