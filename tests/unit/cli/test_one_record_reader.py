"""Every command that reads a record file says what `python -m kit.corpus --check` says about the same
bytes: a Latin-1 record is named with the bad byte's line and column and "save it as UTF-8", an empty
one with "the file is empty" (not "missing the section heading"). Before: `kit assemble` and `kit
egress` said "'utf-8' codec can't decode byte 0xe9 in position 635" and, on an empty file, "missing
the section heading 'ENCOUNTER FACTS'". The board's upload is held to the same in
tests/board/test_api.py."""

from __future__ import annotations

import contextlib
import io
import json
import shutil
from pathlib import Path

import pytest

from kit.cli import commands as cli
from kit.corpus import load
from kit.corpus.__main__ import main as corpus_main

RID = "ADM-0001"
SHIPPED = (load.shipped_folder() / f"{RID}.txt").read_text(encoding="utf-8")
DAMAGES = {
    "latin-1": SHIPPED.replace("Thornwick", "Th\u00f6rnwick").encode("latin-1"),
    "empty": b"",
    "white space only": b"\n  \n\n",
}
COMMANDS = {
    "assemble": ["assemble", "{path}"],
    "assemble --json": ["assemble", "{path}", "--json"],
    "assemble --arm model": ["assemble", "{path}", "--arm", "model"],
    "assemble a folder": ["assemble", "{folder}", "--out", "{out}"],
    "egress": ["egress", "{path}", "--env", "{env}"],
}


def run(argv: list[str]) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(argv)
    return code, err.getvalue()


def check_says(tmp: Path, data: bytes) -> str:
    """What --check says about a folder holding these bytes as the record (the file name cut off)."""
    folder = tmp / "check"
    folder.mkdir()
    (folder / f"{RID}.txt").write_bytes(data)
    facts = json.loads((load.shipped_folder() / "records.json").read_text(encoding="utf-8"))
    (folder / "records.json").write_text(json.dumps([f for f in facts if f["id"] == RID]))
    err = io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        assert corpus_main(["--check", str(folder)]) == 1
    shutil.rmtree(folder)
    said = [ln.strip() for ln in err.getvalue().splitlines() if ln.strip().startswith(f"{RID}.txt: ")]
    assert len(said) == 1, err.getvalue()
    return said[0].removeprefix(f"{RID}.txt: ")


@pytest.mark.parametrize("damage", DAMAGES)
def test_checks_words_are_the_ones_promised(tmp_path, damage):
    said = check_says(tmp_path, DAMAGES[damage])
    if damage == "latin-1":
        assert said.startswith("not UTF-8 text: byte 0xf6 at line 6, column ") and said.endswith(
            "; save it as UTF-8"
        )
    else:
        assert said.startswith("the file is empty")


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("damage", DAMAGES)
def test_every_command_that_reads_a_record_says_what_check_says(
    tmp_path, monkeypatch, damage, command, no_configuration
):
    monkeypatch.chdir(tmp_path)
    said = check_says(tmp_path, DAMAGES[damage])
    folder = tmp_path / "mine"
    folder.mkdir()
    path = folder / f"{RID}.txt"
    path.write_bytes(DAMAGES[damage])
    places = {"path": path, "folder": folder, "out": tmp_path / "out.jsonl", "env": tmp_path / ".env"}
    code, err = run([part.format(**places) for part in COMMANDS[command]])
    assert code in (1, 2), err
    assert f"{path}: {said}" in err, err
    assert "Traceback" not in err and "codec" not in err
