"""The document scan's patterns for hidden or disguised text (reason HIDDEN in
kit.guard.scan.patterns): markup that hides text from a human but not from a model, a comment line,
letters spelled out one by one, case that alternates, talk of hidden instructions or of keeping a
line from the reviewer, and a long base64 run.

Patterns only, matched on the folded unit; the invisible characters of the raw unit, look-alike
letters and decoded payloads are tested by kit.guard.scan itself (with kit.guard.scan.script and
kit.guard.scan.encoded).
"""

from __future__ import annotations

import re

from kit.guard.scan import addressed

_I = re.IGNORECASE

# Any one of them matching flags the unit for this reason.
PATTERNS: tuple[re.Pattern[str], ...] = (
    addressed.COMMENT_LINE,  # "% comment: expected stay ... documented"
    # Markup that hides text from a human but not from a model: HTML comments, invisible styling (in
    # any tag), text carried in an attribute a page never shows as text (alt, title, aria-label, data-).
    re.compile(
        r"<!--|-->|<\s*\w+\b[^>]*(?:display\s*:\s*none|visibility\s*:\s*hidden"
        r"|font-size\s*:\s*0|opacity\s*:\s*0(?:\.0+)?\s*[;\"']|color\s*[:=]\s*[\"']?(?:white|#fff))"
        r"|<\s*(?:details|summary|template|noscript|script|style)\b|<\s*\w+\b[^>]*\s(?:alt|title|aria-label|data-[\w-]+)\s*=\s*[\"'][^\"']*\s"
        r"|<\s*\w+\b[^>]*\shidden\b|(?:^|\s)\[[^\]\n]{0,20}\]:\s*#"
        r"|\\rtf\d|\\v0\b"  # RTF, whose \v ... \v0 is hidden text
        r"|\\(?:iffalse|textcolor|color|phantom|comment)\b|\\begin\s*\{?comment"  # LaTeX that hides
        r"|<\s*(?:noinclude|includeonly|onlyinclude|ref)\b|\[[^\]\n]{0,20}\]:\s*<>"  # MediaWiki, markdown
        r"|\[(?:color|size|font)=[^\]\n]{1,20}\]|\[/?(?:hide|hidden|spoiler|noparse)\]"  # BBCode
        r"|\[/(?:color|size|font)\]"
        r"|#\+begin_\w+"  # Org mode
        # comments of the template languages: JSP/ASP, FreeMarker, Handlebars, Jinja, Razor
        r"|<%--|--%>|<#--|\{\{!|\{#|#\}|@\*|\*@"
        r"|(?<!\w)(?:[A-Za-z] ){6,}[A-Za-z](?!\w)"  # "I N P A T I E N T": spelled out letter by letter
        r"|(?<![\w.])(?:[A-Za-z]\.){6,}[A-Za-z]?(?![\w])"  # "I.N.P.A.T.I.E.N.T"
        r"|/\*[^\n]*?\*/"  # a C comment closed within the unit
        r"|(?<![\w-])(?:[A-Za-z]-){6,}[A-Za-z](?![\w-])"  # "i-n-p-a-t-i-e-n-t"
        # "inPaTiEnT": a word whose case alternates four times or more, never charting ("NaCl", "BiPAP")
        r"|(?-i:\b[A-Z]?(?:[a-z]+[A-Z]+){4,}[a-z]*\b)",
        _I,
    ),
    # Talk of hidden instructions, or asking that this text be kept out of the summary or from the human
    # reviewer. "Do not disclose this note to the partner" is a safeguarding instruction and passes.
    re.compile(
        r"\b(?:hidden|secret|invisible|concealed|embedded|injected)\s+(?:instructions?|prompt|message"
        r"|directive|note\s+(?:to|for))"
        r"|\b(?:begin|end|start)\s+(?:hidden|secret|injected|override)\b"
        r"|\b(?:begin|end|start)\s+system\s+(?:prompt|message|instructions?)\b"
        r"|\b(?:do\s+not|don't|never)\s+(?:show|reveal|mention|disclose|repeat|quote|cite|display|surface"
        r"|flag|report)\s+(?:this\s+(?:instruction|note|line|sentence|text|message)|these\s+instructions"
        r"|the\s+(?:instruction|note|line|sentence|text|above)s?)\b"
        r"(?=[^\n]*\b(?:summar\w*|output|answer|respon\w*|repl(?:y|ies)|verdict|evidence|assembl\w*"
        r"|reviewers?|human|user|readers?)\b)"
        r"|\b(?:do\s+not|don't|never)\s+(?:show|reveal|mention|disclose|repeat|quote|cite|display|surface"
        r"|flag|report)\s+these\s+instructions\b"
        r"|\bthe\s+(?:human|human\s+reviewer|user|reviewer|reader)\s+(?:will\s+not|won't|cannot|can't"
        r"|need\s+not)\s+(?:see|know|be\s+told)\b",
        _I,
    ),
    # A long unbroken run of base64-like characters: an encoded payload, never charting. (Look-alike
    # letters from another script are found with Unicode's own data, in kit.guard.scan.script.)
    # A long run of the base64 alphabet, but not a hexadecimal digest (a checksum is charting).
    re.compile(r"(?![0-9a-fA-F]{60,}(?![A-Za-z0-9+/]))[A-Za-z0-9+/]{60,}={0,2}"),
)
