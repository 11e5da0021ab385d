"""The redactor on dressed records written blind (issue 33; tests/redaction_material.py says how each
figure is counted, tests/material/redaction/README.md when each set was written and first measured).
Each set was measured once on the commit its README names and is development material since; these
tests hold the redactor to what it does on them now: identifiers kept out, records the egress gate
refuses, ages over 89 generalised, key lines intact. A leaked identifier's record, type and value are
in the failure message."""

import pytest

from kit.measure import results
from kit.measure.metric import HIGHER, LOWER, count_metric
from kit.measure.scoring import Report
from tests.eval.metric_check import check_metric
from tests.redaction_material import measure

SETS = tuple(f"r{n}" for n in range(1, 48))  # tests/material/redaction/r1 .. r47
ARM = "redaction-material"
KINDS = ("kept_out", "refused", "ages_generalised", "key_lines_intact")
METRICS = [f"{name}.{kind}" for name in SETS for kind in KINDS]


@pytest.fixture(scope="module")
def material_report(corpus, kit_session, computed_once, material_once) -> Report:
    """Measured once, by the first xdist worker to ask, and shared with a session started inside this
    one (the sets are the same whatever the corpus: kit.plugin.fixtures, `material_once`); its result
    file written once per session."""
    return computed_once.get(ARM, lambda: _written(material_once.get(ARM, _measure), corpus, kit_session))


def _written(report: Report, corpus, kit_session) -> Report:
    results.write(kit_session.result_path(ARM), kit_session.run_id, report, corpus)
    return report


def _measure() -> Report:
    metrics = {}
    for name in SETS:
        found = measure(name)
        leaked = [f"{rid} {kind} {value!r}" for rid, kind, value in found.leaks]  # each occurrence
        kept = [(item, False) for item in leaked] + [
            (f"{name}-{n}", True) for n in range(sum(found.planted.values()) - len(leaked))
        ]
        metrics[f"{name}.kept_out"] = count_metric(f"{name}.kept_out", kept, HIGHER)
        refused = [(f"{name}-record-{n}", False) for n in range(found.records - len(found.refused))]
        refused += [(rid, True) for rid in found.refused]
        metrics[f"{name}.refused"] = count_metric(f"{name}.refused", refused, LOWER)
        ages = [(f"{name}-age-{n}", n < found.ages_generalised) for n in range(found.ages)]
        metrics[f"{name}.ages_generalised"] = count_metric(f"{name}.ages_generalised", ages, HIGHER)
        lines = [(f"{name}-line-{n}", n < found.key_lines_intact) for n in range(found.key_lines)]
        metrics[f"{name}.key_lines_intact"] = count_metric(f"{name}.key_lines_intact", lines, HIGHER)
    return Report(ARM, metrics, [], {}, 0.0, 0.0)


@pytest.mark.parametrize("metric", METRICS)
def test_redaction_on_records_written_blind(metric, material_report, kit_session, scoreboard_row):
    check_metric(material_report, metric, kit_session, scoreboard_row, 300 + METRICS.index(metric))
