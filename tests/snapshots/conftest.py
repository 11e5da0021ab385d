"""Snapshots in this folder are plain-text files, one per snapshot, so a reviewer reads a change to
the prompt (a rulebook edit, a reworded instruction) as an ordinary text diff."""

import pytest
from syrupy.extensions.single_file import SingleFileSnapshotExtension, WriteMode


class TextSnapshotExtension(SingleFileSnapshotExtension):
    """One UTF-8 .txt file per snapshot, holding the string exactly (no repr, no quoting)."""

    _write_mode = WriteMode.TEXT
    file_extension = "txt"


@pytest.fixture
def text_snapshot(snapshot):
    return snapshot.use_extension(TextSnapshotExtension)
