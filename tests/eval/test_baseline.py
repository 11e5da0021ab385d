"""No worse than last time: with `pytest -m paid --baseline=RUN`, one test per metric that is a
yes/no per record (or per element), failing when the paid arm is worse than the baseline run's paid
arm with an exact McNemar p < 0.05 on a metric that has a threshold, the rule `kit compare
--fail-on-regression` applies. The baseline is a run folder (its paid.json) or a result file.
"""

from pathlib import Path

import pytest

from kit.measure import compare, results

pytestmark = pytest.mark.paid


@pytest.fixture(scope="session")
def baseline(pytestconfig) -> compare.Run:
    given = pytestconfig.getoption("--baseline")
    if not given:
        pytest.skip("no --baseline RUN given: nothing to compare the paid arm with")
    try:
        return compare.load_run(
            Path(given), "paid" if Path(given).is_dir() else None, label=f"baseline {given}"
        )
    except compare.CompareError as err:
        pytest.fail(f"--baseline: {err}", pytrace=False)


@pytest.fixture(scope="session")
def this_run(paid_run, corpus, kit_session) -> compare.Run:
    data = results.document(kit_session.run_id, paid_run.report, corpus)
    return compare.Run(f"this run {kit_session.run_id}", kit_session.result_path("paid"), data)


@pytest.mark.parametrize("metric", compare.paired_metric_names())
def test_no_worse_than_the_baseline(metric, baseline, this_run, kit_session):
    try:
        found = compare.regression_for(baseline, this_run, metric, kit_session.thresholds)
    except compare.CompareError as err:
        pytest.fail(f"cannot compare with the baseline:\n{err}", pytrace=False)
    assert found is None, found.message
