"""The encounter facts a record is filed under: invented facilities, service lines and admitting
roles (a role, never a name).
"""

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
