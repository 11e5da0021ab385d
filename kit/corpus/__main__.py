"""Command line: regenerate the shipped corpus, or validate a folder of records you bring.

  python -m kit.corpus --out fixtures/corpus     write the 60 records, records.json, gold.jsonl
  python -m kit.corpus --out DIR --identifiers   the same records with synthetic identifiers written in,
                                                 the key moved with them, and identifiers.json
  python -m kit.corpus --check PATH              validate a folder; exit 1 with every problem listed
                                                 (a folder without gold is valid, but cannot be graded)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kit.corpus import identified, load, plan, writer


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kit.corpus", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=load.shipped_folder(), help="folder to write into")
    parser.add_argument("--seed", type=int, default=plan.SEED)
    parser.add_argument("--check", type=Path, help="validate this folder instead of generating")
    parser.add_argument(
        "--identifiers", action="store_true", help="write synthetic identifiers in (kit.corpus.identified)"
    )
    args = parser.parse_args(argv)
    if args.check is not None:
        try:
            corpus = load.load(args.check)
        except load.CorpusError as err:
            print(err, file=sys.stderr)
            return 1
        gold = "with gold" if corpus.has_gold else "without gold"
        print(f"{args.check}: {len(corpus.records)} records, {gold}, valid")
        if not corpus.has_gold:
            print(load.NO_GOLD.format(folder=args.check))
        return 0
    write, version = writer.write, plan.DATASET_VERSION
    if args.identifiers:
        write, version = identified.write, plan.DATASET_VERSION + identified.VERSION_SUFFIX
    try:
        paths = write(args.out, args.seed)
    except writer.GenerationError as err:
        print(f"refusing to write the corpus: {err}", file=sys.stderr)
        return 1
    print(f"wrote {len(paths)} files to {args.out} (seed {args.seed}, {version})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
