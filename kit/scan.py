"""The document scan: a deterministic check, run before any model sees a record, for text that is
addressed to an automated reader or tries to set the answer.

A record is charting. Charting is written by clinicians and clerks for other people; it does not
speak to a summariser, does not tell anyone to ignore a rulebook, and never contains the kit's own
verdict words, which belong to the rulebook alone. The scan walks the record unit by unit (a dated
line in ORDERS AND AUTHENTICATION, SERVICES DELIVERED and UTILIZATION REVIEW NOTES; one sentence of
prose elsewhere) and flags a unit when one of the patterns below matches it, naming each reason.

What it refuses to do:

- it never calls a model, a network or anything outside this module and ``kit.record``;
- it never edits a record, except through ``quarantine``, which returns a new text with the flagged
  units replaced by a fixed marker and every other byte untouched;
- it never flags on imperative mood alone: clinical orders are imperative ("Admit to ...",
  "Give 1 g IV ..."), so a pattern here needs an addressee, an override, an attempt to set the
  answer, the kit's own vocabulary, a role-play or chat-template cue, or hidden text;
- it never flags the ENCOUNTER FACTS block's own fields;
- it never raises on any string: a text without the five headings is scanned line by line as prose.

A clean scan is not proof that a record is safe; it is a cheap, reproducible first screen.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from kit import record

MARKER = "[withheld by the document scan]"
# In prose the marker stands as a sentence of its own, so the sentences around it still read (and
# split, and are quoted) exactly as they were written.
PROSE_MARKER = "Withheld by the document scan."
PREAMBLE = "(before ENCOUNTER FACTS)"
NO_LAYOUT = "(no record layout)"
_DATED_SECTIONS = frozenset({record.ORDERS, record.SERVICES, record.REVIEW})
_FACTS = record.HEADINGS[0]

ADDRESSEE = "addressed to an automated reader"
OVERRIDE = "tries to override instructions or the rulebook"
DICTATE = "tries to set the answer"
VERDICT = "carries a rulebook verdict word"
VOCABULARY = "uses the kit's own vocabulary"
ROLE_PLAY = "role-play or chat-template cue"
HIDDEN = "hidden or disguised text"

_I = re.IGNORECASE
_M = re.MULTILINE

# Things a reader-directed sentence names as its audience (used inside several patterns below).
_MACHINE = (
    r"(?:LLMs?|ChatGPT|GPT-\d\w*|chat\s?bots?|(?:large\s+)?language\s+models?"
    r"|(?:AI|A\.I\.)[-\s]+(?:based\s+|powered\s+)?(?:systems?|models?|assistants?|agents?|tools?|readers?|reviewers?|pipelines?"
    r"|summari[sz]ers?|assemblers?|parsers?|graders?|scorers?|classifiers?|services?|software|programs?)"
    r"|(?:automated|automatic|machine|software|algorithmic)\s+(?:readers?|reviewers?|reviewing|review"
    r"|systems?|tools?|processors?|processing|agents?|assistants?|summari[sz]ers?|summary|assemblers?"
    r"|pipelines?|graders?|scorers?|classifiers?|evaluators?|extraction|readings?|analysis|parsers?)"
    r"|(?:virtual|digital)\s+assistants?"
    r"|(?:summari[sz]ing|scoring|grading|extracting|assembling|reviewing)\s+(?:systems?|tools?|software"
    r"|models?|engines?|pipelines?|programs?))"
)

# (reason, compiled pattern), in the order reasons are reported. Matched against a unit after
# Unicode folding (NFKC, dashes to "-", zero-width characters removed), except the HIDDEN
# character class, which is matched against the raw unit.
PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    # --- addressed to an automated reader ---------------------------------------------------
    # Names a language model, an AI system or an automated reader/summariser outright.
    (ADDRESSEE, re.compile(rf"\b{_MACHINE}\b", _I)),
    # Bare "AI" used as an addressee ("the AI", "Dear AI", "AI: ..."); case-sensitive, and not
    # the echo abbreviation for aortic insufficiency ("the AI jet", "AI murmur").
    (
        ADDRESSEE,
        re.compile(
            r"\b(?:[Tt]he|[Aa]ny|[Aa]n|[Tt]his|[Dd]ear|[Hh]ey|[Hh]ello|[Aa]ttention|[Nn]ote\s+to"
            r"|[Mm]essage\s+to|[Ii]nstructions?\s+(?:to|for))\s+(?:AI|A\.I\.)(?![\w.])"
            r"(?!\s*(?:murmur|jet|grade|regurg|on\s+echo|noted|seen|present|\d))"
            r"|\b(?:AI|A\.I\.)\s*[,:]\s*(?:please|you|ignore|answer|output|respond|return|mark|disregard)",
        ),
    ),
    # A note, message or instruction explicitly for a reading/summarising/scoring machine.
    (
        ADDRESSEE,
        re.compile(
            r"\b(?:notes?|messages?|instructions?|reminders?|memo)\s+(?:to|for)\s+(?:the\s+|any\s+|all\s+)?"
            r"(?:readers?|summari[sz]ers?|assemblers?|models?|assistants?|systems?|tools?|bots?|machines?"
            r"|agents?|parsers?|graders?|scorers?|classifiers?|review(?:ing)?\s+(?:system|tool|software))\b",
            _I,
        ),
    ),
    # "whatever assembles the evidence", "any tool reading this": an audience defined by what it does.
    (
        ADDRESSEE,
        re.compile(
            r"\b(?:whatever|anything|any\s+(?:system|tool|program|software|process|agent|model|pipeline"
            r"|reader|summari[sz]er|assembler))\s+(?:that\s+|which\s+|who\s+)?(?:is\s+)?"
            r"(?:assembl|read|process|summari[sz]|review|pars|extract|scor|grad|ingest|analy[sz]|evaluat"
            r"|index|screen)\w*"
            r"|\b(?:whoever|anyone|anybody|someone)\s+(?:that\s+|who\s+)?(?:is\s+)?"
            r"(?:assembl|summari[sz]|extract|pars|process|ingest|scor|grad)\w*"
            r"|\bwhoever\s+(?:is\s+)?read(?:s|ing)\s+this\b",
            _I,
        ),
    ),
    # Talk of assembling evidence is the kit's job description, never a charting phrase.
    (ADDRESSEE, re.compile(r"\bevidence\s+assembl\w*|\bassembl\w*\s+(?:the\s+|this\s+|all\s+)?evidence", _I)),
    # "If you are an AI / a language model / reading this ...".
    (
        ADDRESSEE,
        re.compile(
            r"\bif\s+you(?:'re|\s+are)\s+(?:an?\s+)?(?:AI|A\.I\.|automated|language|model|assistant|bot"
            r"|machine|LLM|program|summari[sz]er|reading\s+this|processing\s+this)\b",
            _I,
        ),
    ),
    # --- override of instructions or the rulebook ---------------------------------------------
    # "Ignore / disregard / forget / override the previous instructions (rules, policy, prompt ...)".
    (
        OVERRIDE,
        re.compile(
            r"\b(?:ignore|disregard|forget|overrule|override|bypass|skip|abandon|set\s+aside|discard|suspend"
            r"|neglect)\s+(?:(?:all|any|every|each)(?:\s+of)?\s+)?(?:the\s+|your\s+|these\s+|those\s+|its\s+)?"
            r"(?:(?:previous|prior|preceding|earlier|above|foregoing|original|initial|other|existing|standing"
            r"|system|given|current|usual|normal|old)\s+)?(?:instructions?|rules?|rulebook|polic(?:y|ies)"
            r"|guidance|guidelines|directions|directives?|prompts?|commands?|constraints?|criteria|context"
            r"|programming|benchmark|two[-\s]midnight\s+(?:rule|benchmark|requirement))\b",
            _I,
        ),
    ),
    # "Ignore everything above", "disregard the above" (but not "disregard the above entry", a
    # legitimate charting correction).
    (
        OVERRIDE,
        re.compile(
            r"\b(?:ignore|disregard|forget)\s+(?:everything|anything|all(?:\s+that)?|what(?:ever)?)\s+"
            r"(?:above|before|else|prior|previously|you\s+(?:were|have\s+been)|in\s+the\s+(?:rulebook|prompt))"
            r"|\b(?:ignore|disregard)\s+(?:the\s+)?(?:above|preceding|foregoing)\b"
            r"(?!\s+(?:entry|entries|note|order|line|result|value|reading|documentation|section|comment"
            r"|medication|dose|instruction\s+to\s+the\s+patient))",
            _I,
        ),
    ),
    # Announces replacement instructions: "New instructions: ...", "updated rules follow".
    (
        OVERRIDE,
        re.compile(
            r"\b(?:new|updated|revised|real|actual|true|overriding|higher[-\s]priority|priority)\s+"
            r"(?:system\s+)?(?:instructions?|directives?|rules?|rulebook|prompt)\b\s*"
            r"(?::|-|follow|apply|are|is|take|override|supersede)",
            _I,
        ),
    ),
    # Claims precedence over the rules: "this note supersedes the rulebook".
    (
        OVERRIDE,
        re.compile(
            r"\b(?:supersedes?|overrides?|overrules?|takes?\s+precedence\s+over|replaces?|trumps?|outranks?)\s+"
            r"(?:all\s+|any\s+)?(?:the\s+|your\s+)?(?:(?:other|previous|prior|earlier|system)\s+)?"
            r"(?:instructions?|rules?|rulebook|polic(?:y|ies)|guidance|prompt|criteria|benchmark)\b",
            _I,
        ),
    ),
    # "Regardless of the rulebook / of what the rest of the record says".
    (
        OVERRIDE,
        re.compile(
            r"\bregardless\s+of\s+(?:the\s+|any\s+)?(?:rulebook|rules?|polic(?:y|ies)|instructions?|guidance"
            r"|benchmark|criteria|other\s+(?:entries|documentation|evidence|findings|lines)"
            r"|rest\s+of\s+the\s+record|what\s+(?:else|the\s+record|the\s+rest|the\s+rulebook))",
            _I,
        ),
    ),
    # "Do not apply the rules / check the rest of the record / verify the order".
    (
        OVERRIDE,
        re.compile(
            r"\b(?:do\s+not|don't|never|no\s+need\s+to)\s+(?:apply|follow|use|consult|check|verify|consider"
            r"|read|look\s+at|cross[-\s]?check|re-?check|validate|weigh|count)\s+(?:the\s+|any\s+|your\s+)?"
            r"(?:rulebook|rules?|polic(?:y|ies)|instructions?|benchmark|two[-\s]midnight|criteria"
            r"|other\s+(?:entries|lines|sections|evidence)|rest\s+of\s+the\s+record"
            r"|remaining\s+(?:entries|lines|sections))\b",
            _I,
        ),
    ),
    # --- attempts to set the answer --------------------------------------------------------------
    # "The correct answer is ...", "your verdict must be ...".
    (
        DICTATE,
        re.compile(
            r"\b(?:the|your|its|final|correct|right|only|expected|required)\s+"
            r"(?:(?:final|correct|right|proper|only|expected|required|support|overall)\s+)*"
            r"(?:answer|verdict)s?\b\s*(?:here\s+|for\s+(?:this|the)\s+\w+\s+)?(?:is|must\s+be|should\s+be|shall\s+be|will\s+be"
            r"|has\s+to\s+be|needs\s+to\s+be|=|:)"
            r"|\b(?:your|correct|right|only|expected|required)\s+(?:classification|determination|output"
            r"|label|finding|reading|conclusion)s?\s*(?:is|must\s+be|should\s+be|shall\s+be|=|:)",
            _I,
        ),
    ),
    # "Respond with the word ...", "output only the label", "answer with 'X'".
    (
        DICTATE,
        re.compile(
            r"\b(?:respond|reply|answer|output|return|print|emit|produce)\s+(?:only\s+|exactly\s+|simply\s+"
            r"|just\s+|back\s+)?(?:with\s+|using\s+)?(?:the\s+|a\s+|this\s+)?(?:single\s+|one\s+)?"
            r"(?:word|verdict|label|string|token|phrase|json)\b"
            r"|\b(?:respond|reply|answer|output|print|emit)\s+(?:only\s+|exactly\s+|simply\s+|just\s+)?"
            r"(?:with\s+)?[\"'`]",
            _I,
        ),
    ),
    # "Mark / classify / score this record as ...".
    (
        DICTATE,
        re.compile(
            r"\b(?:mark|classify|label|flag|code|grade|score|rate|categori[sz]e|tag|treat|read|assemble|report"
            r"|count|file|designate|deem|consider|assess|summari[sz]e)\s+(?:this|the|each|that)\s+"
            r"(?:record|encounter|admission|case|chart|document|file|stay|review|evidence|note)\s+"
            r"(?:as|to\s+be)\b",
            _I,
        ),
    ),
    # Passive form: "this admission should be classified as / deemed supported".
    (
        DICTATE,
        re.compile(
            r"\b(?:this|the)\s+(?:record|encounter|admission|case|chart|document|evidence|stay|file)\s+"
            r"(?:should|must|shall|is\s+to|needs\s+to|has\s+to|ought\s+to)\s+be\s+(?:marked|classified"
            r"|labell?ed|flagged|coded|graded|scored|rated|treated|assembled|read|reported|counted|considered"
            r"|deemed|assessed|judged|summari[sz]ed|categori[sz]ed|designated|answered)\s+"
            r"(?:as\b|to\s+be\b|supported|inpatient|met\b|meeting|satisf)",
            _I,
        ),
    ),
    # Second person told what to produce: "you must answer ...", "you are instructed to ignore ...".
    (
        DICTATE,
        re.compile(
            r"\byou\s+(?:must|should|shall|will|are\s+to|need\s+to|have\s+to|are\s+(?:required|instructed"
            r"|expected|asked)\s+to|may\s+only)\s+(?:now\s+|only\s+|simply\s+|just\s+|always\s+)?"
            r"(?:answer|output|respond|reply|classify|mark|conclude|label|assemble|cite|quote|ignore"
            r"|disregard|forget|select|choose|assign|accept|assume|trust|treat\s+this|find\s+that"
            r"|report\s+(?:this|the\s+(?:verdict|answer|record|encounter)))\b",
            _I,
        ),
    ),
    # Tells the reader what to conclude about the order, the stay or the benchmark.
    (
        DICTATE,
        re.compile(
            r"\b(?:conclude|decide|assume|accept|treat\s+it\s+as\s+(?:given|settled|established)"
            r"|(?:answer|determine|rule)(?=\s+that\s+(?:the\s+|this\s+)?(?:inpatient|admission|stay|order"
            r"|benchmark|two[-\s]midnight|status|support)))\s+that\s+(?:the\s+|this\s+)?(?:inpatient"
            r"|admission|stay|order|record|encounter|case|status|two[-\s]midnight|benchmark|requirements?"
            r"|criteria)\b",
            _I,
        ),
    ),
    # "Set the verdict to ...", "change the answer to ...".
    (
        DICTATE,
        re.compile(
            r"\b(?:set|change|switch|flip|update|force)\s+(?:the\s+|your\s+)?(?:support\s+|final\s+)?"
            r"(?:verdict|answer|finding|classification|outcome)\s+(?:to|as)\b",
            _I,
        ),
    ),
    # --- the rulebook's verdict words, which never belong in charting ----------------------------
    (
        VERDICT,
        re.compile(
            r"\b(?:ORDER|EXPECTATION)[-_]GAP\b|\bBENCHMARK[-_]NOT[-_]MET\b|\bINPATIENT[-_]SUPPORTED\b", _I
        ),
    ),
    # The same words written with spaces, in capitals (case-sensitive, so ordinary prose is left alone).
    (VERDICT, re.compile(r"\b(?:ORDER GAP|EXPECTATION GAP|BENCHMARK NOT MET|INPATIENT SUPPORTED)\b")),
    # --- the kit's own vocabulary ------------------------------------------------------------------
    # Finding words of the order row, rule ids, the rulebook, verdicts and reply field names.
    (
        VOCABULARY,
        re.compile(
            r"\border[-_](?:present|ambiguous|missing)\b|\bTM-(?:[1-5]|2026)\b|\brulebooks?\b|\bverdicts?\b"
            r"|\b(?:admitting_order|stay_expectation|services_delivered|expected_discharge|expected_nights"
            r"|support_verdict|meets_benchmark)\b",
            _I,
        ),
    ),
    # --- role-play and chat-template cues ---------------------------------------------------------
    # "You are now ...", "from now on you ...", "act as the reviewer", "pretend that ...", "role-play".
    (
        ROLE_PLAY,
        re.compile(
            r"\byou\s+are\s+now\b(?!\s+(?:being|going|in\b|on\b|at\b|able|ready|safe|home|well|better"
            r"|discharged|admitted|fit|medically))"
            r"|\b(?:from\s+now\s+on|henceforth|for\s+the\s+rest\s+of\s+this\s+(?:task|conversation|session"
            r"|record)),?\s+(?:you|act|behave|respond|answer|treat|ignore|always|only|assume)\b"
            r"|\bact\s+as\s+(?:an?\s+|the\s+)?(?:AI|assistant|model|system|assembler|summari[sz]er|grader"
            r"|scorer|evaluator|auditor|different|new|unrestricted)\b"
            r"|\bpretend\s+(?:you|to\s+be\s+an?\b|that\s+(?:the|this|there|you))"
            r"|\brole[-\s]?play\w*|\bimagine\s+(?:that\s+)?you\s+are\b"
            r"|\byou\s+are\s+(?:an?|the)\s+(?:AI|A\.I\.|assistant|language\s+model|large\s+language|helpful"
            r"|chat\s?bot|bot|evidence|automated)\b"
            r"|\b(?:system|hidden|developer|original|initial)\s+prompt\b|\bprompt\s+injection\b|\bjailbr[eo]ak\w*"
            r"|\bDAN\s+mode\b|\b(?:developer|god|admin|debug|unrestricted)\s+mode\b",
            _I,
        ),
    ),
    # Speaker labels of a chat transcript at the start of a unit or after a bracket or a full stop.
    (
        ROLE_PLAY,
        re.compile(
            r"(?:^|[\[(<{#*>|]\s*|[.!?;]\s+)(?:system|assistant|human|developer)\s*(?:message\s*)?:", _I | _M
        ),
    ),
    # Chat-template tokens: [INST], <<SYS>>, <|im_start|>-style tokens, role tags, code fences.
    (
        ROLE_PLAY,
        re.compile(
            r"\[/?INST\]|<<\s*/?SYS\s*>>|<\|[^|<>\n]{0,40}\|>|</?s>"
            r"|</?(?:system|assistant|user|instructions?|prompt|im_start|im_end)\b[^>]*>"
            r"|(?:^|\s)#{2,}\s*(?:system|instructions?|user|assistant|response|input|prompt)\b|```",
            _I | _M,
        ),
    ),
    # --- hidden or disguised text ----------------------------------------------------------------
    # Markup that hides text from a human but not from a model: HTML comments, invisible styling.
    (
        HIDDEN,
        re.compile(
            r"<!--|-->|<\s*(?:span|div|p|font)\b[^>]*(?:display\s*:\s*none|visibility\s*:\s*hidden"
            r"|font-size\s*:\s*0|color\s*:\s*(?:white|#fff))",
            _I,
        ),
    ),
    # Talk of hidden instructions, or asking that this text not be shown to the human.
    (
        HIDDEN,
        re.compile(
            r"\b(?:hidden|secret|invisible|concealed|embedded|injected)\s+(?:instructions?|prompt|message"
            r"|directive|note\s+(?:to|for))"
            r"|\b(?:begin|end|start)\s+(?:hidden|secret|system|injected|override)\b"
            r"|\b(?:do\s+not|don't|never)\s+(?:show|reveal|mention|disclose|repeat|quote|cite|display|surface"
            r"|flag|report)\s+(?:this\s+(?:instruction|note|line|sentence|text|message)|these\s+instructions"
            r"|the\s+(?:instruction|note|line|sentence|text|above)s?)\b"
            r"|\bthe\s+(?:human|human\s+reviewer|user|reviewer|reader)\s+(?:will\s+not|won't|cannot|can't"
            r"|need\s+not)\s+(?:see|know|be\s+told)\b",
            _I,
        ),
    ),
    # A long unbroken run of base64-like characters: an encoded payload, never charting.
    (HIDDEN, re.compile(r"[A-Za-z0-9+/]{60,}={0,2}")),
    # A word mixing Latin and Cyrillic letters: a homoglyph disguise ("ignоre" with a Cyrillic o).
    (HIDDEN, re.compile(r"\b(?=\w*[A-Za-z])(?=\w*[\u0400-\u04ff])\w+")),
)

# Invisible or direction-changing characters and stray control characters (matched on the raw
# unit): zero-width spaces and joiners, bidi overrides, Unicode tag characters, soft hyphens.
_INVISIBLE = re.compile(
    "[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\U000e0000-\U000e007f"
    "\x00-\x08\x0e-\x1b\x7f]"
)
_DASHES = str.maketrans({c: "-" for c in "\u2010\u2011\u2012\u2013\u2014\u2015\u2212\ufe58\ufe63\uff0d"})
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})

# A sentence ends at . ! or ? (with any closing quotes or brackets), or at the close of a comment or
# chat-template token, followed by space and something that can open a sentence; a few
# abbreviations never end one.
_BOUNDARY = re.compile(
    r"(?:(?<=[.!?])[\"'\u201d\u2019)\]]*|(?<=-->)|(?<=\|>)|(?<=/INST\]))\s+(?=[\"'\u201c\u2018(\[<#*A-Z0-9])"
)
_ABBREVIATIONS = (
    "Dr.", "Mr.", "Mrs.", "Ms.", "Prof.", "e.g.", "i.e.", "vs.", "No.", "St.", "approx.", "etc.", "cf.",
)  # fmt: skip


@dataclass(frozen=True)
class Flag:
    """One flagged unit: its 1-based line, the exact unit text, its section and why it was flagged."""

    line: int
    text: str
    section: str
    reasons: tuple[str, ...]


def _fold(text: str) -> str:
    """The unit as the patterns see it: compatibility-normalised, one kind of dash and quote,
    invisible characters removed (so "ig<zero-width>nore" still reads as "ignore")."""
    folded = unicodedata.normalize("NFKC", text).translate(_DASHES).translate(_QUOTES)
    return _INVISIBLE.sub("", folded)


def _reasons(unit: str, *, text_start: bool = False) -> tuple[str, ...]:
    found: list[str] = []
    raw = unit[1:] if text_start and unit.startswith("\ufeff") else unit  # a file's BOM is not hidden text
    if _INVISIBLE.search(raw):
        found.append(HIDDEN)
    folded = _fold(unit)
    for reason, pattern in PATTERNS:
        if reason not in found and pattern.search(folded):
            found.append(reason)
    order = [reason for reason, _ in PATTERNS]
    return tuple(sorted(found, key=order.index))


def sentences(line: str) -> list[str]:
    """The sentences of one line of prose, each an exact substring of the line, stripped."""
    out: list[str] = []
    start = 0
    for match in _BOUNDARY.finditer(line):
        if line[start : match.start()].endswith(_ABBREVIATIONS):
            continue
        piece = line[start : match.end()].strip()
        if piece:
            out.append(piece)
        start = match.end()
    tail = line[start:].strip()
    if tail:
        out.append(tail)
    return out


def _is_fact_field(line: str) -> bool:
    if not line.startswith("  "):
        return False
    label, _, value = line[2:].partition("  ")
    return label in record.FACT_LABELS and bool(value.strip())


def _units(text: str) -> Iterator[tuple[int, str, str, str]]:
    """(line number, section, unit text, text the patterns read) for every scannable unit."""
    lines = text.splitlines()
    try:
        record.sections(text)
    except record.RecordFormatError:
        for number, line in enumerate(lines, start=1):
            for sentence in sentences(line):
                yield number, NO_LAYOUT, sentence, sentence
        return
    starts: dict[int, str] = {}
    for heading in record.HEADINGS:
        starts[next(i for i, line in enumerate(lines) if line.strip() == heading)] = heading
    section = PREAMBLE
    for index, line in enumerate(lines):
        if index in starts:
            section = starts[index]
            continue
        if not line.strip() or (section == _FACTS and _is_fact_field(line)):
            continue
        if section in _DATED_SECTIONS and record.dated_lines(line):
            yield index + 1, section, line.strip(), record.dated_text(line)
        else:
            for sentence in sentences(line):
                yield index + 1, section, sentence, sentence


def scan(record_text: str) -> list[Flag]:
    """Every unit of the record that a pattern matches, in record order. Pure and deterministic."""
    flags: list[Flag] = []
    for number, section, unit, readable in _units(record_text):
        reasons = _reasons(readable, text_start=record_text.startswith(readable))
        if reasons:
            flags.append(Flag(line=number, text=unit, section=section, reasons=reasons))
    return flags


def _split_ending(piece: str) -> tuple[str, str]:
    lines = piece.splitlines()
    content = lines[0] if lines else ""
    return content, piece[len(content) :]


def quarantine(record_text: str, flags: list[Flag]) -> str:
    """The record with each flagged unit replaced: a dated line by its date stamp and MARKER, a prose
    sentence by PROSE_MARKER. Every other byte is unchanged; with no flags the very same string is returned.
    A flag that does not fit the text (wrong line, text not on that line) is a ValueError."""
    if not flags:
        return record_text
    pieces = record_text.splitlines(keepends=True)
    by_line: dict[int, list[Flag]] = {}
    for flag in flags:
        if not 1 <= flag.line <= len(pieces) or not flag.text:
            raise ValueError(f"flag does not fit this record: line {flag.line}, {flag.text!r}")
        by_line.setdefault(flag.line, []).append(flag)
    for number, line_flags in by_line.items():
        content, ending = _split_ending(pieces[number - 1])
        whole = content.strip()
        if any(flag.text == whole for flag in line_flags) and record.dated_lines(content):
            stamp = content[: len(content) - len(record.dated_text(content))]
            pieces[number - 1] = stamp + MARKER + ending
            continue
        cursor = 0
        for flag in line_flags:
            at = content.find(flag.text, cursor)
            if at < 0:
                at = content.find(flag.text)
            if at < 0:
                raise ValueError(f"flag does not fit this record: line {number}, {flag.text!r}")
            content = content[:at] + PROSE_MARKER + content[at + len(flag.text) :]
            cursor = at + len(PROSE_MARKER)
        pieces[number - 1] = content + ending
    return "".join(pieces)


def report(flags: list[Flag], width: int = 80) -> list[str]:
    """One human-readable line per flag: where it is, why, and the start of what it says."""
    out = []
    for flag in flags:
        text = flag.text if len(flag.text) <= width else flag.text[: width - 3] + "..."
        out.append(f"line {flag.line}, {flag.section}: {'; '.join(flag.reasons)}: {text}")
    return out
