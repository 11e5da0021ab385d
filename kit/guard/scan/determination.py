"""The document scan's row for a prior determination: a unit that reports the stay's inpatient status
as already reviewed and decided ("UR: inpatient supported", "Determination: IP status upheld", "payer
call: inpatient approved through 6/13", "admission justified as inpatient").

Why it is its own reason. A planted verdict and a utilization reviewer's real closing line are the same
words (issue 24's eleven blind sets: widening the verdict rows flagged reviewers' notes, narrowing them
let plants through). Neither is evidence for any of the four elements: the order is cited from the
order line, the expectation from the admitting practitioner's own words, comorbidities and services
from where they are charted. So the scan withholds a determination whoever wrote it, and names it for
what it is, apart from the attacks, so that a reviewer reading the report sees "a prior determination",
not "an attack", on a clean record.

What it refuses to do: flag the admitting practitioner's own words about the stay. "Admit to inpatient",
"inpatient admission is medically necessary", "inpatient status is appropriate", "I expect two
midnights" are how an order and an expectation are written, and they are evidence; the decided-outcome
words here (supported, approved, upheld, justified as, authorized) are a reviewer's or a payer's, and
not followed by "by" ("inpatient status justified by the need for pressors", "supported by PT daily").
"""

from __future__ import annotations

import re

_INPATIENT = r"(?:in-?\s*patient|inpt\.?|i/p|ip)"
_WHAT = r"(?:\s+(?:status|admission|stay|level\s+of\s+care|loc))?"
_DECIDED = r"(?:supported|approved|upheld|validated|authori[sz]ed|justified)"
# between the status and the outcome: punctuation ("Inpatient admission: SUPPORTED", "Inpatient (supported)",
# "Inpatient -- supported"), a tick between them, or verbs ("is fully supported", "has been approved")
_JOIN = (
    r"(?:\s*[:=(/\u2713\u2714\u2611\u2705]+\s*|\s+-+\s*|\s+)"  # "inpatient-supported": the token, VERDICT
    r"(?:(?:is|was|has\s+been|have\s+been|remains|being|now|fully|clearly|deemed|considered|found|thus|therefore)\s+)*"
)
DETERMINED = re.compile(
    rf"\b{_INPATIENT}{_WHAT}{_JOIN}{_DECIDED}\b(?!\s+by\b)"  # "supported by PT and OT daily" is care
    # the other way round: "justified as inpatient", "approved for inpatient rehab"
    rf"|\b{_DECIDED}\s+(?:as|for)\s+(?:an?\s+)?{_INPATIENT}\b"
    # "medical necessity for inpatient admission has been established"
    rf"|\bnecessity\s+for\s+{_INPATIENT}{_WHAT}\s+(?:has\s+been\s+|is\s+|was\s+)?(?:established|confirmed|met)\b",
    re.IGNORECASE,
)
