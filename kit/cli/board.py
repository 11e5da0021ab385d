"""`kit board`: serve the reviewer's page (kit.board) on 127.0.0.1 until Ctrl-C.

  kit board [--corpus DIR] [--results DIR] [--port 9242] [--labelled DIR] [--host HOST]

A corpus that does not load is one line and exit 2, as is a port already taken, a port out of range
(a usage error) or a --results that is a file. A --results folder that does not exist yet is said in
one line, and the board starts without recorded runs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from kit.board import ModelPlace, serve
from kit.corpus import CorpusError, load
from kit.model import parse_port

RESULTS = Path("results")


def add_parser(commands: Any) -> None:
    board = commands.add_parser("board", help="serve the reviewer's page on 127.0.0.1")
    board.add_argument("--corpus", type=Path, help="the records to show (default: the shipped corpus)")
    board.add_argument("--results", type=Path, help=f"recorded runs (default: {RESULTS})")
    board.add_argument("--labelled", type=Path, default=Path("labelled"), help="where corrections are saved")
    board.add_argument("--port", type=parse_port, default=9242, help="0: any free port (default 9242)")
    board.add_argument("--host", default="127.0.0.1", help="listen elsewhere than this machine (warned)")
    board.add_argument("--env", type=Path, default=Path(".env"))
    board.add_argument("--answers-cache", type=Path, default=Path("cache/answers"))


def _results_usable(results: Path, given: bool) -> bool:
    """False (with one line) when --results is a file. A folder given that does not exist yet gets a
    one-line note: the board then shows no recorded run, and asking the model makes it (the ledger)."""
    if results.is_dir() or (not given and not results.exists()):
        return True
    if results.exists():
        print(f"kit board: --results {results}: is a file, not a folder of recorded runs", file=sys.stderr)
        return False
    print(
        f"kit board: note: --results {results}: no such folder, so no recorded run is shown; asking "
        "the model for an answer here makes it (the daily call ledger is kept there)",
        file=sys.stderr,
    )
    return True


def main(args: argparse.Namespace) -> int:
    given, args.results = args.results is not None, args.results or RESULTS
    if not _results_usable(args.results, given):
        return 2
    place = ModelPlace(args.env, args.answers_cache, args.results)
    try:
        corpus = args.corpus or load.shipped_folder()
        return serve(corpus, args.results, args.labelled, place, args.host, args.port)
    except CorpusError as err:
        print(f"kit board: --corpus: {err}", file=sys.stderr)
    except OSError as err:
        print(f"kit board: cannot listen on {args.host}:{args.port}: {err.strerror or err}", file=sys.stderr)
    return 2
