"""The prompt's static prefix built in fresh interpreters with different hash seeds is the one this
process builds (kit.model.prompt): nothing in it depends on set or hash order. The prompt's other
properties are in tests/unit/model/test_prompt.py."""

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

from tests.unit.model.test_prompt import SYNTHETIC, _fresh_build

_PREFIX_DIGESTS = """
import hashlib, json, sys
from kit.model import prompt
digests = []
for path in sys.argv[1:]:
    prompt.static_parts.cache_clear()
    with open(path, encoding="utf-8", newline="") as handle:
        built = prompt.build(handle.read())
    digests.append(hashlib.sha256(built.static_prefix.encode("utf-8")).hexdigest())
print(json.dumps(digests))
"""


def test_static_prefix_is_the_same_in_fresh_interpreters_with_different_hash_seeds(tmp_path):
    """A part assembled in set or hash order would agree with itself inside one process and still
    differ from the next run's, spoiling the provider's cache; fresh interpreters with fixed, different
    hash seeds build the prefix for a few records and must all match this process."""
    paths = []
    for name in ("clean", "braces_and_markers", "unicode_crlf"):
        path = tmp_path / f"{name}.txt"
        path.write_bytes(SYNTHETIC[name].encode("utf-8"))
        paths.append(str(path))
    expected = hashlib.sha256(_fresh_build("").static_prefix.encode("utf-8")).hexdigest()
    for seed in ("0", "1", "2", "3"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run(
            [sys.executable, "-c", _PREFIX_DIGESTS, *paths],
            capture_output=True,
            text=True,
            env=env,
            cwd=Path(__file__).resolve().parents[2],
            timeout=60,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout) == [expected] * len(paths), f"PYTHONHASHSEED={seed}"


