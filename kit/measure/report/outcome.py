"""What the pytest session that wrote a run said of itself: its last line ("3 failed, 535 passed, ...") and
every test that failed or errored, with the first line of why. The kit's pytest plugin writes it into
the run folder at the session's end (`pytest-session.log`, tab-separated text: no tool that reads a
run's `*.json` result files, nor a corpus's `*.txt` records, mistakes it for one of its own); the report
reads it back for its first screen, so a run whose session failed never reads as a clean one, whichever
of `--kit-report` or `kit report` wrote the page.

It records and reads; it judges no metric and never changes a result file.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from kit.files import write_text_atomic

FILE = "pytest-session.log"
SESSION, FAILED = "session", "FAILED"
MESSAGE_CHARS = 300


@dataclass(frozen=True)
class Failure:
    test: str  # the pytest node id
    message: str  # the first line of why, as pytest gave it


@dataclass(frozen=True)
class Outcome:
    line: str  # pytest's last line, e.g. "3 failed, 535 passed, 528 skipped"
    failures: tuple[Failure, ...]


def first_line(text: str) -> str:
    """The first non-blank line of `text`, tabs made spaces, cut to a readable length."""
    line = next((row.strip() for row in text.splitlines() if row.strip()), "")
    line = line.replace("\t", " ")
    return line if len(line) <= MESSAGE_CHARS else line[: MESSAGE_CHARS - 3] + "..."


def write(run: Path, outcome: Outcome) -> Path:
    """Write the outcome into the run folder `run`; returns the file's path."""
    rows = [f"{SESSION}\t{first_line(outcome.line)}"]
    rows += [f"{FAILED}\t{f.test.replace(chr(9), ' ')}\t{first_line(f.message)}" for f in outcome.failures]
    path = Path(run) / FILE
    write_text_atomic(path, "\n".join(rows) + "\n")
    return path


def read(run: Path) -> Outcome | None:
    """The outcome recorded in a run folder (or beside a result file), or None when none was recorded
    (a run written by code, or before sessions recorded theirs) or it cannot be read."""
    folder = Path(run) if Path(run).is_dir() else Path(run).parent
    try:
        text = (folder / FILE).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    line, failures = None, []
    for row in text.splitlines():
        kind, _, rest = row.partition("\t")
        if kind == SESSION:
            line = rest
        elif kind == FAILED:
            test, _, message = rest.partition("\t")
            failures.append(Failure(test, message))
    return None if line is None else Outcome(line, tuple(failures))
