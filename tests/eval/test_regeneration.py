"""Gold regeneration is a fixture: the generator re-run from its seed must reproduce the committed
corpus byte for byte, so nobody can hand-edit a record or a gold row."""

from pathlib import Path

import pytest

from kit.corpus import load, writer


@pytest.fixture(scope="session")
def regenerated(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("regenerated")
    writer.write(out)
    return out


def _first_difference(a: bytes, b: bytes) -> str:
    lines_a, lines_b = a.decode().splitlines(), b.decode().splitlines()
    for n, (x, y) in enumerate(zip(lines_a, lines_b, strict=False), start=1):
        if x != y:
            return f"line {n}:\n  committed:   {x[:160]!r}\n  regenerated: {y[:160]!r}"
    return f"line {min(len(lines_a), len(lines_b)) + 1}: one file is longer"


def test_the_same_files_exist(regenerated):
    committed = sorted(p.name for p in load.shipped_folder().iterdir())
    assert committed == sorted(p.name for p in regenerated.iterdir())


def test_every_file_is_byte_identical(regenerated):
    for path in sorted(regenerated.iterdir()):
        committed = (load.shipped_folder() / path.name).read_bytes()
        fresh = path.read_bytes()
        assert committed == fresh, f"{path.name} differs from its regeneration at " + _first_difference(
            committed, fresh
        )
