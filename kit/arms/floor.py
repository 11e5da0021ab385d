"""The rules floor: a free, offline arm that reads an admission record with phrase lists.

What it is for: a baseline every model arm must beat, and a check that the scorer rewards careful
reading rather than luck. It answers in the same structured form a model's reply is parsed into
(kit.answer.Answer): per element, one finding word in that element's own vocabulary and the ONE line
(a dated line, or one prose sentence) its decision rests on; the stay row's date or night count is
extracted from that cited line alone; the verdict is then re-derived by kit.recheck, the same engine
a model's answer is rechecked with.

What it refuses to do: its phrase lists are written from how hospital charts are generally written
(admission and status orders, verbal and telephone order authentication, progress-note plans,
expected-discharge statements, case-management notes, problem lists, ward services). It never reads
the corpus generator's sentence pools, plan or gold key, so its score measures a genuine attempt. It
never softens an order gap: when it cannot establish a signed order admitting the patient as an
inpatient, it does not say order-present. It never reads severity into anything, never raises on a
record in the format, and never touches the network.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime

from kit import elements, record
from kit.answer import Answer, ElementAnswer, Problem
from kit.recheck import recheck

WHY = "rules floor: phrase lists over the record, verdict re-derived by the rule engine"

_I = re.IGNORECASE

# ---------------------------------------------------------------------------------------------
# Admitting order
# ---------------------------------------------------------------------------------------------

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

# ---------------------------------------------------------------------------------------------
# Stay expectation
# ---------------------------------------------------------------------------------------------

ISO_DATE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")

# Number words a clinician writes out for a night count ("two more nights").
NUMBER_WORDS = {
    "one": 1,
    "a single": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
}
NIGHT_COUNT = re.compile(
    r"\b(\d{1,2}|one|a single|two|three|four|five|six|seven|eight|nine|ten)"
    r"(?:\s+(?:more|further|additional|extra|inpatient|hospital|consecutive))*"
    r"\s+(?:mid-?nights?|nights?)\b",
    _I,
)

# Words tying a date or count to the stay: discharge, going home, leaving, length of stay, EDD,
# "in hospital", "with us", "on the ward".
STAY_WORDS = re.compile(
    r"\bdischarg\w*|\bhome\b|\bleav(?:e|ing)\b|\bstay\b|\blength of stay\b|\bLOS\b|\bEDD\b|\bTCI\b"
    r"|\bremain\w*\b|\bin (?:hospital|house)\b|\bwith us\b|\bon the ward\b|\bgo(?:ing)? out\b"
    r"|\bstep[- ]down\b|\bmid-?nights?\b",
    _I,
)

# A night count that is a habit, not a stay ("works three nights a week").
NIGHT_HABIT = re.compile(r"\bnights? (?:a|per|each|every) (?:week|month|fortnight)\b|\bnights? weekly\b", _I)

# A range of nights or days is a gesture, not a number ("two to three nights", "2-3 nights").
NIGHT_RANGE = re.compile(
    r"\b(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s*(?:-|to|or)\s*"
    r"(?:\d{1,2}|two|three|four|five|six|seven|eight|nine|ten)\s+(?:more |further )?(?:mid-?)?nights?\b",
    _I,
)

# Someone other than the admitting practitioner owns the date: discharge planners, case managers,
# social workers, bed managers, utilization reviewers, payers, the patient's own hopes.
OTHER_OWNER = re.compile(
    r"\bdischarge (?:planner|planning|coordinator|team|liaison)\b|\bcase manage\w*"
    r"|\bcare (?:manage\w*|coordinat\w*)"
    r"|\bsocial work\w*|\bbed (?:manage\w*|office|bureau)\b|\bpatient flow\b|\butili[sz]ation\b|\breviewer\b"
    r"|\bpayer\b|\binsurer\b|\bnurse navigator\b|\btransitions? (?:of care )?(?:nurse|team)\b"
    r"|\b(?:patient|family|relatives?) (?:hopes?|wish(?:es)?|would like|wants?|asked)\b|\bhopes? to\b"
    r"|\baccording to (?:the )?(?:planner|ward|nursing|family)\b",
    _I,
)

# The length belongs to an earlier encounter: "last admission", "previous stay", "prior encounter".
PREVIOUS = re.compile(
    r"\b(?:previous|prior|last|earlier|former|preceding|index)\b[^.;]{0,25}"
    r"\b(?:admission|stay|encounter|visit|episode|hospitali[sz]ation|time)\b"
    r"|\bpreviously\b|\blast (?:year|month|time)\b|\bin the past\b|\bhistorically\b",
    _I,
)

# The length is conditional on something that has not happened yet.
CONDITIONAL = re.compile(
    r"\bif\b|\bshould (?:the|he|she|they|it|there|cultures|imaging|results)\b|\bonce\b|\bdepend\w*\b"
    r"|\bpending\b|\bprovided (?:that )?\b|\bassuming\b|\bunless\b|\bcontingent\b|\bsubject to\b"
    r"|\bas long as\b|\bwhether\b|\bin the event\b|\bawait\w*\b|\bwhen (?:the )?\w+ (?:confirm|return|come)",
    _I,
)

# A length gestured at without a date or a number of nights, in words that are about the stay itself.
VAGUE_STAY = re.compile(
    r"\b(?:short|brief|quick|extended|prolonged|longer|long|lengthy|protracted)\s+"
    r"(?:inpatient |hospital )?(?:stay|admission|hospitali[sz]ation)\b"
    r"|\blength of stay\b[^.;]{0,30}\b(?:uncertain|unclear|unknown|undetermined|to be determined|TBD|open)\b"
    r"|\b(?:uncertain|unclear|difficult to (?:predict|say|estimate)|too early to say) (?:how long|when)\b",
    _I,
)

# Generic durations that are a gesture at the stay only when tied to it by a stay word.
VAGUE_DURATION = re.compile(
    r"\b(?:a few|a couple of|several|some|a number of|few|many) (?:more |further )?(?:days|nights|weeks)\b"
    r"|\ba (?:day|night) or two\b|\bnext (?:day or two|few days)\b|\bovernight\b|\bin due course\b"
    r"|\b(?:\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)(?:\s*(?:-|to)\s*\w+)? (?:days|weeks)\b"
    r"|\bsoon\b|\bshortly\b|\bwhen (?:medically )?(?:fit|stable|ready)\b",
    _I,
)

# A date for after the stay (clinic follow-up, outpatient appointment) is not a discharge date.
FOLLOW_UP = re.compile(
    r"\bfollow[- ]?up\b|\bclinic\b|\bappointment\b|\boutpatient\b|\breturn visit\b|\brecheck\b"
    r"|\b(?:repeat|review|seen) (?:again )?(?:in|on) (?:the )?(?:clinic|\d{4}-)",
    _I,
)

# The practitioner is speaking of the current stay: expect, anticipate, estimate, plan, target, EDD.
EXPECT_WORDS = re.compile(
    r"\bexpect\w*|\banticipat\w*|\bestimat\w*|\bpredict\w*|\bplan\w*|\btarget\w*|\blikely\b|\bEDD\b"
    r"|\bforesee\w*|\bshould\b|\bwill\b|\bintend\w*|\bneed\w*\b|\brequire\w*|\bproject\w*",
    _I,
)

# ---------------------------------------------------------------------------------------------
# Comorbidities
# ---------------------------------------------------------------------------------------------

# Chronic conditions as they appear in problem lists and past-medical-history lines.
COMORBIDITY_TERMS = re.compile(
    r"\bdiabet\w*|\bhypertensi\w*|\bchronic obstructive\b|\bemphysema\b|\bchronic bronchitis\b|\basthma\w*"
    r"|\bbronchiectasis\b|\binterstitial lung disease\b|\bpulmonary (?:fibrosis|hypertension)\b"
    r"|\bsleep apn(?:o)?ea\b|\bchronic kidney disease\b|\bend[- ]stage renal\b"
    r"|\b(?:chronic )?renal (?:failure|impairment|insufficiency)\b|\bheart failure\b|\bcardiomyopathy\b"
    r"|\batrial (?:fibrillation|flutter)\b|\bcoronary (?:artery|heart) disease\b"
    r"|\bisch(?:a)?emic heart disease\b"
    r"|\bangina\b|\bmyocardial infarction\b|\bheart attack\b|\bvalv(?:e|ular) (?:disease|replacement)\b"
    r"|\baortic (?:stenosis|regurgitation)\b|\bmitral (?:stenosis|regurgitation)\b|\bpacemaker\b"
    r"|\bperipheral (?:arterial|vascular) disease\b|\bstroke\b|\bdementia\b|\bAlzheimer\w*|\bParkinson\w*"
    r"|\bepilep\w*|\bseizure disorder\b|\bmultiple sclerosis\b|\bmotor neurone? disease\b|\bhemiplegi\w*"
    r"|\bparaplegi\w*|\bcirrhosis\b|\bchronic liver disease\b|\bhepatitis [BC]\b|\bfatty liver\b"
    r"|\bcancer\b|\bcarcinoma\b|\bmalignan\w*|\blymphoma\b|\bleuk(?:a)?emia\b|\bmyeloma\b|\bmetasta\w*"
    r"|\bobes\w*|\bhypothyroid\w*|\bhyperthyroid\w*|\bhyperlipid(?:a)?emia\b|\bdyslipid(?:a)?emia\b"
    r"|\bhypercholesterol(?:a)?emia\b|\bosteoarthritis\b|\brheumatoid arthritis\b|\bosteoporosis\b|\bgout\b"
    r"|\blupus\b|\bpsoriasis\b|\bCrohn\w*|\bulcerative colitis\b|\binflammatory bowel disease\b"
    r"|\breflux disease\b|\bbenign prostatic hyperplasia\b|\bglaucoma\b|\bmacular degeneration\b"
    r"|\bchronic (?:pain|an(?:a)?emia|pancreatitis)\b|\bsickle cell\b|\bthalass(?:a)?emia\b"
    r"|\bcystic fibrosis\b"
    r"|\bdepressi(?:on|ve disorder)\b|\b(?:generali[sz]ed )?anxiety disorder\b|\bbipolar\b|\bschizophreni\w*"
    r"|\balcohol (?:use|dependence)\w*|\bsubstance use\b|\bopioid use disorder\b|\b\w+ transplant\w*"
    r"|\bon (?:haemo|hemo|peritoneal )?dialysis\b|\bdialysis[- ]dependent\b|\bdeep vein thrombosis\b"
    r"|\bpulmonary embol\w*|\bthrombophilia\b|\bfrailty\b|\bcognitive impairment\b|\blearning disabilit\w*"
    r"|\bautism\b|\bDown syndrome\b|\bhypertrophic\b|\bspina bifida\b|\bcerebral palsy\b",
    _I,
)

# The usual problem-list abbreviations; upper case only, so "pad" or "af" in ordinary prose do not count.
COMORBIDITY_ABBREVIATIONS = re.compile(
    r"\b(?:T[12]DM|DM ?(?:type ?)?[12]|IDDM|NIDDM|HTN|COPD|ILD|OSA|CKD(?: stage ?\d[ab]?)?|ESRD|CHF|HF[rpm]EF"
    r"|AF|CAD|IHD|MI|CABG|PAD|PVD|CVA|TIA|HIV|SLE|IBD|GORD|GERD|BPH|DVT|OA|AAA)\b"
)

# Conventions that introduce a history: "history of", "background of", "known", "PMH", "co-morbid".
HISTORY_CUES = re.compile(
    r"\bhistory of\b|\bbackground (?:of|includes|history)\b|\bknown\b|\bPMH\b|\bPMHx\b|\bcomorbid\w*"
    r"|\bco-morbid\w*|\bdiagnos\w*|\bliving with\b|\bestablished\b|\blong-?standing\b|\bchronic\b",
    _I,
)

# Burden without names: the reader is told there is history but not what it is.
COMORBIDITY_VAGUE = re.compile(
    r"\b(?:multiple|several|numerous|many|various|significant|extensive|complex|complicated|lengthy|"
    r"considerable|substantial|long|rich|involved)\s+(?:\w+\s+){0,2}"
    r"(?:co-?morbidit\w*|medical (?:history|problems|conditions|issues)|past (?:medical )?history|"
    r"chronic (?:conditions|illness\w*|diseases?|problems)|health (?:problems|conditions|issues)|PMH|"
    r"long-?term (?:conditions|illness\w*))"
    r"|\bmulti-?morbid\w*|\bco-?morbidit(?:y|ies) (?:burden|as (?:per|documented)|noted)\b"
    r"|\blong-?term (?:conditions|illness\w*|health conditions)\b|\bchronic (?:conditions|illnesses)\b"
    r"|\b(?:past )?medical history (?:as per|see|documented|on file|is (?:extensive|complex|significant))\b"
    r"|\bknown to (?:several|multiple|many) (?:specialt\w*|services|teams|clinics)\b",
    _I,
)

# A statement that there is no history is not a vague reference to one ("no significant PMH").
NO_HISTORY = re.compile(
    r"\b(?:no|without|denies|nil)\b[^.;]{0,20}\b(?:significant|known|past|relevant)\b", _I
)

# The condition is denied or ruled out: the negation sits shortly before the condition's name.
COMORBIDITY_NEGATION = re.compile(
    r"\b(?:no|denies|denied|without|negative for|never (?:had|been diagnosed)|ruled out|free of|nil)\b"
    r"(?:(?!\b(?:but|although|though|however)\b)[^.;])*$",
    _I,
)

# The condition belongs to a relative ("family history of", "mother had", "brother with").
COMORBIDITY_RELATIVE = re.compile(
    r"\bfamily history\b|\bFHx?\b|\b(?:mother|father|sister|brother|sibling|parents?|son|daughter|grandmother"
    r"|grandfather|aunt|uncle|cousin|husband|wife|partner|spouse)(?:'s)?\b[^.;]{0,25}"
    r"\b(?:had|has|have|with|died|suffer\w*|diagnosed|of)\b[^.;]*$",
    _I,
)

# A disease-shaped word after a history cue ("history of sarcoidosis", "known myasthenia"), so that
# conditions missing from the list above are still read when the chart signals a history.
DISEASE_SHAPE = re.compile(
    r"\b\w{3,}(?:itis|osis|(?:a)?emia|pathy|oma|iasis|plegia|trophy)\b"
    r"|\b\w+(?:'s)? (?:disease|disorder|syndrome|failure|insufficiency|deficiency)\b",
    _I,
)

# ---------------------------------------------------------------------------------------------
# Services delivered
# ---------------------------------------------------------------------------------------------

# Ward and procedural services as nursing, therapy and procedure notes name them.
SERVICE_TERMS = re.compile(
    r"\bintravenous\w*|\bantibiotic\w*|\bantimicrobial\w*|\bantiviral\w*|\bantifungal\w*|\btelemetry\b"
    r"|\bcardiac monitor\w*|\bcontinuous (?:monitor\w*|ECG|pulse oximetry)\b|\bmonitor(?:ing|ed)\b"
    r"|\bphysiotherap\w*|\bphysical therap\w*|\boccupational therap\w*|\bspeech (?:and language )?therap\w*"
    r"|\boxygen\b|\bhigh[- ]flow\b|\bnon-?invasive ventilation\b|\bventilat\w*|\bnebuli[sz]\w*|\btransfus\w*"
    r"|\bblood products\b|\bplatelets\b|\b(?:haemo|hemo|peritoneal )?dialysis\b|\bultrasound\b"
    r"|\becho(?:cardiogra\w*)?\b|\bx-?ray\b|\bradiograph\w*|\bimaging\b|\bscan\b|\binfusion\w*|\bdrip\b"
    r"|\bfluids?\b|\bendoscop\w*|\bcolonoscop\w*|\bbronchoscop\w*|\bsurgery\b|\bsurgical\b|\boperati(?:on|ve)\b"
    r"|\bcatheteri[sz]ation\b|\bangiogra\w*|\bangioplasty\b|\bwound (?:care|debridement|dressing\w*)\b"
    r"|\bdressing changes?\b|\bnegative pressure\b|\binsulin\b|\banticoagula\w*|\bheparin\b|\bchest drain\b"
    r"|\blumbar puncture\b|\bparacentesis\b|\bthoracentesis\b|\bcentral (?:venous )?line\b|\bnasogastric\b"
    r"|\bNG (?:tube|feed\w*)\b|\benteral\b|\bparenteral\b|\banalges\w*|\bchemotherap\w*|\bradiotherap\w*"
    r"|\brespiratory therap\w*|\bneuro(?:logical)? obs\w*|\bvital signs?\b|\bglucose (?:checks|monitoring)\b"
    r"|\bdietitian\b|\bconsult(?:ation|ed)?\b|\bspecialist review\b|\bcardioversion\b|\bpacing\b|\bstent\w*"
    r"|\bsuction\w*|\bbladder scan\b|\bcatheter\b|\bbiopsy\b|\bsteroids?\b|\bdiuretic\w*|\bfurosemide\b"
    r"|\bpain management\b|\bone-to-one\b|\bblood cultures\b|\bserial (?:troponins?|bloods|labs)\b"
    r"|\bpressure area care\b|\bmobili[sz]ation\b|\brehabilitation\b|\bsliding scale\b"
    r"|\bpotassium replacement\b",
    _I,
)

# The service abbreviations charts use; upper case only, so "pt" (patient) or "it" never count.
SERVICE_ABBREVIATIONS = re.compile(
    r"\b(?:IV|IVI|IVAB|PT|OT|SLT|O2|HFNC|CPAP|BiPAP|NIV|CRRT|CT|CTPA|MRI|ECG|EKG|EEG|TTE|TOE|TEE|PCI|PICC"
    r"|TPN|PCA|OGD|ERCP|ICU|HDU|CCU|VAC)\b"
)

# The service did not happen: declined, cancelled, held, deferred, not required, only planned.
SERVICE_NOT_DELIVERED = re.compile(
    r"\b(?:declined|refused|cancel+ed"
    r"|not (?:given|done|required|needed|delivered|started|performed|indicated)"
    r"|held|deferred|postponed|withheld|planned for|scheduled for|to be arranged|not yet)\b",
    _I,
)

# Care continuing without a named service: "treatment continues", "care ongoing", "management as
# per plan", "interventions continued", "plan of care unchanged".
SERVICE_VAGUE = re.compile(
    r"\b(?:treatment|therapy|therapies|care|management|interventions?|plan of care|services?|support|"
    r"regimen|input|ward care|nursing care)\b[^.;]{0,40}"
    r"\b(?:continu\w*|ongoing|unchanged|as (?:per|planned|charted|before|documented)|maintained|progress\w*|"
    r"in place|provided|delivered|given|received)\b"
    r"|\b(?:continu\w*|ongoing|usual|routine|standard|supportive)\b[^.;]{0,25}"
    r"\b(?:treatment|therapy|care|management|interventions?|measures)\b",
    _I,
)

# ---------------------------------------------------------------------------------------------
# Prose sentences
# ---------------------------------------------------------------------------------------------

# Titles and Latin abbreviations whose full stop does not end a sentence.
_ABBREVIATIONS = (
    "Dr.",
    "Mr.",
    "Mrs.",
    "Ms.",
    "Prof.",
    "e.g.",
    "i.e.",
    "approx.",
    "vs.",
    "No.",
    "St.",
    "etc.",
)
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"')\]]?\s+(?=[\"'(\[]?[A-Z0-9])")


def sentences(body: str) -> list[str]:
    """Prose split into sentences exactly as written: at line breaks, and at ". " before a capital
    (or a digit) that does not follow a title or abbreviation. Decimals like 38.9 never split."""
    out: list[str] = []
    for raw in body.splitlines():
        line = raw.strip()
        if not line:
            continue
        start = 0
        for match in _SENTENCE_END.finditer(line):
            before = line[start : match.start()]
            if before.endswith(_ABBREVIATIONS):
                continue
            piece = line[start : match.start()].strip()
            # keep a closing quote or bracket with its sentence
            tail = line[match.start() : match.end()].strip()
            piece = (piece + tail).strip()
            if piece:
                out.append(piece)
            start = match.end()
        piece = line[start:].strip()
        if piece:
            out.append(piece)
    return out


# ---------------------------------------------------------------------------------------------
# The readers
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Reading:
    klass: str
    citation: str | None = None
    expected_discharge: str | None = None
    expected_nights: int | None = None


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


def read_order(bodies: dict[str, str]) -> Reading:
    ambiguous: str | None = None
    for line in record.dated_lines(bodies[record.ORDERS]):
        klass = _order_line_class(record.dated_text(line))
        if klass == elements.PRESENT:
            return Reading(elements.PRESENT, line)
        if klass == elements.AMBIGUOUS and ambiguous is None:
            ambiguous = line
    if ambiguous is not None:
        return Reading(elements.AMBIGUOUS, ambiguous)
    for sentence in sentences(bodies[record.DOCUMENTATION]):
        plain = INCIDENTAL_ADMISSION.sub(" ", sentence)
        if ADMIT_INTENT.search(plain) and not PAST_ADMISSION.search(plain):
            return Reading(elements.AMBIGUOUS, sentence)
    return Reading(elements.ABSENT)


def _parse_date(value: str) -> date | None:
    try:
        return datetime.strptime(value, "%Y-%m-%d").date()
    except ValueError:
        return None


def _admission_date(admitted_at: str) -> date | None:
    try:
        return datetime.strptime(admitted_at, "%Y-%m-%d %H:%M").date()
    except (TypeError, ValueError):
        return None


def extract_value(text: str, admitted: date | None) -> tuple[str | None, int | None]:
    """The expected discharge date or night count written in ONE cited line (never both).

    A date is preferred to a count; of several dates, the first after a discharge/stay word. A date
    that is not a real calendar date, or falls before the admission date, is not an expectation, and
    neither is a range of nights.
    """
    dates = [(m.start(), m.group(1)) for m in ISO_DATE.finditer(text)]
    if dates:
        anchor = STAY_WORDS.search(text) or EXPECT_WORDS.search(text)
        after = [d for pos, d in dates if anchor and pos >= anchor.start()]
        chosen = after[0] if after else dates[-1][1]
        parsed = _parse_date(chosen)
        if parsed is None or (admitted is not None and parsed < admitted):
            return None, None
        return chosen, None
    if NIGHT_RANGE.search(text) or NIGHT_HABIT.search(text):
        return None, None
    match = NIGHT_COUNT.search(text)
    if match:
        token = match.group(1).lower()
        nights = int(token) if token.isdigit() else NUMBER_WORDS.get(token)
        return None, nights
    return None, None


def _stay_candidate(text: str, admitted: date | None, own_section: bool) -> Reading | None:
    """A sentence's stay reading, or None when it says nothing about the length of this stay."""
    tied = bool(STAY_WORDS.search(text) or (EXPECT_WORDS.search(text) and not FOLLOW_UP.search(text)))
    has_date = bool(ISO_DATE.search(text)) and tied
    has_nights = (
        bool(NIGHT_COUNT.search(text) or NIGHT_RANGE.search(text))
        and not NIGHT_HABIT.search(text)
        and tied
    )
    if has_date or has_nights:
        discharge, nights = extract_value(text, admitted)
        foreign = OTHER_OWNER.search(text) or PREVIOUS.search(text) or CONDITIONAL.search(text)
        if own_section and not foreign and (discharge is not None or nights is not None):
            return Reading(elements.PRESENT, text, discharge, nights)
        return Reading(elements.AMBIGUOUS, text)
    if VAGUE_STAY.search(text):
        return Reading(elements.AMBIGUOUS, text)
    if VAGUE_DURATION.search(text) and STAY_WORDS.search(text):
        return Reading(elements.AMBIGUOUS, text)
    return None


def read_stay(bodies: dict[str, str], admitted_at: str) -> Reading:
    admitted = _admission_date(admitted_at)
    ambiguous: Reading | None = None
    for sentence in sentences(bodies[record.DOCUMENTATION]):
        reading = _stay_candidate(sentence, admitted, own_section=True)
        if reading is None:
            continue
        if reading.klass == elements.PRESENT:
            return reading
        if ambiguous is None:
            ambiguous = reading
    if ambiguous is not None:
        return ambiguous
    # Review notes are written by reviewers and planners: a length there is never the practitioner's.
    for line in record.dated_lines(bodies[record.REVIEW]):
        if _stay_candidate(record.dated_text(line), admitted, own_section=False) is not None:
            return Reading(elements.AMBIGUOUS, line)
    return Reading(elements.ABSENT)


def _first(candidates: list[str], present: Callable[[str], bool], vague: Callable[[str], bool]) -> Reading:
    for text in candidates:
        if present(text):
            return Reading(elements.PRESENT, text)
    for text in candidates:
        if vague(text):
            return Reading(elements.AMBIGUOUS, text)
    return Reading(elements.ABSENT)


def _condition_names(sentence: str) -> list[re.Match[str]]:
    names = list(COMORBIDITY_TERMS.finditer(sentence)) + list(COMORBIDITY_ABBREVIATIONS.finditer(sentence))
    if HISTORY_CUES.search(sentence):
        cue = HISTORY_CUES.search(sentence)
        names += [m for m in DISEASE_SHAPE.finditer(sentence) if cue and m.start() >= cue.start()]
    return names


def _names_comorbidity(sentence: str) -> bool:
    """True when a condition is named and at least one named condition is the patient's own and not
    denied (the text before it in its clause carries no negation and no relative)."""
    for match in _condition_names(sentence):
        before = sentence[: match.start()]
        clause = re.split(r"[;:]|\bbut\b", before)[-1]
        if COMORBIDITY_NEGATION.search(clause) or COMORBIDITY_RELATIVE.search(clause):
            continue
        return True
    return False


def _vague_comorbidity(sentence: str) -> bool:
    if NO_HISTORY.search(sentence):
        return False
    return bool(COMORBIDITY_VAGUE.search(sentence))


def read_comorbidities(bodies: dict[str, str]) -> Reading:
    return _first(sentences(bodies[record.DOCUMENTATION]), _names_comorbidity, _vague_comorbidity)


def _clauses(line: str) -> list[str]:
    return [c for c in re.split(r"[;.]\s|\bbut\b|\bhowever\b", record.dated_text(line)) if c.strip()]


def _names_service(line: str) -> bool:
    """True when some clause of the line names a service and does not say it was not delivered."""
    return any(
        (SERVICE_TERMS.search(c) or SERVICE_ABBREVIATIONS.search(c)) and not SERVICE_NOT_DELIVERED.search(c)
        for c in _clauses(line)
    )


def _vague_service(line: str) -> bool:
    return any(SERVICE_VAGUE.search(c) and not SERVICE_NOT_DELIVERED.search(c) for c in _clauses(line))


def read_services(bodies: dict[str, str]) -> Reading:
    return _first(record.dated_lines(bodies[record.SERVICES]), _names_service, _vague_service)


# ---------------------------------------------------------------------------------------------
# The arm
# ---------------------------------------------------------------------------------------------


def _row(element: str, reading: Reading) -> ElementAnswer:
    citation = None if reading.klass == elements.ABSENT else reading.citation
    return ElementAnswer(
        element,
        elements.word(element, reading.klass),
        citation,
        reading.expected_discharge,
        reading.expected_nights,
    )


def answer(record_text: str, admitted_at: str) -> Answer:
    """The floor's answer for one record: four rows, each citing the one line it rests on, and the
    verdict re-derived by kit.recheck from those rows and the structured admission date-time."""
    if not isinstance(record_text, str):
        return Answer(why=WHY, problems=[Problem("record", "the record is not text")])
    try:
        bodies = record.sections(record_text)
    except record.RecordFormatError as err:
        return Answer(why=WHY, problems=[Problem("record", f"cannot read the record: {err}")])
    readings = {
        elements.ADMITTING_ORDER: read_order(bodies),
        elements.STAY_EXPECTATION: read_stay(bodies, admitted_at),
        elements.COMORBIDITIES: read_comorbidities(bodies),
        elements.SERVICES_DELIVERED: read_services(bodies),
    }
    result = Answer({e: _row(e, readings[e]) for e in elements.ELEMENTS}, why=WHY)
    checked = recheck(result, admitted_at)
    result.support = checked.verdict
    result.why = f"{WHY} ({checked.rule})"
    result.problems.extend(checked.problems)
    return result
