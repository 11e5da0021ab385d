"""`kit egress` prints what a hosted provider would receive, in that provider's message shape, with
no planted identifier in it; `kit configure` writes the redaction salt once, mode 0600."""

import json
import stat

import pytest

from kit.cli import commands as cli
from kit.model.envfile import read_dotenv
from tests.unit.guard.test_redact import PLANTED, planted_record

pytestmark = pytest.mark.usefixtures("no_configuration")  # the .env each test writes is all it reads


@pytest.fixture
def record_file(tmp_path):
    path = tmp_path / "ADM-9001.txt"
    path.write_text(planted_record(), encoding="utf-8")
    return path


def _env(tmp_path, provider="openai", base_url="https://api.example.com/v1", salt="s3cret-salt"):
    env = tmp_path / ".env"
    lines = [f"PROVIDER={provider}", "MODEL=some-model", f"REDACT_SALT={salt}"]
    env.write_text("\n".join(lines + ([f"BASE_URL={base_url}"] if base_url else [])) + "\n")
    return env


@pytest.mark.parametrize("provider", ["openai", "anthropic"])
def test_egress_prints_the_provider_messages_with_no_identifier(record_file, tmp_path, capsys, provider):
    env = _env(tmp_path, provider, None if provider == "anthropic" else "https://api.example.com/v1")
    assert cli.main(["egress", str(record_file), "--json", "--env", str(env)]) == 0
    out = capsys.readouterr()
    shown = json.loads(out.out)
    assert (shown["provider"], shown["model"]) == (provider, "some-model")
    assert ("system" in shown) == (provider == "anthropic")
    user = shown["messages"][-1]["content"]
    assert "ADMISSION RECORD ADM-9001" in user and "[PATIENT-1]" in user and "[MRN-1]" in user
    assert shown["replaced"]["PATIENT"] >= 4 and shown["replaced"]["DATE"] == 8
    assert not [p for p in PLANTED if p in out.out + out.err]
    assert "s3cret-salt" not in out.out + out.err
    assert cli.main(["egress", str(record_file), "--env", str(env)]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"To {provider} (some-model); replaced: ") and "----- user (" in text
    assert not [p for p in PLANTED if p in text]


def test_egress_says_when_the_configuration_would_not_redact(record_file, tmp_path, capsys):
    env = _env(tmp_path, base_url="http://127.0.0.1:8080/v1")
    assert cli.main(["egress", str(record_file), "--env", str(env)]) == 0
    assert "(default for a local server) sends the record as it is" in capsys.readouterr().err


def test_egress_without_a_salt_or_on_a_non_record_stops_with_one_line(record_file, tmp_path, capsys):
    assert cli.main(["egress", str(record_file), "--env", str(_env(tmp_path, salt=""))]) == 2
    assert "REDACT_SALT is not set: run `kit configure --env " in capsys.readouterr().err
    other = tmp_path / "notes.txt"
    other.write_text("just some notes\n")
    assert cli.main(["egress", str(other), "--env", str(_env(tmp_path))]) == 2
    assert "missing the section heading" in capsys.readouterr().err


def test_configure_writes_a_salt_once_and_keeps_it(tmp_path, capsys):
    env = tmp_path / ".env"
    args = ["configure", "--provider", "openai", "--base-url", "https://api.example.com/v1", "--model", "m"]
    assert cli.main([*args, "--env", str(env)]) == 0
    salt = read_dotenv(env)["REDACT_SALT"]
    assert len(salt) == 64 and stat.S_IMODE(env.stat().st_mode) == 0o600
    assert salt not in capsys.readouterr().out
    assert cli.main([*args, "--redact", "off", "--env", str(env)]) == 0
    assert read_dotenv(env)["REDACT_SALT"] == salt and read_dotenv(env)["REDACT"] == "off"


def test_egress_refuses_a_record_the_gate_stops_and_prints_no_message(
    record_file, tmp_path, capsys, monkeypatch
):
    from kit.cli import egress
    from tests.unit.guard.test_egress_gate import MissesPhones

    monkeypatch.setattr(egress, "Redactor", MissesPhones)
    assert cli.main(["egress", str(record_file), "--env", str(_env(tmp_path))]) == 2
    out = capsys.readouterr()
    assert out.out == "" and "egress gate: PHONE" in out.err and "ADM-9001" in out.err
    assert not [p for p in PLANTED if p in out.err]
