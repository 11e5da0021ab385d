"""The training scripts under scripts/ imported as modules, for the tests that retrain a shipped model
and compare it byte for byte (the scan's learned check, the redactor's learned recogniser). A script
needs scikit-learn, the `train` extra: without it the test is skipped, not failed. Nothing here is a
fixture or a test."""

import importlib
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def training_script(name: str) -> ModuleType:
    """scripts/<name>.py as a module, or the test skipped when scikit-learn is not installed."""
    pytest.importorskip("sklearn")
    if str(SCRIPTS) not in sys.path:
        sys.path.insert(0, str(SCRIPTS))
    return importlib.import_module(name)
