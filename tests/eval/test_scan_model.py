"""The scan's learned check against its training material (kit.guard.scan.learned,
scripts/train_scan_model.py): retraining writes the shipped weights byte for byte (deterministic, up to
date with the material), and the kit's plain-Python score is scikit-learn's decision value."""

import sys
from pathlib import Path

import pytest

from kit.guard.scan import learned

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "scripts"))


@pytest.fixture(scope="module")
def trainer():
    pytest.importorskip("sklearn")
    import train_scan_model

    return train_scan_model


def test_retraining_writes_the_shipped_weights_byte_for_byte(trainer, tmp_path):
    trainer.train(tmp_path / "model.json")
    assert (tmp_path / "model.json").read_bytes() == learned.MODEL_PATH.read_bytes()


def test_the_plain_python_score_is_scikit_learn_s(trainer):
    texts, labels, _ = trainer.material()
    sample = texts[::40]
    fitted = trainer._pipeline(trainer.C).fit(texts, labels)
    expected = fitted.decision_function(sample)
    assert max(abs(learned.score(t) - e) for t, e in zip(sample, expected, strict=True)) < 1e-4
