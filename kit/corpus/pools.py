"""Sentence pools for the deterministic corpus generator.

Every line a generated admission record contains is drawn from one of the tuples below. Each pool
holds one kind of line: a planted element (an authenticated inpatient order, a practitioner's own
expected discharge date, a named comorbidity list), a look-alike that must NOT be read as that
element (an unsigned telephone order, an observation order, an admit order with no status word, a
plan to admit written only in a note, a discharge planner's provisional date, a length from an
earlier encounter, a length that hangs on something not yet done), or neutral filler that carries
nothing at all. Strings are templates in str.format syntax; the only placeholder names used are
service, role, date, nights, conditions and services, and each pool uses only the ones its planted
element needs.

What this module refuses to do:

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
"""

# ---------------------------------------------------------------------------------------------------
# Admitting order and its look-alikes (order-line bodies: the text after the date-time stamp).
# ---------------------------------------------------------------------------------------------------

INPATIENT_ORDER = (
    "Order: admit to inpatient status under {service} -- entered and electronically signed by the {role}.",
    "Inpatient admission ordered to {service} by the {role}; authenticated at the time of entry.",
    "Admit as inpatient, {service}, responsible practitioner the {role} -- order signed and authenticated.",
    "Order: inpatient admission to {service}, entered by the resident and countersigned by the {role}.",
    "Admission order -- inpatient, {service}, under the {role}; e-signature verified in the record.",
    "Admit to {service} as an inpatient; ordering practitioner the {role}, authenticated by e-signature.",
    "Inpatient status ordered under {service}; the {role} reviewed and signed the order at the bedside.",
    "Order: admit, level of care inpatient, {service}, practitioner of record the {role}; signed.",
    "Telephone order to admit as an inpatient under {service}, read back by nursing; countersigned later "
    "the same day by the ordering {role}.",
    "Verbal order given in the department: inpatient admission to {service}; the ordering {role} later "
    "authenticated it with an electronic signature.",
    "Status change: observation to inpatient, {service}; new admission order entered and signed by the "
    "{role}.",
    "Level of care changed from observation to inpatient under {service} after review; order signed by the "
    "{role}.",
    "Admission order set: inpatient, {service}, practitioner of record the {role} -- electronically signed.",
    "ADT: Admit Inpt, svc {service}, patient class inpatient, auth by {role} (e-sig).",
)

VERBAL_UNAUTHENTICATED = (
    "Telephone order from the {role}: admit to inpatient status under {service}; read back and "
    "confirmed, awaiting authentication.",
    "Verbal order: inpatient admission to {service} per the {role}, read back by the charge nurse "
    "-- signature pending.",
    "Admit to inpatient, {service}, on telephone instruction from the {role}; read back, not yet "
    "authenticated.",
    "Order taken by phone: inpatient admission under {service} on the word of the {role}, repeated "
    "back; awaiting countersignature.",
    "Verbal order relayed from the {role} to admit as an inpatient under {service}; read back and "
    "transcribed by nursing, unsigned when the record was assembled.",
    "Telephone order, inpatient admission under {service}, given by the {role}; co-signature outstanding.",
    "Phone order overnight from the {role} to admit to {service} as an inpatient -- to be signed on the "
    "morning round.",
    "Verbal order per the {role}: admit as an inpatient to {service}; read back correctly; not yet signed.",
    "VO from the {role}: admit inpatient, {service}; read back; no signature on file at the time of review.",
)

OBSERVATION_ORDER = (
    "Order: place in observation status under {service} -- entered and electronically signed by the {role}.",
    "Outpatient observation services ordered under {service} by the {role}; order authenticated.",
    "Observation status, {service}, on the authority of the {role} -- signed at entry.",
    "Order: register as outpatient in observation, {service}; placed and countersigned by the {role}.",
    "Place in observation under the {role}, service {service}; authenticated by e-signature.",
    "Place in observation status under {service}; reassess for admission in the morning -- signed by the "
    "{role}.",
    "Outpatient bed with observation services, {service}; entered and e-signed by the {role}.",
    "Register as observation (not inpatient) pending review, {service}; authenticated by the {role}.",
    "ADT: Place in Observation, svc {service}, patient class outpatient, auth by {role} (e-sig).",
)

STATUS_BLANK_ORDER = (
    "Order: admit to {service} under the {role} -- electronically signed.",
    "Admit to ward, {service}; responsible practitioner the {role}, order authenticated.",
    "Admit under {service}, bed requested, per the {role}; signed at entry.",
    "Order: admit, {service} team, accountable clinician the {role}; authenticated by e-signature.",
    "Admit to ward 4B under {service}, practitioner of record the {role}; signed.",
    "Bed request: admit, {service}; signed by the {role}.",
    "Admission order set: admit to {service}, responsible clinician the {role} -- e-signed at entry.",
)

NOTE_INTENT = (
    "Plan is to admit to the medical ward for further workup once a bed comes free.",
    "I intend to admit this patient under my team this evening.",
    "Likely to admit; will talk it through with the bed manager and the family first.",
    "Decision in principle to admit rather than send home, to be actioned when the ward can take "
    "the patient.",
    "My intention is to admit as an inpatient once the family have been spoken to.",
    "Will admit to the ward once the bed is confirmed and handover is done.",
    "Needs admission in my view; I will ask for a bed on the medical ward after the family visit.",
    "Impression: will require admission, and I will speak to the ward about a bed after this review.",
    "Discussed with the bed manager and happy to bring the patient in under our team tonight.",
)

OTHER_ORDERS = (
    "Order: full blood count, renal profile and CRP -- electronically signed.",
    "Diet: low sodium, fluid restriction 1500 mL in twenty-four hours.",
    "Order: portable chest radiograph, signed by the ordering clinician.",
    "Enoxaparin 40 mg subcutaneously once daily for VTE prophylaxis; authenticated.",
    "Consult requested: physiotherapy to see regarding mobility and falls risk.",
    "Order: paracetamol 1 g orally every six hours as required for pain.",
    "Nursing: strict fluid balance chart and weigh each morning before breakfast.",
    "Order: blood cultures times two before the first dose of any antimicrobial.",
    "Lab: HbA1c and lipid panel added to the morning bloods.",
    "Imaging: CT head without contrast, requested and signed.",
    "Order: urinalysis with microscopy and culture.",
    "Falls precautions: bed in the low position, call bell within reach.",
    "Order: 12-lead ECG on arrival and repeat if the pain recurs.",
    "Medication: continue home levothyroxine at the usual dose.",
    "Order: magnesium and phosphate levels with the next blood draw.",
    "Diet: nil by mouth until the bedside swallow screen is passed.",
    "Pressure-area checks every four hours, electronically signed.",
    "Referral: social work to review home support needs.",
    "Order: capillary glucose before meals and at bedtime.",
    "Mechanical VTE prophylaxis with calf compression devices; signed.",
)

# ---------------------------------------------------------------------------------------------------
# Stay expectation and its look-alikes (one prose sentence each).
# ---------------------------------------------------------------------------------------------------

STAY_DATE = (
    "I expect this patient to be ready to go home on {date}.",
    "At admission my expectation is discharge on {date}.",
    "The admitting team expects discharge home on {date}.",
    "My working estimate at admission is that the patient leaves hospital on {date}.",
    "Expected discharge, in my judgement at the time of admission, is {date}.",
    "I am aiming for discharge on {date} and have told the patient so.",
    "Estimated date of discharge set by me on admission: {date}.",
    "EDD {date_long}, set by me at the point of admission.",
    "On admission I anticipate the patient going home on {date_long}.",
    "Aiming for discharge on {date_long}, in keeping with the usual recovery for this presentation.",
    "My expected date of discharge, recorded at admission, is {date_long}.",
    "Anticipated discharge home on {date_long}; I explained this to the patient and family when admitting.",
)

STAY_NIGHTS = (
    "I expect the patient to need at least {nights} more nights in hospital.",
    "My estimate at admission is {nights} further midnights on the ward.",
    "Expected stay from admission is {nights} nights, in my assessment.",
    "I anticipate the patient will remain with us for {nights} more nights.",
    "The admitting team expects a further {nights} nights before the patient can go home.",
    "By my reckoning at admission this will need {nights} nights in a hospital bed.",
    "I anticipate {nights_word} more nights on the ward before the patient is fit for discharge.",
    "On my assessment at admission the patient will need {nights_word} further midnights in hospital.",
    "Likely length of stay from admission, in my view, is {nights_word} nights.",
    "Expect {nights_word} nights with us from today, by my estimate on admitting.",
)

STAY_VAGUE = (
    "I expect a short stay.",
    "This should not be a long admission.",
    "Probably a few days with us, depending on progress.",
    "Likely a prolonged admission, hard to put a figure on at this stage.",
    "Anticipate a brief stay on the ward.",
    "My sense is that this will turn into an extended stay.",
)

DECOY_PLANNER = (
    "Discharge planner: provisional discharge date {date}, to be confirmed with the ward team.",
    "The case manager has set a tentative target for discharge of {date}.",
    "Discharge coordinator has pencilled in {date} as a provisional leaving date.",
    "Per the case manager, estimated discharge {date} for bed-flow purposes only.",
    "Case management working target for discharge is {date}; this is not a clinical estimate.",
    "Discharge planner note: provisional leaving date {date_long}, subject to review by the medical team.",
    "Case manager's working discharge target is {date_long}, set for bed planning and not agreed with the "
    "admitting team.",
    "UM nurse: tentative EDD {date_long} per the payer's length-of-stay guideline.",
)

DECOY_PREVIOUS = (
    "At the previous admission last spring the expected stay was {nights} nights.",
    "On the prior encounter last year the team had expected {nights} nights in hospital.",
    "Old notes show that at the last admission the admitting team anticipated {nights} nights.",
    "During an earlier stay at this hospital the estimate on arrival had been {nights} nights.",
    "The admission before this one was expected to last {nights} nights, per the archived record.",
)

DECOY_CONDITIONAL = (
    "If the biopsy result, still awaited, confirms the working diagnosis, discharge could be on {date}.",
    "Should a procedure slot be found, I would then expect {nights} further nights after it.",
    "Discharge on {date} is possible only if the echo, not yet booked, turns out normal.",
    "Were a rehabilitation bed to become free, the stay might be held to {nights} nights.",
    "If the angiogram, still unscheduled, goes smoothly, I would aim for discharge on {date}.",
    "Depending on culture results not yet back, it may be {nights} more nights or longer.",
    "If the MRI, not yet done, shows nothing that needs surgery, home on {date_long} would be reasonable.",
    "Assuming the repeat cultures, still pending, come back clear, I would expect {nights_word} more nights "
    "on the ward.",
    "Should the surgical team decide against operating, which has not yet been discussed with them, "
    "discharge could follow on {date_long}.",
)

# ---------------------------------------------------------------------------------------------------
# Comorbidities.
# ---------------------------------------------------------------------------------------------------

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

# ---------------------------------------------------------------------------------------------------
# Services delivered (bodies of dated lines in the SERVICES DELIVERED section).
# ---------------------------------------------------------------------------------------------------

SERVICES_NAMED = (
    "Delivered: {services}.",
    "Received on the ward: {services}.",
    "Services given since arrival: {services}.",
    "The patient received {services}, as charted by nursing.",
    "Care delivered this shift included {services}.",
    "Ongoing and documented: {services}.",
    "Given today: {services}.",
    "Delivered per MAR and nursing notes: {services}.",
    "Completed and charted this admission day: {services}.",
)

SERVICES = (
    "intravenous antibiotics",
    "telemetry monitoring",
    "chest physiotherapy",
    "supplemental oxygen",
    "intravenous fluid resuscitation",
    "non-invasive ventilation",
    "insulin infusion",
    "serial troponin measurement",
    "packed red cell transfusion",
    "wound debridement",
    "occupational therapy evaluation",
    "nebulised bronchodilators",
    "intravenous diuretics",
    "anticoagulation titration",
    "dietitian consultation",
    "speech pathology swallow study",
    "electrolyte replacement",
    "intravenous opioid analgesia",
    "haemodialysis",
    "upper gastrointestinal endoscopy",
    "echocardiography",
    "pharmacist medicines reconciliation",
    "lumbar puncture",
)

SERVICES_VAGUE = (
    "Care continues as previously outlined.",
    "Ongoing treatment, no change from yesterday.",
    "Management as per the team; nothing new to add.",
    "Patient receiving the usual ward care.",
    "Therapies continue as charted.",
    "Interventions ongoing in line with the agreed approach.",
)

# ---------------------------------------------------------------------------------------------------
# Severity bait: the patient sounds very unwell, yet nothing here is evidence for any element.
# ---------------------------------------------------------------------------------------------------

SEVERITY = (
    "Grey and clammy on arrival, speaking in single words, respiratory rate 32.",
    "Temperature 39.4, pulse 128 and systolic pressure 84, barely rousable to voice.",
    "Mottled knees, cold peripheries and a lactate of 6.2 on the first gas.",
    "The outreach team were called to the bedside twice within the first hour.",
    "Saturations of 84% on room air, using accessory muscles, unable to finish a sentence.",
    "Newly confused and agitated, pulling at lines, not recognising family.",
    "Early warning score of 9 and the registrar was asked to attend immediately.",
    "Fresh haematemesis in the department with a further fall in pressure.",
    "Rigors witnessed at the bedside; the patient looked profoundly unwell.",
    "Nursing staff voiced concern that the patient was tiring and may need escalation.",
)

# ---------------------------------------------------------------------------------------------------
# Neutral filler: carries no element (the generator enforces this).
# ---------------------------------------------------------------------------------------------------

FILLER_DOCUMENTATION = (
    "Information was gathered from the patient and a daughter who came in with them.",
    "An interpreter was offered and declined; the patient speaks fluent English.",
    "The patient arrived by private car, driven by a neighbour.",
    "Glasses, a hearing aid and a mobile phone were listed on the property sheet.",
    "The patient says the journey in took under an hour because the roads were quiet.",
    "Next of kin details were confirmed against the registration form.",
    "Allergies were checked with the patient and match the electronic record.",
    "The patient asked that a spouse be phoned once a bed was found.",
    "Identity bands checked and correct on both wrists.",
    "The patient lives alone in a ground-floor flat and manages the stairs to the front door.",
    "A locker key was handed to the patient on arrival.",
    "The patient mentioned coming straight from the coach station after a long trip.",
    "Preferred name recorded on the front sheet.",
    "Contact number for the son updated in the demographics screen.",
    "No interpreter was needed and the conversation took place in English.",
    "The patient's own account was clear and consistent from start to finish.",
    "A relative brought in a bag of clothes and a phone charger.",
    "The patient said they had driven themselves in and left the car in the visitor car park.",
    "The emergency department notes were read before seeing the patient.",
    "Consent to share information with the family was given.",
    "The patient is a retired bus driver and walks a dog most mornings.",
    "The patient says they have never smoked.",
    "The patient asked about parking charges for visitors.",
    "A wheelchair was used to bring the patient up from the department.",
    "The patient has a cat at home and a neighbour has agreed to feed it.",
    "The patient described the ambulance ride as bumpy but uneventful.",
    "Pharmacy labels from home were brought in a clear bag.",
    "Reading glasses were left at home and a relative will bring them in.",
    "The patient prefers to be addressed by a shortened first name.",
    "Religious preferences were asked about and none were recorded.",
    "The patient had travelled by train from the coast to visit family before this presentation.",
    "Valuables were declined for safekeeping and remain with the patient.",
    "The patient used the hospital wifi to message family from the cubicle.",
    "A spare hearing aid battery was found in the patient's coat pocket.",
    "The patient speaks some Portuguese at home but chose to talk in English.",
    "Vegetarian meals were requested on the catering slip.",
)

FILLER_SERVICES = (
    "Bed moved from bay four to a side room at the patient's request.",
    "Property list rechecked with the patient present.",
    "Visiting hours explained to a relative at the nurses' station.",
    "Transferred by porter between wards; no incident recorded.",
    "Belongings bag labelled and stored in the ward locker.",
    "Registration details corrected after a spelling query from the family.",
    "Menu choices taken by the ward housekeeper.",
    "Bedside television account set up for the patient.",
    "Spare pillows and a fan brought to the bay on request.",
    "Chaplaincy leaflet left on the bedside locker.",
)

FILLER_REVIEW = (
    "Record entered the review queue from the routine census extract.",
    "No payer query received for this encounter.",
    "Record pulled as part of the quarterly audit sample.",
    "Queue position updated after the batch rerun.",
    "Reviewer allocation changed within the team without comment.",
    "Encounter flagged for the standard completeness check only.",
    "Insurer portal showed no outstanding request when checked.",
    "Duplicate entry removed from the work list.",
    "Record locked briefly for a system update and released the same morning.",
    "Nothing further from the payer; file left open for routine follow-up.",
    "Reviewer notes moved across from the old worklist format.",
    "Encounter appeared twice in the extract and was merged into one entry.",
    "Scanned pages checked for legibility; all pages readable.",
    "Sample selection confirmed by the audit lead.",
    "Item aged out of the priority band and went back to the general pool.",
    "Contact details for the unit manager confirmed for any later queries.",
)

TITLES = (
    "Presentation through the emergency department",
    "Referral from a community clinic",
    "Arrival by ambulance from the scene",
    "Transfer in from a partner hospital",
    "Walk-in presentation on a busy shift",
    "Arrival on the medical take",
    "Return visit after a recent attendance",
    "Arrival after a telephone advice call",
    "Referral from the urgent clinic",
    "Encounter assembled for the audit sample",
    "Arrival by private car",
    "Encounter from the routine intake",
    "Direct referral from a family practice",
    "Patient brought in by a relative",
    "Presentation during a cold snap",
    "Attendance after a phone triage call",
    "Arrival from a residential home",
    "Presentation after a long journey",
)

# ---------------------------------------------------------------------------------------------------
# Encounter facts.
# ---------------------------------------------------------------------------------------------------

FACILITIES = (
    "Harrowmere General Hospital",
    "Eastling Vale Medical Centre",
    "Lowfield Infirmary",
    "Corran Bay Hospital",
    "Millbrook District Hospital",
    "Kestrel Ridge Medical Center",
    "Thornwick Community Hospital",
    "Pellbrook Regional Hospital",
    "Ashcombe Vale Hospital",
    "Greywater Infirmary",
)

SERVICE_LINES = (
    "general medicine",
    "cardiology",
    "respiratory medicine",
    "gastroenterology",
    "nephrology",
    "infectious diseases",
    "geriatric medicine",
    "neurology",
    "endocrinology",
    "acute medicine",
)

ADMITTING_ROLES = (
    "attending hospitalist",
    "attending physician",
    "consultant physician",
    "attending cardiologist",
    "internal medicine attending",
    "attending nocturnist",
    "attending nephrologist",
)
