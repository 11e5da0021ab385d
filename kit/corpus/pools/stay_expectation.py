"""Sentences for the stay expectation and its look-alikes, one prose sentence each.

The practitioner's own expected discharge date or night count (the planted element); a length
hinted at with no figure; and a discharge planner's provisional date, a length from an earlier
encounter and a length that hangs on something not yet done (the decoys).
"""

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
