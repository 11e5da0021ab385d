"""The scan's learned check against its training material (kit.guard.scan.learned,
scripts/train_scan_model.py): retraining writes the shipped weights byte for byte (deterministic, up to
date with the material), and the kit's plain-Python score is scikit-learn's decision value. The
pipeline is fitted once for the run (the fit is most of the time) and both tests read it."""

import pytest

from kit.guard.scan import learned
from tests.eval.trainers import training_script


@pytest.fixture(scope="module")
def trainer():
    return training_script("train_scan_model")


@pytest.fixture(scope="module")
def fitted(trainer, material_once):
    """Fitted once per run, a session started inside this one included (kit.plugin.fixtures)."""

    def fit():
        texts, labels, _ = trainer.material()
        return texts, labels, trainer.fit(texts, labels)

    return material_once.get("scan-model-fitted", fit)


def test_retraining_writes_the_shipped_weights_byte_for_byte(trainer, fitted, tmp_path):
    trainer.write(tmp_path / "model.json", trainer.weights(*fitted))
    assert (tmp_path / "model.json").read_bytes() == learned.MODEL_PATH.read_bytes()


def test_the_plain_python_score_is_scikit_learn_s(trainer, fitted):
    texts, _, pipeline = fitted
    sample = texts[::40]
    expected = trainer.decide(pipeline, sample)
    assert max(abs(learned.score(t) - e) for t, e in zip(sample, expected, strict=True)) < 1e-4
