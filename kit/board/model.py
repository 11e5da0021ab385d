"""The model's answer for one record, through the paid arm's own path (kit.pipeline.ModelArm:
redaction, the document scan withholding the units it flags unless SEND_FLAGGED=verbatim, the answer
cache, the daily ledger, the reply parser, answers mapped back to the record), what the call sent, and
what a reviewer needs to know before asking for it.

`status` says whether a provider is configured and, if not, why and what to run. `estimate` replays
the cache (no request) to see whether the answer is already there, and otherwise gives the prompt's
size and the most the call can cost now, on the card the run's calls are priced on (kit.model.pricing:
the user's table over genai-prices, the same card `kit assemble --arm model` and the bill use).
`assemble` buys the one call when the cache lacks it: it is only ever called on a reviewer's click (or
`kit assemble --arm model --record`).

Never: put the API key in anything it returns (only the provider, model and endpoint host are named),
or buy without being asked.
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from kit.corpus import Record
from kit.model import (
    ConfigError,
    DailyLimitReached,
    Usage,
    kind,
    load_config,
    pricing,
    prompt,
    redactor_for,
    runner,
)
from kit.pipeline import ModelArm, RunSettings
from kit.rules import Answer

CONFIGURE = "kit configure --provider openai --base-url URL --model NAME --ask-key"
CHARS_PER_TOKEN = 4  # a rough size for the estimate; the provider counts the real tokens


@dataclass(frozen=True)
class ModelPlace:
    """Where the model path reads its configuration and keeps its cache and ledger."""

    env: Path
    answers_cache: Path
    results: Path


def status(place: ModelPlace) -> dict[str, Any]:
    """Whether the model can be asked: `ready`, and when it cannot, `why` and `run` (what to do)."""
    try:
        config = load_config(dotenv_path=place.env)
    except ConfigError as err:
        return {"ready": False, "why": f"the configuration cannot be used: {err}", "run": CONFIGURE}
    if config.provider == "stub" and not config.base_url:
        why = "no model provider is configured (PROVIDER and MODEL are not set in the environment or .env)"
        return {"ready": False, "why": why, "run": CONFIGURE}
    row = kind(config.provider)
    if (row.key == "always" or (row.key == "hosted" and not config.local)) and not config.api_key:
        why = f"PROVIDER={config.provider} at {config.endpoint or 'its own endpoint'} needs an API key"
        return {"ready": False, "why": why, "run": CONFIGURE}
    try:
        redactor_for(config)
    except ConfigError as err:
        return {"ready": False, "why": str(err), "run": "kit configure ... (it adds REDACT_SALT to .env)"}
    where = config.endpoint or "the provider's own endpoint"
    return {
        "ready": True,
        "provider": config.provider,
        "model": config.model,
        "endpoint": where,
        "redact": "on" if config.redacting else "off",
        "send_flagged": config.send_flagged,
    }


def _arm(place: ModelPlace, record: bool, shared: Path) -> ModelArm:
    config = load_config(dotenv_path=place.env)
    settings = RunSettings(
        run_id="board", results_dir=place.results, record=record, answers_cache=place.answers_cache
    )
    return ModelArm(config, settings, shared)


def _one(place: ModelPlace, rec: Record, record: bool) -> tuple[runner.Call, Answer | None, dict[str, Any]]:
    """The record's one call, its answer mapped back to the record's own text, and what the call sent
    (kit.model.outgoing's log: what was withheld and why, each guard's time and verdict)."""
    with tempfile.TemporaryDirectory(prefix="kit-board-") as shared:
        outcome = _arm(place, record, Path(shared)).outcome([rec], 1)
    return outcome.calls[0], outcome.answers().get(rec.id), outcome.sent[rec.id]


def estimate(place: ModelPlace, rec: Record) -> dict[str, Any]:
    """Whether the answer is cached (then it costs nothing), else the prompt's size and the most the
    call can cost now at the configured MAX_TOKENS, on the run's card ("not priced" when it has none),
    with the other time-of-day window's figure where the card has one."""
    shown = status(place)
    if not shown["ready"]:
        return shown
    config = load_config(dotenv_path=place.env)
    if _one(place, rec, record=False)[0].answered:
        return {**shown, "cached": True, "cost": "already in the answer cache: $0, no request"}
    tokens = len(prompt.build(rec.text).text) // CHARS_PER_TOKEN
    card = pricing.find(config.model, config.prices, config.provider, config.base_url)
    most, now = Usage(tokens, 0, config.max_tokens, None), datetime.now(UTC)
    price, window = card.price(most, now), card.windows(most, now)
    size = f"about {tokens} input tokens, up to {config.max_tokens} output"
    if price.usd is None:
        return {**shown, "cached": False, "cost": f"{price.why}; {size}"}
    cost = f"at most about ${price.usd:.4f} now ({size}); card: {card.source}"
    if window is not None and window.other_usd is not None:
        other = f"${window.other_usd:.4f} {window.other} ({window.other_hours})"
        cost += f"; now {window.name}, at most about {other}"
    return {**shown, "cached": False, "cost": cost, "card": card.source}


def assemble(place: ModelPlace, rec: Record) -> tuple[Answer | None, list[str], dict[str, Any]]:
    """The model's answer (None when the call failed or the reply was unusable), what went wrong, and
    the call's figures (status, cost, and what it sent: `sent`)."""
    try:
        call, answer, sent = _one(place, rec, record=True)
    except (ConfigError, DailyLimitReached) as err:
        return None, [str(err)], {"status": "not sent"}
    notes = [f"the call: {call.error}"] if call.error else []
    figures = {"status": call.status, "cost_usd": call.cost_usd, "price": call.price, "sent": sent}
    return answer, notes, figures
