"""What a redacted run leaves behind: the ledger (results/<run-id>/redaction-ledger/<arm>.json), where
each record's placeholders map to the salted SHA-256 (HMAC-SHA256 under REDACT_SALT) of every
original spelling they replaced, so an auditor holding the salt and the record can check a redaction
without the ledger showing the identifier; and the result file's quotes kept as the model wrote them.

The ledger never holds an original, a shifted date or the date offset. The scores are computed on the
restored answers; only what is written is masked, so the result file names no one (a report built
from it shows the quotes with their placeholders).
"""

from __future__ import annotations

import hashlib
import hmac
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from kit.corpus import Record
from kit.files import write_json_atomic
from kit.guard import Redactor
from kit.measure.scoring import Report
from kit.model import Config, RunOutcome
from kit.rules import Answer

FOLDER = "redaction-ledger"
HASH = "HMAC-SHA256(REDACT_SALT, original)"


def digest(salt: str, original: str) -> str:
    """The salted SHA-256 an auditor recomputes: HMAC-SHA256 of the original text under the salt."""
    return hmac.new(salt.encode("utf-8"), original.encode("utf-8"), hashlib.sha256).hexdigest()


@dataclass
class RedactedRun:
    """One arm's redacted run: the redactor (salt and redactions), the records as given, and the
    answers as the model wrote them (before they were mapped back)."""

    redactor: Redactor
    records: Sequence[Record]
    shown: dict[str, Answer]

    @classmethod
    def of(
        cls, redactor: Redactor | None, records: Sequence[Record], outcome: RunOutcome
    ) -> RedactedRun | None:
        """The redacted run of `outcome` (None when nothing was redacted)."""
        if redactor is None:
            return None
        return cls(redactor, records, replace(outcome, restore=None).answers())

    def _redactions(self) -> list:
        return [self.redactor.redact(r.id, r.text) for r in self.records]

    def entries(self) -> dict[str, dict[str, list[str]]]:
        """Record id -> placeholder -> the salted hashes of what it replaced."""
        salt = self.redactor.salt
        return {
            r.record_id: {ph: [digest(salt, o) for o in spelt] for ph, spelt in r.placeholders().items()}
            for r in self._redactions()
        }

    def describe(self, source: str) -> dict[str, Any]:
        """What the result file says about the redaction: on, why, and the spans replaced per type."""
        counts: Counter[str] = Counter()
        for redacted in self._redactions():
            counts += redacted.counts()
        return {"on": True, "from": source, "replaced": dict(sorted(counts.items())), "ledger": FOLDER}

    def write_ledger(self, run_folder: Path, run_id: str, arm: str) -> Path:
        path = run_folder / FOLDER / f"{arm}.json"
        body = {"run_id": run_id, "arm": arm, "hash": HASH, "records": self.entries()}
        write_json_atomic(path, body)
        return path

    def masked(self, report: Report) -> Report:
        """The report with each graded quote as the model wrote it, for the result file."""
        grades = []
        for grade in report.grades:
            said = self.shown.get(grade.id)
            rows = [replace(e, quote=_citation(said, e.element)) for e in grade.elements]
            grades.append(replace(grade, elements=rows))
        return replace(report, grades=grades)


def unredacted(config: Config) -> dict[str, Any]:
    """What the result file says about a run that did not redact, with the warning a run prints once
    when it sends records unredacted to a hosted endpoint (None for a local one)."""
    warning = None
    if not config.redacting and not config.local:
        warning = (
            f"warning: {config.redact_source}: records go to the hosted endpoint "
            f"{config.endpoint or config.provider} as they are, identifiers and dates included"
        )
    return {"on": False, "from": config.redact_source, "warning": warning}


def _citation(answer: Answer | None, element: str) -> str | None:
    """The quote `answer` gives for `element`, None without an answer or a row."""
    row = answer.row(element) if answer else None
    return row.citation if row else None
