"""The corpus: the shipped 60-record set made by pure code from a fixed seed (plan, sentence pools,
writer, and the --identifiers variant), the loader and checks for a folder a user brings, and the
content hashes that say which corpus and policy a result was measured on.
`python -m kit.corpus --out DIR` regenerates the shipped set byte for byte; `--check DIR` validates.

May import: kit.rules and kit.files.
Never: call a model, read gold into anything that answers, or change a folder it checks.
"""

from kit.corpus import fingerprint, load, plan, pools, sample, textfile
from kit.corpus.gold import CLEAN_VERDICT, GoldKey, GoldRow
from kit.corpus.load import Corpus, CorpusError, Record

# plan and pools are offered for the pool-matcher (kit.arms.pool_matcher), the one arm that reads them.
__all__ = [
    "CLEAN_VERDICT", "Corpus", "CorpusError", "GoldKey", "GoldRow", "Record", "fingerprint", "load", "plan",
    "pools", "sample", "textfile",
]  # fmt: skip
