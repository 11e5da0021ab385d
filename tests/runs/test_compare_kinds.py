"""kit compare refuses to set an answering arm beside the document scan or an injection set, saying
what the file is. Before: `kit compare floor.json scan.json` said "citation floors None is not {...}"."""

from __future__ import annotations

import pytest

from kit.cli import commands as cli
from kit.measure import compare


@pytest.mark.parametrize(
    ("other", "holds"),
    [("scan", "the document scan"), ("injection-floor", "injection results (injection-floor)")],
)
def test_an_answering_arm_beside_another_kind_is_refused_by_name(run_folder, capsys, other, holds):
    floor, theirs = run_folder / "floor.json", run_folder / f"{other}.json"
    assert cli.main(["compare", str(floor), str(theirs)]) == 2
    err = capsys.readouterr().err
    assert f"{theirs} is not an answering arm: it holds {holds}" in err
    assert "citation floors" not in err and "Traceback" not in err
    assert cli.main(["compare", str(theirs), str(floor)]) == 2
    assert f"{floor} is not {holds}: it holds an answering arm" in capsys.readouterr().err


def test_files_of_one_kind_still_compare(run_folder):
    for name in ("scan", "injection-floor", "floor"):
        path = run_folder / f"{name}.json"
        assert compare.refusals([compare.load_run(path), compare.load_run(path)]) == []
