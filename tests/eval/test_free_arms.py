"""Every metric a test, for each free arm: the floor, the always-present baseline and the oracle.
Thresholds come from [tool.kit.thresholds.<arm>] in pyproject.toml."""

import pytest

from kit.arms import OFFLINE_ARMS
from kit.measure.scoring import metric_names
from kit.plugin.hooks import NOTE_KEY
from tests.eval.metric_check import calibration_line, check_metric


@pytest.mark.parametrize("metric", metric_names())
@pytest.mark.parametrize("arm", OFFLINE_ARMS)
def test_metric(arm, metric, offline_report, kit_session, scoreboard_row):
    check_metric(offline_report(arm), metric, kit_session, scoreboard_row)


@pytest.mark.parametrize("arm", OFFLINE_ARMS)
def test_calibration_is_reported(arm, offline_report, record_property):
    line = calibration_line(offline_report(arm))
    record_property(NOTE_KEY, line)
    assert ("n/a" in line) == (arm != "oracle")  # only the oracle states a confidence (1.0)
