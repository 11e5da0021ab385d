"""A mistyped flag shows the usage of the subcommand it was typed to, with the nearest flag that
subcommand has, for every subcommand. Before: `kit board --prot 9000` printed the top-level usage
(`kit [-h] {assemble,configure,...}`), so `--port` was never shown."""

from __future__ import annotations

import argparse

import pytest

from kit.cli import commands as cli

SUBCOMMANDS = {  # each with what it needs to get as far as its options, and a flag mistyped
    "assemble": (["rec.txt"], "--admited", "--admitted"),
    "configure": ([], "--provder", "--provider"),
    "egress": (["rec.txt"], "--jsno", "--json"),
    "compare": (["a", "b"], "--fail-on-regresion", "--fail-on-regression"),
    "report": (["run"], "--corpuss", "--corpus"),
    "leaderboard": (["run"], "--prices-file", "--prices"),
    "board": ([], "--prot", "--port"),
}


def subcommands() -> set[str]:
    parser = argparse.ArgumentParser(prog="kit")
    commands = parser.add_subparsers(dest="command")
    cli.cli_runs.add_parsers(commands)
    cli.cli_board.add_parser(commands)
    return set(commands.choices) | {"assemble", "configure", "egress"}


def test_every_subcommand_is_tried():
    assert set(SUBCOMMANDS) == subcommands()


@pytest.mark.parametrize("command", SUBCOMMANDS)
def test_a_mistyped_flag_shows_its_own_subcommands_usage(command, capsys):
    given, typo, meant = SUBCOMMANDS[command]
    with pytest.raises(SystemExit) as done:
        cli.main([command, *given, typo, "9000"])
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: kit {command} ") and meant in err.split("\n\n")[0].split("error:")[0]
    assert err.rstrip().endswith(f"error: unrecognized arguments: {typo} 9000 (did you mean {meant}?)")
