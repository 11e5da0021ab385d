"""Train the redactor's learned recogniser (kit/guard/redact/learned.py) and write its weights to
kit/data/redact_model.json.

Each word of every record in the redaction sets named in TRAINING_SETS (tests/material/redaction/) is an
example: an identifier when it stands inside one of the record's listed identifiers, anything else
when not (ages over 89 and dates of birth are left out: kit.guard.redact.ages and the date shifting
own them). Every charting line of tests/material/charting, planted as the practitioner's prose and as a
review note, gives more words that are not identifiers. The model is a logistic regression over the
features learned.features writes; weights under PRUNE are dropped.

    python scripts/train_redact_model.py             # writes kit/data/redact_model.json
    python scripts/train_redact_model.py --groups r11 r12   # each set left out in turn: the redactor
                                                            # with and without the model measured on it

It is deterministic (liblinear, a fixed order). Training needs scikit-learn (the `train` extra).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kit.guard.redact import learned  # noqa: E402
from tests.helpers import planted as planted_in  # noqa: E402

REDACTION = ROOT / "tests" / "material" / "redaction"
CHARTING = ROOT / "tests" / "material" / "charting"
# Every blind redaction set, each measured once before it was read here.
TRAINING_SETS = tuple(f"r{n}" for n in range(1, 31))
LEFT_OUT = frozenset({"AGE_OVER_89", "DATE_OF_BIRTH"})
PLACEMENTS = ("documentation", "review_notes")
STAMP = re.compile(r"^\d{4}-\d{2}-\d{2} \d{2}:\d{2}  ")
C = 0.5
THRESHOLD = 0.0
PRUNE = 0.05  # weights smaller than this are dropped (a smaller file; see --groups)


def _record_examples(text: str, items: list[dict[str, str]]) -> list[tuple[list[str], int]]:
    positive: list[tuple[int, int]] = []
    ignored: list[tuple[int, int]] = []
    for item in items:
        value = item["value"]
        if not value.strip():
            continue
        into = ignored if item["type"] in LEFT_OUT else positive
        into += [(m.start(), m.end()) for m in re.finditer(re.escape(value), text)]
    out = []
    for start, end, feats in learned.features(text):
        if any(a < end and start < b for a, b in ignored):
            continue
        out.append((feats, int(any(a < end and start < b for a, b in positive))))
    return out


def set_examples(name: str) -> list[tuple[list[str], int]]:
    folder = REDACTION / name
    identifiers = json.loads((folder / "identifiers.json").read_text(encoding="utf-8"))
    out = []
    for path in sorted((folder / "records").glob("*.txt")):
        out += _record_examples(path.read_text(encoding="utf-8"), identifiers.get(path.stem, []))
    return out


def charting_lines(files: list[Path]) -> list[str]:
    lines = [line for f in files for line in f.read_text(encoding="utf-8").splitlines()]
    return [STAMP.sub("", line) for line in lines if line.strip()]


def charting_examples(lines: list[str]) -> list[tuple[list[str], int]]:
    out = []
    for body in lines:
        for place in PLACEMENTS:
            text = planted_in(body, place)
            at = text.index(body)
            frame = (at, at + len(body))
            out += [(f, 0) for a, _, f in learned.features(text, frame) if at <= a < frame[1]]
    return out


def fit(examples: list[tuple[list[str], int]]) -> dict[str, object]:
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    vectorizer = DictVectorizer()
    x = vectorizer.fit_transform([dict.fromkeys(f, 1) for f, _ in examples]).tocsr()
    x.indices, x.indptr = x.indices.astype("int32"), x.indptr.astype("int32")  # liblinear's index width
    y = [label for _, label in examples]
    model = LogisticRegression(C=C, solver="liblinear", max_iter=2000)
    model.fit(x, y)
    names = vectorizer.get_feature_names_out()
    pairs = zip(names, model.coef_[0], strict=True)
    weights = {str(n): round(float(w), 4) for n, w in pairs if abs(w) >= PRUNE}
    return {"weights": dict(sorted(weights.items())), "intercept": round(float(model.intercept_[0]), 4),
            "threshold": THRESHOLD, "trained_on": list(TRAINING_SETS)}


def examples() -> list[tuple[list[str], int]]:
    """Every word of the training material with its label (see the module docstring)."""
    found = [e for name in TRAINING_SETS for e in set_examples(name)]
    return found + charting_examples(charting_lines(sorted(CHARTING.glob("charting_lines*.txt"))))


def write(path: Path, model: dict[str, object]) -> None:
    path.write_text(json.dumps(model, indent=0, ensure_ascii=False) + "\n", encoding="utf-8")


def groups(held_out: list[str]) -> None:
    """Each set left out in turn: the model fitted without it (and without every other charting file),
    the redactor with and without that model measured on the set, and the held-out charting lines
    (a third of them) with anything but a date replaced, as prose and as a review note."""
    import tempfile

    from kit.guard.redact import core
    from tests import redaction_material

    files = sorted(CHARTING.glob("charting_lines*.txt"))
    lines = charting_lines(files[1::2])[::3]
    cached = {name: set_examples(name) for name in TRAINING_SETS}
    seen = charting_examples(charting_lines(files[::2]))
    shipped = learned.MODEL
    for name in held_out:
        model = fit([e for other in TRAINING_SETS if other != name for e in cached[other]] + seen)
        path = Path(tempfile.mkdtemp()) / "model.json"
        write(path, model)
        for label, chosen in (("rules only", Path("/nonexistent")), ("rules and model", path)):
            learned.MODEL = chosen
            learned._model.cache_clear()
            core._redacted.cache_clear()
            m = redaction_material.measure(name)
            planted, kept = sum(m.planted.values()), sum(m.planted.values()) - sum(m.leaked.values())
            over = 0
            for n, body in enumerate(lines):
                for place in PLACEMENTS:
                    text = planted_in(body, place)
                    at = text.index(body)
                    done = core.redact(text, f"g{n}", "groups")
                    over += any(p.kind != "DATE" and at <= p.start < at + len(body) for p in done.pieces)
            print(f"{name} {label}: kept out {kept}/{planted} ({100 * kept / planted:.2f}%), refused "
                  f"{len(m.refused)}; charting lines changed {over}/{2 * len(lines)} "
                  f"({100 * over / (2 * len(lines)):.1f}%)", flush=True)
    learned.MODEL = shipped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=learned.MODEL)
    parser.add_argument("--groups", nargs="*", metavar="SET", help="sets to leave out in turn (r9 r10 ...)")
    args = parser.parse_args()
    if args.groups is not None:
        groups(args.groups or list(TRAINING_SETS[-4:]))
        return
    found = examples()
    model = fit(found)
    write(args.out, model)
    print(f"{len(found)} words, {sum(label for _, label in found)} identifiers; "
          f"{len(model['weights'])} weights -> {args.out}")


if __name__ == "__main__":
    main()
