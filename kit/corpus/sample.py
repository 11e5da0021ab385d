"""A fixed, seeded sample of a corpus for the wiring checks: the stub arms and the stub-served
injection arm prove that prompt, HTTP, retries, cache and parser are wired right, and on a large
corpus a few hundred records prove that as well as ten thousand. On a corpus of more than
`sample_above` records (kit/data/wiring_sample.json) they take `size` records drawn with `seed`,
kept in corpus order, the same ones on every run of the same corpus; a smaller corpus is used whole.

It only chooses records. It refuses to be the corpus of an offline or model arm: those grade every
record, and nothing here decides that (the callers do).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from importlib import resources
from typing import Any

from kit.corpus.load import Corpus


def plan() -> dict[str, int]:
    """The sampling settings: sample_above, size and seed."""
    text = resources.files("kit").joinpath("data/wiring_sample.json").read_text(encoding="utf-8")
    return {k: int(v) for k, v in json.loads(text).items() if not k.startswith("_")}


def wiring_sample(corpus: Corpus) -> Corpus:
    """`corpus` itself when it is small enough, else its fixed seeded sample (records in corpus order)."""
    settings = plan()
    records = corpus.records
    if len(records) <= settings["sample_above"]:
        return corpus
    chosen = sorted(random.Random(settings["seed"]).sample(range(len(records)), settings["size"]))
    return replace(corpus, records=tuple(records[i] for i in chosen))


def describe(sampled: Corpus, whole: Corpus) -> dict[str, Any] | None:
    """What a result file says about a sample (None when the whole corpus was used)."""
    if len(sampled.records) == len(whole.records):
        return None
    return {"records": len(sampled.records), "of": len(whole.records), "seed": plan()["seed"]}


def note(arms: str, sampled: Corpus, whole: Corpus) -> str | None:
    """The scoreboard's line about a sample, or None when the whole corpus was used."""
    said = describe(sampled, whole)
    if said is None:
        return None
    return (
        f"{arms}: wiring checks on a fixed sample, n={said['records']} of {said['of']} records "
        f"(seed {said['seed']}); the offline arms grade every record"
    )
