"""A leaderboard across model runs that graded the same corpus and policy: one row per run with the
headline metrics and their Wilson intervals, calibration, cost per record and per 1,000 records (each
call re-priced at its own time on the same cards as the bill and `kit cost`: the user's table over
genai-prices; kit.measure.bill), latency, parse failures and tokens; the Pareto front of cost against
records fully right; and the pairwise exact McNemar p-values on records fully right with Holm's
correction for the number of pairs.

Runs that did not grade what the first run graded are refused by kit.measure.compare's guards, one
line each, and left off the board. It reads result files and computes; it scores nothing again and
calls nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from kit.arms import BOUND_ARMS
from kit.measure import bill, calibration, compare
from kit.model import pricing

HEADLINE = "records.fully_right"
METRICS = (
    HEADLINE, "support.raw", "support.rechecked", "findings", "citations.credited",
    "taxonomy.order_gap_softened",
)  # fmt: skip
ALPHA = compare.ALPHA
MAX_DEPTH = 12  # folders above a run folder looked at to tell two runs of one name apart
RUN_ID = re.compile(r"^(\d{8}-\d{6})(?:-|$)")  # the suite's run ids start with the UTC date and time


@dataclass
class Entry:
    """One run on the board."""

    label: str
    arm: str
    when: str  # when the run was made, from its run id (or, failing that, when its file was written)
    model: str | None
    provider: str | None
    records: int
    metrics: dict[str, dict[str, Any] | None]
    calibration: dict[str, Any] | None
    cost_usd: float | None
    cost_source: str
    latency_ms: dict[str, float | None]
    parse_failures: int  # records whose reply gave no usable answer (taxonomy no_usable_answer)
    parser_notes: int  # calls whose reply the parser had anything to say about
    failed_calls: int
    tokens: dict[str, int | None]
    outcomes: dict[str, bool] = field(repr=False, default_factory=dict)

    @property
    def headline(self) -> float:
        m = self.metrics.get(HEADLINE)
        return -1.0 if m is None or m["rate"] is None else m["rate"]

    @property
    def cost_per_record(self) -> float | None:
        return None if self.cost_usd is None or not self.records else self.cost_usd / self.records

    def to_dict(self) -> dict[str, Any]:
        per = self.cost_per_record
        return {
            "label": self.label, "arm": self.arm, "when": self.when, "model": self.model,
            "provider": self.provider,
            "records": self.records, "metrics": self.metrics, "calibration": self.calibration,
            "cost_usd": self.cost_usd, "cost_source": self.cost_source, "cost_per_record_usd": per,
            "cost_per_1000_records_usd": None if per is None else per * 1000,
            "latency_ms": self.latency_ms, "parse_failures": self.parse_failures,
            "parser_notes": self.parser_notes,
            "failed_calls": self.failed_calls, "tokens": self.tokens,
        }  # fmt: skip


@dataclass(frozen=True)
class Pair:
    """Two runs on records fully right: where they disagree, the exact McNemar p and Holm's p."""

    a: str
    b: str
    a_only: int  # records right in a and wrong in b
    b_only: int
    p: float
    p_holm: float

    @property
    def significant(self) -> bool:
        return self.p_holm < ALPHA

    def to_dict(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "a_only": self.a_only, "b_only": self.b_only, "p": self.p,
                "p_holm": self.p_holm, "significant": self.significant}  # fmt: skip


@dataclass
class Board:
    """A leaderboard: the runs best first, their pairwise tests, the runs refused, the Pareto front."""

    entries: list[Entry]
    pairs: list[Pair]
    refused: list[str]
    pareto: list[str]  # labels on the cost/accuracy front (runs with a known cost only)

    def sentence(self) -> str:
        return significance_sentence(self.pairs)

    def to_dict(self) -> dict[str, Any]:
        return {
            "headline": HEADLINE,
            "alpha": ALPHA,
            "runs": [e.to_dict() for e in self.entries],
            "pairs": [p.to_dict() for p in self.pairs],
            "pareto": self.pareto,
            "refused": self.refused,
            "sentence": self.sentence(),
        }


def holm(ps: list[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given: the k-th smallest of m is multiplied
    by m - k + 1, kept monotone, capped at 1."""
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    out, running, m = [0.0] * len(ps), 0.0, len(ps)
    for k, i in enumerate(order):
        running = max(running, min(1.0, (m - k) * ps[i]))
        out[i] = running
    return out


def pareto(points: dict[str, tuple[float, float]]) -> list[str]:
    """Labels of the points (cost, accuracy) no other point beats: none costs no more and scores no
    less with one of the two strictly better. Sorted by cost."""
    front = [
        label
        for label, (cost, acc) in points.items()
        if not any(
            (c <= cost and a >= acc) and (c < cost or a > acc)
            for other, (c, a) in points.items()
            if other != label
        )
    ]
    return sorted(front, key=lambda label: points[label])


def _cost(data: dict[str, Any], prices: dict[str, Any] | None) -> tuple[float | None, str]:
    """The run's calls priced as its bill prices them (the card its result file names, the user's
    table first), and the card in words; an offline arm made no call."""
    tele = data.get("telemetry") or {}
    if not tele:
        return 0.0, "offline arm: no call"
    calls = tele.get("per_call") or []
    priced: dict[str, Any] = next((c["price"] for c in calls if c.get("price")), {})
    model = str(data.get("model") or "")
    card = pricing.by_ident(priced.get("card"), model, prices or {}, priced.get("source"))
    figures = bill.of_calls(calls, card)
    if not figures["calls"]:
        return None, "not priced: the result file records no answered call"
    return (figures["usd"], card.source) if figures["usd"] is not None else (None, str(figures["why"]))


def when(run: compare.Run) -> str:
    """The run's date and time: read from a run id the suite wrote (YYYYMMDD-HHMMSS-xxxx, in UTC),
    else the time its result file was last written."""
    found = RUN_ID.match(str(run.data.get("run_id", "")))
    if found:
        stamp = datetime.strptime(found.group(1), "%Y%m%d-%H%M%S")
        return stamp.strftime("%Y-%m-%d %H:%M UTC")
    try:
        written = datetime.fromtimestamp(run.path.stat().st_mtime, UTC)
    except OSError:
        return "time not recorded"
    return written.strftime("file of %Y-%m-%d %H:%M UTC")


def entry(run: compare.Run, prices: dict[str, Any] | None = None) -> Entry:
    data = run.data
    tele = data.get("telemetry") or {}
    records = [r for r in data.get("records", []) if "elements" in r]
    cal = calibration.of_records(records)
    cost, source = _cost(data, prices)
    latency = tele.get("latency_ms") or {}
    calls = tele.get("per_call") or []
    return Entry(
        label=run.label,
        arm=run.arm,
        when=when(run),
        model=data.get("model"),
        provider=data.get("provider"),
        records=len(records),
        metrics={name: compare._figure(data["metrics"].get(name)) for name in METRICS},
        calibration=None if cal is None else cal.to_dict(),
        cost_usd=cost,
        cost_source=source,
        latency_ms={"p50": latency.get("p50"), "p95": latency.get("p95")},
        parse_failures=sum(1 for r in records if "no_usable_answer" in r.get("taxonomy", [])),
        parser_notes=sum(1 for c in calls if c.get("problems")),
        failed_calls=int(tele.get("failures") or 0),
        tokens={k: (tele.get("tokens") or {}).get(k) for k in ("input", "cached_input", "output")},
        outcomes=compare.outcomes(data).get(HEADLINE, {}),
    )


def build(runs: list[compare.Run], prices: dict[str, Any] | None = None) -> Board:
    """The board: runs comparable with the first, sorted by records fully right (best first)."""
    if not runs:
        raise compare.CompareError("give at least one run")
    kept, refused = [runs[0]], []
    for run in runs[1:]:
        lines = compare.refusals([runs[0], run])
        if lines:
            refused += [f"left off the board: {line}" for line in lines]
        else:
            kept.append(run)
    entries = sorted((entry(r, prices) for r in kept), key=lambda e: (-e.headline, e.label))
    raw = []
    for i, a in enumerate(entries):
        for b in entries[i + 1 :]:
            shared = [k for k in a.outcomes if k in b.outcomes]
            a_only = sum(1 for k in shared if a.outcomes[k] and not b.outcomes[k])
            b_only = sum(1 for k in shared if b.outcomes[k] and not a.outcomes[k])
            raw.append((a.label, b.label, a_only, b_only, compare.mcnemar(a_only, b_only)))
    adjusted = holm([r[4] for r in raw])
    pairs = [Pair(*r, p_holm=adj) for r, adj in zip(raw, adjusted, strict=True)]
    points = {
        e.label: (e.cost_per_record, e.headline)
        for e in entries
        if e.cost_per_record is not None and e.headline >= 0
    }
    return Board(entries, pairs, refused, pareto(points))


def significance_sentence(pairs: list[Pair]) -> str:
    """Which differences on records fully right survive Holm's correction, in one sentence."""
    if not pairs:
        return "One run only: nothing to test."
    found = [p for p in pairs if p.significant]
    head = (
        f"Of {len(pairs)} pair(s), {len(found)} differ on records fully right at alpha {ALPHA} "
        f"after Holm's correction for {len(pairs)} comparison(s)"
    )
    if not found:
        return head + "; no run can be told apart from another on this corpus."
    said = "; ".join(
        f"{p.a if p.a_only > p.b_only else p.b} beats {p.b if p.a_only > p.b_only else p.a} "
        f"({max(p.a_only, p.b_only)} to {min(p.a_only, p.b_only)} records, Holm p = {p.p_holm:.3g})"
        for p in found
    )
    rest = len(pairs) - len(found)
    tail = f"; the other {rest} pair(s) cannot be told apart." if rest else "."
    return f"{head}: {said}{tail}"


def load_runs(sources: list[Path], arm: str | None = None) -> list[compare.Run]:
    """Result files to rank: a file as given; a run folder's `<arm>.json` with `arm`, else every
    graded result file in the folder (one row per arm) but a bound's (the pool-matcher is no answering
    arm to rank; name it with `arm` or by its file). Labelled "<run folder>/<arm>"; runs that would
    share a label are labelled by their file's path."""
    out = []
    for source in map(Path, sources):
        if source.is_dir() and arm is None:
            files = [p for p in sorted(source.glob("*.json")) if p.stem not in BOUND_ARMS and _graded(p)]
            if not files:
                raise compare.CompareError(f"{source}: holds no graded result file")
            out += [compare.load_run(p, label=f"{source.name}/{p.stem}") for p in files]
        elif source.is_dir():
            out.append(compare.load_run(source, arm, f"{source.name}/{arm}"))
        else:
            out.append(compare.load_run(source, label=f"{source.parent.name}/{source.stem}"))
    return _told_apart(out)


def _told_apart(runs: list[compare.Run]) -> list[compare.Run]:
    """Runs whose labels would be the same (two run folders of one name) labelled with as many of the
    folders above them as tell them apart, so no two rows, points or p-values share a name."""
    given = [run.label for run in runs]
    shared = {label for label in given if given.count(label) > 1}
    labels, depth = given, 0
    while len(set(labels)) < len(labels) and depth < MAX_DEPTH:
        depth += 1
        labels = [
            "/".join([*run.path.resolve().parent.parts[-depth - 1 : -1], label]) if label in shared else label
            for run, label in zip(runs, given, strict=True)
        ]
    return [replace(run, label=label) for run, label in zip(runs, labels, strict=True)]


def _graded(path: Path) -> bool:
    """A result file with per-record grades (not an injection or scan file, not a report's data)."""
    try:
        return bool(compare.outcomes(compare.load_run(path).data))
    except compare.CompareError:
        return False
