"""Every metric a test, for each free arm: the floor, the always-present baseline and the oracle.
Thresholds come from [tool.kit.thresholds.<arm>] in pyproject.toml."""

import pytest

from kit.arms import OFFLINE_ARMS
from kit.measure.scoring import metric_names
from tests.eval.metric_check import check_metric


@pytest.mark.parametrize("metric", metric_names())
@pytest.mark.parametrize("arm", OFFLINE_ARMS)
def test_metric(arm, metric, offline_report, kit_session, scoreboard_row):
    check_metric(offline_report(arm), metric, kit_session, scoreboard_row)
