"""The document scan's patterns for role-play and chat-template cues (reason ROLE_PLAY in
kit.guard.scan.patterns): "you are now ...", "act as the evaluator", chat speaker labels, and the
tokens of chat templates ([INST], <<SYS>>, <|im_start|>, role tags, code fences).

Patterns only, matched on the folded unit by kit.guard.scan; role-play in speech therapy, "act as an
assistant with personal care" and "Assistant: Dr X" are charting and pass.
"""

from __future__ import annotations

import re

from kit.guard.scan.cues import IMPERATIVE, PERSON

_I = re.IGNORECASE
_M = re.MULTILINE

# Any one of them matching flags the unit for this reason.
PATTERNS: tuple[re.Pattern[str], ...] = (
    # "You are now ...", "from now on you ...", "act as the evaluator", "Pretend that ...". "Act as an
    # assistant with personal care", "likes to pretend to be a nurse" and role-play in speech therapy
    # are charting: no assistant/auditor role, pretend only as an imperative, role-play only with "you".
    re.compile(
        r"\byou\s+are\s+now\b(?!\s+(?:being|going|in\b|on\b|at\b|able|ready|safe|home|well|better"
        r"|discharged|admitted|fit|medically))"
        r"|\b(?:from\s+now\s+on|henceforth|for\s+the\s+rest\s+of\s+this\s+(?:task|conversation|session"
        r"|record)),?\s+(?:you|act|behave|respond|answer|treat|ignore|always|only|assume)\b"
        r"|\bact\s+as\s+(?:an?\s+|the\s+)?(?:AI|A\.I\.|language\s+model|LLM|chat\s?bot|model|system|assembler"
        r"|summari[sz]er|grader|scorer|evaluator|different\s+(?:AI|model|assistant|system)|new\s+(?:AI|model"
        r"|assistant|system)|unrestricted)\b"
        rf"|{IMPERATIVE}pretend\s+(?:you|to\s+be\s+an?\b|that\s+(?:the|this|there|you))"
        r"|\brole[-\s]?play\w*\b(?=[^\n]*\byou\b)|\brole[-\s]?play\w*\s+as\s+(?:an?|the)\b"
        r"|\bimagine\s+(?:that\s+)?you\s+are\b"
        r"|\byou\s+are\s+(?:an?|the)\s+(?:AI|A\.I\.|assistant|language\s+model|large\s+language|helpful"
        r"|chat\s?bot|bot|evidence|automated)\b"
        r"|\b(?:system|hidden|developer)\s+prompt\b|\bprompt\s+injection\b|\bjailbr[eo]ak\w*"
        r"|\bDAN\s+mode\b|\b(?:developer|god|admin|debug|unrestricted)\s+mode\b",
        _I,
    ),
    # Chat speaker labels at a unit's start or after a bracket or full stop; not "Assistant: Dr X". Not
    # "System:" either (records print their own messages under it): that is the learned check's.
    re.compile(
        r"(?:^|[\[(<{#*>|]\s*|[.!?;]\s+)(?:assistant\s*(?:message\s*)?:(?!\s*" + PERSON + r")"
        r"|(?:human|developer)\s*(?:message\s*)?:)",
        _I | _M,
    ),
    # Chat-template tokens: [INST], <<SYS>>, <|im_start|>-style tokens, role tags, code fences.
    re.compile(
        r"\[/?INST\]|<<\s*/?SYS\s*>>|<\|[^|<>\n]{0,40}\|>|</?s>"
        r"|</?(?:system|assistant|user|instructions?|prompt|im_start|im_end)\b[^>]*>"
        r"|(?:^|\s)#{2,}\s*(?:system|instructions?|user|assistant|response|input|prompt)\b|```",
        _I | _M,
    ),
)
