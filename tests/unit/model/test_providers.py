import json
import threading
import time
from http.server import BaseHTTPRequestHandler

import pytest

from kit.model.cache import Cache, cache_key
from kit.model.config import Config, ConfigError
from kit.model.providers import (
    AnthropicProvider,
    FatalProviderError,
    Limiter,
    OpenAICompatProvider,
    ProviderError,
    Request,
    RetryExhausted,
    Usage,
    make_provider,
)
from kit.model.providers.base import Stopped
from kit.model.stub.handler import POLL_INTERVAL, LoopbackHTTPServer
from kit.model.stub.server import StubServer

SENTINEL = "sk-SENTINEL-123"
SYSTEM = "You read admission records. " * 20
MESSAGES = [
    {"role": "system", "content": SYSTEM},
    {"role": "user", "content": "ADMISSION RECORD ADM-0007\nAdmitted 2026-06-10 23:50."},
]


class SleepRecorder(list):
    def __call__(self, seconds):
        self.append(seconds)


def provider(stub, key=None, **kwargs):
    sleeps = SleepRecorder()
    p = OpenAICompatProvider(stub.base_url, "stub", key, sleep=sleeps, throttle=Limiter(), **kwargs)
    return p, sleeps


def ask(p, **kwargs):
    return p.complete(Request(messages=MESSAGES, model="stub", **kwargs))


def test_plain_call_parses_text_usage_and_ids():
    with StubServer(replies=lambda user: json.dumps({"echo": user.split()[2]})) as stub:
        p, sleeps = provider(stub)
        c = ask(p)
    assert c.text == '{"echo": "ADM-0007"}'
    assert c.finish_reason == "stop"
    assert c.request_id.startswith("req_stub_")
    assert c.retries == 0 and not c.cached and sleeps == []
    assert c.usage.cached_input_tokens == len(SYSTEM) // 4
    assert c.usage.input_tokens == (len(SYSTEM) + len(MESSAGES[1]["content"])) // 4
    assert c.usage.output_tokens == len(c.text) // 4
    assert c.usage.reasoning_tokens == 0
    assert c.latency_ms > 0


def test_request_body_and_auth_header():
    schema = {"type": "object", "properties": {"why": {"type": "string"}}}
    with StubServer() as stub:
        p, _ = provider(stub)
        ask(p, temperature=None, max_tokens=123)
        assert stub.last_authorization is None
        body = stub.bodies[-1]
        assert body == {"model": "stub", "messages": MESSAGES, "max_tokens": 123}

        p, _ = provider(stub, key=SENTINEL)
        ask(p, schema=schema)
        assert stub.last_authorization == f"Bearer {SENTINEL}"
        body = stub.bodies[-1]
        assert body["temperature"] == 0.0
        assert body["response_format"] == {
            "type": "json_schema",
            "json_schema": {"name": "admission_evidence", "schema": schema, "strict": False},
        }


def test_429_with_retry_after_then_success():
    with StubServer(fail_429=1, retry_after="0.35") as stub:
        p, sleeps = provider(stub)
        c = ask(p)
        assert stub.requests == 2
    assert c.retries == 1
    assert sleeps == [0.35]


def test_retry_after_ms_is_honoured():
    with StubServer(fail_429=1, retry_after="9", retry_after_ms="40") as stub:
        p, sleeps = provider(stub)
        assert ask(p).retries == 1
    assert sleeps == [0.04]


@pytest.mark.parametrize("code", [500, 502, 503])
def test_5xx_then_success(code):
    with StubServer(fail_status=(code, 1)) as stub:
        p, sleeps = provider(stub)
        c = ask(p)
        assert stub.requests == 2
    assert c.retries == 1 and len(sleeps) == 1


def test_persistent_503_gives_up_after_four_retries():
    with StubServer(fail_status=(503, 100)) as stub:
        p, sleeps = provider(stub)
        with pytest.raises(RetryExhausted, match="503"):
            ask(p)
        assert stub.requests == 5
    assert len(sleeps) == 4


def test_reset_connection_is_retried_once():
    with StubServer(reset=1) as stub:
        p, _ = provider(stub)
        c = ask(p)
        assert c.retries == 1
        assert stub.requests == 2


def test_two_resets_fail_and_the_stub_saw_exactly_two_requests():
    with StubServer(reset=2) as stub:
        p, _ = provider(stub)
        with pytest.raises(RetryExhausted, match="transport"):
            ask(p)
        assert stub.requests == 2
        assert stub.outcomes == ["reset", "reset"]


def test_401_fails_fast_with_the_fix():
    with StubServer(status_401=True) as stub:
        p, sleeps = provider(stub, key=SENTINEL)
        with pytest.raises(FatalProviderError) as info:
            ask(p)
        assert stub.requests == 1
    message = str(info.value)
    assert "the API key was rejected" in message
    assert message.startswith("401 from http://127.0.0.1:")
    assert SENTINEL not in message and sleeps == []


def test_quota_429_fails_fast():
    with StubServer(quota_429=5) as stub:
        p, sleeps = provider(stub)
        with pytest.raises(FatalProviderError, match="quota"):
            ask(p)
        assert stub.requests == 1 and sleeps == []


def test_malformed_body_is_a_clear_provider_error_and_not_retried():
    with StubServer(malformed=1) as stub:
        p, _ = provider(stub, key=SENTINEL)
        with pytest.raises(ProviderError, match="not JSON") as info:
            ask(p)
        assert type(info.value) is ProviderError
        assert stub.requests == 1
        assert SENTINEL not in str(info.value)
        assert ask(p).text  # the next call is fine


def test_missing_usage_gives_usage_of_nones():
    with StubServer(no_usage=1) as stub:
        p, _ = provider(stub)
        c = ask(p)
    assert c.usage == Usage(None, None, None, None)
    assert c.text


def test_session_is_per_thread():
    made = []

    def factory():
        import requests

        made.append(threading.get_ident())
        return requests.Session()

    with StubServer() as stub:
        p = OpenAICompatProvider(stub.base_url, "stub", None, session_factory=factory, throttle=Limiter())
        ask(p)
        ask(p)
        threads = [threading.Thread(target=ask, args=(p,)) for _ in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert stub.requests == 5
    assert len(made) == 4


def test_sentinel_key_never_in_errors_cache_or_repr(tmp_path):
    cfg = Config(provider="stub", base_url=None, model="stub", api_key=SENTINEL)
    assert SENTINEL not in repr(cfg)
    with StubServer() as stub:
        cfg.base_url = stub.base_url
        p = make_provider(cfg, sleep=lambda s: None)
        assert SENTINEL not in repr(p)
        c = ask(p)
        cache = Cache(tmp_path / "cache")
        request = Request(messages=MESSAGES, model="stub")
        cache.put(cache_key(request, cfg.provider), c, request=request, provider=cfg.provider)
    for path in tmp_path.rglob("*"):
        if path.is_file():
            assert SENTINEL not in path.read_text()
    for switch in ({"status_401": True}, {"malformed": 1}, {"reset": 2}, {"fail_status": (503, 9)}):
        with StubServer(**switch) as stub:
            cfg.base_url = stub.base_url
            p = make_provider(cfg, sleep=lambda s: None)
            with pytest.raises(ProviderError) as info:
                ask(p)
            assert SENTINEL not in str(info.value)
            assert SENTINEL not in repr(info.value)


NEWLINE_KEY = "sk-SENTINEL-123\nabc"


def assert_key_absent(text, key=NEWLINE_KEY):
    for form in (key, repr(key)[1:-1], "SENTINEL-123", "SENTINEL"):
        assert form not in text


def test_a_key_with_a_line_break_is_a_scrubbed_provider_error_not_a_library_exception():
    with StubServer() as stub:
        p, sleeps = provider(stub, key=NEWLINE_KEY)
        with pytest.raises(ProviderError) as info:
            ask(p)
        assert stub.requests == 0 and sleeps == []
    assert isinstance(info.value, FatalProviderError)
    assert "InvalidHeader" in str(info.value)
    assert_key_absent(str(info.value))
    assert_key_absent(repr(info.value))
    assert info.value.retries == 0

    with FakeAnthropic() as fake:
        p = AnthropicProvider(fake.base_url, "claude-test", NEWLINE_KEY, throttle=Limiter())
        with pytest.raises(FatalProviderError) as info:
            p.complete(Request(messages=MESSAGES, model="claude-test"))
    assert fake.requests == []
    assert_key_absent(str(info.value))


def test_a_non_latin1_key_is_a_provider_error_too():
    key = "sk-SENTINEL-123\u2019"
    with StubServer() as stub:
        p, _ = provider(stub, key=key)
        with pytest.raises(FatalProviderError) as info:
            ask(p)
        assert stub.requests == 0
    assert "UnicodeEncodeError" in str(info.value)
    assert "SENTINEL" not in str(info.value)


@pytest.mark.parametrize(
    ("switches", "error", "retries"),
    [
        ({"fail_429": 2, "malformed": 1}, ProviderError, 2),
        ({"reset": 1, "fail_status": (503, 2), "malformed": 1}, ProviderError, 3),
        ({"reset": 1, "quota_429": 1}, FatalProviderError, 1),
        ({"fail_status": (503, 9)}, RetryExhausted, 4),
        ({"reset": 2}, RetryExhausted, 1),
        ({"reset": 1, "fail_429": 1, "retry_after": "3600"}, RetryExhausted, 1),
        ({"status_401": True}, FatalProviderError, 0),
    ],
)
def test_a_failed_call_carries_its_retry_count(switches, error, retries):
    with StubServer(**switches) as stub:
        p, sleeps = provider(stub, key=SENTINEL)
        with pytest.raises(error) as info:
            ask(p)
        assert stub.requests == retries + 1
    assert info.value.retries == retries
    assert len(sleeps) == retries
    assert SENTINEL not in str(info.value)


def test_a_malformed_anthropic_reply_after_retries_carries_the_count():
    with FakeAnthropic(overloaded=2, malformed=True) as fake:
        p = AnthropicProvider(fake.base_url, "claude-test", SENTINEL, sleep=SleepRecorder(),
                              throttle=Limiter())
        with pytest.raises(ProviderError, match="not a Messages response") as info:
            p.complete(Request(messages=MESSAGES, model="claude-test"))
    assert len(fake.requests) == 3
    assert info.value.retries == 2


def test_both_backends_share_one_http_layer():
    from kit.model.providers import anthropic, http, openai_compat

    for module in (anthropic, openai_compat):
        assert not hasattr(module, "_int_or_none")
        assert module.int_or_none is http.int_or_none
    for cls in (AnthropicProvider, OpenAICompatProvider):
        assert issubclass(cls, http.HTTPProvider)
        assert "_session" not in vars(cls) and "__init__" in vars(cls)
        assert "complete" not in vars(cls) and "read" in vars(cls)  # the call itself is the base's
    assert http.int_or_none(3) == 3 and http.int_or_none(True) is None and http.int_or_none("3") is None


def test_a_backend_missing_a_hook_cannot_be_built():
    """url, headers, body and read are abstract: a backend that leaves one out fails when it is made,
    naming the hook, not on its first call."""
    from kit.model.providers import http

    class NoReader(http.HTTPProvider):
        url = "http://127.0.0.1:9/v1"

        def headers(self) -> dict[str, str]:
            return {}

        def body(self, request: Request) -> dict:
            return {}

    with pytest.raises(TypeError, match="read"):
        NoReader("http://127.0.0.1:9/v1", "m", None)  # type: ignore[abstract]


def test_make_provider_choices():
    assert isinstance(make_provider(Config("openai", "http://127.0.0.1:1/v1", "m")), OpenAICompatProvider)
    assert isinstance(make_provider(Config("stub", "http://127.0.0.1:1/v1", "m")), OpenAICompatProvider)
    assert isinstance(make_provider(Config("anthropic", None, "m", api_key="k")), AnthropicProvider)
    with pytest.raises(ConfigError, match="needs API_KEY"):
        make_provider(Config("anthropic", None, "m"))
    with pytest.raises(ConfigError, match="needs API_KEY"):
        make_provider(Config("openai", "https://api.example.com/v1", "m"))
    with pytest.raises(ConfigError, match="needs BASE_URL"):
        make_provider(Config("stub", None, "m"))


# --- Anthropic, against a tiny fake Messages server ---------------------------------------------


class FakeAnthropic:
    def __init__(self, overloaded=0, echo_key_400=False, malformed=False):
        self.overloaded = overloaded
        self.echo_key_400 = echo_key_400
        self.malformed = malformed
        self.requests = []
        self.lock = threading.Lock()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                raw = self.rfile.read(int(self.headers["Content-Length"]))
                with fake.lock:
                    fake.requests.append((self.path, dict(self.headers), json.loads(raw)))
                    number = len(fake.requests)
                if fake.echo_key_400:
                    self.reply(400, {"type": "error", "error": {
                        "type": "invalid_request_error",
                        "message": f"bad request from {self.headers.get('x-api-key')}"}})
                elif number <= fake.overloaded:
                    self.reply(529, {"type": "error", "error": {"type": "overloaded_error",
                                                                 "message": "Overloaded"}})
                elif fake.malformed:
                    self.reply(200, {"unexpected": True})
                else:
                    self.reply(200, {
                        "id": "msg_fake_1",
                        "type": "message",
                        "role": "assistant",
                        "content": [
                            {"type": "text", "text": '{"support": '},
                            {"type": "tool_use", "id": "x", "name": "n", "input": {}},
                            {"type": "text", "text": '"ORDER-GAP"}'},
                        ],
                        "stop_reason": "end_turn",
                        "usage": {"input_tokens": 12, "cache_read_input_tokens": 140,
                                  "cache_creation_input_tokens": 0, "output_tokens": 9},
                    }, {"request-id": "req_fake_anthropic"})

            def reply(self, status, payload, headers=None):
                body = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                for k, v in (headers or {}).items():
                    self.send_header(k, v)
                self.end_headers()
                self.wfile.write(body)

        self.server = LoopbackHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": POLL_INTERVAL}, daemon=True
        )

    @property
    def base_url(self):
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()


def test_anthropic_request_shape_and_parsing():
    with FakeAnthropic() as fake:
        p = AnthropicProvider(fake.base_url, "claude-test", SENTINEL, throttle=Limiter())
        c = p.complete(Request(messages=MESSAGES, model="claude-test", max_tokens=2000))
    path, headers, body = fake.requests[0]
    assert path == "/v1/messages"
    assert headers["x-api-key"] == SENTINEL
    assert headers["anthropic-version"] == "2023-06-01"
    assert "Authorization" not in headers
    assert body["system"] == [{"type": "text", "text": SYSTEM, "cache_control": {"type": "ephemeral"}}]
    assert body["messages"] == [MESSAGES[1]]
    assert body["max_tokens"] == 2000 and body["model"] == "claude-test" and body["temperature"] == 0.0
    assert c.text == '{"support": "ORDER-GAP"}'
    assert c.finish_reason == "end_turn"
    assert c.request_id == "req_fake_anthropic"
    assert c.usage == Usage(input_tokens=152, cached_input_tokens=140, output_tokens=9, reasoning_tokens=None,
                            cache_write_tokens=0)


def test_anthropic_529_is_retried():
    sleeps = SleepRecorder()
    with FakeAnthropic(overloaded=2) as fake:
        p = AnthropicProvider(fake.base_url + "/v1", "claude-test", SENTINEL, sleep=sleeps,
                              throttle=Limiter())
        c = p.complete(Request(messages=MESSAGES, model="claude-test"))
    assert len(fake.requests) == 3
    assert c.retries == 2 and len(sleeps) == 2
    assert fake.requests[0][0] == "/v1/messages"


def test_anthropic_400_echoing_the_key_is_scrubbed():
    with FakeAnthropic(echo_key_400=True) as fake:
        p = AnthropicProvider(fake.base_url, "claude-test", SENTINEL, throttle=Limiter())
        with pytest.raises(FatalProviderError) as info:
            p.complete(Request(messages=MESSAGES, model="claude-test"))
    assert len(fake.requests) == 1
    assert "bad request from [redacted]" in str(info.value)
    assert SENTINEL not in str(info.value)


def test_stop_sending_cuts_a_retry_wait_short_and_refuses_every_later_request():
    with StubServer(fail_429=1, retry_after="30") as stub:
        p = OpenAICompatProvider(stub.base_url, "stub", None, throttle=Limiter())
        threading.Timer(0.2, p.stop_sending).start()
        started = time.monotonic()
        with pytest.raises(Stopped, match="buying was stopped"):
            ask(p)
        assert time.monotonic() - started < 5, "the 30 s Retry-After wait should end on stop"
        with pytest.raises(Stopped):
            ask(p)
        assert stub.requests == 1
