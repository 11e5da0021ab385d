"""The `kit` command: configure, assemble one record's evidence (or a folder's, `--arm model`), show
what would leave the machine (egress), compare runs, write reports, and serve the board.

May import: every stage below it (kit.board, kit.pipeline, kit.measure, kit.model, kit.arms,
kit.guard, kit.corpus, kit.rules) and kit.files.
Never: print or write the API key, or buy a call the user did not ask for.
"""

from kit.cli.commands import main

__all__ = ["main"]
