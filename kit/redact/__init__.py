"""Identifiers never leave the machine: each record is redacted before the prompt for a hosted model
is built, and the answer is mapped back before anything is graded.

- kit.redact.patterns: the pattern table (data); kit.redact.finder: what in a record is an
  identifier; kit.redact.dates: finding dates and shifting them by whole weeks;
- kit.redact.core: one record redacted (placeholders, shifted dates, the map back in memory);
- kit.redact.restore: quotes and dates mapped back (and forward, for the stub);
- kit.redact.ledger: the per-run ledger of salted hashes and the result file's quotes.

`Redactor` holds the salt and the run's redactions in memory; `for_config` gives one when the
configuration says to redact (REDACT, or by default for a hosted endpoint) and refuses to redact
without a salt. No model, no download, no network: a hand table of patterns, deterministic.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from kit.answer import Answer
from kit.redact.core import Redacted, redact
from kit.redact.restore import forward_answer, restore_answer, restore_quote, restore_text

if TYPE_CHECKING:
    from kit.config import Config
    from kit.corpus.load import Record

__all__ = [
    "Redacted", "Redactor", "for_config", "forward_answer", "redact", "restore_answer", "restore_quote",
    "restore_text",
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


def for_config(config: Config) -> Redactor | None:
    """The run's redactor when `config` redacts (see Config.redacting), else None. A ConfigError when
    it should redact and no salt is configured: the salt is what keeps the date offset secret."""
    if not config.redacting:
        return None
    if not config.redact_salt:
        from kit.config import ConfigError

        raise ConfigError(
            f"redaction is on ({config.redact_source}) and {SALT_KEY} is not set: run `kit configure` "
            f"(it adds a fresh {SALT_KEY} to .env, mode 0600, and keeps your other lines), or set "
            f"{SALT_KEY} in the environment"
        )
    return Redactor(config.redact_salt)
