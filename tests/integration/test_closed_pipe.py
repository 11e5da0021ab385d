"""Every `kit` command whose reader closes the pipe early (`kit assemble ... | head -3`) ends quietly,
as Unix tools do: status 141 (128 + SIGPIPE), nothing on stderr. Before: a BrokenPipeError traceback."""

from __future__ import annotations

import subprocess
import sys

import pytest

from kit.cli import commands as cli
from kit.corpus import load

RECORD = str(load.shipped_folder() / "ADM-0001.txt")
COMMANDS = [["assemble", RECORD], ["assemble", RECORD, "--json"], ["assemble", RECORD, "--arm=floor"]]


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_a_closed_pipe_ends_the_command_quietly(argv) -> None:
    code = "import sys; from kit.cli import main; sys.exit(main(sys.argv[1:]))"
    pipes = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
    proc = subprocess.Popen([sys.executable, "-c", code, *argv], **pipes)
    proc.stdout.close()  # the reader is gone before the command writes a byte
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == cli.CLOSED_PIPE, err
    assert err == ""


def test_a_full_pipe_still_prints_everything(capsys) -> None:
    assert cli.main(["assemble", RECORD]) == 0
    assert "Support verdict:" in capsys.readouterr().out
