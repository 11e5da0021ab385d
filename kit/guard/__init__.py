"""The guards: what stands between a record and a provider. The document scan (instructions planted
in a record, look-alike letters, text in another language) and redaction (identifiers replaced by
typed placeholders, dates shifted by whole weeks, the answer mapped back, and the egress gate that
refuses a text still carrying an identifier the record's fields name).

May import: kit.rules, kit.corpus and kit.files.
Never: call a model or the network, write an identifier or the date offset to disk, or decide a
verdict.
"""

from kit.guard import redact, scan
from kit.guard.redact import SALT_KEY, EgressRefused, Redactor, check_egress, forward_answer
from kit.guard.scan import script

__all__ = [
    "SALT_KEY", "EgressRefused", "Redactor", "check_egress", "forward_answer", "redact", "scan", "script",
]
