"""`kit board`: serve the reviewer's page (kit.board) on 127.0.0.1 until Ctrl-C.

  kit board [--corpus DIR] [--results DIR] [--port 9242] [--labelled DIR] [--host HOST]

A corpus that does not load is one line and exit 2, as is a port already taken.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from kit.board import ModelPlace, serve
from kit.corpus import CorpusError, load


def add_parser(commands: Any) -> None:
    board = commands.add_parser("board", help="serve the reviewer's page on 127.0.0.1")
    board.add_argument("--corpus", type=Path, help="the records to show (default: the shipped corpus)")
    board.add_argument("--results", type=Path, default=Path("results"), help="recorded runs")
    board.add_argument("--labelled", type=Path, default=Path("labelled"), help="where corrections are saved")
    board.add_argument("--port", type=int, default=9242)
    board.add_argument("--host", default="127.0.0.1", help="listen elsewhere than this machine (warned)")
    board.add_argument("--env", type=Path, default=Path(".env"))
    board.add_argument("--answers-cache", type=Path, default=Path("cache/answers"))


def main(args: argparse.Namespace) -> int:
    place = ModelPlace(args.env, args.answers_cache, args.results)
    try:
        corpus = args.corpus or load.shipped_folder()
        return serve(corpus, args.results, args.labelled, place, args.host, args.port)
    except CorpusError as err:
        print(f"kit board: --corpus: {err}", file=sys.stderr)
    except OSError as err:
        print(f"kit board: cannot listen on {args.host}:{args.port}: {err.strerror or err}", file=sys.stderr)
    return 2
