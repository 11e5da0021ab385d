"""The redactor's learned recogniser against its training material (kit.guard.redact.learned,
scripts/train_redact_model.py): retraining writes the shipped weights byte for byte, so the file is
deterministic and up to date with the sets it names; and it names development sets only, each one
measured once blind before it was read (tests/material/redaction/README.md)."""

import json

import pytest

from kit.guard.redact import learned
from tests.eval.trainers import training_script


@pytest.fixture(scope="module")
def trainer():
    return training_script("train_redact_model")


def test_retraining_writes_the_shipped_weights_byte_for_byte(trainer, tmp_path, material_once):
    """Retrained once per run, a session started inside this one included (kit.plugin.fixtures)."""

    def retrained() -> bytes:
        trainer.write(tmp_path / "model.json", trainer.fit(trainer.examples()))
        return (tmp_path / "model.json").read_bytes()

    assert material_once.get("redact-model-retrained", retrained) == learned.MODEL.read_bytes()


def test_the_model_names_the_sets_it_read_and_each_is_development_material(trainer):
    trained_on = json.loads(learned.MODEL.read_text(encoding="utf-8"))["trained_on"]
    assert trained_on == list(trainer.TRAINING_SETS)
    for name in trained_on:
        assert (trainer.REDACTION / name / "identifiers.json").exists(), name
