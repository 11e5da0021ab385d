"""`kit assemble --arm model` and `kit assemble DIR ...`: evidence packages from the model, for one record
or a folder of them, through the paid arm's own path (kit.pipeline.ModelArm: redaction, the document
scan withholding what it flags, the answer cache, the ledger, the parser, answers mapped back to the
record, then the recheck with provenance when each package is made). Each package says what was sent
to the model, what was withheld and why, and each guard's time.

  kit assemble RECORD --arm model [--record]           one record's package
  kit assemble DIR --arm model [--record] --out FILE   one JSON line per record of DIR/*.txt
  ... --send-flagged                                   the flagged units sent as they are

It buys only under `--record`, and only what the answer cache lacks, so a folder stopped part-way
resumes where it stopped; without `--record` it replays, and a record with no cached answer fails
naming the command that buys it. A progress bar goes to stderr, one line per call, then what the calls
bought cost, on the same card the board's estimate and the bill use (kit.model.pricing); each record
that fails gets one line on stderr; the exit status is 1 when any record failed. Nothing here prints the
configuration beyond provider and model.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kit.board import ModelPlace, model_status
from kit.corpus import Record, textfile
from kit.files import write_text_atomic
from kit.model import ConfigError, DailyLimitReached, flagged, load_config
from kit.pipeline import ModelArm, RunSettings
from kit.rules import Answer

BAR = 24
Package = Callable[..., dict]


def bar_line(line: str) -> str:
    """A runner progress line ("[3/60] ADM-0003 r0 bought in ...") with a bar in front of it."""
    if line.startswith("[") and "/" in line.split("]", 1)[0]:
        done, total = line[1:].split("]", 1)[0].split("/")
        if done.isdigit() and total.isdigit() and int(total):
            filled = BAR * int(done) // int(total)
            return f"[{'#' * filled}{'.' * (BAR - filled)}] {line}"
    return line


def record_paths(target: Path) -> list[Path]:
    """The record files: the one given, or a folder's *.txt in name order."""
    if target.is_dir():
        return sorted(target.glob("*.txt"))
    return [target]


Bought = tuple[dict[str, Answer], dict[str, str], dict[str, dict[str, Any]]]


def buy(records: list[Record], args: argparse.Namespace) -> Bought:
    """The model's answers by record id, a reason for every record without one, and what was sent for
    each record (kit.model.outgoing's log). ConfigError when no provider is configured, saying what to
    run."""
    shown = model_status(ModelPlace(args.env, args.answers_cache, args.results_dir))
    if not shown["ready"]:
        raise ConfigError(f"{shown['why']}; run `{shown['run']}`")
    config = load_config(dotenv_path=args.env)
    config = config.verbatim(flagged.FLAG) if args.send_flagged else config
    settings = RunSettings(
        run_id="assemble", results_dir=args.results_dir, record=args.buy, answers_cache=args.answers_cache
    )

    def progress(line: str) -> None:
        print(f"kit assemble: {bar_line(line)}", file=sys.stderr, flush=True)

    with tempfile.TemporaryDirectory(prefix="kit-assemble-") as shared:
        outcome = ModelArm(config, settings, Path(shared), progress).outcome(records, 1)
    progress(spent(outcome.calls))
    answers = outcome.answers()
    failed = {}
    for call in outcome.calls:
        if call.record_id in answers:
            continue
        if call.status == "missing" and not args.buy:
            failed[call.record_id] = "no cached answer; add --record to buy it"
        else:
            failed[call.record_id] = call.error or f"{call.status}: the reply gave no usable answer"
    return answers, failed, outcome.sent


def spent(calls: list[Any]) -> str:
    """What this command's purchases cost, each call priced at the time it was sent, and on which card."""
    bought = [c for c in calls if c.status == "bought"]
    if not bought:
        return "cost: nothing bought (answers replayed from the cache cost nothing now)"
    costs = [c.cost_usd for c in bought]
    card = (bought[0].price or {}).get("source", "no card")
    if any(c is None for c in costs):
        return f"cost of {len(bought)} bought call(s): {(bought[0].price or {}).get('why') or 'not priced'}"
    return f"cost of {len(bought)} bought call(s): ${sum(c or 0.0 for c in costs):.6f}; card: {card}"


def main(
    args: argparse.Namespace,
    package: Package,
    render: Callable[[dict], str],
    admitted_of: Callable[[Path, str, str | None], str],
    usage: type[Exception],
) -> int:
    """Assemble every record named by args.record with args.arm (kit.cli.commands hands in how a
    package is made and rendered, how the admission time is read, and its usage error); returns the
    exit status."""
    paths = record_paths(args.record)
    if not paths:
        print(f"kit assemble: {args.record} holds no .txt record", file=sys.stderr)
        return 2
    failed: dict[str, str] = {}
    answers: dict[str, Answer] = {}
    sent: dict[str, dict[str, Any]] = {}
    if args.arm == "model":
        records = []
        for path in paths:
            try:
                text = textfile.read_record(path)
                admitted = admitted_of(path, text, args.admitted)
            except textfile.Unreadable as err:
                failed[path.stem] = f"{path}: {err}"
                continue
            except usage as err:
                failed[path.stem] = str(err)
                continue
            records.append(Record(path.stem, text, {"admitted_at": admitted}, None))
        try:
            found, missing, sent = buy(records, args) if records else ({}, {}, {})
        except (ConfigError, DailyLimitReached) as err:
            print(f"kit assemble: {err}", file=sys.stderr)
            return 2
        answers.update(found)
        failed.update(missing)
    packages: list[dict[str, Any]] = []
    for path in paths:
        if path.stem in failed:
            continue
        try:
            rid = path.stem
            packages.append(package(path, args.admitted, args.arm, answers.get(rid), sent.get(rid)))
        except usage as err:
            failed[path.stem] = str(err)
    for rid, why in failed.items():
        print(f"kit assemble: {rid} failed: {why}", file=sys.stderr)
    if args.out is not None:
        write_text_atomic(args.out, "".join(json.dumps(p, ensure_ascii=False) + "\n" for p in packages))
        said = f"wrote {len(packages)} package(s) to {args.out}; {len(failed)} failed"
        print(f"kit assemble: {said}", file=sys.stderr)
    elif len(paths) == 1 and not args.record.is_dir():
        for p in packages:
            print(json.dumps(p, indent=2, ensure_ascii=False) if args.json else render(p))
    else:
        for p in packages:
            print(json.dumps(p, ensure_ascii=False))
    return 1 if failed else 0
