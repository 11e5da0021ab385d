import json
import threading
from pathlib import Path

import pytest

from kit.model.cache import RECORDED, Cache, CacheWarning, Uncacheable, cache_key
from kit.model.ledger import DailyLimitReached, Ledger
from kit.model.providers.base import Completion, Request, Usage

MESSAGES = [
    {"role": "system", "content": "static prefix — with non-ASCII ✓"},
    {"role": "user", "content": "ADMISSION RECORD ADM-0001"},
]


def request(**changes):
    fields = {"messages": MESSAGES, "model": "m"}
    fields.update(changes)
    return Request(**fields)


def completion(text='{"ok": true}', finish="stop", latency=1234.5):
    return Completion(text=text, usage=Usage(100, 80, 20, 5), latency_ms=latency, finish_reason=finish,
                      request_id="req_1", retries=2)


def test_key_is_a_stable_sha256_hex():
    key = cache_key(request(), "openai")
    assert len(key) == 64 and int(key, 16) >= 0
    assert key == cache_key(request(), "openai")
    copied = request(messages=[dict(m) for m in MESSAGES])
    assert key == cache_key(copied, "openai")
    reordered = [{"content": m["content"], "role": m["role"]} for m in MESSAGES]
    assert key == cache_key(request(messages=reordered), "openai")


@pytest.mark.parametrize(
    "change",
    [
        {"model": "other"},
        {"messages": [MESSAGES[0], {"role": "user", "content": "ADMISSION RECORD ADM-0002"}]},
        {"repeat": 1},
        {"max_tokens": 100},
        {"temperature": 0.7},
        {"temperature": None},
        {"schema": {"type": "object"}},
        {"response_format": "json_object"},
        {"response_format": "none"},
    ],
)
def test_key_changes_with_what_changes_the_output(change):
    assert cache_key(request(**change), "openai") != cache_key(request(), "openai")


def test_key_changes_with_provider():
    assert cache_key(request(), "anthropic") != cache_key(request(), "openai")


def test_key_changes_with_the_endpoint_host_and_port_only():
    from kit.model.config import Config

    def key(base_url):
        return cache_key(request(), "openai", Config(base_url=base_url).endpoint)

    here = key("http://127.0.0.1:8000/v1")
    assert here != key("http://127.0.0.1:8001/v1") != key("http://10.0.0.7:8000/v1")
    assert here != cache_key(request(), "openai")
    assert here == key("http://127.0.0.1:8000") == key("http://user:secret@127.0.0.1:8000/v2?x=1")
    assert key("https://API.example.com/v1") == key("https://api.example.com:443/v1")
    assert key("http://api.example.com/v1") != key("https://api.example.com/v1")


def test_key_takes_only_the_request_the_provider_and_the_endpoint():
    import inspect

    from kit.model.cache import key_fields

    assert list(inspect.signature(cache_key).parameters) == ["request", "provider", "endpoint"]
    assert list(inspect.signature(key_fields).parameters) == ["request", "provider"]
    assert set(key_fields(request(), "openai")) == {
        "provider", "model", "messages", "max_tokens", "temperature", "schema", "response_format",
        "repeat"}


def test_key_ignores_key_timeouts_retries_and_workers(tmp_path):
    # None of these are inputs to cache_key at all; prove it through two differently set-up providers.
    from kit.model.providers import OpenAICompatProvider

    a = OpenAICompatProvider("http://127.0.0.1:1/v1", "m", "sk-one", timeout=(1, 2))
    b = OpenAICompatProvider("http://127.0.0.1:1/v1", "m", None, timeout=(30, 600),
                             retry_options={"max_retries": 1})
    assert a.body(request()) == b.body(request())
    assert cache_key(request(), "openai") == cache_key(request(), "openai")


def test_put_then_get_replays_the_bought_latency(tmp_path):
    cache = Cache(tmp_path)
    key = cache_key(request(), "openai")
    assert cache.get(key) is None
    path = cache.put(key, completion(), request=request(), provider="openai")
    assert path == tmp_path / key[:2] / f"{key}.json"
    got = cache.get(key)
    assert got.cached is True
    assert got.latency_ms == 1234.5
    assert got.retries == 0
    assert (got.text, got.usage, got.finish_reason, got.request_id) == (
        '{"ok": true}', Usage(100, 80, 20, 5), "stop", "req_1")
    entry = json.loads(path.read_text(encoding="utf-8"))
    assert entry["key"] == key and entry["provider"] == "openai" and entry["model"] == "m"
    assert entry["request"]["messages"] == MESSAGES
    assert entry["request"]["repeat"] == 0
    assert "created_at" in entry
    assert "  " in path.read_text()  # indented, readable
    assert cache.count() == 1 and key in cache


@pytest.mark.parametrize(("text", "finish"), [("", "stop"), ("   ", "stop"), ("x", "content_filter"),
                                               ("x", "refusal")])
def test_refusals_and_empty_replies_are_not_cached(tmp_path, text, finish):
    cache = Cache(tmp_path)
    with pytest.raises(Uncacheable):
        cache.put(cache_key(request(), "openai"), completion(text=text, finish=finish))
    assert cache.count() == 0


def test_truncated_reply_is_cached_because_it_is_an_answer(tmp_path):
    cache = Cache(tmp_path)
    cache.put(cache_key(request(), "openai"), completion(finish="length"))
    assert cache.count() == 1


@pytest.mark.parametrize("content", ["{not json", "", '{"key": "x"}', "[]"])
def test_corrupt_entry_is_a_miss_with_a_warning(tmp_path, content):
    cache = Cache(tmp_path)
    key = cache_key(request(), "openai")
    path = cache.path(key)
    path.parent.mkdir(parents=True)
    path.write_text(content)
    with pytest.warns(CacheWarning, match="treating it as a miss"):
        assert cache.get(key) is None


def test_entry_under_the_wrong_name_is_a_miss(tmp_path):
    cache = Cache(tmp_path)
    k1, k2 = cache_key(request(), "openai"), cache_key(request(repeat=1), "openai")
    cache.put(k1, completion())
    cache.path(k2).parent.mkdir(parents=True, exist_ok=True)
    cache.path(k2).write_bytes(cache.path(k1).read_bytes())
    with pytest.warns(CacheWarning):
        assert cache.get(k2) is None


def test_eight_threads_same_and_different_keys(tmp_path):
    cache = Cache(tmp_path)
    same = cache_key(request(), "openai")
    keys = [cache_key(request(repeat=i), "openai") for i in range(1, 9)]
    barrier = threading.Barrier(8)
    errors = []

    def work(i):
        try:
            barrier.wait()
            for round_ in range(25):
                cache.put(same, completion(text=f'{{"writer": {i}, "round": {round_}}}'))
                cache.put(keys[i], completion(text=f'{{"writer": {i}}}'))
                got = cache.get(same)  # a torn or corrupt read would come back None
                assert got is not None and got.text.startswith('{"writer"')
        except BaseException as exc:  # surfaced below
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert cache.count() == 9
    for key in [same, *keys]:
        json.loads(cache.path(key).read_text())
    leftovers = [p for p in tmp_path.rglob("*") if p.is_file() and not p.name.endswith(".json")]
    assert leftovers == []
    assert [p for p in tmp_path.rglob(".*")] == []


def test_failed_write_leaves_no_temp_file(tmp_path, monkeypatch):
    from kit.model import cache as cache_mod

    cache = Cache(tmp_path)

    def broken_replace(src, dst):
        raise OSError("disk went away")

    monkeypatch.setattr(cache_mod.os, "replace", broken_replace)
    with pytest.raises(OSError):
        cache.put(cache_key(request(), "openai"), completion())
    assert [p for p in tmp_path.rglob("*") if p.is_file()] == []


def test_rejects_keys_that_could_escape_the_root(tmp_path):
    with pytest.raises(ValueError):
        Cache(tmp_path).path("../../etc/passwd")


# --- the per-day call ledger ---------------------------------------------------------------------


def test_ledger_raises_at_the_limit_and_records_nothing_then(tmp_path):
    ledger = Ledger(tmp_path / "ledger.json", limit=3, today=lambda: "2026-06-10")
    ledger.spend()
    ledger.spend(2)
    with pytest.raises(DailyLimitReached, match="MAX_CALLS_PER_DAY=3 is spent for 2026-06-10"):
        ledger.spend()
    assert ledger.spent_today() == 3
    assert ledger.remaining() == 0


def test_ledger_counts_across_two_objects_and_resets_next_day(tmp_path):
    day = ["2026-06-10"]
    a = Ledger(tmp_path / "ledger.json", limit=5, today=lambda: day[0])
    b = Ledger(tmp_path / "ledger.json", limit=5, today=lambda: day[0])
    a.spend(2)
    b.spend(2)
    with pytest.raises(DailyLimitReached):
        a.spend(2)
    b.spend()
    with pytest.raises(DailyLimitReached):
        a.spend()
    day[0] = "2026-06-11"
    a.spend(5)
    assert json.loads((tmp_path / "ledger.json").read_text()) == {"2026-06-10": 5, "2026-06-11": 5}


def test_ledger_without_limit_only_counts(tmp_path):
    ledger = Ledger(tmp_path / "l.json")
    ledger.spend(1000)
    assert ledger.spent_today() == 1000 and ledger.remaining() is None


def test_ledger_threads_on_separate_objects_lose_no_count(tmp_path):
    path = tmp_path / "l.json"

    def work():
        ledger = Ledger(path)
        for _ in range(50):
            ledger.spend()

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert Ledger(path).spent_today() == 200


def test_ledger_corrupt_file_is_a_clear_error(tmp_path):
    path = tmp_path / "l.json"
    path.write_text("{oops")
    with pytest.raises(RuntimeError, match="fix or delete it"):
        Ledger(path, limit=1).spend()


def test_cache_module_never_sees_the_key():
    from kit.model import cache as cache_module

    source = Path(cache_module.__file__).read_text()
    assert "api_key" not in source


def _stored_entry(tmp_path):
    cache = Cache(tmp_path)
    key = cache_key(request(), "openai")
    path = cache.put(key, completion(), request=request(), provider="openai")
    return cache, key, path, json.loads(path.read_text(encoding="utf-8"))


def _set(entry, where, value):
    target = entry
    for name in where[:-1]:
        target = target[name]
    target[where[-1]] = value


@pytest.mark.parametrize(
    ("where", "value", "reason"),
    [
        (("completion",), "just text", "'completion' is 'just text', not an object"),
        (("completion",), None, "'completion' is None, not an object"),
        (("completion", "usage"), [100, 20], "'usage' is [100, 20], not an object"),
        (("completion", "usage", "input_tokens"), "100", "usage input_tokens is '100', not a whole number"),
        (("completion", "usage", "output_tokens"), -1, "usage output_tokens is -1"),
        (("completion", "text"), "", "the reply text is empty"),
        (("completion", "text"), 42, "the reply text is 42, not text"),
        (("completion", "latency_ms"), "fast", "latency_ms is 'fast'"),
        (("completion", "finish_reason"), "refusal", "finish_reason is 'refusal'"),
    ],
)
def test_an_entry_put_would_refuse_is_a_named_miss(tmp_path, where, value, reason):
    cache, key, path, entry = _stored_entry(tmp_path)
    _set(entry, where, value)
    path.write_text(json.dumps(entry), encoding="utf-8")
    with pytest.warns(CacheWarning) as caught:
        assert cache.get(key) is None
    message = str(caught[0].message)
    assert str(path) in message and reason in message and "treating it as a miss" in message


@pytest.mark.parametrize("kind", ["binary", "folder"])
def test_a_binary_file_or_a_folder_in_place_of_an_entry_is_a_named_miss(tmp_path, kind):
    cache, key, path, _ = _stored_entry(tmp_path)
    path.unlink()
    if kind == "binary":
        path.write_bytes(b"\xff\xfe\x00\x81 not an entry")
    else:
        path.mkdir()
    with pytest.warns(CacheWarning, match="not UTF-8 text" if kind == "binary" else "not a regular file"):
        assert cache.get(key) is None


def test_an_entry_with_a_byte_order_mark_still_replays(tmp_path):
    cache, key, path, _ = _stored_entry(tmp_path)
    path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    assert cache.get(key).text == completion().text


def test_one_bad_entry_is_missing_and_the_others_replay(tmp_path):
    from kit.corpus import load
    from kit.model import reply, runner
    from kit.model.config import Config
    from kit.model.ledger import Ledger

    records = load.load(load.shipped_folder()).records[:3]
    config = Config(provider="stub", model="stub-oracle")
    cache = Cache(tmp_path / "answers")
    keys = []
    for rec in records:
        req = runner.request_for(rec.text, config, 0, reply.schema())
        keys.append(cache_key(req, "stub"))
        cache.put(keys[-1], completion(), request=req, provider="stub")
    bad = cache.path(keys[0])
    entry = json.loads(bad.read_text())
    entry["completion"] = "a string"
    bad.write_text(json.dumps(entry))

    def no_purchase():
        raise AssertionError("a replay must not build a provider")

    arm = runner.ArmRun(config, cache, Ledger(tmp_path / "ledger.json"), False, no_purchase)
    with pytest.warns(CacheWarning, match=str(bad.name)):
        outcome = arm.run(list(records))
    assert [c.status for c in outcome.calls] == ["missing", "replayed", "replayed"]


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("{not json", "is not valid JSON"),
        ("[]", "not a known provider and a model"),
        ('{"provider": "openai"}', "not a known provider and a model"),
        ('{"provider": ["openai"], "model": 3}', "not a known provider and a model"),
        ('{"provider": "openai", "model": "m", "endpoint": 8000}', "not a host:port"),
        ('{"provider": "openai", "model": "m", "endpoint": " "}', "not a host:port"),
        (b"\xff\xfe", "is not UTF-8 text"),
        (None, "cannot be read"),
    ],
)
def test_a_corrupt_recorded_note_says_what_is_wrong_and_what_to_do(tmp_path, content, reason):
    from kit.model.config import Config, ConfigError

    cache = Cache(tmp_path)
    note = tmp_path / RECORDED
    if content is None:
        note.mkdir()
    elif isinstance(content, bytes):
        note.write_bytes(content)
    else:
        note.write_text(content)
    with pytest.raises(ConfigError) as err:
        cache.replay_config(Config(), configured=False)
    message = str(err.value)
    assert str(note) in message and reason in message
    assert "Set PROVIDER and MODEL" in message and "pytest -m paid --record" in message
    assert cache.replay_config(Config(model="mine"), configured=True).model == "mine"


def test_a_recorded_note_with_a_byte_order_mark_is_read(tmp_path):
    from kit.model.config import Config

    (tmp_path / RECORDED).write_bytes(b'\xef\xbb\xbf{"provider": "openai", "model": "m1"}')
    got = Cache(tmp_path).replay_config(Config(), configured=False)
    assert (got.provider, got.model) == ("openai", "m1")


def test_a_replay_with_no_configuration_keys_with_the_recorded_endpoints_max_tokens_default(tmp_path):
    """MAX_TOKENS unset when bought from Anthropic is 32,000 (kit/data/output_limits.json); a replay on a
    machine with no configuration keys with the same, not the stub's 4,096."""
    from kit.model.config import load_config

    env = {"PROVIDER": "anthropic", "MODEL": "claude-sonnet-4-5", "API_KEY": "sk-x"}
    bought = load_config(env, dotenv_path=tmp_path / "none")
    Cache(tmp_path).remember(bought)
    replay = Cache(tmp_path).replay_config(load_config({}, dotenv_path=tmp_path / "none"), configured=False)
    assert replay.max_tokens == bought.max_tokens == 32000


def test_remember_warns_when_it_cannot_write_the_note(tmp_path):
    from kit.model.config import Config

    (tmp_path / RECORDED).mkdir()
    with pytest.warns(CacheWarning, match="needs PROVIDER and MODEL set to stub and m2"):
        Cache(tmp_path).remember(Config(provider="stub", model="m2"))


@pytest.mark.parametrize("base_url", ["http://127.0.0.1:8000/v1", "https://api.example.com/v1", None])
def test_a_replay_with_no_configuration_keys_with_the_recorded_endpoint(tmp_path, base_url):
    from kit.model.config import Config

    bought = Config(provider="openai", base_url=base_url, model="m1", api_key="sk-x")
    cache = Cache(tmp_path)
    cache.remember(bought)
    noted = json.loads((tmp_path / RECORDED).read_text())
    assert noted == {"provider": "openai", "model": "m1", "endpoint": bought.endpoint}
    replay = cache.replay_config(Config(base_url="http://elsewhere:1/v1"), configured=False)
    assert (replay.provider, replay.model, replay.endpoint) == ("openai", "m1", bought.endpoint)
    assert cache_key(request(), "openai", replay.endpoint) == cache_key(request(), "openai", bought.endpoint)
