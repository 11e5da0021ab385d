"""The `kit` console command: one record in, one evidence package out, for a person or a machine.

  kit assemble PATH/TO/RECORD.txt [--admitted "YYYY-MM-DD HH:MM"] [--arm floor] [--json]
  kit assemble RECORD|DIR --arm model [--record] [--send-flagged] [--out FILE]   (kit.cli.many)
  kit board [--corpus DIR] [--results DIR] [--port 9242]        (kit.cli.board: the reviewer's page)
  kit configure [--provider openai --base-url URL --model NAME] [--reasoning-effort low] [--api-key-stdin]
                [--workers N] [--response-format json_schema|json_object|none] [--max-tokens N]
                [--timeout-s SECONDS] [--retry-timeouts] [--redact on|off|auto]
                (adds a fresh REDACT_SALT when the .env has none)
  kit egress PATH/TO/RECORD.txt [--json] [--send-flagged]   (kit.cli.egress: what a provider receives)
  kit compare A B [C ...] [--arm ARM] [--json] [--fail-on-regression]   (kit.cli.runs)
  kit cost RUN [--models A,B] [--prices FILE] [--json]   (kit.cli.cost: the bill, and projections)
  kit report RUN [--compare OTHER] [-o FILE]

The package lists the four elements with their findings and quoted lines, the midnight arithmetic
and the verdict with its rule, the document scan's flags, and for the model's answer what was sent to
it: the units the scan flags are withheld from the model unless `--send-flagged` (or
SEND_FLAGGED=verbatim) sends them; the floor reads the record here, whole, and sends nothing. It
supports a reviewer's decision and says so; it never writes a status anywhere. Bad input (and the
removed `--quarantine`) ends with a one-line error and exit status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import difflib
import getpass
import json
import os
import secrets
import sys
from pathlib import Path

from kit.cli import board as cli_board
from kit.cli import cost as cli_cost
from kit.cli import many
from kit.cli import runs as cli_runs
from kit.corpus import textfile
from kit.guard import SALT_KEY, scan
from kit.model import config, envfile, flagged, outgoing, setting_values
from kit.rules import Answer, benchmark, elements, recheck, record, rulebook

ASSEMBLE_ARMS = ("floor", "always-present", "model")
CLOSED_PIPE = 141  # the shell's status for a command ended by SIGPIPE
FORMAT = '"YYYY-MM-DD HH:MM"'
NOTICE = (
    "This package supports a utilization reviewer's inpatient-versus-observation decision. "
    "It does not make that decision and sets no patient status anywhere."
)


class UsageError(Exception):
    """Input the command cannot use; the message is shown to the user as is."""


def _answer(arm: str, text: str, admitted_at: str) -> Answer:
    if arm == "floor":
        from kit.arms import floor

        return floor.answer(text, admitted_at)
    from kit.arms import always_present

    return always_present.answer(text, admitted_at)


def _arithmetic(answer: Answer, admitted_at: str) -> str:
    row = answer.row(elements.STAY_EXPECTATION)
    if row is None or row.finding != elements.word(elements.STAY_EXPECTATION, elements.PRESENT):
        return "no documented expectation: no midnight count"
    try:
        return benchmark.explain(admitted_at, row.expected_discharge, row.expected_nights)
    except benchmark.BenchmarkError as err:
        return f"the stated value cannot be counted: {err}"


def _admitted(path: Path, text: str, given: str | None) -> str:
    """The admission date-time to count from: --admitted when given, else the record's own line.
    An empty --admitted is refused; one that differs from the record's own line is used, with a
    one-line warning on stderr."""
    if given is not None and not given.strip():
        raise UsageError(f"--admitted is empty: give {FORMAT}, or leave it out to use the record's own")
    own = record.encounter_facts(text).get("admitted_at")
    if given is None:
        if own is None:
            raise UsageError(f"{path}: ENCOUNTER FACTS has no 'Admitted' line; give --admitted {FORMAT}")
        given = own
    try:
        benchmark.parse_admitted(given)
    except benchmark.BenchmarkError as err:
        raise UsageError(f"{path}: {err}") from None
    if own is not None and own != given:
        print(
            f"kit assemble: warning: --admitted {given!r} differs from {path.name}'s Admitted line "
            f"{own!r}; counting from --admitted",
            file=sys.stderr,
        )
    return given


def package(
    path: Path, admitted: str | None, arm: str, given: Answer | None = None, sent: dict | None = None
) -> dict:
    """The evidence package as plain data; `given` is the arm's answer when it was bought elsewhere
    (the model's, kit.cli.many), and `sent` what its call sent: what was withheld and why, and each
    guard's time and verdict (kit.model.outgoing)."""
    try:
        text = textfile.read_record(path)
    except textfile.Unreadable as err:
        raise UsageError(f"{path}: {err}") from None
    admitted_at = _admitted(path, text, admitted)
    answer = given if given is not None else _answer(arm, text, admitted_at)
    rechecked = recheck(answer, admitted_at, text)
    rows = []
    for element in elements.ELEMENTS:
        row = answer.row(element)
        rows.append(
            {
                "element": element,
                "finding": row.finding if row else None,
                "citation": row.citation if row else None,
                "expected_discharge": row.expected_discharge if row else None,
                "expected_nights": row.expected_nights if row else None,
            }
        )
    pkg = {
        "record": path.name,
        "arm": arm,
        "admitted_at": admitted_at,
        "elements": rows,
        "midnights": rechecked.midnights,
        "arithmetic": _arithmetic(answer, admitted_at),
        "support": rechecked.verdict,
        "rule": rechecked.rule,
        "policy_id": rulebook.policy_id(),
        "notice": NOTICE,
        "problems": [f"{p.field}: {p.detail}" for p in (*answer.problems, *rechecked.problems)],
        "scan": {"flags": scan.report(scan.scan(text))},
    }
    return pkg if sent is None else {**pkg, "sent_to_model": sent}


def render(pkg: dict) -> str:
    lines = [f"Evidence package for {pkg['record']} (arm: {pkg['arm']}, admitted {pkg['admitted_at']})", ""]
    for row in pkg["elements"]:
        label = row["element"].replace("_", " ").capitalize()
        lines.append(f"{label:<20} {row['finding'] or '(no answer)'}")
        lines.append(f'    "{row["citation"]}"' if row["citation"] else "    (no line cited)")
        if row["element"] == elements.STAY_EXPECTATION:
            lines.append(f"    {pkg['arithmetic']}")
    lines += ["", f"Support verdict: {pkg['support']} (rule {pkg['rule']} of {pkg['policy_id']})"]
    lines += [f"Problems: {p}" for p in pkg["problems"]]
    lines += [f"Document scan flagged: {flag}" for flag in pkg["scan"]["flags"]]
    sent = pkg.get("sent_to_model")
    if sent is not None:
        lines.append(f"Sent to the model: {sent['sent']}")
        lines += [f"Withheld from the model: {unit}" for unit in outgoing.withheld_lines(sent)]
        lines.append(f"Guards: {outgoing.guard_words(sent['guards'])}")
    lines += ["", pkg["notice"]]
    return "\n".join(lines)


def _has_salt(env: Path) -> bool:
    """Whether the .env already holds a redaction salt (an unreadable one is refused when written)."""
    try:
        return bool(envfile.read_dotenv(env).get(SALT_KEY))
    except (OSError, ValueError):
        return False


def configure(args: argparse.Namespace) -> int:
    """Set the provider settings in a .env file (mode 0600), keeping its other lines; the key is
    read, never echoed. The file as it would be written is first checked by the rules a run applies
    (config.validate); a setting that breaks one is refused, naming the rule, and nothing is written.
    With no option at all it only adds a redaction salt when the file has none."""
    key = None
    if args.api_key_stdin:
        key = sys.stdin.readline().strip() or None
    elif args.ask_key:
        key = getpass.getpass("API key (not shown): ").strip() or None
    values = {
        "PROVIDER": args.provider,
        "BASE_URL": args.base_url,
        "MODEL": args.model,
        "API_KEY": key,
        "EVAL_WORKERS": args.workers,
        "MAX_CALLS_PER_DAY": args.max_calls_per_day,
        "RESPONSE_FORMAT": args.response_format,
        "MAX_TOKENS": args.max_tokens,
        "TIMEOUT_S": args.timeout_s,
        "RETRY_TIMEOUTS": 1 if args.retry_timeouts else None,
        "REDACT": args.redact,
        "REASONING_EFFORT": args.reasoning_effort,
    }
    if not _has_salt(args.env):
        values[SALT_KEY] = secrets.token_hex(32)  # kept from then on: a new salt re-keys the cache
    try:
        given = {k: str(v) for k, v in values.items() if v is not None}
        before = envfile.settings_in(args.env, config.KEYS)
        config.validate({**before, **given})  # the run's own rules, before writing
    except config.ConfigError as err:
        print(f"kit configure: {err}; {args.env} was left as it was", file=sys.stderr)
        return 2
    try:
        kept = envfile.write_dotenv(args.env, values)
    except (OSError, config.ConfigError) as err:
        print(f"kit configure: {err}", file=sys.stderr)
        return 2
    said = ", ".join(k for k, v in values.items() if v is not None)
    print(f"wrote {args.env} (mode 0600): {said}; kept {kept} other line(s) as they were")
    return 0


def _unrecognised(sub: argparse.ArgumentParser, unknown: list[str]) -> None:
    """A mistyped flag is the subcommand's usage error (so its own options are shown), with the
    nearest option it has when there is one: `kit board --prot 9000` suggests --port."""
    flags = [f for action in sub._actions for f in action.option_strings if f.startswith("--")]
    typed = [u.split("=")[0] for u in unknown if u.startswith("-")]
    near = [m for u in typed for m in difflib.get_close_matches(u, flags, 1)]
    hint = f" (did you mean {' or '.join(dict.fromkeys(near))}?)" if near else ""
    sub.error(f"unrecognized arguments: {' '.join(unknown)}{hint}")


def main(argv: list[str] | None = None) -> int:
    """Run one `kit` command. A reader that closes the pipe early (`kit assemble ... | head -3`) ends
    it quietly, as Unix tools end, with exit status 141 (128 + SIGPIPE) and no traceback."""
    try:
        code = _run(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # so the exit's flush is quiet
        return CLOSED_PIPE
    return code


def _run(argv: list[str] | None) -> int:
    parser = argparse.ArgumentParser(prog="kit", description="Admission evidence kit")
    commands = parser.add_subparsers(dest="command", required=True)
    assemble = commands.add_parser("assemble", help="print the evidence package for one record")
    assemble.add_argument("record", type=Path, help="a record file, or a folder of them (with --arm model)")
    assemble.add_argument(
        "--admitted", help='admission date-time "YYYY-MM-DD HH:MM" (default: the record\'s own)'
    )
    assemble.add_argument("--arm", choices=ASSEMBLE_ARMS, default="floor")
    assemble.add_argument("--json", action="store_true", help="print the package as JSON")
    assemble.add_argument(
        flagged.FLAG, action="store_true", help="--arm model: send the units the document scan flags "
        "as they are (default: withheld; SEND_FLAGGED=verbatim says the same)"
    )
    assemble.add_argument("--quarantine", action="store_true", help=argparse.SUPPRESS)  # gone: says so
    assemble.add_argument(
        "--record", dest="buy", action="store_true", help="--arm model: buy what the answer cache lacks"
    )
    assemble.add_argument("--out", type=Path, help="write one JSON line per record to this file")
    assemble.add_argument("--env", type=Path, default=Path(".env"))
    assemble.add_argument("--answers-cache", type=Path, default=Path("cache/answers"))
    assemble.add_argument("--results-dir", type=Path, default=Path("results"), help="the ledger's folder")
    setup = commands.add_parser("configure", help="write provider settings to .env (mode 0600)")
    setup.add_argument("--provider", choices=config.PROVIDERS, help="default: as the .env has it, else stub")
    setup.add_argument("--base-url")
    setup.add_argument("--model", help="the model name the endpoint expects (as the .env has it if left out)")
    setup.add_argument("--workers", type=int)
    setup.add_argument("--max-calls-per-day", type=int)
    setup.add_argument(
        "--response-format",
        choices=setting_values.RESPONSE_FORMATS,
        help="how the reply's schema is asked for (default json_schema; json_object for llama-cpp-python)",
    )
    setup.add_argument(
        "--max-tokens", type=int, help="token limit per reply (default: per endpoint and model, from the "
        "providers' documented limits in kit/data/output_limits.json)"
    )
    setup.add_argument("--timeout-s", type=float, help="read timeout per call in seconds (default 300)")
    setup.add_argument(
        "--retry-timeouts",
        action="store_true",
        help="retry a timed-out call once (off by default: the server may still be computing it)",
    )
    setup.add_argument(
        "--redact",
        choices=("on", "off", "auto"),
        help="redact records before a call (default auto: on for a hosted endpoint, off for a local one)",
    )
    setup.add_argument(
        "--reasoning-effort",
        help="provider-side reasoning: none/minimal/low/medium/high (OpenAI), off or a token budget "
        "(Anthropic); default: unset, the provider's own",
    )
    setup.add_argument("--env", type=Path, default=Path(".env"))
    keys = setup.add_mutually_exclusive_group()
    keys.add_argument("--api-key-stdin", action="store_true", help="read the API key from standard input")
    keys.add_argument("--ask-key", action="store_true", help="prompt for the API key without echoing it")
    egress = commands.add_parser("egress", help="print exactly what a hosted provider would receive")
    egress.add_argument("record", type=Path)
    egress.add_argument("--json", action="store_true", help="print the messages as JSON")
    egress.add_argument("--env", type=Path, default=Path(".env"))
    egress.add_argument(
        flagged.FLAG, action="store_true", help="show the units the document scan flags as sent verbatim "
        "(default: withheld; SEND_FLAGGED=verbatim says the same)"
    )
    egress.add_argument("--quarantine", action="store_true", help=argparse.SUPPRESS)  # gone: says so
    cli_runs.add_parsers(commands)
    cli_board.add_parser(commands)
    cli_cost.add_parser(commands)
    args, unknown = parser.parse_known_args(argv)
    if unknown:
        _unrecognised(commands.choices[args.command], unknown)
    if getattr(args, "quarantine", False):
        print(f"kit {args.command}: {flagged.QUARANTINE_GONE}", file=sys.stderr)
        return 2
    if args.command == "board":
        return cli_board.main(args)
    if args.command == "cost":
        return cli_cost.main(args)
    if args.command in cli_runs.COMMANDS:
        return cli_runs.main(args)
    if args.command == "egress":
        from kit.cli import egress as egress_command

        return egress_command.main(args.record, args.json, args.env, args.send_flagged)
    if args.command == "configure":
        return configure(args)
    if args.arm == "model" or args.record.is_dir() or args.out is not None:
        return many.main(args, package, render, _admitted, UsageError)
    try:
        pkg = package(args.record, args.admitted, args.arm)
    except UsageError as err:
        print(f"kit assemble: {err}", file=sys.stderr)
        return 2
    print(json.dumps(pkg, indent=2, ensure_ascii=False) if args.json else render(pkg))
    return 0

