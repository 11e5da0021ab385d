"""Helpers the test files share: a writer of small admission records in the five-section format.

Each test file keeps its own defaults (which order line, which prose) in a short wrapper; the layout
of a record is written here once. Nothing here is a fixture or a test.
"""

from collections.abc import Sequence

# Encounter-fact labels are padded to this many columns, as the corpus writes them.
FACT_WIDTH = 30


def admission_record(
    *,
    orders: Sequence[str] = (),
    documentation: str = "",
    services: Sequence[str] = (),
    review: Sequence[str] = (),
    encounter: str = "ADM-9001",
    title: str = "Test record",
    admitted: str = "2026-03-02 13:40",
    facility: str = "Test Hospital",
    service_line: str = "general medicine",
    role: str = "attending hospitalist",
    assembled: str = "2026-09-01",
    more_facts: Sequence[tuple[str, str]] = (),
) -> str:
    """A record: the title line, ENCOUNTER FACTS, then the four sections, a blank line after each.

    Order, service and review lines are given with their date stamps and indented by two spaces here;
    the documentation is written exactly as given; `more_facts` (label, value) follow the usual ones.
    The text ends with one line break."""
    facts = (
        ("Encounter", encounter),
        ("Admitted", admitted),
        ("Facility", facility),
        ("Service line", service_line),
        ("Admitting role", role),
        ("Record assembled as at", assembled),
        *more_facts,
    )
    lines = [
        f"ADMISSION RECORD {encounter} -- {title}",
        "",
        "ENCOUNTER FACTS",
        *(f"  {label:<{FACT_WIDTH}}{value}" for label, value in facts),
        "",
        "ORDERS AND AUTHENTICATION",
        *(f"  {line}" for line in orders),
        "",
        "ADMITTING PRACTITIONER DOCUMENTATION",
        documentation,
        "",
        "SERVICES DELIVERED",
        *(f"  {line}" for line in services),
        "",
        "UTILIZATION REVIEW NOTES",
        *(f"  {line}" for line in review),
    ]
    return "\n".join(lines) + "\n"


# Where a planted line sits in a record, for the scan's measurements over material.
PLACEMENTS = ("orders", "documentation", "services", "review_notes")


def planted(text: str, placement: str) -> str:
    """`text` written into a small record as a dated order, a sentence of prose, a service line or a
    review note (tests/eval/test_scan_unseen.py and scripts/scan_generalization.py plant the same way)."""
    if placement == "orders":
        return admission_record(orders=[f"2026-03-02 14:05  {text}"])
    if placement == "documentation":
        return admission_record(documentation=f"Seen on the take. {text} Background of asthma.")
    if placement == "services":
        return admission_record(services=[f"2026-03-03  {text}"])
    return admission_record(review=[f"2026-03-04  {text}"])
