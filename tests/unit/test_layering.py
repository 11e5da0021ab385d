"""The pure-code stations import nothing from the model layer, checked in a fresh interpreter so
nothing another test imported can hide a dependency."""

import json
import subprocess
import sys

PURE = [
    "kit.benchmark", "kit.policy", "kit.citation", "kit.provenance", "kit.recheck", "kit.scoring",
    "kit.taxonomy", "kit.stats",
]  # fmt: skip
MODEL_LAYER = (
    "kit.providers", "kit.prompt", "kit.reply", "kit.runner", "kit.config", "kit.cache", "kit.pipeline"
)
# Reading finished runs needs no model either: comparing them and reporting on them.
PURE += ["kit.fingerprint", "kit.compare", "kit.compare_text", "kit.report"]


def test_pure_stations_pull_in_no_model_layer_module():
    code = (
        "import importlib, json, sys\n"
        f"for name in {PURE!r}: importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('kit'))))"
    )
    loaded = json.loads(
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    )
    leaks = [m for m in loaded if m.startswith(MODEL_LAYER)]
    assert not leaks, f"a pure station imports the model layer: {leaks}"
    assert set(PURE) <= set(loaded)


def test_the_providers_import_nothing_from_the_configuration():
    """kit.config reads the provider registry; the providers never read kit.config back."""
    code = "import json, sys, kit.providers; print(json.dumps(sorted(sys.modules)))"
    loaded = json.loads(
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    )
    assert "kit.providers.registry" in loaded
    assert "kit.config" not in loaded
