"""`kit configure` refuses a setting the run would refuse, by the run's own validator
(kit.model.config.validate), naming the rule and leaving .env as it was; and the hints that name
`kit configure` work when run exactly as written.

Before: each refused command below printed `wrote ... (mode 0600)`, an empty --model became the stub's
model, and bare `kit configure` (the command `kit egress` names for a missing salt) failed for want of
--provider and --model."""

import shlex

import pytest

from kit.cli import commands as cli
from kit.corpus import load
from kit.model import config

HOSTED = ["--provider", "openai", "--base-url", "https://api.example.com/v1", "--model", "m"]
REFUSED = [
    (["--provider", "openai", "--base-url", "api.example.com", "--model", "m"], "BASE_URL must start with"),
    ([*HOSTED, "--workers", "0"], "EVAL_WORKERS must be a positive whole number, got '0'"),
    ([*HOSTED, "--max-tokens", "-5"], "MAX_TOKENS must be a positive whole number, got '-5'"),
    ([*HOSTED, "--timeout-s", "0"], "TIMEOUT_S must be a number of seconds above 0"),
    ([*HOSTED, "--max-calls-per-day", "0"], "MAX_CALLS_PER_DAY must be a positive whole number"),
    (["--provider", "stub", "--model", ""], "MODEL is set but empty"),
    (["--provider", "openai", "--model", "m"], "PROVIDER=openai needs BASE_URL"),
]


pytestmark = pytest.mark.usefixtures("no_configuration")


@pytest.mark.parametrize(("options", "rule"), REFUSED, ids=[rule for _, rule in REFUSED])
@pytest.mark.parametrize("before", [None, b"# mine\nMODEL=kept\n"], ids=["no .env", "an .env"])
def test_configure_refuses_with_the_rule_and_leaves_env_alone(tmp_path, capsys, options, rule, before):
    env = tmp_path / ".env"
    if before is not None:
        env.write_bytes(before)
    assert cli.main(["configure", *options, "--env", str(env)]) == 2
    out = capsys.readouterr()
    assert rule in out.err and f"{env} was left as it was" in out.err and "wrote" not in out.out
    assert (env.read_bytes() if env.exists() else None) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ([".env"] if before is not None else [])


@pytest.mark.parametrize(("options", "rule"), REFUSED, ids=[rule for _, rule in REFUSED])
def test_the_run_refuses_the_same_settings_with_the_same_words(tmp_path, options, rule):
    """The one validator: what configure would have written, read by the run, fails the same way."""
    env = tmp_path / ".env"
    names = dict(zip(options[::2], options[1::2], strict=True))
    keys = {"--workers": "EVAL_WORKERS", "--base-url": "BASE_URL"}
    env.write_text("".join(f"{keys.get(o, o[2:].replace('-', '_').upper())}={v}\n" for o, v in names.items()))
    with pytest.raises(config.ConfigError, match=rule.replace("(", r"\(")):
        config.load_config(env={}, dotenv_path=env)


def test_a_setting_already_in_env_is_judged_with_the_new_ones(tmp_path, capsys):
    env = tmp_path / ".env"
    env.write_text("PROVIDER=openai\nBASE_URL=https://api.example.com/v1\n")
    assert cli.main(["configure", "--model", "m", "--env", str(env)]) == 0
    assert config.load_config(env={}, dotenv_path=env).model == "m"
    assert cli.main(["configure", "--provider", "anthropic", "--base-url", "ftp://x", "--env", str(env)]) == 2
    assert "BASE_URL must start with http" in capsys.readouterr().err


def test_the_egress_hint_for_a_missing_salt_works_as_written(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    record = load.shipped_folder() / "ADM-0001.txt"
    (tmp_path / ".env").write_text("PROVIDER=openai\nBASE_URL=https://api.example.com/v1\nMODEL=m\n")
    for env_option in ([], ["--env", str(tmp_path / "other dir" / "my.env")]):
        if env_option:
            (tmp_path / "other dir").mkdir()
            (tmp_path / "other dir" / "my.env").write_text("PROVIDER=stub\n")
        assert cli.main(["egress", str(record), *env_option]) == 2
        hint = capsys.readouterr().err.split("`")[1]
        argv = shlex.split(hint)
        assert argv[0] == "kit"
        assert cli.main(argv[1:]) == 0, capsys.readouterr().err
        assert cli.main(["egress", str(record), *env_option]) == 0
        assert "ADMISSION RECORD ADM-0001" in capsys.readouterr().out
