"""What leaves for a model, for one record: the guards it passes before its prompt is built, in order
and each timed. Redaction (when the run redacts; kit.guard.redact), then the document scan with the
units it flags withheld unless the run sends them verbatim (SEND_FLAGGED, kit.model.flagged), then the
egress gate on the text that would leave (when the run redacts). It hands back that text, why the gate
refuses it (or None), the scan's flags, and a log for the result file: what was sent ("everything"
when nothing was withheld), each withheld unit by line, section and reasons, and each guard's time
beside its verdict (placeholders written, units flagged, the gate's pass or refusal).

It never calls a model, reads or writes a file, or decides whether to withhold (the configuration
does); the log never holds a unit's text or an identifier, only where a unit is and why it was flagged.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from kit.guard import EgressRefused, Redactor, check_egress, scan

DATE_KIND = "DATE"  # kit.guard.redact's kind for a shifted date: not a placeholder
PASS, REFUSE = "pass", "refuse"


@dataclass(frozen=True)
class Outgoing:
    """One record on its way to a model: the text its prompt is built from, the gate's refusal (None
    when it may leave), the scan's flags, and the log of what the guards did (`log`)."""

    text: str
    refused: str | None
    flags: list[scan.Flag]
    log: dict[str, Any]


def _ms(since: float) -> float:
    return round((time.perf_counter() - since) * 1000, 3)


def units(count: int) -> str:
    return f"{count} flagged unit" if count == 1 else f"{count} flagged units"


def sent_words(flagged: int, withheld: bool, refused: bool) -> str:
    """What was sent, in words: everything, all but the withheld units, or nothing."""
    if refused:
        return "nothing: the egress gate refused the record"
    if not flagged:
        return "everything: the document scan flagged nothing"
    if withheld:
        return f"all but {units(flagged)}, withheld"
    return f"everything, {units(flagged)} included (sent verbatim)"


def prepare(record_id: str, text: str, redactor: Redactor | None, withhold: bool) -> Outgoing:
    """`text` through the guards: redacted by `redactor` when given, its flagged units withheld when
    `withhold`, then checked by the egress gate when it was redacted."""
    started = time.perf_counter()
    redacted = None if redactor is None else redactor.redact(record_id, text)
    redaction = None
    if redacted is not None:
        counts = redacted.counts()
        shifted = counts.pop(DATE_KIND, 0)
        redaction = {"ms": _ms(started), "placeholders": sum(counts.values()), "dates_shifted": shifted}
    seen = text if redacted is None else redacted.text
    started = time.perf_counter()
    flags = scan.scan(seen)
    leaving = scan.quarantine(seen, flags) if withhold else seen
    scanned = {"ms": _ms(started), "flags": len(flags), "withheld": len(flags) if withhold else 0}
    refused, gate = None, None
    if redacted is not None:
        started = time.perf_counter()
        try:
            check_egress(record_id, text, leaving)
        except EgressRefused as err:
            refused = str(err)
        gate = {"ms": _ms(started), "verdict": REFUSE if refused else PASS}
    withheld = [
        {"line": f.line, "section": f.section, "reasons": list(f.reasons)} for f in flags if withhold
    ]
    log = {
        "sent": sent_words(len(flags), withhold, refused is not None),
        "withheld": withheld,
        "guards": {"redaction": redaction, "scan": scanned, "gate": gate},
    }
    return Outgoing(leaving, refused, flags, log)


def shown(log: dict[str, Any]) -> dict[str, Any]:
    """A log in words for a page (the report's and the board's record view): what was sent, each
    withheld unit as one line, and the guards' times and verdicts as one line."""
    return {"what": log["sent"], "withheld": withheld_lines(log), "guards": guard_words(log["guards"])}


def withheld_lines(log: dict[str, Any]) -> list[str]:
    """Each withheld unit of a log as one line: "line 41, UTILIZATION REVIEW NOTES: <reasons>"."""
    return [f"line {w['line']}, {w['section']}: {'; '.join(w['reasons'])}" for w in log.get("withheld", [])]


def guard_words(guards: dict[str, Any]) -> str:
    """Each guard's time beside its verdict, in one line; a guard that did not run says so."""
    redaction, scanned, gate = guards.get("redaction"), guards.get("scan"), guards.get("gate")
    parts = [
        "redaction off" if redaction is None else
        f"redaction {redaction['ms']:.1f} ms ({redaction['placeholders']} placeholders, "
        f"{redaction['dates_shifted']} dates shifted)",
        "scan not recorded" if scanned is None else
        f"scan {scanned['ms']:.1f} ms ({units(scanned['flags'])}, {scanned['withheld']} withheld)",
        "egress gate not run (no redaction)" if gate is None else
        f"egress gate {gate['ms']:.1f} ms ({gate['verdict']})",
    ]  # fmt: skip
    return "; ".join(parts)
