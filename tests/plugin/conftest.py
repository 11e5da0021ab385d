"""Helpers for the tests that run inner pytest sessions on the repository's own test files."""

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


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
