"""Order lines for the admitting order and its look-alikes: the text after an order's date-time stamp.

An authenticated inpatient order (the planted element); an unsigned verbal or telephone order, an
observation order, an admit order with no status word and a plan to admit written only in a note
(the look-alikes); and ordinary orders that are no admission order at all.
"""

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
