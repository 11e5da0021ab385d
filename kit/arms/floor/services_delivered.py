"""The floor's reading of services delivered: named services and their abbreviations, care
described without a name, and services that did not happen.

It reads SERVICES DELIVERED line by line, clause by clause; a planned or declined service is not one.
"""

from __future__ import annotations

import re

from kit.arms.floor.reading import Reading, first
from kit.rules import record

_I = re.IGNORECASE

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


def read(bodies: dict[str, str]) -> Reading:
    """Services: the first dated line naming a delivered service, else the first describing unnamed care
    as delivered, else ABSENT."""
    return first(record.dated_lines(bodies[record.SERVICES]), _names_service, _vague_service)
