"""The paid path: the prompt in send order, the reply parser, the providers behind one `complete()`
seam with their retries and shared rate limiter, the loopback stub server, the answer cache, the daily
ledger, the configuration, the runner that buys or replays one arm, batches, and the telemetry of a
run, what leaves for a model (the guards before a call, SEND_FLAGGED), the prices a call is billed at
(kit.model.pricing: the user's table over genai-prices, read offline) and the MAX_TOKENS defaults.

May import: kit.rules, kit.corpus, kit.guard, kit.arms (the stub plays an offline arm) and kit.files.
Never: buy a call without --record, write the API key anywhere but an auth header, or grade an answer
(grading is kit.measure's).
"""

from typing import TYPE_CHECKING

from kit.model import (
    config,
    envfile,
    flagged,
    outgoing,
    output_limits,
    pricing,
    prompt,
    reply,
    runner,
    setting_values,
    telemetry,
)
from kit.model.batch.run import BatchArmRun
from kit.model.batch.saving import saving
from kit.model.cache import Cache
from kit.model.config import Config, ConfigError, load_config
from kit.model.ledger import DailyLimitReached, Ledger
from kit.model.memory import MemoryCache, MemoryLedger
from kit.model.providers import Limiter, make_provider
from kit.model.providers.base import Usage
from kit.model.providers.registry import kind
from kit.model.redaction import redactor_for
from kit.model.runner import RunOutcome, request_for
from kit.model.stub.faults import Every, parse_port

if TYPE_CHECKING:  # for the type checker; at run time __getattr__ below imports it when first asked for
    from kit.model.stub.server import StubServer

__all__ = [
    "BatchArmRun", "Cache", "Config", "ConfigError", "DailyLimitReached", "Every", "Ledger", "Limiter",
    "MemoryCache", "MemoryLedger",
    "RunOutcome", "StubServer", "Usage", "config", "envfile", "flagged", "kind", "load_config",
    "make_provider", "outgoing", "output_limits", "parse_port", "pricing", "prompt", "redactor_for", "reply",
    "request_for", "runner", "saving", "setting_values", "telemetry",
]  # fmt: skip


def __getattr__(name: str) -> object:
    """StubServer, imported when first asked for: `python -m kit.model.stub.server` runs that module
    as __main__, and a copy already imported by this package would make runpy warn on every start."""
    if name == "StubServer":
        from kit.model.stub.server import StubServer

        return StubServer
    raise AttributeError(f"module 'kit.model' has no attribute {name!r}")
