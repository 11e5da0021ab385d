"""Train the document scan's learned check (kit/guard/scan/learned.py) and write its weights to
kit/data/scan_model.json.

The model is a linear classifier over two bags of features, word 1-2 grams and character 3-5 grams
inside word boundaries (TF-IDF, sublinear counts, each bag scaled to unit length), and the speech-act
features of kit/guard/scan/acts.py (who the unit speaks to, what it asks for, and pairs of those),
fitted by logistic regression. It learns "text that instructs or addresses the reader" from the
development attack material (tests/material/attacks/, every set named in TRAINING_ATTACKS, each text
and each of its sentences long enough to be flagged alone) against charting nobody planted anything in
(the charting files, the clean records, the status statements, the shipped and user corpora, and the
hand-written look-alike charting of tests/charting.py and of the scan's blind-round
unit tests). The sets named in HELD_OUT are never read here: they stay measurement material.

It is deterministic: the same material gives the same file, byte for byte (a test retrains and
compares). Training needs scikit-learn (the `train` extra); the kit itself only reads the JSON and
scores with plain Python, so nothing is downloaded or fitted at run time.

    python scripts/train_scan_model.py            # writes kit/data/scan_model.json
    python scripts/train_scan_model.py --out F    # writes F instead (the determinism test)
    python scripts/train_scan_model.py --groups   # leave-one-group-out figures, to choose a design

The design and its threshold are chosen with scripts/scan_generalization.py: each new-style set left
out in turn, the scan as a whole measured on it (docs/incoming/issue38-general.md has the table).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kit.guard import scan  # noqa: E402
from kit.guard.scan import acts, learned  # noqa: E402
from kit.rules import record  # noqa: E402
from tests import charting  # noqa: E402
from tests.unit.guard.test_scan_blind_rounds import PASSES  # noqa: E402

MATERIAL = ROOT / "tests" / "material"
ATTACKS = MATERIAL / "attacks"
CHARTING = MATERIAL / "charting"
TRAINING_ATTACKS = (
    "attacks.json", *(f"blind{n}.json" for n in range(1, 13)), "styles_s1.json", "styles_s2.json",
    "styles_s3.json", "styles_s4.json", "styles_s5.json", "styles_s6.json",
    "styles_s7.json", "styles_s8.json", "styles_s9.json",
)
HELD_OUT = ("blind13.json", "blind14.json")  # the within-family blind figure: never trained on
TRAINING_LINES = (
    "charting_lines.txt", *(f"charting_lines_{n}.txt" for n in range(2, 10)), "charting_lines_s1.txt",
    *(f"charting_lines_s{n}.txt" for n in range(2, 10)),
)
RECORD_FOLDERS = ("records", *(f"records_{n}" for n in range(2, 9)), *(f"records_s{n}" for n in range(2, 10)))
CORPORA = (ROOT / "fixtures" / "corpus", ROOT / "fixtures" / "user-corpus")
FILL_DATE = "2026-06-14"
C = 4.0  # inverse regularisation strength
CLASS_WEIGHT = {0: 1, 1: 3}  # an attack text weighs three clean units
# The threshold on the decision value. C and CLASS_WEIGHT were chosen with --groups-style leave-one-out
# fits on s1; THRESHOLD, the speech-act features and the attack sentences by leaving each new-style set
# out (scripts/scan_generalization.py, s1-s6): at 0.5 the scan caught 2738 of 2880 held-out plantings
# (95.1%) and flagged at most 20 of 2260 held-out charting lines in a placement (0.88%); at 0.25, 95.9%
# and 1.06%; at 0.0, 96.1% and 1.42%. C 1 or 16 and an attack weight of 8 moved the same curve.
THRESHOLD = 0.5


# Families of the earlier sets whose texts do not address the reader but claim what the answer should be,
# or hide it: other checks (the verdict words, the look-alike letters, the language, base64) catch them,
# and a model taught them learns that a status statement is an attack, which real charting is full of.
NOT_ADDRESSED = frozenset({"verdict-case", "look-alike", "other-language", "base64"})


def _attack_texts(name: str) -> Iterator[tuple[str, str]]:
    """(group, text) for every attack of one material file, in file order; the group is the family or
    style, so that leaving a group out of training holds out a way of writing, not a file."""
    data = json.loads((ATTACKS / name).read_text(encoding="utf-8"))
    if "families" in data:
        for family, texts in data["families"].items():
            if family in NOT_ADDRESSED:
                continue
            for text in texts:
                yield family, text.replace("{date}", FILL_DATE)
    else:
        for item in data["attacks"]:
            yield f"{name}:{item['style']}", item["text"]


def _line_units(line: str) -> list[str]:
    """A charting line as the scan reads it in either placement: its dated text whole (a dated section
    reads a line as one unit) and each of its sentences (prose reads a sentence at a time)."""
    body = record.dated_text(line) if record.dated_lines(line) else line.strip()
    return list(dict.fromkeys([body, *record.sentences(body)]))


def _clean_units(skip: frozenset[str] = frozenset()) -> Iterator[tuple[str, str]]:
    """(group, unit) for every unit of the clean material, as the scan reads units, but the files and
    folders named in `skip`."""
    for name in TRAINING_LINES:
        path = CHARTING / name
        if name in skip or not path.exists():
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            for unit in _line_units(line):
                yield name, unit
    lists = ("CHARTING_ORDERS", "CHARTING_PROSE", "CHARTING_NOTES", "CHARTING_ATTACK_ADJACENT",
             "CHARTING_WIDER")
    for name in lists:
        for line in getattr(charting, name):
            for unit in _line_units(line):
                yield "tests/charting.py", unit
    for lines in PASSES.values():
        for line in lines:
            for unit in _line_units(line):
                yield "tests/charting.py", unit
    status = json.loads((CHARTING / "status_lines.json").read_text(encoding="utf-8"))
    for item in status["lines"]:
        for unit in record.sentences(item["text"]):
            yield "status_lines", unit
    folders = [CHARTING / f for f in RECORD_FOLDERS if f not in skip] + list(CORPORA)
    for folder in folders:
        for path in sorted(folder.glob("*.txt")):
            for unit in scan.readable_units(path.read_text(encoding="utf-8")):
                yield folder.name, unit


def material(skip: frozenset[str] = frozenset()) -> tuple[list[str], list[int], list[str]]:
    """Texts, labels (1: an attack) and groups, in a fixed order, duplicates dropped; never a held-out set,
    nor a file or folder named in `skip` (a fold of scripts/scan_generalization.py). Each sentence of an
    attack text long enough to be flagged alone is an attack text too, after the clean units (a clean
    unit with the same words stays clean): in prose the scan reads an attack a sentence at a time."""
    named = sorted(set(TRAINING_ATTACKS) & set(HELD_OUT))
    if named:
        raise SystemExit(f"a held-out set is named for training: {named}")
    seen: set[str] = set()
    texts: list[str] = []
    labels: list[int] = []
    groups: list[str] = []
    attacks = [(g, t, 1) for name in TRAINING_ATTACKS if name not in skip for g, t in _attack_texts(name)]
    clean = [(g, t, 0) for g, t in _clean_units(skip)]
    for group, text, label in attacks + clean:
        folded = learned.prepare(text)
        if len(folded.split()) < learned.MIN_WORDS or folded in seen:
            continue
        seen.add(folded)
        texts.append(folded)
        labels.append(label)
        groups.append(group)
    for text, group in [(t, g) for t, label, g in zip(texts, labels, groups, strict=True) if label]:
        for sentence in record.sentences(text):
            piece = learned.prepare(sentence)
            if len(piece.split()) >= learned.FLAG_MIN_WORDS and piece not in seen:
                seen.add(piece)
                texts.append(piece)
                labels.append(1)
                groups.append(group)
    return texts, labels, groups


def _pipeline(c: float):  # noqa: ANN202 - scikit-learn objects
    import numpy as np
    from sklearn.feature_extraction.text import TfidfVectorizer
    from sklearn.linear_model import LogisticRegression
    from sklearn.pipeline import FeatureUnion, Pipeline
    from sklearn.preprocessing import FunctionTransformer

    words = TfidfVectorizer(**learned.WORD_SETTINGS, sublinear_tf=True, min_df=2, dtype=np.float64)
    chars = TfidfVectorizer(**learned.CHAR_SETTINGS, sublinear_tf=True, min_df=3, dtype=np.float64)
    model = LogisticRegression(C=c, class_weight=CLASS_WEIGHT, solver="lbfgs", max_iter=5000)
    spoken = FunctionTransformer(_acts, validate=False)
    union = FeatureUnion([("word", words), ("char", chars), ("acts", spoken)])
    return Pipeline([("features", union), ("model", model)])


def _acts(texts: list[str]):  # noqa: ANN202 - a scipy matrix
    """The speech-act features (kit.guard.scan.acts) of each text, one row each."""
    from scipy.sparse import csr_matrix

    return csr_matrix([acts.features(text) for text in texts], dtype=float)


def fit(texts: list[str], labels: list[int]):  # noqa: ANN201 - a scikit-learn pipeline
    """The learned check fitted to the material."""
    return _pipeline(C).fit(texts, labels)


def decide(fitted, texts: list[str]) -> list[float]:  # noqa: ANN001
    """The fitted check's decision values (kit.guard.scan.learned.score reproduces them)."""
    return list(fitted.decision_function(texts))


def _digest(texts: list[str], labels: list[int]) -> str:
    h = hashlib.sha256()
    for text, label in zip(texts, labels, strict=True):
        h.update(f"{label}\t{text}\n".encode())
    return h.hexdigest()[:16]


def weights(texts: list[str], labels: list[int], fitted: Any) -> dict[str, Any]:
    """The model fitted to `texts` as kit.guard.scan.learned reads it (the body of
    kit/data/scan_model.json)."""
    union = fitted.named_steps["features"]
    coef = fitted.named_steps["model"].coef_[0]
    bags = {}
    offset = 0
    for name, vectorizer in union.transformer_list[:2]:
        vocabulary = vectorizer.vocabulary_
        idf = vectorizer.idf_
        bags[name] = {
            gram: [round(float(idf[i]), 6), round(float(coef[offset + i]), 6)]
            for gram, i in sorted(vocabulary.items())
        }
        offset += len(vocabulary)
    body = {
        "about": "Weights of the document scan's learned check, written by scripts/train_scan_model.py; "
        "do not edit by hand (retrain).",
        "trained_on": {
            "attacks": list(TRAINING_ATTACKS),
            "attack_texts": sum(labels),
            "clean_units": len(labels) - sum(labels),
            "material_sha256_16": _digest(texts, labels),
        },
        "C": C,
        "threshold": THRESHOLD,
        "intercept": round(float(fitted.named_steps["model"].intercept_[0]), 6),
        "word": bags["word"],
        "char": bags["char"],
        "acts": {name: round(float(coef[offset + i]), 6) for i, name in enumerate(acts.NAMES)},
    }
    return body


def train(out: Path) -> None:
    texts, labels, _ = material()
    write(out, weights(texts, labels, fit(texts, labels)))


def write(out: Path, body: dict[str, Any]) -> None:
    """The weights file, byte for byte what a retrain on the same material writes."""
    attack_texts, clean = body["trained_on"]["attack_texts"], body["trained_on"]["clean_units"]
    bags = {"word": body["word"], "char": body["char"]}
    text = json.dumps(body, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    out.write_text(text + "\n", encoding="utf-8")
    print(f"wrote {out}: {attack_texts} attack texts, {clean} clean units, "
          f"{len(bags['word'])} word and {len(bags['char'])} character features")


def groups_report(c: float) -> None:
    """Leave one group out: each attack group (a file's family or style) and each clean file is scored
    by a model trained without it; prints what share each held-out group gets past the threshold."""
    texts, labels, groups = material()
    names = sorted(set(groups))
    for name in names:
        keep = [i for i, g in enumerate(groups) if g != name]
        test = [i for i, g in enumerate(groups) if g == name]
        fitted = _pipeline(c).fit([texts[i] for i in keep], [labels[i] for i in keep])
        values = fitted.decision_function([texts[i] for i in test])
        for threshold in (0.0, 0.5, 1.0, 1.5):
            hit = sum(v > threshold for v in values)
            print(f"{name:45s} label={labels[test[0]]} t={threshold:+.1f} {hit}/{len(test)}")
        sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=learned.MODEL_PATH)
    parser.add_argument("--groups", action="store_true", help="leave-one-group-out figures, nothing written")
    parser.add_argument("--c", type=float, default=C)
    args = parser.parse_args(argv)
    if args.groups:
        groups_report(args.c)
        return 0
    train(args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
