"""The parser's words for an optional field a reply leaves empty read as a note, not a fault.

Before: serving the floor through the stub (its confidence is null) printed "confidence: is a JSON
null, not a number" on every record."""

import json

from kit.arms import reply_text_for
from kit.corpus import load
from kit.model import reply

RECORDS = load.load(load.shipped_folder()).records


def _confidence_notes(text: str) -> list[str]:
    return [p.detail for p in reply.parse(text).problems if p.field == "confidence"]


def test_the_floor_served_through_the_stub_gets_a_plain_note_on_confidence() -> None:
    notes = [note for r in RECORDS for note in _confidence_notes(reply_text_for("floor", r.text))]
    assert notes, "the floor gives no confidence, so every record has the note"
    assert set(notes) == {"not given (null); nothing is graded on it"}


def test_a_null_confidence_is_noted_plainly() -> None:
    body = json.loads(reply_text_for("oracle", RECORDS[0].text))
    body["confidence"] = None
    answer = reply.parse(json.dumps(body))
    assert answer.confidence is None and answer.support == body["support"]
    assert _confidence_notes(json.dumps(body)) == ["not given (null); nothing is graded on it"]
