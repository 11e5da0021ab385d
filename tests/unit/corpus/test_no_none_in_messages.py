"""What --check says about a value that is not there names it as missing, never as Python's None.
Before: "records.json: MY-1 admitted_at None is not 'YYYY-MM-DD HH:MM'", "ENCOUNTER FACTS says admitted
'...' but records.json says None" and "MY-1.txt: Facility is None, records.json says '...'"."""

from __future__ import annotations

import contextlib
import io
import json
import shutil

from kit.corpus import load
from kit.corpus.__main__ import main as corpus_main


def check(folder) -> str:
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert corpus_main(["--check", str(folder)]) == 1
    return err.getvalue()


def test_a_missing_value_is_said_missing(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    rid = "ADM-0001"
    shutil.copy(load.shipped_folder() / f"{rid}.txt", folder)
    facts = json.loads((load.shipped_folder() / "records.json").read_text(encoding="utf-8"))
    row = next(f for f in facts if f["id"] == rid)
    (folder / "records.json").write_text(json.dumps([{k: v for k, v in row.items() if k != "admitted_at"}]))
    said = check(folder)
    assert f"records.json: {rid} has no admitted_at: give 'YYYY-MM-DD HH:MM'" in said and "None" not in said
    text = (folder / f"{rid}.txt").read_text(encoding="utf-8")
    (folder / f"{rid}.txt").write_text("\n".join(ln for ln in text.split("\n") if "Facility" not in ln))
    (folder / "records.json").write_text(json.dumps([row]))
    said = check(folder)
    assert f"{rid}.txt: ENCOUNTER FACTS has no 'Facility' line, records.json says" in said
    assert "None" not in said
