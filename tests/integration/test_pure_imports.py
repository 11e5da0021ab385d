"""The pure stations (kit.rules, kit.corpus, kit.guard, kit.arms) load nothing of the model layer or
above in a fresh interpreter: the import graph read from the source is in tests/unit/test_layering.py;
this checks what Python really loads."""

import json
import subprocess
import sys

PURE = ["kit.rules", "kit.corpus", "kit.guard", "kit.arms"]


def test_pure_stations_pull_in_no_model_layer_module():
    code = (
        "import importlib, json, sys\n"
        f"for name in {PURE!r}: importlib.import_module(name)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('kit'))))"
    )
    loaded = json.loads(
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    )
    higher = ("kit.model", "kit.measure", "kit.pipeline", "kit.cli", "kit.plugin")
    leaks = [m for m in loaded if m.startswith(higher)]
    assert not leaks, f"a pure station loads a higher stage: {leaks}"
    assert set(PURE) <= set(loaded)
