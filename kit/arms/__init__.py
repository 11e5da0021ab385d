"""The answering arms that need no model: the rules floor, the always-present baseline, the oracle
(the gold itself), what the stub serves when it plays one of them, and the injection material (the
planted texts, the planted records and the credulous reader that believes them), with forged
documentation planted and believed the same way. Beside them, the pool-matcher (pool_matcher.py): no
answerer, but the upper bound on what the generator's sentence pools alone score on the shipped corpus.

May import: kit.rules, kit.corpus, kit.guard and kit.files.
Never: call a model, or let an arm that is measured (the floor) read the generator's sentence pools or
the gold (only the pool-matcher reads the pools, and it is shown apart, as the bound it is).
"""

from kit.arms import always_present, credulous, floor, forged, injection, oracle, plants, pool_matcher
from kit.arms.registry import (
    BOUND_ARMS,
    BOUND_NOT_APPLICABLE,
    OFFLINE_ARMS,
    ArmError,
    arm,
    reply_json,
    reply_text_for,
)
from kit.arms.served import served_replies

__all__ = [
    "BOUND_ARMS", "BOUND_NOT_APPLICABLE", "OFFLINE_ARMS", "ArmError", "always_present", "arm", "credulous",
    "floor", "forged", "injection", "oracle", "plants", "pool_matcher", "reply_json", "reply_text_for",
    "served_replies",
]  # fmt: skip
