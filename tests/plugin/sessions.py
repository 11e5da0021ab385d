"""Helpers for the tests that run inner pytest sessions on the repository's own test files: the
arguments that root a session at the repository, and the environment of one that buys from a stub.
Nothing here is a fixture or a test."""

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
# The eval modules that measure material of their own, the same whatever --corpus names: the charting
# and attack sets (the subtle plants they also count on the corpus are the `scan` arm of
# test_injection.py), the dressed records written blind, the scan's and the redactor's retraining, the
# shipped corpus's regeneration, and the redaction of the shipped and identifiers corpora. Sessions on a
# corpus of one's own leave them out to stay short; the whole suite on one runs in the `slow` selection.
FIXED_MATERIAL = (
    "test_scan_unseen.py", "test_redaction_material.py", "test_scan_model.py", "test_regeneration.py",
    "test_redaction.py", "test_redact_model.py",
)


def inner_args(test_file: Path, results: Path, *extra: str) -> list[str]:
    """Arguments for an inner session on one of the repository's test files, rooted at the repository
    (its pytest.ini, conftests and thresholds), writing results to `results`."""
    return [
        str(test_file),
        f"--results-dir={results}",
        f"--rootdir={REPO}",
        "-c",
        str(REPO / "pytest.ini"),
        "-p",
        "no:cacheprovider",
        "-q",
        *extra,
    ]


def stub_session_env(base_url: str, workers: int, model: str = "stub-oracle") -> dict[str, str]:
    """This process's environment for an inner session that buys from the stub at `base_url` with
    `workers` workers: no .env is read and no daily limit is inherited."""
    env = {
        **os.environ,
        "PROVIDER": "stub",
        "BASE_URL": base_url,
        "MODEL": model,
        "EVAL_WORKERS": str(workers),
        "KIT_DOTENV": "/nonexistent/.env",
    }
    env.pop("MAX_CALLS_PER_DAY", None)
    return env
