"""The floor's reading of comorbidities: condition names and abbreviations, history cues, vague
burden, and the negations and relatives that take a named condition away from the patient.

It reads the practitioner's prose sentence by sentence and never weighs how ill the patient is.
"""

from __future__ import annotations

import re

from kit.arms.floor.reading import Reading, first
from kit.rules import record

_I = re.IGNORECASE

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


def read(bodies: dict[str, str]) -> Reading:
    """Comorbidities: the first prose sentence naming one of the patient's own conditions, else the first
    vague reference to a history, else ABSENT."""
    return first(record.sentences(bodies[record.DOCUMENTATION]), _names_comorbidity, _vague_comorbidity)
