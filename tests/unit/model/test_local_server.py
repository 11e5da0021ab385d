"""A local OpenAI-compatible server as a new user meets one (issue 16), against the stub on 127.0.0.1:
the response-format setting and a server that refuses json_schema the way llama-cpp-python's does,
the token limit and a reply cut off at it, the read timeout's setting, a server that is not running,
one worker by default for a local BASE_URL, and what the progress line and the result file say about
each call. A server slower than the read timeout, and the latency the progress line shows, wait real
time: they are in tests/integration/test_slow_server.py."""

from __future__ import annotations

import socket

import pytest

from kit.arms import reply_text_for
from kit.corpus import load
from kit.model import reply, runner, telemetry
from kit.model.cache import Cache, cache_key
from kit.model.config import Config, load_config
from kit.model.ledger import Ledger
from kit.model.providers import FatalProviderError, Limiter, OpenAICompatProvider, Request, make_provider
from kit.model.stub.server import StubServer

MESSAGES = [{"role": "system", "content": "prefix"}, {"role": "user", "content": "ADMISSION RECORD"}]
SCHEMA = {"type": "object", "properties": {"why": {"type": "string"}}}
SHORT = {"base_delay": 0.01, "max_delay": 0.02}


@pytest.fixture(scope="module")
def records():
    return load.load(load.shipped_folder()).records[:3]


def oracle(text: str) -> str:
    return reply_text_for("oracle", text)


def arm_run(config: Config, tmp_path, lines: list[str] | None = None, **options) -> runner.ArmRun:
    return runner.ArmRun(
        config=config,
        cache=Cache(tmp_path / "cache"),
        ledger=Ledger(tmp_path / "ledger.json"),
        record=True,
        make_provider=lambda: make_provider(config, retry_options=SHORT, throttle=Limiter(), **options),
        progress=(lines.append if lines is not None else lambda line: None),
    )


def stub_config(stub: StubServer, **settings) -> Config:
    return Config(provider="openai", base_url=stub.base_url, model="local", eval_workers=1, **settings)


def ask(stub: StubServer, response_format: str) -> dict:
    p = OpenAICompatProvider(stub.base_url, "local", throttle=Limiter())
    p.complete(Request(messages=MESSAGES, model="local", schema=SCHEMA, response_format=response_format))
    return stub.bodies[-1]


# RESPONSE_FORMAT: what each setting sends


def test_each_response_format_sends_the_schema_its_own_way():
    with StubServer() as stub:
        assert ask(stub, "json_schema")["response_format"] == {
            "type": "json_schema",
            "json_schema": {"name": "admission_evidence", "schema": SCHEMA, "strict": False},
        }
        assert ask(stub, "json_object")["response_format"] == {"type": "json_object", "schema": SCHEMA}
        assert "response_format" not in ask(stub, "none")


# A server that refuses json_schema (llama-cpp-python answers 500 naming response_format)


def test_the_stub_refuses_json_schema_as_llama_cpp_python_does_and_takes_json_object():
    with StubServer(refuse_json_schema=True) as stub:
        p = OpenAICompatProvider(stub.base_url, "local", throttle=Limiter(), retry_options=SHORT)
        with pytest.raises(FatalProviderError) as info:
            p.complete(Request(messages=MESSAGES, model="local", schema=SCHEMA))
        assert stub.requests == 1, "a refused response format was retried"
        assert info.value.status == 500 and info.value.retries == 0
        message = str(info.value)
        assert "refused response_format json_schema: set RESPONSE_FORMAT=json_object" in message
        assert "Input should be 'text' or 'json_object'" in message
        assert ask(stub, "json_object")["response_format"]["type"] == "json_object"
        assert stub.outcomes == ["ok", "ok"]


def test_a_500_that_does_not_name_response_format_is_still_retried():
    with StubServer(fail_status=(500, 1)) as stub:
        p = OpenAICompatProvider(stub.base_url, "local", throttle=Limiter(), retry_options=SHORT)
        p.complete(Request(messages=MESSAGES, model="local", schema=SCHEMA, response_format="json_object"))
        assert stub.requests == 2


class Reply:
    def __init__(self, status: int, text: str) -> None:
        self.status_code, self.text = status, text


def test_a_refused_json_object_points_to_none_and_no_format_sent_is_never_a_format_refusal():
    provider = OpenAICompatProvider("http://127.0.0.1:1/v1", "m")
    refused = provider.format_refusal({"response_format": {"type": "json_object"}})
    assert refused(Reply(422, '{"detail": "json_object is not supported"}')) == (
        "the server refused response_format json_object: set RESPONSE_FORMAT=none "
        "(the schema only in the prompt)"
    )
    assert refused(Reply(400, '{"error": "max_tokens too large"}')) is None
    assert refused(Reply(503, "overloaded")) is None
    assert provider.format_refusal({})(Reply(400, "response_format is wrong")) is None


def test_a_refusal_stops_the_batch_after_one_request(records, tmp_path):
    with StubServer(replies=oracle, refuse_json_schema=True) as stub:
        outcome = arm_run(stub_config(stub), tmp_path).run(records)
        assert stub.requests == 1
    errors = [c.error for c in outcome.calls]
    assert all(c.status == "failed" for c in outcome.calls)
    assert sum("set RESPONSE_FORMAT=json_object" in e and not e.startswith("not sent") for e in errors) == 1
    assert sum(e.startswith("not sent: ") for e in errors) == 2


def test_json_object_buys_every_record_from_that_server(records, tmp_path):
    with StubServer(replies=oracle, refuse_json_schema=True) as stub:
        outcome = arm_run(stub_config(stub, response_format="json_object"), tmp_path).run(records)
        assert stub.requests == 3
    assert [c.status for c in outcome.calls] == ["bought"] * 3


# The cache key: what changes the request is in it, the read timeout is not


def test_response_format_and_max_tokens_are_in_the_key_and_the_timeout_is_not(records):
    schema = reply.schema()

    def key(**settings) -> str:
        config = Config(provider="openai", base_url="http://127.0.0.1:1/v1", model="m", **settings)
        return cache_key(runner.request_for(records[0].text, config, 0, schema), "openai")

    assert key() == key(timeout_s=5.0) == key(retry_timeouts=True) == key(eval_workers=9)
    changed = [key(response_format="json_object"), key(response_format="none"), key(max_tokens=600)]
    assert len({key(), *changed}) == 4


# MAX_TOKENS and a reply cut off at it


def test_max_tokens_is_sent_and_a_cut_off_reply_is_cached_and_explained(records, tmp_path):
    lines: list[str] = []
    with StubServer(replies=oracle) as stub:
        outcome = arm_run(stub_config(stub, max_tokens=60), tmp_path, lines).run(records[:1])
        assert stub.bodies[0]["max_tokens"] == 60
    (call,) = outcome.calls
    assert call.status == "bought" and call.completion["finish_reason"] == "length"
    assert Cache(tmp_path / "cache").get(call.key) is not None
    why = telemetry.explain(call)
    assert why.startswith(
        "cut off at the token limit (finish_reason=length, 60 tokens): it stopped in row 1 of 4; "
        "no closing brace: the object is still open where the reply stops; raise MAX_TOKENS"
    )
    assert "reply: the JSON object is not terminated" in why
    entry = telemetry.summary(outcome)["per_call"][0]
    assert entry["explanation"] == why
    assert "reply: the JSON object is not terminated (was the reply cut off?)" in entry["problems"]
    assert "(finish_reason=length, 60 output tokens)" in lines[-1]


def test_a_clean_reply_needs_no_explanation_and_a_bad_one_names_the_parser_problems(records, tmp_path):
    with StubServer(replies=lambda text: "Sure! " + oracle(text).replace('"support"', '"verdict"')) as stub:
        outcome = arm_run(stub_config(stub), tmp_path).run(records[:1])
    why = telemetry.explain(outcome.calls[0])
    assert why.startswith("the parser found: ")
    assert "support:" in why and "cut off" not in why
    with StubServer(replies=oracle) as stub:
        clean = arm_run(stub_config(stub), tmp_path / "clean").run(records[:1])
    assert telemetry.explain(clean.calls[0]) is None
    assert telemetry.summary(clean)["per_call"][0]["problems"] == []


# TIMEOUT_S


def test_timeout_s_is_the_read_timeout_of_the_provider():
    config = Config(provider="openai", base_url="http://127.0.0.1:1/v1", model="m", timeout_s=42.0)
    assert make_provider(config).timeout == (10.0, 42.0)


# A server that is not running


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_nothing_listening_says_so_and_stops_the_batch(records, tmp_path):
    url = f"http://127.0.0.1:{closed_port()}/v1"
    config = Config(provider="openai", base_url=url, model="m", eval_workers=1)
    outcome = arm_run(config, tmp_path).run(records)
    first, *rest = outcome.calls
    assert first.error.startswith(f"nothing is listening at {url} — is the server running?")
    assert all(c.error.startswith("not sent: nothing is listening") for c in rest)


# Workers: one for a local server unless EVAL_WORKERS says otherwise


@pytest.mark.parametrize(
    ("env", "workers", "source"),
    [
        ({"BASE_URL": "http://127.0.0.1:8080/v1"}, 1, "default for a local server"),
        ({"BASE_URL": "http://ollama:11434/v1"}, 1, "default for a local server"),
        ({"BASE_URL": "http://127.0.0.1:8080/v1", "EVAL_WORKERS": "3"}, 3, "EVAL_WORKERS"),
        ({"BASE_URL": "https://api.example.com/v1", "API_KEY": "k"}, 4, "default"),
    ],
)
def test_a_local_server_gets_one_worker_unless_eval_workers_is_set(tmp_path, env, workers, source):
    config = load_config({"PROVIDER": "openai", "MODEL": "m", **env}, dotenv_path=tmp_path / "none")
    assert (config.eval_workers, config.workers_source) == (workers, source)
    assert config.settings()["eval_workers_from"] == source


# The progress line: plurals right


def test_plural():
    assert [runner.plural(n, "call") for n in (0, 1, 2)] == ["0 calls", "1 call", "2 calls"]


# The settings: environment, .env, `kit configure`; refused when unusable


def test_the_settings_come_from_the_environment_over_dotenv(tmp_path):
    dotenv = tmp_path / ".env"
    dotenv.write_text("RESPONSE_FORMAT=none\nMAX_TOKENS=900\nTIMEOUT_S=45\nRETRY_TIMEOUTS=yes\n")
    config = load_config({"RESPONSE_FORMAT": "JSON_OBJECT"}, dotenv_path=dotenv)
    assert (config.response_format, config.max_tokens, config.timeout_s, config.retry_timeouts) == (
        "json_object", 900, 45.0, True)
    defaults = load_config({}, dotenv_path=tmp_path / "none")
    assert (defaults.response_format, defaults.max_tokens, defaults.timeout_s, defaults.retry_timeouts) == (
        "json_schema", 4096, 300.0, False)


@pytest.mark.parametrize(
    ("env", "says"),
    [
        ({"RESPONSE_FORMAT": "grammar"}, "RESPONSE_FORMAT must be one of json_schema, json_object, none"),
        ({"MAX_TOKENS": "0"}, "MAX_TOKENS must be a positive whole number"),
        ({"MAX_TOKENS": "lots"}, "MAX_TOKENS must be a positive whole number"),
        ({"TIMEOUT_S": "-1"}, "TIMEOUT_S must be a number of seconds above 0"),
        ({"TIMEOUT_S": "inf"}, "TIMEOUT_S must be a number of seconds above 0"),
        ({"TIMEOUT_S": "nan"}, "TIMEOUT_S must be a number of seconds above 0"),
        ({"RETRY_TIMEOUTS": "maybe"}, "RETRY_TIMEOUTS must be 1 or 0"),
    ],
)
def test_an_unusable_setting_is_refused_naming_it(tmp_path, env, says):
    from kit.model.config import ConfigError

    with pytest.raises(ConfigError, match=says):
        load_config(env, dotenv_path=tmp_path / "none")


def test_kit_configure_writes_the_settings(tmp_path, capsys):
    from kit.cli import commands as cli

    env = tmp_path / ".env"
    args = ["configure", "--provider", "openai", "--base-url", "http://127.0.0.1:8080/v1", "--model", "m",
            "--response-format", "json_object", "--max-tokens", "1024", "--timeout-s", "1800",
            "--retry-timeouts", "--env", str(env)]
    assert cli.main(args) == 0
    assert "RESPONSE_FORMAT, MAX_TOKENS, TIMEOUT_S, RETRY_TIMEOUTS" in capsys.readouterr().out
    config = load_config({}, dotenv_path=env)
    assert config.settings() == {
        "response_format": "json_object",
        "max_tokens": 1024,
        "timeout_s": 1800.0,
        "retry_timeouts": True,
        "eval_workers": 1,
        "eval_workers_from": "default for a local server",
        "redact": "off",
        "redact_from": "default for a local server",
        "reasoning_effort": "provider default",
        "send_flagged": "withhold",
        "send_flagged_from": "default",
    }


# The stub: cuts at max_tokens; the refusal switch from the command line


def test_the_stub_stops_a_reply_at_max_tokens_like_a_real_server():
    import requests

    with StubServer(replies=lambda text: "x" * 100) as stub:
        url = f"{stub.base_url}/chat/completions"
        body = {"model": "m", "messages": MESSAGES}
        cut = requests.post(url, json={**body, "max_tokens": 10}, timeout=5).json()["choices"][0]
        whole = requests.post(url, json={**body, "max_tokens": 25}, timeout=5).json()["choices"][0]
    assert (cut["message"]["content"], cut["finish_reason"]) == ("x" * 40, "length")
    assert (whole["message"]["content"], whole["finish_reason"]) == ("x" * 100, "stop")


def test_the_stub_command_line_takes_the_refusal_switch():
    from kit.model.stub.server import build_parser

    assert build_parser().parse_args(["--arm", "floor", "--refuse-json-schema"]).refuse_json_schema is True
    assert build_parser().parse_args(["--arm", "floor"]).refuse_json_schema is False
