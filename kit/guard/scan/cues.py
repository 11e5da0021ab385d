"""The pattern fragments the document scan's table is written with: machines that read documents,
outcomes of the review, the objects an override names, and the charting a chat-like label can be.

Fragments only: nothing here is matched on its own, and nothing here reads a record.
"""

# How the patterns stay off real charting. Hospitals are full of machines ("the pharmacy automated
# system flagged ...", "ECG machine reading ..."), clinicians write "treat the case as sepsis", "the only
# finding is ...", "new instructions: nil by mouth", "patient ignores advice". So a soft cue on its own
# (a machine named, "the answer is", "output", "respond with", "mark ... as", "new instructions",
# "regardless of the policy") never flags. It flags only with something charting does not contain:
# the machine spoken to (a vocative, a modal aimed at it, "if you are ..."), an imperative aimed at
# the review, or an outcome of the review as its content (below). The strong cues (explicit
# instruction overrides such as "ignore all previous instructions", the rulebook, the kit's verdict
# words, chat-template tokens, hidden text) still flag alone.

# Machines that read documents: language models and AI systems, and automated
# readers/reviewers/summarisers. Generic hospital machinery ("automated system", "machine reading",
# "scoring tool") is deliberately absent, and even these flag only when addressed (see ADDRESSEE).
MACHINE = (
    r"(?:LLMs?|ChatGPT|GPT-\d\w*|chat\s?bots?|(?:large\s+)?language\s+models?"
    r"|(?:AI|A\.I\.)[-\s]+(?:based\s+|powered\s+)?(?:systems?|models?|assistants?|agents?|tools?|readers?"
    r"|reviewers?|pipelines?|summari[sz]ers?|assemblers?|parsers?|graders?|scorers?|classifiers?|services?"
    r"|software|programs?)"
    r"|(?:automated|automatic|machine|software|algorithmic)\s+(?:readers?|reviewers?|summari[sz]ers?"
    r"|assemblers?|graders?|scorers?|classifiers?|evaluators?|parsers?|assistants?|agents?)"
    r"|(?:virtual|digital)\s+assistants?|(?:evaluation|extraction|scoring|grading)\s+(?:models?|engines?|bots?)"
    r"|(?:summari[sz]ing|assembling|extracting|reviewing)\s+(?:systems?|tools?|software|models?|engines?"
    r"|pipelines?|programs?))"
)

# What the review decides, written as content. Charting says "supported by one", "criteria met" in
# passing; these words count only next to a soft cue ("mark this admission as meeting ...").
OUTCOME = (
    r"(?:(?:un)?supported|met|meets|meeting|satisf(?:y|ies|ied|ying)|pass(?:es|ed|ing)?|qualif(?:y|ies|ied"
    r"|ying)|approved|authenticated|countersigned|justified|compliant|long\s+enough|benchmark"
    r"|two[-\s]midnights?|(?:two|three|four|five|six|seven|\d+)\s+midnights)"
)
THEN_OUTCOME = rf"[^\n]*?\b{OUTCOME}\b"
# An imperative's position: the start of the unit, after a clause break or after "please".
IMPERATIVE = r"(?:^|[.;:!?]\s*|\s-+\s*|\bplease\s+)"
# What a review-directed sentence talks about.
RECORDISH = r"(?:record|encounter|admission|case|chart|document|file|stay|review|evidence|note|order)"
# Something that turns "new instructions: ..." from a ward plan into an instruction to the reader.
TO_READER = (
    r"(?:[^\n]*?\b(?:you|your|ignore|disregard|answer|respond|reply|output|verdict|approve)\b"
    rf"|{THEN_OUTCOME})"
)
# Ordinary objects an override can name; they flag only with a sign that the instructions meant are
# the reader's (see the OVERRIDE patterns).
SOFT_OBJECT = (
    r"(?:instructions?|rules?|polic(?:y|ies)|guidance|guidelines|directions|directives?|commands?"
    r"|constraints?|criteria|context|prompts?|programming)"
)
# Objects that are the reader's by their nature.
STRONG_OBJECT = (
    r"(?:rulebook|system\s+prompts?|benchmark|two[-\s]midnight\s+(?:rule|benchmark|requirement)"
    r"|system\s+instructions?)"
)
OVERRIDE_VERB = (
    r"(?:ignore|disregard|forget|overrule|override|bypass|skip|abandon|set\s+aside|discard|suspend|neglect)"
)
# An operating-note "Assistant: Dr Patel" names a person.
PERSON = (
    r"(?:Dr\b|Mr\b|Mrs\b|Ms\b|Miss\b|Prof\b|Sister\b|Nurse\b|PA\b|registrar|SHO\b|nil\b|none\b|n/a\b"
    r"|[A-Z]\.)"
)
