"""The prompt as reviewed text. Any change to what is sent (policy.md, an instruction, a vocabulary
word) fails here until someone runs `pytest tests/snapshots --snapshot-update`, reads the diff of the
.txt files under __snapshots__/, and commits them."""

from pathlib import Path

import pytest

from kit.model import prompt

SAMPLE = Path(__file__).resolve().parents[2] / "fixtures" / "corpus" / "ADM-0001.txt"


def test_static_prefix(text_snapshot):
    assert prompt.static_prefix() == text_snapshot


def test_complete_prompt_for_adm_0001(text_snapshot):
    if not SAMPLE.exists():
        pytest.fail(f"{SAMPLE} is missing: the snapshot is of the corpus's first record")
    with SAMPLE.open(encoding="utf-8", newline="") as handle:
        record_text = handle.read()
    assert "\r" not in record_text, "a text-mode snapshot cannot hold carriage returns"
    assert prompt.build(record_text).text == text_snapshot
