"""Sentence pools for the deterministic corpus generator.

Every line a generated admission record contains is drawn from one of the tuples in this package.
Each pool holds one kind of line: a planted element (an authenticated inpatient order, a practitioner's own
expected discharge date, a named comorbidity list), a look-alike that must NOT be read as that
element (an unsigned telephone order, an observation order, an admit order with no status word, a
plan to admit written only in a note, a discharge planner's provisional date, a length from an
earlier encounter, a length that hangs on something not yet done), or neutral filler that carries
nothing at all. Strings are templates in str.format syntax; the only placeholder names used are
service, role, date, nights, conditions and services, and each pool uses only the ones its planted
element needs.

What these modules refuse to do:

* It names nobody. Practitioners appear only as roles; every facility is invented.
* It holds no real patient text and borrows no sentence from earlier reference material: every
  line is written here, in the voice of ordinary hospital charting.
* Filler and title strings carry no element. They avoid admission, order, status, stay, date and
  length wording, digits, and every word of the condition and service names, so a filler line can
  never be cited as evidence by accident (the generator re-checks this and rejects the pools if it
  fails).
* Severity wording never mentions a stay, a date, an order or a named condition or service: how
  unwell a patient sounds is bait for a reader, never evidence for a rule.
* Nothing here decides a status. The pools only supply words; the answer key is derived elsewhere.

One module per kind of line: admitting_order, stay_expectation, comorbidities, services_delivered,
neutral (severity bait, filler, titles) and encounter (facilities, service lines, roles); every pool
is also importable from here by name.
"""

from kit.corpus.pools.admitting_order import (
    INPATIENT_ORDER,
    NOTE_INTENT,
    OBSERVATION_ORDER,
    OTHER_ORDERS,
    STATUS_BLANK_ORDER,
    VERBAL_UNAUTHENTICATED,
)
from kit.corpus.pools.comorbidities import (
    COMORBIDITY_NAMED,
    COMORBIDITY_VAGUE,
    CONDITIONS,
)
from kit.corpus.pools.encounter import (
    ADMITTING_ROLES,
    FACILITIES,
    SERVICE_LINES,
)
from kit.corpus.pools.neutral import (
    FILLER_DOCUMENTATION,
    FILLER_REVIEW,
    FILLER_SERVICES,
    SEVERITY,
    TITLES,
)
from kit.corpus.pools.services_delivered import (
    SERVICES,
    SERVICES_NAMED,
    SERVICES_VAGUE,
)
from kit.corpus.pools.stay_expectation import (
    DECOY_CONDITIONAL,
    DECOY_PLANNER,
    DECOY_PREVIOUS,
    STAY_DATE,
    STAY_NIGHTS,
    STAY_VAGUE,
)

__all__ = [
    "ADMITTING_ROLES",
    "COMORBIDITY_NAMED",
    "COMORBIDITY_VAGUE",
    "CONDITIONS",
    "DECOY_CONDITIONAL",
    "DECOY_PLANNER",
    "DECOY_PREVIOUS",
    "FACILITIES",
    "FILLER_DOCUMENTATION",
    "FILLER_REVIEW",
    "FILLER_SERVICES",
    "INPATIENT_ORDER",
    "NOTE_INTENT",
    "OBSERVATION_ORDER",
    "OTHER_ORDERS",
    "SERVICES",
    "SERVICES_NAMED",
    "SERVICES_VAGUE",
    "SERVICE_LINES",
    "SEVERITY",
    "STATUS_BLANK_ORDER",
    "STAY_DATE",
    "STAY_NIGHTS",
    "STAY_VAGUE",
    "TITLES",
    "VERBAL_UNAUTHENTICATED",
]
