"""What the board's tests share: a results folder holding one recorded run of the floor and the
always-present baseline on the shipped corpus (written by kit.pipeline, as a test session writes it),
a board app on it with a labelled folder and model place under the test's own temporary folder, and a
client that sends the session token and the board's own Origin on every change.

No provider is configured unless a test sets one: a test that needs none takes `no_configuration` (the
root conftest's), and the .env the board reads is the test's own (empty) file."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from kit import pipeline
from kit.board import ModelPlace, create_app
from kit.corpus import load

RUN_ID = "r-board"
ORIGIN = "http://testserver"


@pytest.fixture(scope="session")
def shipped() -> load.Corpus:
    return load.load(load.shipped_folder())


@pytest.fixture(scope="session")
def results(tmp_path_factory, shipped) -> Path:
    folder = tmp_path_factory.mktemp("results")
    settings = pipeline.RunSettings(run_id=RUN_ID, results_dir=folder)
    for name in ("floor", "always-present"):
        pipeline.run(shipped, pipeline.OfflineArm(name), settings)
    return folder


class Board:
    """A board app under test, its folders, and a client that speaks as the board's own page."""

    def __init__(self, tmp: Path, results: Path, corpus: Path) -> None:
        self.labelled = tmp / "labelled"
        self.place = ModelPlace(tmp / ".env", tmp / "cache", tmp / "model-results")
        self.app = create_app(corpus, results, self.labelled, self.place, hosts=["testserver"])
        self.client = TestClient(self.app)
        page = self.client.get("/").text
        self.token = re.search(r'name="board-token" content="([^"]+)"', page).group(1)

    def post(self, path: str, body: dict, **headers: str):
        sent = {"Origin": ORIGIN, "X-Board-Token": self.token, **headers}
        return self.client.post(path, json=body, headers=sent)


@pytest.fixture
def board(tmp_path, results, no_configuration) -> Board:
    return Board(tmp_path, results, load.shipped_folder())


def own_record(rid: str, source: str = "ADM-0001", change: tuple[str, str] | None = None) -> str:
    """A shipped record's text under another id (title line and Encounter), with one change."""
    text = (load.shipped_folder() / f"{source}.txt").read_text(encoding="utf-8")
    text = text.replace(source, rid)
    if change is not None:
        assert change[0] in text
        text = text.replace(change[0], change[1])
    return text
