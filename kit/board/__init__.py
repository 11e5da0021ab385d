"""The board: a local web page for a utilization reviewer. It lists the corpus's records with the key's
verdict and each recorded run's; shows one record read by the key, the floor, a recorded run or the
model, with its quoted lines marked, the midnight arithmetic and the rule's own sentence; takes a
record of the reviewer's own (checked as `python -m kit.corpus --check` checks a folder, answered at
once by the floor); asks the configured model for an answer on a click, through the paid arm's path;
and saves a reviewer's corrections as gold in a labelled folder the eval suite grades.

May import: kit.pipeline (the paid arm's path), kit.measure, kit.model, kit.arms, kit.guard,
kit.corpus, kit.rules and kit.files.
Never: listen beyond 127.0.0.1 unless told to, accept a change without the session's token and the
board's own origin, show record text or a model's reply as anything but text, spend without a click,
name the API key in a page, response or log, or write outside the labelled folder (and the answer
cache and ledger the paid path keeps).
"""

from kit.board.app import create_app
from kit.board.model import ModelPlace
from kit.board.model import status as model_status
from kit.board.serve import serve

__all__ = ["ModelPlace", "create_app", "model_status", "serve"]
