"""The `kit compare` and `kit report` subcommands, which read finished runs (result files) only.

  kit compare A B [C ...] [--arm ARM] [--json] [--fail-on-regression] [--thresholds FILE]
  kit report RUN [--compare OTHER ...] [-o FILE] [--corpus DIR] [--thresholds FILE]
  kit leaderboard RUN-OR-FILE ... [--arm ARM] [--json] [--prices FILE] [-o FILE]

Exit status: 0 done; 1 a regression under --fail-on-regression; 2 input that cannot be used (an
unreadable file, runs that graded different corpora or policies), with one line per problem and no
traceback. Neither command calls a model or writes a result file. Both read thresholds as the
pytest session does (kit.measure.thresholds): --thresholds FILE, or the project's configuration found
above the run (or the current folder); `kit report` refuses, naming --thresholds, when there is none.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from kit.cli import cost as cli_cost
from kit.corpus import fingerprint, load
from kit.files import write_text_atomic
from kit.measure import compare, compare_text, leaderboard, leaderboard_text, thresholds

COMMANDS = ("compare", "report", "leaderboard")
THRESHOLDS_HELP = (
    "TOML file of thresholds (default: the project's pyproject.toml [tool.kit] and the thresholds.toml "
    "it names, found above the run folder or the current folder)"
)


def add_parsers(commands: Any) -> None:
    """Add both subcommands to the `kit` argument parser's subparsers."""
    cmp = commands.add_parser("compare", help="compare runs metric by metric, paired per record")
    cmp.add_argument(
        "runs", nargs="+", type=Path, help="result files, or run folders with --arm; first is the baseline"
    )
    cmp.add_argument("--arm", help="the arm's file to take from each run folder")
    cmp.add_argument("--json", action="store_true", help="print the comparison as JSON")
    cmp.add_argument(
        "--fail-on-regression",
        action="store_true",
        help="exit 1 when a metric with a threshold is worse than the baseline with p < 0.05",
    )
    cmp.add_argument("--thresholds", type=Path, help=THRESHOLDS_HELP)
    rep = commands.add_parser("report", help="write a self-contained HTML report of a run")
    rep.add_argument("run", type=Path, help="a run folder (results/<run-id>) or one result file")
    rep.add_argument(
        "--compare",
        type=Path,
        nargs="+",
        help="an older run folder (or file) to compare with: the baseline, as in `kit compare OTHER RUN`; "
        "with two or more, a leaderboard page of all the runs instead (default leaderboard.html in the run "
        "folder)",
    )
    rep.add_argument(
        "-o", "--output", type=Path, help="where to write (default: report.html in the run folder)"
    )
    rep.add_argument(
        "--corpus",
        type=Path,
        help="the corpus the run was graded on (default: the folder its result files name, else the "
        "shipped one)",
    )
    rep.add_argument("--thresholds", type=Path, help=THRESHOLDS_HELP)
    board = commands.add_parser("leaderboard", help="rank model runs that graded the same corpus and policy")
    board.add_argument("runs", nargs="+", type=Path, help="result files or run folders (every graded arm)")
    board.add_argument("--arm", help="the arm's file to take from each run folder")
    board.add_argument("--json", action="store_true", help="print the leaderboard as JSON")
    board.add_argument(
        "--prices", type=Path, help="your price table, over genai-prices (default: PRICES_FILE, else none)"
    )
    board.add_argument("-o", "--output", type=Path, help="also write the leaderboard as an HTML page")


def _tables(given: Path | None, needed: bool, near: Path | None = None) -> dict[str, dict[str, Any]] | None:
    """--thresholds FILE, or the project's configuration: the nearest pyproject.toml with [tool.kit]
    at or above `near` (the run being read), else at or above the current folder."""
    roots = [thresholds.project_root(p) for p in (near, Path.cwd()) if p is not None]
    root = next((r for r in roots if r is not None), None)
    try:
        if given is None and root is None:
            raise thresholds.ThresholdError(
                f"no pyproject.toml with a [tool.kit] table above {near or Path.cwd()} or the current folder"
            )
        return thresholds.load(root or Path.cwd(), given)
    except thresholds.ThresholdError as err:
        if needed or given is not None:
            raise compare.CompareError(
                f"{err}; run from the project folder or give --thresholds FILE"
            ) from None
        return None


def _compare(args: argparse.Namespace) -> int:
    if len(args.runs) < 2:
        raise compare.CompareError("give at least two runs: the baseline first, then one or more to compare")
    runs = [compare.load_run(path, args.arm) for path in args.runs]
    rows = compare.compare(runs)
    found = []
    if args.fail_on_regression:
        tables = _tables(args.thresholds, needed=True, near=args.runs[0]) or {}
        found = compare.regressions(runs, rows, tables)
    if args.json:
        print(json.dumps(compare_text.to_json(runs, rows, found), indent=2))
    else:
        print("\n".join(compare_text.render(runs, rows, found)))
    return 1 if found else 0


def _board(runs: list[Path], arm: str | None, prices_file: Path | None) -> leaderboard.Board:
    """The leaderboard, its cost axis priced as `kit cost` prices (the user's table over genai-prices)."""
    return leaderboard.build(leaderboard.load_runs(runs, arm), cli_cost.table(prices_file))


def _write_board(board: leaderboard.Board, out: Path) -> None:
    from kit.measure import leaderboard_page

    write_text_atomic(out, leaderboard_page.render(board))
    print(f"wrote {out}; open it in a browser: {out.resolve().as_uri()}")


def _leaderboard(args: argparse.Namespace) -> int:
    board = _board(args.runs, args.arm, args.prices)
    for line in board.refused:
        print(f"kit leaderboard: {line}", file=sys.stderr)
    if args.json:
        print(json.dumps(board.to_dict(), indent=2))
    else:
        print("\n".join(leaderboard_text.render(board)))
    if args.output:
        _write_board(board, args.output)
    return 0


def _corpus_of(run: Path, given: Path | None) -> load.Corpus:
    """The corpus whose record texts the report shows: --corpus DIR, else the folder the run's result
    files name (where it was graded), else the shipped corpus. The report then refuses a corpus whose
    content hash differs from the run's. A named folder that cannot be read any more is replaced by the
    shipped corpus only when that is the corpus the run graded."""
    from kit.measure import report

    if given is not None:
        try:
            return load.load(given)
        except load.CorpusError as err:
            raise compare.CompareError(f"--corpus: {err}") from None
    try:
        found = [json.loads(path.read_text(encoding="utf-8")) for path in report.result_files(run)]
    except report.ReportError as err:
        raise compare.CompareError(str(err)) from None
    folders = sorted({str(data["corpus_folder"]) for data in found if data.get("corpus_folder")})
    if len(folders) > 1:
        raise compare.CompareError(
            f"{run}: its result files were graded on corpora in {len(folders)} folders "
            f"({', '.join(folders)}); name the one to read with --corpus DIR"
        )
    if not folders:
        return load.load(load.shipped_folder())  # written before result files named their folder
    try:
        return load.load(folders[0])
    except load.CorpusError as err:
        shipped = load.load(load.shipped_folder())
        if {data.get("corpus_hash") for data in found} == {fingerprint.corpus_hash(shipped)}:
            return shipped
        reason = str(err).splitlines()[0]
        raise compare.CompareError(
            f"{run} was graded on the corpus in {folders[0]}, which cannot be read ({reason}); "
            "name the corpus with --corpus DIR"
        ) from None


def _report(args: argparse.Namespace) -> int:
    from kit.measure import report

    if args.compare and len(args.compare) > 1:
        board = _board([args.run, *args.compare], None, None)
        folder = args.run if args.run.is_dir() else args.run.parent
        _write_board(board, args.output or folder / "leaderboard.html")
        return 0

    corpus = _corpus_of(args.run, args.corpus)
    tables = _tables(args.thresholds, needed=True, near=args.run)
    try:
        other = args.compare[0] if args.compare else None
        path = report.write(args.run, corpus, args.output, tables, other)
    except report.ReportError as err:
        raise compare.CompareError(str(err)) from None
    print(f"wrote {path}; open it in a browser: {path.resolve().as_uri()}")
    return 0


def main(args: argparse.Namespace) -> int:
    try:
        if args.command == "leaderboard":
            return _leaderboard(args)
        return _compare(args) if args.command == "compare" else _report(args)
    except compare.CompareError as err:
        for line in str(err).splitlines():
            print(f"kit {args.command}: {line}", file=sys.stderr)
        return 2
