"""Fixtures for the metric tests: each offline arm answered and scored once per session (once per
xdist worker), with its result file written to results/<run-id>/<arm>.json."""

from __future__ import annotations

import pytest

from kit import results, scoring
from kit.arms import arm as offline_arm


@pytest.fixture(scope="session")
def offline_report(corpus, kit_session):
    """A function arm name -> scored Report, computed once per arm."""
    cache: dict[str, scoring.Report] = {}

    def get(name: str) -> scoring.Report:
        if name not in cache:
            answer = offline_arm(name)
            answers = {r.id: answer(r) for r in corpus.records}
            cache[name] = scoring.score(
                name, corpus, answers, kit_session.coverage_min, kit_session.precision_min
            )
            results.write(kit_session.result_path(name), kit_session.run_id, cache[name], corpus)
        return cache[name]

    return get
