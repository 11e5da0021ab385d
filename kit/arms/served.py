"""What a loopback stub answers when it plays an offline arm over HTTP (kit.pipeline.through_stub).

The floor and the always-present arm read the record in the request as sent, redacted or not, so
they are readers of exactly what a model would see. The oracle cannot read: it looks the record up
by id among the records of the run (any corpus with a key) and gives the key's answer the way a
reader of the redacted record would, its quotes and dates as that record has them. It calls no
model and keeps nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from kit.arms.registry import arm, reply_json, reply_text_for
from kit.corpus import Record
from kit.guard import Redactor, forward_answer

_RECORD_ID = re.compile(r"ADMISSION RECORD (\S+)")


def served_replies(
    served: str, records: Sequence[Record], redactor: Redactor | None = None
) -> Callable[[str], str]:
    """The stub's reply function for the offline arm `served` over `records`."""
    if served != "oracle":
        return lambda text: reply_text_for(served, text)
    by_id = {r.id: r for r in records}
    oracle = arm("oracle")

    def reply(text: str) -> str:
        found = _RECORD_ID.search(text)
        rec = by_id[found.group(1) if found else ""]
        answer = oracle(rec)
        if redactor is not None:
            answer = forward_answer(redactor.redact(rec.id, rec.text), answer)
        return reply_json(answer)

    return reply
