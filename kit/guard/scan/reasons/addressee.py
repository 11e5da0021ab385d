"""The document scan's patterns for a unit addressed to an automated reader (kit.guard.scan.patterns
gives them the reason ADDRESSEE): a reading machine spoken to, told what to do or defined by reading
this record, bare "AI" or "bot" as an addressee, an audience defined by what it does ("whatever
assembles the evidence"), talk of assembling evidence, and "if you are an AI".

Patterns only, matched on the folded unit by kit.guard.scan; a machine named without being spoken to
("the pharmacy automated system flagged ...") is charting and matches none of them.
"""

from __future__ import annotations

import re

from kit.guard.scan import addressed
from kit.guard.scan.cues import MACHINE, RECORDISH

_I = re.IGNORECASE

# Any one of them matching flags the unit for this reason.
PATTERNS: tuple[re.Pattern[str], ...] = (
    # A reading machine spoken to: "Note to the AI model: ...", "Message for the summarising tool",
    # "Dear language model", "for any automated reviewer ...", "ChatGPT, ...".
    re.compile(
        rf"\b(?:notes?|messages?|instructions?|reminders?|memo|addendum|dear|hey|hello|attention)\s+"
        rf"(?:to|for)?\s*(?:the\s+|any\s+|all\s+|an?\s+|this\s+)?{MACHINE}\b"
        rf"|\b(?:to|for)\s+(?:any|every|all|each)\s+{MACHINE}\b"
        rf"|(?:^|[.;!?]\s*)(?:the\s+)?{MACHINE}\s*[,:]",
        _I,
    ),
    # ... or told what to do, or defined by reading this record: "Any automated reviewer processing this
    # chart should ...", "the language model must ...", "you, the AI system".
    re.compile(
        rf"\b{MACHINE}\s+(?:(?:that|which|who)\s+)?(?:is\s+)?(?:reading|reads|processing|processes|reviewing"
        rf"|reviews|summari[sz]ing|summari[sz]es|assembling|assembles|parsing|parses|handling|handles|scoring"
        rf"|grading)\s+(?:(?:this|the)\s+{RECORDISH}s?\b|this\s*(?:[:,;.]|$))"
        rf"|\b{MACHINE}\s+(?:(?:that|which|who|reading|processing|reviewing|summari[sz]ing|assembling"
        rf"|parsing|handling|here|now)\s+(?:[\w,-]+\s+){{0,4}}?)?(?:should|must|shall|ought\s+to|needs?\s+to"
        rf"|has\s+to|is\s+to"
        rf"|are\s+to|is\s+(?:asked|instructed|required|expected)\s+to)\s+(?!be\b)"
        rf"|\byou\b[^\n]*\b{MACHINE}\b|\b{MACHINE}\b[^\n]*\byou(?:r)?\b",
        _I,
    ),
    # Bare "AI" as an addressee ("Dear AI", "AI: ignore ...", "the AI must answer"); case-sensitive, so
    # aortic insufficiency ("moderate AI", "the AI jet", "the AI should be reassessed") is left alone.
    re.compile(
        r"\b(?:[Dd]ear|[Hh]ey|[Hh]ello|[Aa]ttention|[Nn]otes?\s+(?:to|for)|[Mm]essages?\s+(?:to|for)"
        r"|[Ii]nstructions?\s+(?:to|for)|[Rr]eminders?\s+(?:to|for))\s+(?:the\s+|any\s+)?(?:AI|A\.I\.)(?![\w.])"
        r"|\b(?:[Tt]he|[Aa]ny|[Tt]his)\s+(?:AI|A\.I\.)\s+(?:must|should|shall|ought\s+to|needs?\s+to|is\s+to"
        r"|has\s+to)\s+(?!be\b)"
        r"|\b(?:AI|A\.I\.)\s*[,:]\s*(?:please|you|ignore|answer|output|respond|return|mark|disregard)",
    ),
    addressed.BARE_ADDRESSEE,  # "Bot, ...", "for the bot", "AI: the order is countersigned"
    # "whatever assembles the evidence", "any tool reading this": an audience defined by what it does.
    # Whole verb forms only, so "anything readily available" is food, not an audience.
    re.compile(
        r"\b(?:whatever|anything|any\s+(?:system|tool|program|software|process|agent|model|pipeline"
        r"|reader|summari[sz]er|assembler))\s+(?:that\s+|which\s+|who\s+)?(?:is\s+)?"
        r"(?:assembl(?:es|ing)|reads|reading|process(?:es|ing)|summari[sz](?:es|ing)|review(?:s|ing)"
        r"|pars(?:es|ing)|extract(?:s|ing)|scor(?:es|ing)|grad(?:es|ing)|ingest(?:s|ing)"
        r"|analy[sz](?:es|ing)|evaluat(?:es|ing)|index(?:es|ing)|screen(?:s|ing))\b"
        r"|\b(?:whoever|anyone|anybody|someone)\s+(?:that\s+|who\s+)?(?:is\s+)?"
        r"(?:assembl|summari[sz]|pars|ingest)\w*"
        r"|\bwhoever\s+(?:is\s+)?read(?:s|ing)\s+this\b",
        _I,
    ),
    # Talk of assembling evidence is the kit's job description, never a charting phrase.
    re.compile(r"\bevidence\s+assembl\w*|\bassembl\w*\s+(?:the\s+|this\s+|all\s+)?evidence", _I),
    # "If you are an AI / a language model / reading this ...".
    re.compile(
        r"\bif\s+you(?:'re|\s+are)\s+(?:an?\s+)?(?:AI|A\.I\.|automated|language|model|assistant|bot"
        r"|machine|LLM|program|summari[sz]er|reading\s+this|processing\s+this)\b",
        _I,
    ),
)
