"""The machine-readable result of one arm in one run: results/<run-id>/<arm>.json.

It holds the corpus guards, the corpus folder and content hashes of the corpus and of policy.json (so
two runs are only compared when they scored the same thing: kit.measure.compare), every metric, every
per-record grade, the dataset version, policy id and citation floors, plus anything the caller adds
(telemetry for a paid arm). It scores nothing itself.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kit.corpus import Corpus, fingerprint
from kit.files import write_json_atomic
from kit.measure.scoring import Report, guards
from kit.rules import rulebook


def hashes(corpus: Corpus) -> dict[str, str]:
    """The corpus content hash and the policy.json hash every result file carries."""
    return {"corpus_hash": fingerprint.corpus_hash(corpus), "policy_hash": fingerprint.policy_hash()}


def graded_on(corpus: Corpus) -> dict[str, str]:
    """Where the corpus was read from (so `kit report` finds its record texts again) and its hashes."""
    return {"corpus_folder": str(Path(corpus.folder).resolve()), **hashes(corpus)}


def document(run_id: str, report: Report, corpus: Corpus, extra: dict[str, Any] | None = None) -> dict:
    """The result file's content: the run, the corpus's guards and hashes, the report, then `extra`."""
    data = {
        "run_id": run_id,
        "arm": report.arm,
        "dataset_version": corpus.dataset_version,
        "policy_id": rulebook.policy_id(),
        "guards": guards(corpus),
        **graded_on(corpus),
        **report.to_dict(),
    }
    if extra:
        data.update(extra)
    return data


def write(
    path: Path, run_id: str, report: Report, corpus: Corpus, extra: dict[str, Any] | None = None
) -> Path:
    """Write the result file of `report` (run `run_id`, scored on `corpus`, `extra` added) to `path` in
    one step; returns `path`."""
    write_json_atomic(path, document(run_id, report, corpus, extra))
    return path


def write_json(path: Path, run_id: str, body: dict[str, Any], corpus: Corpus) -> Path:
    """A result file for a report that is not a scoring.Report (injection, scan)."""
    data = {
        "run_id": run_id,
        "dataset_version": corpus.dataset_version,
        "policy_id": rulebook.policy_id(),
        "guards": guards(corpus),
        **graded_on(corpus),
        **body,
    }
    write_json_atomic(path, data)
    return path
