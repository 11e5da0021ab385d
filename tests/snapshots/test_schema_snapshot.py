"""The reply schema as reviewed text. The schema goes with every request and, on a local server, is
the grammar the model is held to, so a change to it (a row, a word, a pattern) fails here until
someone runs `pytest tests/snapshots --snapshot-update`, reads the diff of the .txt file under
__snapshots__/, and commits it, as for the prompt."""

from importlib import resources


def test_reply_schema(text_snapshot):
    text = resources.files("kit").joinpath("data", "reply.schema.json").read_text(encoding="utf-8")
    assert text == text_snapshot
