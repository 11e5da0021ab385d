"""`kit egress` shows what would leave: by default without the units the document scan flags, naming
each withheld unit by line, section and reasons; `--send-flagged` or SEND_FLAGGED=verbatim shows them
sent as they are. `--quarantine`, which the default replaced, stops `kit assemble` and `kit egress`
with one line saying what to use."""

from __future__ import annotations

import json

import pytest

from kit.cli import commands as cli
from tests.unit.model.test_withholding import PLANT, plant_line, planted


@pytest.fixture
def hosted(tmp_path, no_configuration):
    """A planted record's file and a .env for a hosted endpoint, nothing set in the environment."""
    env = tmp_path / ".env"
    env.write_text("PROVIDER=openai\nMODEL=m\nBASE_URL=https://api.example.com/v1\nREDACT_SALT=s\n")
    rec = planted()
    path = tmp_path / f"{rec.id}.txt"
    path.write_text(rec.text, encoding="utf-8")
    return path, env, plant_line(rec)


def test_egress_withholds_a_flagged_unit_by_default_and_names_it(hosted, capsys):
    path, env, line = hosted
    assert cli.main(["egress", str(path), "--env", str(env)]) == 0
    out = capsys.readouterr().out
    assert PLANT not in out
    assert "sent: all but 1 flagged unit, withheld" in out.splitlines()[0]
    assert f"withheld: line {line}, UTILIZATION REVIEW NOTES: addressed to an automated reader;" in out
    assert cli.main(["egress", str(path), "--json", "--env", str(env)]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert [(w["line"], w["section"]) for w in shown["withheld"]] == [(line, "UTILIZATION REVIEW NOTES")]
    assert PLANT not in shown["messages"][-1]["content"]


@pytest.mark.parametrize("how", ["flag", "setting"])
def test_egress_shows_the_flagged_unit_sent_verbatim_when_asked(hosted, capsys, monkeypatch, how):
    path, env, _ = hosted
    if how == "setting":
        monkeypatch.setenv("SEND_FLAGGED", "verbatim")
    extra = ["--send-flagged"] if how == "flag" else []
    assert cli.main(["egress", str(path), "--json", "--env", str(env), *extra]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert PLANT in shown["messages"][-1]["content"] and shown["withheld"] == []
    assert shown["sent"] == "everything, 1 flagged unit included (sent verbatim)"


@pytest.mark.parametrize("command", ["assemble", "egress"])
def test_quarantine_is_gone_and_says_what_replaced_it(hosted, capsys, command):
    path, env, _ = hosted
    assert cli.main([command, str(path), "--quarantine", "--env", str(env)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1
    assert f"kit {command}: --quarantine is gone" in captured.err and "--send-flagged" in captured.err
