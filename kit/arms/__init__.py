"""The answering arms that need no model: the rules floor, the always-present baseline, the oracle
(the gold itself), what the stub serves when it plays one of them, and the injection material (the
planted texts, the planted records and the credulous reader that believes them), with forged
documentation planted and believed the same way.

May import: kit.rules, kit.corpus, kit.guard and kit.files.
Never: call a model, or let an arm that is measured (the floor) read the generator's sentence pools or
the gold.
"""

from kit.arms import always_present, credulous, floor, forged, injection, oracle, plants
from kit.arms.registry import OFFLINE_ARMS, ArmError, arm, reply_json, reply_text_for
from kit.arms.served import served_replies

__all__ = [
    "OFFLINE_ARMS", "ArmError", "always_present", "arm", "credulous", "floor", "forged", "injection",
    "oracle", "plants", "reply_json", "reply_text_for", "served_replies",
]  # fmt: skip
