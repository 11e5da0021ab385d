"""The stub server behind real HTTP on 127.0.0.1: replies, faults, delays, concurrency, bursts of
connections and its rate limit over real seconds. Its command line is in test_stub_cli.py.
"""

import json
import threading
import time

import pytest
import requests

from kit.model.stub.faults import Every, parse_status, parse_when
from kit.model.stub.server import StubServer, build_parser

SYSTEM = "S" * 400
USER = "ADMISSION RECORD ADM-0042 body"


def chat(stub, session=None, **extra):
    body = {"model": "stub", "messages": [{"role": "system", "content": SYSTEM},
                                          {"role": "user", "content": USER}], **extra}
    return (session or requests).post(stub.base_url + "/chat/completions", json=body, timeout=(2, 5))


def test_binds_loopback_with_an_ephemeral_port():
    with StubServer() as stub:
        assert stub.base_url.startswith("http://127.0.0.1:")
        assert not stub.base_url.endswith(":0/v1")
    with pytest.raises(ValueError, match="loopback"):
        StubServer(host="0.0.0.0")


def test_models_and_unknown_routes():
    with StubServer(model="stub-model") as stub:
        r = requests.get(stub.base_url + "/models", timeout=2)
        assert r.json()["data"][0]["id"] == "stub-model"
        assert requests.get(stub.base_url + "/nope", timeout=2).status_code == 404
        assert requests.post(stub.base_url + "/completions", json={}, timeout=2).status_code == 404
        assert stub.requests == 0


def test_reply_comes_from_the_replies_function_with_fabricated_usage():
    seen = []

    def replies(user_text):
        seen.append(user_text)
        return '{"record": "ADM-0042"}'

    with StubServer(replies=replies) as stub:
        payload = chat(stub).json()
    assert seen == [USER]
    assert payload["choices"][0]["message"]["content"] == '{"record": "ADM-0042"}'
    assert payload["choices"][0]["finish_reason"] == "stop"
    usage = payload["usage"]
    assert usage["prompt_tokens"] == (len(SYSTEM) + len(USER)) // 4
    assert usage["prompt_tokens_details"]["cached_tokens"] == len(SYSTEM) // 4
    assert usage["completion_tokens"] == len('{"record": "ADM-0042"}') // 4


def test_a_replies_function_that_cannot_answer_is_a_400_naming_the_problem():
    def replies(user_text):
        raise KeyError("ADM-9999")

    with StubServer(replies=replies) as stub:
        r = chat(stub)
    assert r.status_code == 400
    assert "KeyError" in r.json()["error"]["message"]


def test_first_n_faults_chain_in_order():
    with StubServer(reset=1, fail_429=1, fail_status=(502, 1), malformed=1, no_usage=1) as stub:
        session = requests.Session()
        with pytest.raises(requests.ConnectionError):
            chat(stub, session)
        r = chat(stub, session)
        assert r.status_code == 429 and r.headers["Retry-After"] == "0.01"
        assert chat(stub, session).status_code == 502
        r = chat(stub, session)
        assert r.status_code == 200 and r.headers["Content-Type"] == "text/html"
        assert "usage" not in chat(stub, session).json()
        assert "usage" in chat(stub, session).json()
        assert stub.outcomes == ["reset", "429", "status", "malformed", "no_usage", "ok"]
        assert stub.requests == 6


def test_every_kth_request():
    with StubServer(fail_status=(503, Every(3))) as stub:
        codes = [chat(stub).status_code for _ in range(7)]
    assert codes == [200, 200, 503, 200, 200, 503, 200]


def test_401_always_and_quota_429():
    with StubServer(status_401=True) as stub:
        assert [chat(stub).status_code for _ in range(3)] == [401, 401, 401]
    with StubServer(quota_429=1) as stub:
        r = chat(stub)
        assert r.status_code == 429 and "insufficient_quota" in r.text
        assert chat(stub).status_code == 200


def test_refuse_record_answers_only_the_requests_naming_it_with_a_context_length_400():
    with StubServer(refuse_record="ADM-0042", fail_status=(503, 1)) as stub:
        refused = chat(stub)
        other = dict(model="stub", messages=[{"role": "user", "content": "ADMISSION RECORD ADM-0043"}])
        codes = [requests.post(stub.base_url + "/chat/completions", json=other, timeout=5).status_code
                 for _ in range(2)]
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "context_length_exceeded"
    assert "maximum context length" in refused.json()["error"]["message"]
    assert codes == [503, 200]  # the refusal spent no counted fault; other records are answered
    assert stub.outcomes == ["too_long", "status", "ok"]


def test_retry_after_ms_header():
    with StubServer(fail_429=1, retry_after=None, retry_after_ms="25") as stub:
        r = chat(stub)
    assert r.headers["retry-after-ms"] == "25" and "Retry-After" not in r.headers


def test_delay_per_reply():
    with StubServer(delay=0.2) as stub:
        start = time.perf_counter()
        chat(stub)
        assert time.perf_counter() - start >= 0.2


def test_counts_concurrent_requests_exactly():
    with StubServer(delay=0.05) as stub:
        threads = [threading.Thread(target=chat, args=(stub,)) for _ in range(20)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert stub.requests == 20
        assert len(stub.bodies) == 20


def burst(stub, n):
    """n requests released at once; returns (statuses, transport errors)."""
    barrier = threading.Barrier(n)
    statuses, errors = [], []

    def one():
        barrier.wait()
        try:
            statuses.append(chat(stub).status_code)
        except requests.RequestException as exc:
            errors.append(type(exc).__name__)

    threads = [threading.Thread(target=one) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return statuses, errors


@pytest.mark.parametrize("round_", range(3))
def test_a_burst_of_fifty_connections_is_accepted_not_reset(round_):
    # socketserver's default backlog of 5 made the kernel reset part of such a burst.
    with StubServer() as stub:
        assert burst(stub, 50) == ([200] * 50, [])
        assert stub.requests == 50


def test_fail_status_must_be_5xx():
    with pytest.raises(ValueError, match="5xx"):
        StubServer(fail_status=(404, 1))


def test_parse_switches():
    assert parse_when("3") == 3
    assert parse_when("every:4") == Every(4)
    assert parse_status("503:2") == (503, 2)
    assert parse_status("502:every:5") == (502, Every(5))
    assert parse_status("500") == (500, 1)
    with pytest.raises(ValueError):
        Every(0)


def test_every_cli_flag_is_a_stub_server_argument_and_every_argument_a_flag():
    import inspect

    args = vars(build_parser().parse_args(["--arm", "floor"]))
    assert args.pop("arm") == "floor"
    taken = set(inspect.signature(StubServer).parameters) - {"replies"}
    assert set(args) == taken
    defaults = {name: p.default for name, p in inspect.signature(StubServer).parameters.items()}
    assert {name: value for name, value in args.items() if name != "port"} == {
        name: defaults[name] for name in args if name != "port"
    }


def test_json_body_from_stub_is_valid_json():
    with StubServer() as stub:
        json.loads(chat(stub).text)


def test_rate_limit_admits_n_a_minute_and_refuses_the_rest_with_a_whole_second_retry_after():
    with StubServer(rate_limit=120) as stub:
        assert chat(stub).status_code == 200
        refused = chat(stub)
        assert refused.status_code == 429 and refused.headers["Retry-After"] == "1"  # 0.5 s, rounded up
        assert "insufficient_quota" not in refused.text
        assert "x-ratelimit-remaining-requests" not in refused.headers  # headers only when asked for
        time.sleep(0.55)
        assert chat(stub).status_code == 200
        assert stub.outcomes == ["ok", "rate_limited", "ok"]
    with StubServer(rate_limit=30) as stub:
        chat(stub)
        assert chat(stub).headers["Retry-After"] == "2"


def test_rate_limit_burst_and_headers():
    with StubServer(rate_limit=60, rate_burst=3, rate_headers=True) as stub:
        answers = [chat(stub) for _ in range(4)]
    assert [r.status_code for r in answers] == [200, 200, 200, 429]
    assert [r.headers["x-ratelimit-remaining-requests"] for r in answers] == ["2", "1", "0", "0"]
    assert {r.headers["x-ratelimit-limit-requests"] for r in answers} == {"3"}
    first_reset = int(answers[0].headers["x-ratelimit-reset-requests"].removesuffix("ms"))
    assert 990 <= first_reset <= 1000  # one token short of whole, at one a second
    assert int(answers[3].headers["Retry-After"]) == 1


def test_rate_limit_needs_a_positive_rate_and_burst():
    with pytest.raises(ValueError, match="rate limit"):
        StubServer(rate_limit=60, rate_burst=0)


def test_rate_limit_switches_parse():
    args = build_parser().parse_args(["--arm", "floor", "--rate-limit", "120", "--rate-burst", "2",
                                      "--rate-headers"])
    assert (args.rate_limit, args.rate_burst, args.rate_headers) == (120, 2, True)
    assert build_parser().parse_args(["--arm", "floor"]).rate_limit == 0

