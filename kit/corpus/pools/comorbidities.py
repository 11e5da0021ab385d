"""Sentences naming the patient's conditions, the conditions they name, and sentences that only
allude to a history without naming any condition.
"""

COMORBIDITY_NAMED = (
    "Past medical history: {conditions}.",
    "Background includes {conditions}.",
    "Relevant comorbidities at admission are {conditions}.",
    "The patient carries established diagnoses of {conditions}.",
    "Problem list on arrival: {conditions}.",
    "Comorbid conditions reviewed and confirmed with the patient: {conditions}.",
    "PMH: {conditions}.",
    "Background: {conditions}; otherwise fit and well.",
    "PMHx significant for {conditions}.",
)

CONDITIONS = (
    "chronic obstructive pulmonary disease",
    "congestive heart failure",
    "type 2 diabetes mellitus",
    "chronic kidney disease stage 3",
    "atrial fibrillation",
    "essential hypertension",
    "coronary artery disease",
    "obstructive sleep apnoea",
    "morbid obesity",
    "peripheral arterial disease",
    "hypothyroidism",
    "rheumatoid arthritis",
    "compensated cirrhosis",
    "asthma",
    "epilepsy",
    "vascular dementia",
    "major depressive disorder",
    "osteoporosis",
    "cerebrovascular disease",
    "iron deficiency anaemia",
    "gout",
    "interstitial lung disease",
    "benign prostatic hyperplasia",
    "pulmonary hypertension",
)

COMORBIDITY_VAGUE = (
    "Multiple background medical problems, reviewed with the patient.",
    "Significant comorbidity burden noted on the problem list.",
    "Past history is long and complicated; see previous summaries.",
    "Several long-term conditions, detailed in the electronic record.",
    "Complex background, reconciled at admission.",
    "Known to several specialty clinics for longstanding issues.",
)
