"""What quarantine costs the evidence (issue 38): the document scan's withholding, on by default before
every model call, must leave every line the answer key cites, on the shipped corpus and on the user
corpus (`fixtures/user-corpus`). The blind clean records with their key lines are checked in
test_scan_unseen.py."""

from pathlib import Path

import pytest

from kit.corpus import load
from kit.guard import scan

ROOT = Path(__file__).resolve().parents[2]


FOLDERS = [load.shipped_folder(), ROOT / "fixtures" / "user-corpus"]


@pytest.mark.parametrize("folder", FOLDERS, ids=["shipped", "user"])
def test_quarantine_withholds_no_cited_line(folder):
    corpus = load.load(folder)
    cited = withheld = 0
    lost = []
    for rec in corpus.records:
        seen = scan.quarantine(rec.text, scan.scan(rec.text))
        for row in (rec.gold or {}).get("elements", []):
            if row.get("citation"):
                cited += 1
                if row["citation"] not in seen:
                    withheld += 1
                    lost.append((rec.id, row["element"]))
    assert cited > 100, "the key cites lines"
    assert withheld == 0, lost
