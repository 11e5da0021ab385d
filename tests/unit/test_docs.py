"""The documentation keeps telling the truth about the kit: every `kit ...` and `python -m kit...`
command in a code block of README.md and the site's pages (docs/, but not docs/incoming/, which the
site leaves out) parses with the kit's own argument parser, so a misspelled flag or a wrong choice
fails here; every `pytest` command there names paths that exist, markers the session declares and
options `pytest --help` lists; and every relative link resolves to a file, and to a heading when it
names one. Commands are parsed, never run.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import re
import shlex
import unicodedata
from pathlib import Path

import pytest

from kit.cli import main as kit_main

REPO = Path(__file__).resolve().parents[2]
PAGES = [REPO / "README.md"] + sorted(
    p for p in (REPO / "docs").rglob("*.md") if "incoming" not in p.relative_to(REPO / "docs").parts
)
FENCE = re.compile(r"^```[^\n]*\n(.*?)^```", re.S | re.M)
ENV = re.compile(r"^[A-Z_][A-Z0-9_]*=")
SEPARATORS = {"&&", "||", ";", "|", "&"}
TAKES_VALUE_SHORT = {"-m", "-n", "-k", "-p", "-o", "-c", "-W"}
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")


def commands(text: str) -> list[tuple[int, list[str]]]:
    """(line, tokens) of every simple command in the fenced code blocks of a page, environment
    assignments in front dropped; continuation lines joined, comments and pipes split off."""
    found = []
    for block in FENCE.finditer(text):
        first = text[: block.start(1)].count("\n") + 1
        joined = re.sub(r"\\\n", " ", block.group(1))
        for offset, line in enumerate(joined.split("\n")):
            lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
            lexer.whitespace_split = True
            try:
                tokens = list(lexer)
            except ValueError:  # not shell (a record, JSON): nothing to check
                continue
            current: list[str] = []
            for token in [*tokens, ";"]:
                if token in SEPARATORS:
                    while current and ENV.match(current[0]):
                        current.pop(0)
                    if current:
                        found.append((first + offset, current))
                    current = []
                else:
                    current.append(token)
    return found


def program(tokens: list[str]) -> tuple[str, list[str]] | None:
    """("kit", argv), ("module:<name>", argv) or ("pytest", argv) for a command the docs test reads."""
    head = Path(tokens[0]).name
    if head == "kit":
        return "kit", tokens[1:]
    if head == "pytest":
        return "pytest", tokens[1:]
    if re.fullmatch(r"python3?(\.\d+)?", head) and len(tokens) > 2 and tokens[1] == "-m":
        if tokens[2] == "pytest":
            return "pytest", tokens[3:]
        if tokens[2] == "kit" or tokens[2].startswith("kit."):
            return f"module:{tokens[2]}", tokens[3:]
    return None


class _Parsed(Exception):
    """Raised by the patched parse_known_args once the whole command line parsed with nothing left
    over: nothing after it runs."""


def parse_problem(kind: str, argv: list[str], monkeypatch: pytest.MonkeyPatch) -> str | None:
    """None when `argv` parses with the kit's own parser for `kind`; else what argparse said. The
    patch sits on parse_known_args, which parse_args calls and which `kit` calls itself (to name the
    nearest flag to a mistyped one): a subcommand's parser is left to finish, and a top-level parse
    that leaves arguments over returns them, so the kit's own refusal of them is what is read."""
    original = argparse.ArgumentParser.parse_known_args
    depth = 0

    def parse_only(self, args=None, namespace=None):
        nonlocal depth
        depth += 1
        try:
            found = original(self, args, namespace)
        finally:
            depth -= 1
        if depth == 0 and not found[1]:
            raise _Parsed
        return found

    monkeypatch.setattr(argparse.ArgumentParser, "parse_known_args", parse_only)
    if kind == "kit":
        entry = kit_main
    else:
        name = kind.split(":", 1)[1]
        module = importlib.import_module(name)
        if hasattr(module, "__path__"):
            module = importlib.import_module(f"{name}.__main__")
        entry = module.main
    err = io.StringIO()
    try:
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            entry(argv)
    except _Parsed:
        return None
    except SystemExit:
        return err.getvalue().strip().splitlines()[-1] if err.getvalue().strip() else "argparse refused it"
    finally:
        monkeypatch.setattr(argparse.ArgumentParser, "parse_known_args", original)
    return "the command ran past its argument parser without parsing (nothing to check)"


def shown(kinds: tuple[str, ...]) -> list[tuple[str, int, str, list[str]]]:
    out = []
    for page in PAGES:
        for line, tokens in commands(page.read_text(encoding="utf-8")):
            found = program(tokens)
            if found and found[0].split(":")[0] in kinds:
                out.append((str(page.relative_to(REPO)), line, found[0], found[1]))
    return out


KIT_COMMANDS = shown(("kit", "module"))
PYTEST_COMMANDS = shown(("pytest",))


def test_the_pages_show_commands_of_every_kind():
    kinds = {kind.split(":")[0] for _, _, kind, _ in KIT_COMMANDS + PYTEST_COMMANDS}
    assert kinds == {"kit", "module", "pytest"} and len(KIT_COMMANDS) >= 20
    assert {page for page, *_ in KIT_COMMANDS} >= {"README.md", "docs/reading-runs.md"}


@pytest.mark.parametrize(
    "page, line, kind, argv", KIT_COMMANDS, ids=[f"{p}:{n}" for p, n, _, _ in KIT_COMMANDS]
)
def test_a_kit_command_shown_parses_with_the_kits_own_parser(page, line, kind, argv, monkeypatch):
    problem = parse_problem(kind, argv, monkeypatch)
    assert problem is None, f"{page}:{line}: `{shlex.join(argv)}`: {problem}"


def test_a_misspelled_flag_or_a_wrong_choice_is_refused(monkeypatch):
    for kind, argv in (
        ("kit", ["report", "results/RUN-ID", "--compaer", "results/OLDER"]),
        ("kit", ["assemble", "record.txt", "--arm", "modle"]),
        ("module:kit.corpus", ["--chekc", "DIR"]),
    ):
        assert parse_problem(kind, argv, monkeypatch), argv
    right = ["report", "results/RUN-ID", "--compare", "results/OLDER"]
    assert parse_problem("kit", right, monkeypatch) is None


@pytest.fixture(scope="module")
def pytest_cli() -> tuple[dict[str, bool], set[str]]:
    """Every option `pytest --help` lists here (with whether it takes a value) and every marker: asked
    of pytest in this process (a fresh interpreter for each took seconds), from the repository."""
    def run(flag: str) -> str:
        shown = io.StringIO()
        with contextlib.chdir(REPO), contextlib.redirect_stdout(shown):
            assert pytest.main([flag, "-p", "no:cacheprovider"]) == 0
        return shown.getvalue()

    options: dict[str, bool] = {}
    for line in run("--help").splitlines():
        head = re.match(r"^  (-\S.*?)(?:\s{2,}|$)", line)
        for option in head.group(1).split(", ") if head else []:
            name = re.match(r"-{1,2}[\w-]+", option)
            if name:
                options[name.group(0)] = option != name.group(0)
    markers = set(re.findall(r"^@pytest\.mark\.(\w+)", run("--markers"), re.M))
    return options, markers


def pytest_problems(argv: list[str], options: dict[str, bool], markers: set[str]) -> list[str]:
    problems, args = [], list(argv)
    while args:
        arg = args.pop(0)
        if arg.startswith("-"):
            name, _, value = arg.partition("=")
            if name not in options:
                problems.append(f"pytest has no option {name}")
            elif (options[name] or name in TAKES_VALUE_SHORT) and not value and args:
                value = args.pop(0)
            if name == "-m":
                words = set(re.findall(r"[A-Za-z_]\w*", value)) - {"and", "or", "not"}
                problems += [f"no marker {w!r}" for w in sorted(words - markers)]
        elif not (REPO / arg.split("::")[0]).exists():
            problems.append(f"no such path {arg}")
    return problems


@pytest.mark.parametrize(
    "page, line, kind, argv", PYTEST_COMMANDS, ids=[f"{p}:{n}" for p, n, _, _ in PYTEST_COMMANDS]
)
def test_a_pytest_command_shown_names_real_paths_markers_and_options(page, line, kind, argv, pytest_cli):
    problems = pytest_problems(argv, *pytest_cli)
    assert not problems, f"{page}:{line}: `pytest {shlex.join(argv)}`: {'; '.join(problems)}"


def test_a_misspelled_pytest_option_marker_or_path_is_refused(pytest_cli):
    for argv in (["--kit-reprot"], ["-m", "not piad"], ["tests/evl"]):
        assert pytest_problems(argv, *pytest_cli), argv
    assert not pytest_problems(["tests/eval", "-m", "not paid", "--kit-report"], *pytest_cli)


def slug(heading: str) -> str:
    """A heading's anchor as MkDocs (Python-Markdown's toc) writes it."""
    text = unicodedata.normalize("NFKD", re.sub(r"`", "", heading)).encode("ascii", "ignore").decode()
    return re.sub(r"[-\s]+", "-", re.sub(r"[^\w\s-]", "", text).strip().lower())


def anchors(page: Path) -> set[str]:
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    return {slug(h) for h in re.findall(r"^#{1,6}\s+(.*?)\s*$", text, re.M)}


def link_problems(page: Path) -> list[str]:
    text = re.sub(r"`[^`\n]*`", "", FENCE.sub("", page.read_text(encoding="utf-8")))
    problems = []
    for target in LINK.findall(text):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        where = (page.parent / path).resolve() if path else page
        if not where.exists():
            problems.append(f"{target}: no such file")
        elif anchor and where.suffix == ".md" and anchor not in anchors(where):
            problems.append(f"{target}: no heading #{anchor} in {where.name}")
    return problems


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(REPO)))
def test_every_relative_link_resolves(page):
    problems = link_problems(page)
    assert not problems, f"{page.relative_to(REPO)}: " + "; ".join(problems)


def test_a_broken_link_is_found(tmp_path):
    page = tmp_path / "page.md"
    page.write_text("# Here\n\n[ok](#here) [gone](missing.md) [anchor](page.md#nowhere) `[x](no.md)`\n")
    assert link_problems(page) == [
        "missing.md: no such file", "page.md#nowhere: no heading #nowhere in page.md"
    ]
