"""The tree is the architecture: one package per stage, imports pointing one way (down), no cycle
between files, and code outside a stage reaching it only through the names its package offers.

The import graph is read from the source with `ast` (every import in a file: top level, inside a
function, or under TYPE_CHECKING), so a late import cannot hide an arrow. That the pure stations
really load nothing of the model layer in a fresh interpreter is in tests/integration/test_pure_imports.py.
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

KIT = Path(__file__).resolve().parents[2] / "kit"

# Bottom to top. A module may import its own stage and any stage below it, never one above or beside.
# kit.files (atomic writes, locks) is the shared helper every stage may use.
LEVELS = {
    "kit.files": 0,
    "kit.rules": 1,
    "kit.corpus": 2,
    "kit.guard": 3,
    "kit.arms": 4,
    "kit.model": 5,
    "kit.measure": 6,
    "kit.pipeline": 7,
    "kit.plugin": 8,
    "kit.board": 8,
    "kit.cli": 9,  # the `kit` command sits on every stage, the board (`kit board`) included
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(KIT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in KIT.rglob("*.py")}
STAGED = sorted(m for m in MODULES if m != "kit")  # kit/__init__.py holds a docstring and nothing else


def stage(module: str) -> str:
    """The stage a module belongs to: the longest key of LEVELS that is it or a package above it."""
    for name in sorted(LEVELS, key=len, reverse=True):
        if module == name or module.startswith(name + "."):
            return name
    raise AssertionError(f"{module} lives in no stage package: put it in one of {sorted(LEVELS)}")


def imports(module: str) -> list[tuple[str, list[str], int]]:
    """(imported module, names taken from it, line) for every kit import in the module's file."""
    return list(_imports(module))


@functools.cache  # each file is read and parsed once for all the tests below (the trees are only read)
def _tree(module: str) -> ast.Module:
    return ast.parse(MODULES[module].read_text(encoding="utf-8"))


@functools.cache
def _imports(module: str) -> tuple[tuple[str, list[str], int], ...]:
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in ast.walk(_tree(module)):
        if isinstance(node, ast.Import):
            found += [(a.name, [], node.lineno) for a in node.names if a.name.split(".")[0] == "kit"]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([node.module] if node.module else []))
            if base == "kit":
                found += [(f"kit.{a.name}", [], node.lineno) for a in node.names]
            elif base.split(".")[0] == "kit":
                found.append((base, [a.name for a in node.names], node.lineno))
    return tuple(found)


def edges(module: str) -> set[str]:
    """The files a module's imports execute: a name that is itself a module counts as that module."""
    out = set()
    for target, names, _ in imports(module):
        subs = [f"{target}.{n}" for n in names if f"{target}.{n}" in MODULES]
        out.update(subs)
        if len(subs) < len(names) or not names:
            out.add(target)
    out.discard(module)
    return out


def upward_imports(levels: dict[str, int]) -> list[str]:
    bad = []
    for module in STAGED:
        own = stage(module)
        for target, _, line in imports(module):
            other = stage(target)
            if other != own and levels[other] >= levels[own]:
                where = MODULES[module].relative_to(KIT.parent)
                bad.append(f"{where}:{line} ({own}) imports {target} ({other})")
    return bad


def test_every_module_lives_in_a_stage_package():
    for module in STAGED:
        stage(module)
    assert imports("kit") == []
    top = sorted(p.name for p in KIT.iterdir() if not p.name.startswith("__"))
    stages = ["arms", "board", "cli", "corpus", "guard", "measure", "model", "plugin", "rules"]
    assert top == sorted([*stages, "data", "files.py", "pipeline.py"]), top


def test_imports_point_down_the_stages():
    bad = upward_imports(LEVELS)
    assert not bad, "imports that point up or sideways:\n" + "\n".join(bad)


def test_the_layering_check_bites():
    """Swap two stages' levels: the arrows that were down between them now point up, and are caught."""
    swapped = {**LEVELS, "kit.rules": LEVELS["kit.corpus"], "kit.corpus": LEVELS["kit.rules"]}
    assert any("(kit.corpus) imports kit.rules" in line for line in upward_imports(swapped))


def test_no_import_cycle_between_files():
    graph = {m: edges(m) for m in MODULES}
    state: dict[str, int] = {}
    cycles = []

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append(" -> ".join(trail[trail.index(nxt):] + [nxt]))
            elif nxt in graph and not state.get(nxt):
                visit(nxt, trail + [nxt])
        state[node] = 2

    for module in sorted(graph):
        if not state.get(module):
            visit(module, [module])
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def exported(package: str) -> set[str]:
    tree = _tree(package)
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", "") == "__all__" for t in node.targets):
            return set(ast.literal_eval(node.value))
    return set()


def test_other_stages_import_only_the_package_public_names():
    bad = []
    for module in STAGED:
        own = stage(module)
        for target, names, line in imports(module):
            other = stage(target)
            if other in (own, "kit.files", "kit.pipeline"):
                continue
            where = f"{MODULES[module].relative_to(KIT.parent)}:{line}"
            if target != other:
                bad.append(f"{where} imports from {target}: import from {other} instead")
            elif missing := set(names) - exported(other):
                bad.append(f"{where} takes {sorted(missing)} from {other}, whose __all__ lacks them")
    assert not bad, "\n".join(bad)


def test_every_stage_package_says_what_it_is_for_and_may_import():
    for name in LEVELS:
        path = MODULES[name]
        doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        if path.name == "__init__.py":
            assert "May import" in doc and "Never" in doc, f"{path}: say what it may import and must never do"


def test_the_providers_import_nothing_from_the_configuration():
    """kit.model.config reads the provider registry; no provider file reaches the configuration back."""
    graph = {m: edges(m) for m in MODULES}
    providers = [m for m in MODULES if m.startswith("kit.model.providers.")]
    seen, todo = set(), list(providers)
    while todo:
        for nxt in graph.get(todo.pop(), ()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    assert "kit.model.providers.registry" in providers
    assert "kit.model.config" not in seen


def _top_level(module: str) -> dict[str, ast.FunctionDef | ast.ClassDef]:
    return {n.name: n for n in _tree(module).body if isinstance(n, ast.FunctionDef | ast.ClassDef)}


def _defined(module: str, name: str, depth: int = 0) -> tuple[str, ast.FunctionDef | ast.ClassDef] | None:
    """Where the function or class `name`, as `module` offers it, is written (following re-exports)."""
    found = _top_level(module).get(name)
    if found is not None:
        return module, found
    for target, names, _ in imports(module):
        if name in names and f"{target}.{name}" not in MODULES and depth < 5:
            return _defined(target, name, depth + 1)
    return None


def undocumented_across_stages() -> list[str]:
    """Public functions and classes that a module of another stage uses (imported by name, or as
    `module.name` through an imported module) and that have no docstring."""
    bad = set()
    for module in STAGED:
        used: list[tuple[str, str]] = []
        through: dict[str, str] = {}
        for target, names, _ in imports(module):
            if stage(target) == stage(module):
                continue
            for name in names:
                if f"{target}.{name}" in MODULES:
                    through[name] = f"{target}.{name}"
                else:
                    used.append((target, name))
        for node in ast.walk(_tree(module)):
            named = isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
            if named and node.value.id in through:
                used.append((through[node.value.id], node.attr))
        for target, name in used:
            found = None if name.startswith("_") else _defined(target, name)
            if found is not None and not ast.get_docstring(found[1]):
                bad.add(f"{MODULES[found[0]].relative_to(KIT.parent)}: {name} (used by {module})")
    return sorted(bad)


def test_what_a_stage_offers_another_says_what_it_does():
    """A function or class called across stages says, in its docstring, what it takes and gives."""
    bad = undocumented_across_stages()
    assert not bad, "used across stages with no docstring:\n" + "\n".join(bad)
