"""Every user-facing entry point against generated malformed input: `kit assemble`, `kit configure`,
`python -m kit.corpus --check`, `pytest --corpus` and a cache replay.

Hypothesis builds the bad input: JSON values of every shape put where a field of another type
belongs, and files of the wrong kind (binary, empty, a folder, a dangling link, a byte-order mark
before garbage). For each one the test asserts what a user is owed: a non-zero exit or a named
warning, a message naming the file at fault, no Python traceback, and no file changed other than
the run's own outputs. Each test reports how many distinct inputs it tried in the kit scoreboard's
notes. Example counts are modest and derandomized, so a run is quick and repeatable.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import tempfile
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kit.cli import commands as cli
from kit.corpus import load
from kit.corpus.__main__ import main as corpus_main
from kit.model.cache import RECORDED, REFUSED_FINISH, Cache, CacheWarning, cache_key
from kit.model.config import Config, ConfigError
from kit.model.providers.base import Completion, Request, Usage

REPO = load.shipped_folder().parents[1]
RUNS = settings(max_examples=min(settings.default.max_examples, 40), deadline=None, derandomize=True,
                database=None, suppress_health_check=[HealthCheck.too_slow])
KEEP = ("ADM-0001", "ADM-0002")  # the two records of the small corpus the damage is done to

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
# Files of the wrong kind, as (kind, payload): each is written by `place` below.
NOT_UTF8 = st.binary(min_size=1, max_size=40).filter(lambda b: not _utf8(b))
bad_files = st.one_of(
    st.tuples(st.just("bytes"), NOT_UTF8),
    st.tuples(st.just("empty"), st.just(b"")),
    st.tuples(st.just("folder"), st.just(b"")),
    st.tuples(st.just("dangling link"), st.just(b"")),
    st.tuples(st.just("bom+text"), st.text(max_size=20).map(lambda t: b"\xef\xbb\xbf" + t.encode())),
)


def _utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def place(path: Path, kind: str, payload: bytes) -> None:
    """Put a file of the given kind at `path`, replacing what is there."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    elif path.exists() or path.is_symlink():
        path.unlink()
    if kind == "folder":
        path.mkdir()
    elif kind == "dangling link":
        path.symlink_to(path.parent / "nowhere" / "at-all")
    else:
        path.write_bytes(payload)


def snapshot(root: Path) -> dict[str, object]:
    """Every path under root with what it is: bytes for a file, a marker for a folder or a link."""
    found: dict[str, object] = {}
    for path in sorted(root.rglob("*")):
        name = str(path.relative_to(root))
        if path.is_symlink():
            found[name] = ("link", os.readlink(path))
        elif path.is_dir():
            found[name] = "folder"
        else:
            found[name] = path.read_bytes()
    return found


def no_traceback(text: str) -> None:
    assert "Traceback" not in text and 'File "' not in text, text


def note(record_property, entry: str, tried: set) -> None:
    record_property("kit_note", f"malformed inputs: {entry} tried {len(tried)} distinct")


@pytest.fixture(scope="module")
def small_corpus(tmp_path_factory) -> Path:
    """Two shipped records with their facts and gold: a valid corpus to damage."""
    folder = tmp_path_factory.mktemp("small") / "corpus"
    folder.mkdir()
    shipped = load.shipped_folder()
    for rid in KEEP:
        shutil.copy(shipped / f"{rid}.txt", folder)
    rows = [r for r in json.loads((shipped / "records.json").read_text()) if r["id"] in KEEP]
    (folder / "records.json").write_text(json.dumps(rows, indent=2))
    gold = [line for line in (shipped / "gold.jsonl").read_text().splitlines() if line.split('"')[3] in KEEP]
    (folder / "gold.jsonl").write_text("\n".join(gold) + "\n")
    load.load(folder)  # valid before any damage
    return folder


# --- python -m kit.corpus --check ------------------------------------------------------------

CORPUS_FILES = ("records.json", "gold.jsonl", "ADM-0001.txt", "manifest.json")


def _not_a_text_id(value) -> bool:
    return not isinstance(value, str)


def _gold_field(field: str, valid) -> st.SearchStrategy:
    return st.tuples(st.just("gold"), st.just(field), json_values.filter(lambda v: not valid(v)))


def _record_field(field: str, valid) -> st.SearchStrategy:
    return st.tuples(st.just("records"), st.just(field), json_values.filter(lambda v: not valid(v)))


field_damage = st.one_of(
    _gold_field("id", lambda v: isinstance(v, str)),
    _gold_field("elements", lambda v: False),
    _gold_field("finding", lambda v: v in ("order-present", "order-missing", "order-ambiguous")),
    _gold_field("citation", lambda v: False),
    _gold_field("span", lambda v: v is None),
    _gold_field("support", lambda v: False),
    _gold_field("midnights", lambda v: False),
    _record_field("id", lambda v: False),
    _record_field("admitted_at", lambda v: False),
    _record_field("hard", lambda v: False),
    _record_field("facility", lambda v: False),
)


def damage_field(folder: Path, target: tuple) -> str:
    """Set one field of the first gold row or records.json row to a value of the wrong kind; returns
    the file changed."""
    where, field, value = target
    if where == "records":
        rows = json.loads((folder / "records.json").read_text())
        rows[0][field] = value
        (folder / "records.json").write_text(json.dumps(rows))
        return "records.json"
    rows = [json.loads(line) for line in (folder / "gold.jsonl").read_text().splitlines()]
    if field in ("finding", "citation", "span"):
        rows[0]["elements"][0][field] = value
    else:
        rows[0][field] = value
    (folder / "gold.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    return "gold.jsonl"


def _check(folder: Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = corpus_main(["--check", str(folder)])
    return code, out.getvalue() + err.getvalue()


def test_check_names_the_file_for_every_malformed_corpus(small_corpus, record_property):
    tried: set = set()

    @RUNS
    @given(damage=st.one_of(st.tuples(st.sampled_from(CORPUS_FILES), bad_files), field_damage))
    def run(damage):
        tried.add(repr(damage))
        with tempfile.TemporaryDirectory() as scratch:
            folder = Path(scratch) / "corpus"
            shutil.copytree(small_corpus, folder)
            if isinstance(damage[1], tuple):
                name, (kind, payload) = damage
                if name == "manifest.json" and kind == "dangling link":
                    return  # no manifest is a valid corpus; a dangling one reads as none
                place(folder / name, kind, payload)
            else:
                name = damage_field(folder, damage)
            before = snapshot(folder)
            code, output = _check(folder)
            assert code == 1, (damage, output)
            assert name in output, (damage, output)
            no_traceback(output)
            assert snapshot(folder) == before

    run()
    note(record_property, "python -m kit.corpus --check", tried)


# --- kit assemble -----------------------------------------------------------------------------


def _assemble(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["assemble", *args])
    return code, out.getvalue(), err.getvalue()


record_damage = st.one_of(
    bad_files,
    st.tuples(st.just("text"), st.text(max_size=200).map(str.encode)),
    st.tuples(st.just("no Admitted line"), st.just(b"")),
)
bad_admitted = st.one_of(st.just(""), st.text(max_size=20)).filter(lambda t: not t.strip() or t[:2] != "20")


def test_assemble_refuses_every_malformed_record_or_date(tmp_path, record_property):
    tried: set = set()
    shipped = (load.shipped_folder() / "ADM-0001.txt").read_bytes()

    @RUNS
    @given(st.one_of(st.tuples(st.just("record"), record_damage), st.tuples(st.just("date"), bad_admitted)))
    def run(damage):
        tried.add(repr(damage))
        with tempfile.TemporaryDirectory() as scratch:
            path = Path(scratch) / "ADM-0001.txt"
            args = [str(path)]
            if damage[0] == "date":
                path.write_bytes(shipped)
                args += ["--admitted", damage[1]]
                named = (path.name, "--admitted")
            else:
                kind, payload = damage[1]
                if kind == "no Admitted line":
                    payload = b"\n".join(x for x in shipped.split(b"\n") if not x.startswith(b"  Admitted"))
                place(path, "bytes" if kind == "text" else kind, payload)
                named = (path.name,)
            before = snapshot(Path(scratch))
            code, out, err = _assemble(*args)
            assert code == 2, (damage, out, err)
            assert out == "" and any(n in err for n in named), (damage, err)
            no_traceback(err)
            assert snapshot(Path(scratch)) == before

    run()
    note(record_property, "kit assemble", tried)


# --- kit configure ----------------------------------------------------------------------------


def _configure(env: Path, *extra: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["configure", "--provider", "stub", "--model", "m", "--env", str(env), *extra])
    return code, out.getvalue() + err.getvalue()


env_damage = st.one_of(
    st.tuples(st.sampled_from(["folder", "bytes"]), NOT_UTF8),
    st.tuples(st.just("value with a line break"), st.text(max_size=8).map(lambda t: f"a{t}\nb".encode())),
)
CONFIGURED = ("PROVIDER", "MODEL", "REDACT")  # what `kit configure --provider stub --model m` writes
other_lines = st.lists(
    st.text(st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), max_size=30).filter(
        lambda line: not line.strip().removeprefix("export ").lstrip().startswith(CONFIGURED)
    ),
    max_size=6,
)


def test_configure_refuses_what_it_cannot_write_and_keeps_what_it_does_not_set(tmp_path, record_property):
    tried: set = set()

    @RUNS
    @given(damage=st.one_of(env_damage, st.tuples(st.just("other lines"), other_lines)))
    def run(damage):
        tried.add(repr(damage))
        with tempfile.TemporaryDirectory() as scratch:
            env = Path(scratch) / ".env"
            kind, payload = damage
            if kind == "other lines":
                env.write_text("".join(f"{line}\n" for line in payload), encoding="utf-8")
                code, output = _configure(env)
                assert code == 0, output
                *written, salt = env.read_text(encoding="utf-8").splitlines()
                assert written == [*payload, "PROVIDER=stub", "MODEL=m"] and salt.startswith("REDACT_SALT=")
                assert sorted(p.name for p in Path(scratch).iterdir()) == [".env"]
                return
            if kind == "value with a line break":
                env.write_text("KEPT=1\n")
                before = snapshot(Path(scratch))
                code, output = _configure(env, "--base-url", payload.decode())
            else:
                place(env, "folder" if kind == "folder" else "bytes", payload)
                before = snapshot(Path(scratch))
                code, output = _configure(env)
            assert code == 2 and str(env) in output, (damage, output)
            no_traceback(output)
            assert snapshot(Path(scratch)) == before

    run()
    note(record_property, "kit configure", tried)


# --- cache replay -----------------------------------------------------------------------------

def _count(usage: dict) -> bool:
    value = usage.get("input_tokens")
    return value is None or (type(value) is int and value >= 0)


REQUEST = Request(messages=[{"role": "user", "content": "ADMISSION RECORD"}], model="m")
GOOD = Completion(text='{"ok": true}', usage=Usage(10, 0, 5, None), latency_ms=12.0, finish_reason="stop",
                  request_id="r1")
ENTRY_FIELDS = {
    ("completion",): lambda v: False,
    ("completion", "text"): lambda v: isinstance(v, str) and bool(v.strip()),
    ("completion", "usage"): lambda v: isinstance(v, dict) and set(v) <= {"input_tokens"} and _count(v),
    ("completion", "usage", "input_tokens"): lambda v: _count({"input_tokens": v}),
    ("completion", "latency_ms"): lambda v: type(v) in (int, float) and v >= 0,
    ("completion", "finish_reason"): lambda v: v is None or (isinstance(v, str) and v not in REFUSED_FINISH),
    ("key",): lambda v: False,
}
entry_damage = st.one_of(
    st.tuples(st.just("file"), bad_files),
    st.tuples(st.just("entry"), json_values.filter(lambda v: not isinstance(v, dict))),
    *[
        st.tuples(st.just("field"), st.tuples(st.just(where), json_values.filter(lambda v, ok=ok: not ok(v))))
        for where, ok in ENTRY_FIELDS.items()
    ],
    st.tuples(st.just("field"), st.tuples(st.just(("completion", "text")), st.sampled_from(["", "  "]))),
)


def test_a_malformed_cache_entry_is_a_named_miss_and_the_others_replay(tmp_path, record_property):
    tried: set = set()

    @RUNS
    @given(damage=entry_damage)
    def run(damage):
        tried.add(repr(damage))
        with tempfile.TemporaryDirectory() as scratch:
            cache = Cache(Path(scratch))
            keys = [cache_key(Request(REQUEST.messages, REQUEST.model, repeat=n), "stub") for n in (0, 1)]
            for key in keys:
                cache.put(key, GOOD, request=REQUEST, provider="stub")
            bad = cache.path(keys[0])
            kind, what = damage
            if kind == "file":
                place(bad, *what)
            else:
                entry = json.loads(bad.read_text())
                if kind == "entry":
                    entry = what
                else:
                    where, value = what
                    target = entry
                    for name in where[:-1]:
                        target = target[name]
                    target[where[-1]] = value
                bad.write_text(json.dumps(entry))
            before = snapshot(Path(scratch))
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                assert cache.get(keys[0]) is None
                assert cache.get(keys[1]).text == GOOD.text
            messages = [str(w.message) for w in caught if issubclass(w.category, CacheWarning)]
            assert len(messages) == 1 and str(bad) in messages[0] and "miss" in messages[0], messages
            assert snapshot(Path(scratch)) == before

    run()
    note(record_property, "cache replay", tried)


def test_a_malformed_recorded_note_says_what_to_do(tmp_path, record_property):
    tried: set = set()

    def usable(value) -> bool:
        return isinstance(value, dict) and value.get("provider") in ("openai", "anthropic", "stub") and (
            isinstance(value.get("model"), str) and bool(value["model"].strip()))

    @RUNS
    @given(damage=st.one_of(st.tuples(st.just("file"), bad_files),
                            st.tuples(st.just("json"), json_values.filter(lambda v: not usable(v)))))
    def run(damage):
        tried.add(repr(damage))
        with tempfile.TemporaryDirectory() as scratch:
            note_path = Path(scratch) / RECORDED
            kind, what = damage
            if kind == "file":
                if what[0] == "dangling link":
                    return  # no note at all: the replay keys with the user's own configuration
                place(note_path, *what)
            else:
                note_path.write_text(json.dumps(what))
            before = snapshot(Path(scratch))
            with pytest.raises(ConfigError) as err:
                Cache(Path(scratch)).replay_config(Config(), configured=False)
            assert str(note_path) in str(err.value) and "MODEL" in str(err.value)
            assert snapshot(Path(scratch)) == before

    run()
    note(record_property, "recorded.json replay", tried)


# --- pytest --corpus (a few whole sessions, run in this process) -------------------------------

SESSION_DAMAGE = [
    ("gold.jsonl", "bytes", b"\xff\xfe not text"),
    ("records.json", "folder", b""),
    ("ADM-0002.txt", "bom+text", b"\xef\xbb\xbfnot a record at all"),
]


@pytest.mark.parametrize(("name", "kind", "payload"), SESSION_DAMAGE, ids=[d[0] for d in SESSION_DAMAGE])
def test_pytest_with_a_malformed_corpus_stops_once_naming_it(
    pytester, tmp_path, small_corpus, name, kind, payload
):
    folder = tmp_path / "corpus"
    shutil.copytree(small_corpus, folder)
    place(folder / name, kind, payload)
    before = snapshot(folder)
    done = pytester.runpytest_inprocess(
        str(REPO / "tests" / "eval" / "test_free_arms.py"), f"--corpus={folder}",
        f"--results-dir={tmp_path / 'results'}", f"--rootdir={REPO}", "-c", str(REPO / "pytest.ini"),
        "-p", "no:cacheprovider", "-q",
    )
    output = "\n".join(done.outlines + done.errlines)
    assert done.ret == 4 and name in output, output
    no_traceback(output)
    assert len(output.splitlines()) <= 4, output
    assert snapshot(folder) == before
    assert not (tmp_path / "results").exists()
