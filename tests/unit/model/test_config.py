import os
import stat

import pytest

from kit.model import config as config_mod
from kit.model.config import ConfigError, load_config
from kit.model.envfile import write_dotenv
from kit.model.providers.registry import needs_key

SENTINEL = "sk-SENTINEL-123"


def test_reads_every_variable_from_the_environment(tmp_path):
    env = {
        "PROVIDER": "openai",
        "BASE_URL": "http://127.0.0.1:8000/v1/",
        "MODEL": "qwen2.5-7b",
        "API_KEY": SENTINEL,
        "EVAL_WORKERS": "8",
        "MAX_CALLS_PER_DAY": "500",
    }
    cfg = load_config(env, dotenv_path=tmp_path / "missing.env")
    assert (cfg.provider, cfg.base_url, cfg.model, cfg.api_key) == (
        "openai", "http://127.0.0.1:8000/v1", "qwen2.5-7b", SENTINEL)
    assert (cfg.eval_workers, cfg.max_calls_per_day) == (8, 500)


def test_environment_wins_over_dotenv_and_dotenv_fills_the_rest(tmp_path):
    dotenv = tmp_path / ".env"
    dotenv.write_text(
        "# a comment\n\nPROVIDER=openai\nBASE_URL=http://localhost:11434/v1\nMODEL=from-file\n"
        "export EVAL_WORKERS='3'\nAPI_KEY=\"file-key\"\n"
    )
    cfg = load_config({"MODEL": "from-env"}, dotenv_path=dotenv)
    assert cfg.model == "from-env"
    assert cfg.base_url == "http://localhost:11434/v1"
    assert cfg.eval_workers == 3
    assert cfg.api_key == "file-key"


def test_defaults_when_nothing_is_set(tmp_path):
    cfg = load_config({}, dotenv_path=tmp_path / "none")
    assert cfg.provider == "stub"
    assert cfg.eval_workers == 4
    assert cfg.max_calls_per_day is None


@pytest.mark.parametrize("raw", ["0", "-2", "four", "1.5"])
def test_bad_eval_workers_names_the_variable(tmp_path, raw):
    with pytest.raises(ConfigError, match="EVAL_WORKERS must be a positive whole number"):
        load_config({"EVAL_WORKERS": raw}, dotenv_path=tmp_path / "none")


def test_bad_max_calls_per_day(tmp_path):
    with pytest.raises(ConfigError, match="MAX_CALLS_PER_DAY"):
        load_config({"MAX_CALLS_PER_DAY": "lots"}, dotenv_path=tmp_path / "none")


def test_unknown_provider_lists_the_known_ones(tmp_path):
    with pytest.raises(ConfigError, match="PROVIDER must be one of openai, anthropic, stub"):
        load_config({"PROVIDER": "bard"}, dotenv_path=tmp_path / "none")


def test_openai_needs_base_url_and_model(tmp_path):
    with pytest.raises(ConfigError, match="needs BASE_URL"):
        load_config({"PROVIDER": "openai", "MODEL": "m"}, dotenv_path=tmp_path / "none")
    with pytest.raises(ConfigError, match="needs MODEL"):
        load_config({"PROVIDER": "openai", "BASE_URL": "http://127.0.0.1:1/v1"}, dotenv_path=tmp_path / "n")


def test_repr_never_shows_the_key(tmp_path):
    cfg = load_config({"API_KEY": SENTINEL}, dotenv_path=tmp_path / "none")
    assert cfg.api_key == SENTINEL
    assert SENTINEL not in repr(cfg)
    assert SENTINEL not in str(cfg)


def test_dotenv_is_written_0600_even_over_an_open_file(tmp_path):
    path = tmp_path / ".env"
    path.write_text("OLD=1\n")
    os.chmod(path, 0o644)
    write_dotenv(path, {"API_KEY": SENTINEL, "MODEL": "m", "MAX_CALLS_PER_DAY": None})
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert path.read_text() == f"OLD=1\nAPI_KEY={SENTINEL}\nMODEL=m\n"
    assert load_config({}, dotenv_path=path).api_key == SENTINEL


def test_dotenv_mode_is_0600_before_the_first_byte(tmp_path, monkeypatch):
    seen = []
    real_fdopen = os.fdopen

    def spying_fdopen(fd, *args, **kwargs):
        info = os.fstat(fd)
        seen.append((stat.S_IMODE(info.st_mode), info.st_size))
        return real_fdopen(fd, *args, **kwargs)

    monkeypatch.setattr(os, "fdopen", spying_fdopen)
    old_umask = os.umask(0)  # the most permissive umask must not widen the file
    try:
        write_dotenv(tmp_path / ".env", {"API_KEY": SENTINEL})
    finally:
        os.umask(old_umask)
    assert seen == [(0o600, 0)]


def test_dotenv_is_created_0600_not_widened_then_narrowed(tmp_path, monkeypatch):
    # Another process may open the file in any window where it is wider than 0600, so the mode must
    # come from os.open itself, not only from the later fchmod.
    monkeypatch.setattr(os, "fchmod", lambda fd, mode: None)
    old_umask = os.umask(0)
    try:
        write_dotenv(tmp_path / ".env", {"API_KEY": SENTINEL})
    finally:
        os.umask(old_umask)
    assert stat.S_IMODE(os.stat(tmp_path / ".env").st_mode) == 0o600


def test_dotenv_refuses_line_breaks(tmp_path):
    with pytest.raises(ConfigError, match="line break"):
        write_dotenv(tmp_path / ".env", {"MODEL": "a\nAPI_KEY=x"})


@pytest.mark.parametrize(
    ("provider", "base_url", "expected"),
    [
        ("anthropic", None, True),
        ("anthropic", "http://127.0.0.1:9/", True),
        ("openai", "https://api.example.com/v1", True),
        ("openai", "http://127.0.0.1:8000/v1", False),
        ("openai", "http://localhost:11434/v1", False),
        ("openai", "http://[::1]:8000/v1", False),
        ("openai", "http://127.0.0.1.example.com/v1", True),
        ("stub", "http://127.0.0.1:5/v1", False),
    ],
)
def test_needs_key(provider, base_url, expected):
    assert needs_key(provider, base_url) is expected


@pytest.mark.parametrize(
    "base_url",
    [
        # private (RFC 1918) networks
        "http://10.0.0.5:8000/v1",
        "http://10.255.255.254/v1",
        "http://192.168.1.20:11434/v1",
        "http://172.16.0.1:8000/v1",
        "http://172.31.255.254:8000/v1",
        # single-label hosts (a container name, a machine on the LAN)
        "http://ollama:11434/v1",
        "http://gpu-box:8000/v1",
        "http://OLLAMA.:11434/v1",
        # local-only name suffixes
        "http://gpu.local:8000/v1",
        "http://box.lan/v1",
        "http://vllm.svc.internal:8000/v1",
        "http://nas.home.arpa:11434/v1",
        "http://api.localhost:8000/v1",
        # other addresses that are not publicly routable
        "http://169.254.10.1:8000/v1",
        "http://100.101.102.103:11434/v1",
        "http://[fd12:3456::1]:8000/v1",
        "http://[fe80::1]:8000/v1",
        "http://[::ffff:192.168.0.9]:8000/v1",
    ],
)
def test_a_server_on_a_private_network_needs_no_key(base_url):
    assert not needs_key("openai", base_url)
    assert needs_key("anthropic", base_url)


@pytest.mark.parametrize(
    "base_url",
    [
        "https://api.openai.com/v1",
        "https://openrouter.ai/api/v1",
        "http://8.8.8.8:8000/v1",
        "http://172.32.0.1:8000/v1",
        "http://172.15.255.1:8000/v1",
        "http://11.0.0.1/v1",
        "http://[2606:4700:4700::1111]/v1",
        "http://[::ffff:8.8.8.8]/v1",
        "http://ollama.example.com/v1",
        "http://10.0.0.5.nip.io/v1",
        "http://local.example.com/v1",
        "http://example.lan.example.com/v1",
    ],
)
def test_a_public_host_or_address_needs_a_key(base_url):
    assert needs_key("openai", base_url)


@pytest.mark.parametrize(
    "bad",
    [
        "sk-SENTINEL-123\nabc",
        "sk-SENTINEL-123\r\nabc",
        "sk-SENTINEL 123",
        "sk-SENTINEL\t123",
        "sk-SENTINEL-123\x00",
        "sk-SENTINEL-123\x7f",
        "sk-SENTINÉL-123",
        "sk-SENTINEL-123\u2019",
    ],
)
def test_a_key_with_whitespace_or_control_characters_is_refused_without_quoting_it(tmp_path, bad):
    with pytest.raises(ConfigError, match="API_KEY contains whitespace") as info:
        load_config({"API_KEY": bad}, dotenv_path=tmp_path / "none")
    message = str(info.value) + repr(info.value)
    assert "SENTINEL" not in message and "SENTIN" not in message and "123" not in message
    assert info.value.__cause__ is None and info.value.__context__ is None


def test_a_bad_key_in_dotenv_is_refused_too_and_surrounding_whitespace_is_fine(tmp_path):
    dotenv = tmp_path / ".env"
    dotenv.write_text('API_KEY="sk-SENTINEL 123"\n')
    with pytest.raises(ConfigError, match="API_KEY") as info:
        load_config({}, dotenv_path=dotenv)
    assert "SENTINEL" not in str(info.value)
    assert load_config({"API_KEY": f"  {SENTINEL}\n"}, dotenv_path=tmp_path / "none").api_key == SENTINEL
    assert load_config({"API_KEY": "   "}, dotenv_path=tmp_path / "none").api_key is None


def test_batch_poll_s_is_read_and_checked(tmp_path):
    assert load_config({"BATCH_POLL_S": "0.01"}, dotenv_path=tmp_path / "none").batch_poll_s == 0.01
    assert load_config({}, dotenv_path=tmp_path / "none").batch_poll_s is None
    with pytest.raises(ConfigError, match="BATCH_POLL_S"):
        load_config({"BATCH_POLL_S": "0"}, dotenv_path=tmp_path / "none")


def test_unreadable_prices_file_is_a_config_error(tmp_path):
    with pytest.raises(ConfigError, match="PRICES_FILE"):
        load_config({"PRICES_FILE": str(tmp_path / "nope.json")}, dotenv_path=tmp_path / "none")
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    with pytest.raises(ConfigError, match="not valid JSON"):
        load_config({"PRICES_FILE": str(bad)}, dotenv_path=tmp_path / "none")


def _names_validate_reads() -> set[str]:
    """Every variable name kit.model.config.validate looks up in the settings it is given, read off
    its source: merged.get("X"), merged["X"] and "X" in merged."""
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(config_mod.validate))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get":
            target, key = node.func.value, node.args[0] if node.args else None
        elif isinstance(node, ast.Subscript):
            target, key = node.value, node.slice
        elif isinstance(node, ast.Compare) and isinstance(node.ops[0], ast.In):
            target, key = node.comparators[0], node.left
        else:
            continue
        if isinstance(target, ast.Name) and target.id == "merged" and isinstance(key, ast.Constant):
            names.add(key.value)
    return names


def test_the_variables_are_every_name_the_configuration_reads():
    """VARIABLES (what load_config takes from the environment, and what the no_configuration fixture
    clears) comes from Config's fields; a setting validate reads with no field naming it would be
    neither taken from the environment nor cleared for tests."""
    assert _names_validate_reads() == set(config_mod.VARIABLES)
    assert "REASONING_EFFORT" in config_mod.VARIABLES and "PRICES_FILE" not in config_mod.KEYS


def test_no_configuration_clears_every_variable(monkeypatch, request, tmp_path):
    for name in config_mod.VARIABLES:
        monkeypatch.setenv(name, "not a usable value")
    with pytest.raises(ConfigError):
        load_config(dotenv_path=tmp_path / "none")
    request.getfixturevalue("no_configuration")
    assert load_config(dotenv_path=tmp_path / "none") == config_mod.validate({})
