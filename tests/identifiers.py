"""The identifiers corpus for the redaction tests: `python -m kit.corpus --identifiers` written into a
folder (kit.corpus.identified: the shipped records with synthetic identifiers in several spellings,
the key moved with them), and, per record, every planted identifier as written, read from the
identifiers.json it writes beside them. Nothing here is a fixture or a test.
"""

import json
import re
from pathlib import Path

from kit.corpus import identified, plan


def identifiers_corpus(folder: Path) -> tuple[Path, dict[str, list[str]]]:
    """The identifiers corpus written to `folder`, and each record's planted identifiers as written."""
    identified.write(folder, plan.SEED)
    listed = json.loads((folder / "identifiers.json").read_text(encoding="utf-8"))["records"]
    return folder, {rid: sorted({i["text"] for i in body["identifiers"]}) for rid, body in listed.items()}


def leaked(planted: list[str], text: str) -> list[str]:
    """The planted identifiers written in `text` as a whole (a ZIP code inside a longer number, a
    hash or a decimal is not one)."""
    present = [s for s in planted if s in text]  # the regex below only judges what is there at all
    if not present:
        return []
    alternatives = "|".join(map(re.escape, sorted(present, key=len, reverse=True)))
    return sorted(set(re.findall(rf"(?<![\w.])(?:{alternatives})(?!\w)", text)))
