"""The house rules for kit/ that a reader relies on: every module short enough to read in one sitting
and opening with a docstring that says what it is for."""

import ast
from pathlib import Path

import pytest

KIT = Path(__file__).resolve().parents[2] / "kit"
MAX_LINES = 400
MODULES = sorted(KIT.rglob("*.py"))


def test_every_module_is_found():
    assert len(MODULES) > 50 and KIT / "pipeline.py" in MODULES


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(KIT)))
def test_a_module_is_at_most_400_lines_and_says_what_it_is_for(path):
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= MAX_LINES, f"{path.name}: {len(text.splitlines())} lines"
    assert ast.get_docstring(ast.parse(text)), f"{path.name} has no module docstring"
