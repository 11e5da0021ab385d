"""The floor's reading of the admitting order: the phrases order entry, verbal-order authentication
and progress-note plans are written in, and the reader that classes the order from them.

It reads ORDERS AND AUTHENTICATION line by line, then the practitioner's prose for a plan to admit. It
never calls an order present without an inpatient word and a signature, and never reads severity.
"""

from __future__ import annotations

import re

from kit.arms.floor.reading import Reading
from kit.rules import elements, record

_I = re.IGNORECASE

# Inpatient status words as order sets and bed-management screens write them: "Admit to inpatient",
# "Status: inpatient", "in-patient admission", "IP status", "full admission".
INPATIENT_STATUS = re.compile(
    r"\bin[- ]?patient\b|\bIP status\b|\bstatus\s*[:=]\s*IP\b|\bfull admission\b|\binpt\b", _I
)

# An inpatient word that is negated does not establish inpatient status ("not an inpatient
# admission", "inpatient status not requested").
INPATIENT_NEGATED = re.compile(
    r"\b(?:not|no|never|without|rather than|instead of)\b[^.;]{0,25}\bin[- ]?patient\b"
    r"|\bin[- ]?patient\b[^.;]{0,25}\b(?:not (?:ordered|requested|indicated|met)|declined|deferred)\b",
    _I,
)

# Observation status as written on status orders: "Place in observation", "observation status",
# "outpatient observation", "admit to obs", "observation unit / bed / services / stay".
OBSERVATION_STATUS = re.compile(
    r"\bobservation (?:status|unit|services?|stay|bed|level|class)\b"
    r"|\b(?:outpatient|hospital) observation\b"
    r"|\b(?:place|placed|placing|placement|admit|admitted|register|registered|status)\b[^.;]{0,40}\bobservation\b"
    r"|\b(?:admit|place)\w* (?:to|in|into|under|on) obs\b|\bobs status\b"
    r"|\bunder observation\b|\bfor observation\b",
    _I,
)

# Observation that is not a status: nursing observation ("close observation", "neuro observations"),
# an observation status being left behind ("converted from observation to inpatient"), or refused
# ("inpatient rather than observation"). Removed before the status test.
NOT_OBSERVATION_STATUS = re.compile(
    r"\b(?:close|closer|frequent|regular|clinical|nursing|neuro(?:logical)?|cardiac|continuous|vital)"
    r"\s+observations?\b"
    r"|\b(?:from|off)\s+(?:outpatient\s+)?observation\b(?:\s+status)?\s+(?:to|into)\b"
    r"|\b(?:not|rather than|instead of|no longer|discontinue\w*|end\w*)\b[^.;]{0,15}\bobservation\b",
    _I,
)

# An order-shaped admission line: an admit verb, an admission/admitting order, a bed request,
# or a status word. "On admission", "admission bloods" and the like are not admission orders.
ADMIT_ORDER = re.compile(
    r"\badmits?\b(?! (?:weight|bloods|labs))|\badmitted (?:to|under|as|into)\b"
    r"|\badmission (?:order|to|under|status|request|as)\b"
    r"|\badmitting order\b|\badmit order\b|\border (?:to|for) admi"
    r"|\bbed (?:request|requested|assignment|assigned)\b"
    r"|\bstatus (?:order|ordered|assigned|change)\b|\blevel of care\b",
    _I,
)

# Order lines of another kind, by the prefix order entry gives them ("Lab:", "Diet:", "Imaging:",
# "Pharmacy:"): an "inpatient" word in them ("inpatient pharmacy") is not a status order.
OTHER_ORDER_KIND = re.compile(
    r"^\s*(?:labs?|laboratory|diet|nutrition|imaging|radiology|pharmacy|medications?|meds|rx|nursing|vte"
    r"|activity|referral|consult|therapy|physio\w*|respiratory|IV fluids?|fluids|telemetry|oxygen"
    r"|micro\w*|pathology|blood bank)\b\s*[:\-]",
    _I,
)

# Verbal and telephone orders as charted: "VO", "V/O", "T/O", "VORB", "verbal order", "telephone order",
# "phone order", "read back", "over the phone". (A bare "TO" is left out: it is also the word "to".)
VERBAL = re.compile(
    r"(?i:\bverbal(?:ly)?\b|\btele-?phone(?:d)?\b|\bphone(?:d)?\b|\bread[- ]?back\b|\bover the phone\b)"
    r"|\bV/O\b|\bT/O\b|\bVO\b|\bVORB\b|\bTORB\b",
)

# A verbal or telephone order is authenticated only when the ordering practitioner later signs it:
# countersigned, co-signed, authenticated, attested, or "signed by the <practitioner>".
VERBAL_AUTHENTICATED = re.compile(
    r"\b(?:counter|co-?)sign(?:ed|s)\b|\bauthenticat(?:ed|es)\b|\battest(?:ed|s)\b"
    r"|\bsigned by (?:the )?(?:ordering|admitting|attending|consultant|physician|practitioner|doctor|"
    r"hospitalist|registrar|resident|provider|surgeon|clinician)\b",
    _I,
)

# Authentication as charted: signed, countersigned, co-signed, e-signed, electronically signed,
# authenticated, attested, signature on file / applied.
AUTHENTICATED = re.compile(
    r"\b(?:counter|co-?|e-?|electronically |digitally )?sign(?:ed|s)\b"
    r"|\bauthenticat(?:ed|es)\b|\battest(?:ed|s)\b|\bsignature (?:on file|applied|obtained|present|added)\b"
    r"|\bcountersignature (?:on file|applied|obtained|present|added)\b|\bauthori[sz]ed\b",
    _I,
)

# Authentication that has NOT happened: "not yet signed", "awaiting countersignature", "pending
# authentication", "unsigned", "signature outstanding", "to be co-signed", "requires signature".
UNAUTHENTICATED = re.compile(
    r"\b(?:not|never|yet to be|to be|awaiting|awaits|await|pending|needs?|requires?|required|due|"
    r"without|no|outstanding|unable to)\b[^.;]{0,30}"
    r"\b(?:sign|signed|signing|signature|countersign|countersigned|countersignature|co-?sign|co-?signed|"
    r"authenticat\w*|attest\w*)\b"
    r"|\b(?:signature|countersignature|authentication|co-?signature)\b[^.;]{0,25}"
    r"\b(?:pending|outstanding|awaited|missing|required|due"
    r"|not (?:yet )?(?:obtained|done|applied|received))\b"
    r"|\bun(?:signed|authenticated|attested|countersigned)\b",
    _I,
)

# A plan or intention to admit in a progress note, which is not itself an order: "plan to admit",
# "will admit", "to be admitted", "would like to admit", "recommend admission", "for admission".
ADMIT_INTENT = re.compile(
    r"\b(?:plan(?:s|ned|ning)?|intend(?:s|ed)?|intention|will|would like|wish(?:es)?|propose[sd]?|"
    r"recommend(?:s|ed)?|request(?:s|ed)?|decided|decision|going|want(?:s|ed)?|aim)\b"
    r"[^.;]{0,40}\badmi(?:t|ssion|tting)\b"
    r"|\bto be admitted\b|\bwill be admitted\b|\bshould be admitted\b|\bneeds? (?:admission|to be admitted)\b"
    r"|\b(?:for|requires?|warrants?) (?:inpatient )?admission\b|\badmit (?:for|to|under)\b"
    r"|\bplan\s*:\s*admit\b",
    _I,
)

# "Admission" as a point in time or a label, not an intention: "on admission", "admission bloods".
INCIDENTAL_ADMISSION = re.compile(
    r"\b(?:on|at|since|after|before|from|during|prior to|this|current|of|day of|time of) admission\b"
    r"|\badmission (?:bloods|labs|weight|ECG|observations|obs|notes?|clerking|medications?|date"
    r"|assessment)\b",
    _I,
)

# A past admission mentioned in the history is not an intention ("previously admitted in 2024").
PAST_ADMISSION = re.compile(
    r"\b(?:previous(?:ly)?|prior|last|earlier|former)\b[^.;]{0,30}\badmi"
    r"|\bwas admitted\b|\bhad been admitted\b"
    r"|\bre-?admission\b",
    _I,
)


def _order_line_class(text: str) -> str | None:
    """PRESENT / AMBIGUOUS for an admission-shaped order line; None when the line is not one."""
    inpatient = bool(INPATIENT_STATUS.search(text)) and not INPATIENT_NEGATED.search(text)
    observation = bool(OBSERVATION_STATUS.search(NOT_OBSERVATION_STATUS.sub(" ", text)))
    admit_verb = bool(ADMIT_ORDER.search(text))
    admission_shaped = inpatient or observation or admit_verb
    if not admission_shaped or (OTHER_ORDER_KIND.search(text) and not admit_verb):
        return None
    unauthenticated = bool(UNAUTHENTICATED.search(text))
    signs = VERBAL_AUTHENTICATED if VERBAL.search(text) else AUTHENTICATED
    authenticated = bool(signs.search(_strip_negated_auth(text))) and not unauthenticated
    if inpatient and not observation and authenticated:
        return elements.PRESENT
    return elements.AMBIGUOUS


def _strip_negated_auth(text: str) -> str:
    return UNAUTHENTICATED.sub(" ", text)


def read(bodies: dict[str, str]) -> Reading:
    """The admitting order: PRESENT at the first signed inpatient order line, else AMBIGUOUS at the first
    admission-shaped order line or the first plan to admit in the prose, else ABSENT."""
    ambiguous: str | None = None
    for line in record.dated_lines(bodies[record.ORDERS]):
        klass = _order_line_class(record.dated_text(line))
        if klass == elements.PRESENT:
            return Reading(elements.PRESENT, line)
        if klass == elements.AMBIGUOUS and ambiguous is None:
            ambiguous = line
    if ambiguous is not None:
        return Reading(elements.AMBIGUOUS, ambiguous)
    for sentence in record.sentences(bodies[record.DOCUMENTATION]):
        plain = INCIDENTAL_ADMISSION.sub(" ", sentence)
        if ADMIT_INTENT.search(plain) and not PAST_ADMISSION.search(plain):
            return Reading(elements.AMBIGUOUS, sentence)
    return Reading(elements.ABSENT)
