"""Identifiers never leave the machine: each record is redacted before the prompt for a hosted model
is built, and the answer is mapped back before anything is graded.

- kit.guard.redact.patterns: the pattern table (data); kit.guard.redact.finder: what in a record is an
  identifier, with kit.guard.redact.short_forms (a given name's first letters, "Dash" for Dashiell);
  kit.guard.redact.dates: finding dates and shifting them by whole weeks, and
  kit.guard.redact.births: which of them are dates of birth;
- recall first where identifiers live: kit.guard.redact.zones gathers kit.guard.redact.fields (the facts
  values, read by kit.guard.redact.facts) and kit.guard.redact.mentions (review notes, contact
  sentences; words and runs from kit.guard.redact.runs), with kit.guard.redact.shapes (identifier-shaped
  tokens),
  kit.guard.redact.ages (ages over 89), kit.guard.redact.places (a gazetteer) and kit.guard.redact.lexicon
  (the safe words); kit.guard.redact.spans holds what the finders return;
- kit.guard.redact.core: one record redacted (placeholders, shifted dates, the map back in memory);
- kit.guard.redact.restore: quotes and dates mapped back (and forward, for the stub);
- kit.guard.redact.gate: the egress gate, which refuses a text that still carries an identifier the
  record's own fields name;
- kit.measure.redaction_ledger: the per-run ledger of salted hashes and the result file's quotes.

`Redactor` holds the salt and the run's redactions in memory (kit.model.config's `redactor_for` gives
one when the configuration says to redact, and refuses to redact without a salt). No model, no
download, no network: patterns, word lists and a gazetteer read from kit/data, deterministic.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from kit.guard.redact.core import Redacted, redact
from kit.guard.redact.gate import EgressRefused
from kit.guard.redact.gate import check as check_egress
from kit.guard.redact.restore import forward_answer, restore_answer, restore_quote, restore_text
from kit.rules import Answer

if TYPE_CHECKING:
    from kit.corpus import Record

__all__ = [
    "SALT_KEY", "EgressRefused", "Redacted", "Redactor", "check_egress", "forward_answer", "redact",
    "restore_answer", "restore_quote", "restore_text",
]  # fmt: skip
SALT_KEY = "REDACT_SALT"


class Redactor:
    """Redacts records under one salt, each (record id, text) once per run, and maps answers back."""

    def __init__(self, salt: str) -> None:
        if not salt:
            raise ValueError("a redactor needs a salt")
        self.salt = salt
        self._done: dict[tuple[str, str], Redacted] = {}
        self._lock = threading.Lock()

    def redact(self, record_id: str, text: str) -> Redacted:
        with self._lock:
            key = (record_id, text)
            if key not in self._done:
                self._done[key] = redact(text, record_id, self.salt)
            return self._done[key]

    def restorer(self, records: Sequence[Record]) -> Callable[[str, Answer], Answer]:
        """A function (record id, answer) -> the answer restored against that record's text."""
        texts = {r.id: r.text for r in records}

        def restore(record_id: str, answer: Answer) -> Answer:
            if record_id not in texts:
                return answer
            return restore_answer(self.redact(record_id, texts[record_id]), answer)

        return restore
