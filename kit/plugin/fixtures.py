"""The kit's fixtures, registered by kit.plugin.hooks: the corpus under test, the paid arm's
configuration and record mode, and each arm's scored run, computed once per session and shared by
its xdist workers (`computed_once`, kit.plugin.once) through kit.pipeline, which also writes the
result files.

- `computed_once`: a measurement by name, computed by the first worker to ask and loaded by the others.
- `material_once`: the same for a measurement of fixed material (the repository's own sets, never the
  corpus or the settings), shared as well with a session started inside this one that is handed its
  folder in KIT_MATERIAL_ONCE: a session on a corpus of one's own does not measure the blind sets again.
- `offline_answers`, `offline_report`: an offline arm's answers, and its scored report, by name.
- `stub_report`: the whole paid path against a loopback stub serving an offline arm's replies, with
  injected 429s and 503s, answers cached in memory, on `wiring_corpus`: the corpus, or on a corpus of
  more than a few hundred records its fixed seeded sample (kit.corpus.sample).
- `paid_config`, `record_mode`, `paid_arm`, `paid_run`: the model arm through the answer cache. It
  replays by default and buys what is missing only under --record; under xdist one worker at a time
  runs it and the others reuse its outcome (kit.pipeline.ModelArm).

Nothing here buys a call without --record. A configuration or daily limit that stops the paid arm
fails its tests with the message and no traceback.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

import pytest

from kit import pipeline
from kit.corpus import Record, load, sample
from kit.measure import scoring
from kit.model import Cache, Config, ConfigError, DailyLimitReached, Every, flagged, runner
from kit.plugin.once import Once
from kit.plugin.session import KitSession, corpus_folder
from kit.rules import Answer

MATERIAL_ONCE = "KIT_MATERIAL_ONCE"
STUB_FAULTS = {"fail_429": Every(7), "fail_status": (503, Every(11))}
T = TypeVar("T")


def _or_fail(make: Callable[[], T]) -> T:
    """`make()`; a configuration or daily limit that stops the paid arm fails the test instead."""
    try:
        return make()
    except (ConfigError, DailyLimitReached) as err:
        pytest.fail(str(err), pytrace=False)


@pytest.fixture(scope="session")
def corpus(pytestconfig: pytest.Config) -> load.Corpus:
    """The corpus under test: the shipped one, or the folder named by --corpus."""
    try:
        return load.load(corpus_folder(pytestconfig))
    except load.CorpusError as err:
        pytest.fail(str(err), pytrace=False)


@pytest.fixture(scope="session")
def offline_answers(corpus: load.Corpus) -> Callable[[str], dict[str, Answer]]:
    """A function arm name -> that offline arm's answers on the corpus, computed once per arm."""
    done: dict[str, dict[str, Answer]] = {}

    def get(name: str) -> dict[str, Answer]:
        if name not in done:
            done[name] = pipeline.OfflineArm(name).answer(corpus.records).answers
        return done[name]

    return get


@pytest.fixture(scope="session")
def computed_once(kit_session: KitSession, tmp_path_factory: pytest.TempPathFactory) -> Once:
    """Measurements computed once per session for every xdist worker: `computed_once.get(name,
    compute)`, keyed by the corpus's hash, the citation settings and the kit's code version."""
    shared = _shared_folder(tmp_path_factory, kit_session.run_id)
    settings = (kit_session.coverage_min, kit_session.precision_min)
    return Once(shared / "once", kit_session.corpus_hash, *settings)


@pytest.fixture(scope="session")
def material_once(kit_session: KitSession, tmp_path_factory: pytest.TempPathFactory) -> Once:
    """Measurements that read fixed material and nothing of the corpus or the settings, keyed by the
    kit's code version alone: computed once for this run's workers, and for a session started inside
    it whose environment names this run's folder in KIT_MATERIAL_ONCE (`Once.folder`). Hand it only to
    a session of the same run: the key does not cover the material's files, so a folder kept between
    runs could give back a value measured on material since edited."""
    handed = os.environ.get(MATERIAL_ONCE)
    return Once(Path(handed) if handed else _shared_folder(tmp_path_factory, kit_session.run_id) / "material")


@pytest.fixture(scope="session")
def offline_report(
    corpus: load.Corpus,
    kit_session: KitSession,
    offline_answers: Callable[[str], dict[str, Answer]],
    computed_once: Once,
) -> Callable[[str], scoring.Report]:
    """A function arm name -> that offline arm's scored Report, its result file written once."""

    def get(name: str) -> scoring.Report:
        def compute() -> scoring.Report:
            answered = pipeline.Answered(offline_answers(name))
            return pipeline.score(name, corpus, answered, kit_session).report

        return computed_once.get(f"offline-{name}", compute)

    return get


@pytest.fixture(scope="session")
def wiring_corpus(corpus: load.Corpus) -> load.Corpus:
    """The records the wiring checks run on: the corpus, or its fixed sample when it is large."""
    return sample.wiring_sample(corpus)


@pytest.fixture(scope="session")
def stub_report(
    corpus: load.Corpus,
    wiring_corpus: load.Corpus,
    kit_session: KitSession,
    tmp_path_factory: pytest.TempPathFactory,
    computed_once: Once,
) -> Callable[[str], pipeline.ScoredRun]:
    """A function served arm -> the scored `stub-<arm>` run (report, outcome, stub requests) on
    `wiring_corpus`; its result file notes the sample, if any."""
    sampled = sample.describe(wiring_corpus, corpus)
    extra = {"sample": sampled} if sampled else {}

    def get(served: str) -> pipeline.ScoredRun:
        def compute() -> pipeline.ScoredRun:
            folder = tmp_path_factory.mktemp(f"stub-{served}")
            arm = pipeline.StubArm(served, folder, STUB_FAULTS, on_disk=False, extra=extra)
            return pipeline.run(wiring_corpus, arm, kit_session)

        return computed_once.get(f"stub-{served}", compute)

    return get


@pytest.fixture(scope="session")
def record_mode(kit_session: KitSession) -> bool:
    """True under --record: the paid arm buys what the answer cache lacks."""
    return kit_session.record


@pytest.fixture(scope="session")
def paid_config(kit_session: KitSession, record_mode: bool, pytestconfig: pytest.Config) -> Config:
    """The paid arm's configuration: the environment over the .env file (KIT_DOTENV names another);
    a replay with no MODEL set uses the provider and model the cache remembers; --send-flagged sends
    the units the document scan flags as they are."""
    dotenv = Path(os.environ.get("KIT_DOTENV") or kit_session.root / ".env")
    try:
        config = pipeline.model_config(dotenv, Cache(kit_session.answers_cache), record_mode)
    except ConfigError as err:
        pytest.fail(f"configuration: {err}", pytrace=False)
    return config.verbatim(flagged.FLAG) if pytestconfig.getoption(flagged.FLAG) else config


class PaidArm:
    """The paid arm as a test calls it: `paid_arm(records, repeat=1, verbatim=False)` gives the
    RunOutcome (one purchase for the whole run, see kit.pipeline.ModelArm; `verbatim` sends the units
    the scan flags as they are, whatever the configuration says); `paid_arm.config` is the
    configuration it buys with."""

    def __init__(self, arm: pipeline.ModelArm) -> None:
        self.arm = arm

    @property
    def config(self) -> Config:
        return self.arm.config

    def __call__(
        self, records: Sequence[Record], repeat: int = 1, verbatim: bool = False
    ) -> runner.RunOutcome:
        return _or_fail(lambda: self.arm.outcome(records, repeat, verbatim))


def _echo(pytestconfig: pytest.Config) -> Callable[[str], None]:
    """Prints a progress line past pytest's output capture, so a long purchase is visible. Under
    xdist a worker's terminal is not shown; the controller repeats the log's last line at the end."""
    reporter = pytestconfig.pluginmanager.get_plugin("terminalreporter")
    capture = pytestconfig.pluginmanager.get_plugin("capturemanager")

    def echo(line: str) -> None:
        if reporter is None:
            return
        with capture.global_and_fixture_disabled() if capture else nullcontext():
            reporter.write_line(f"paid arm: {line}")

    return echo


def _shared_folder(tmp_path_factory: pytest.TempPathFactory, run_id: str) -> Path:
    """A folder every xdist worker of this run sees (and no other run does)."""
    base = tmp_path_factory.getbasetemp()
    return (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / f"kit-{run_id}"


@pytest.fixture(scope="session")
def paid_arm(
    paid_config: Config,
    kit_session: KitSession,
    record_mode: bool,
    tmp_path_factory: pytest.TempPathFactory,
    pytestconfig: pytest.Config,
) -> PaidArm:
    settings = replace(kit_session, record=record_mode)
    progress = pipeline.logged(kit_session.progress_log, _echo(pytestconfig))
    shared = _shared_folder(tmp_path_factory, kit_session.run_id)
    return PaidArm(pipeline.ModelArm(paid_config, settings, shared, progress))


@pytest.fixture(scope="session")
def paid_run(corpus: load.Corpus, kit_session: KitSession, paid_arm: PaidArm) -> pipeline.ScoredRun:
    """The paid arm on the whole corpus, scored, its result file (paid.json) written."""
    return _or_fail(lambda: pipeline.run(corpus, paid_arm.arm, kit_session))
