"""Bodies of the dated lines in the SERVICES DELIVERED section: lines naming services given, the
services they name, and lines that refer to care without naming what was done.
"""

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
