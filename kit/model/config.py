"""Run configuration for the paid arm: `Config`, each of its fields documented with the variable that
sets it and its default, and `load_config`/`validate`, which build one from the environment over an
optional git-ignored `.env` (the environment wins). The `.env` file as a whole is kit.model.envfile's,
one line's dialect kit.model.envline's, one value's reading and checking kit.model.setting_values'.

It refuses to show the key or the salt: both are kept out of Config's repr and out of every error
message. A setting the .env file gives and the validator refuses is refused naming the file and line.
Prices are kit.model.pricing's (the user's own table, PRICES_FILE, read here, over genai-prices); the
MAX_TOKENS default when unset is kit.model.output_limits' row for the endpoint and model.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from kit.model import envline
from kit.model import setting_values as read
from kit.model.flagged import DEFAULT_FROM, VERBATIM, WITHHOLD, SendFlagged, send_flagged
from kit.model.output_limits import default_for
from kit.model.pricing import load_table
from kit.model.providers.base import ResponseFormat
from kit.model.providers.registry import KINDS, ConfigError, is_local_url, kind
from kit.model.reasoning import reasoning_effort
from kit.model.setting_values import RedactMode

PROVIDERS = tuple(KINDS)  # the names only; each provider's row is in kit.model.providers.registry
DEFAULT_WORKERS = 4
LOCAL_WORKERS = 1  # a local server usually computes one request at a time
DEFAULT_MAX_TOKENS = 4096  # a Config built in code; a read one takes its endpoint's row (output_limits)
DEFAULT_TIMEOUT_S = 300.0
PRICES_FILE = "PRICES_FILE"
SCHEME_PORTS = {"http": 80, "https": 443}


def _set_by(variable: str) -> dict[str, str]:
    """A field's metadata naming the variable (in the environment or .env) that sets it."""
    return {"variable": variable}


@dataclass
class Config:
    """The settings of a paid run, read from the environment over .env by load_config. A field with a
    variable in its metadata is set by that variable (documented under the field, with its default);
    the *_source/_from fields say where a value came from, for messages and the result file."""

    provider: str = field(default="stub", metadata=_set_by("PROVIDER"))
    """PROVIDER: a row of kit.model.providers.registry (openai, anthropic, stub). Default stub."""
    base_url: str | None = field(default=None, metadata=_set_by("BASE_URL"))
    """BASE_URL: where calls go, http(s) without a trailing slash. Default none: the provider's own
    endpoint (openai requires one; the stub needs one to buy)."""
    model: str = field(default="stub", metadata=_set_by("MODEL"))
    """MODEL: the model name the endpoint expects. Required but for the stub, whose default is stub."""
    api_key: str | None = field(default=None, repr=False, metadata=_set_by("API_KEY"))
    """API_KEY: sent only in an auth header, never shown. Default none (enough for a local server)."""
    eval_workers: int = field(default=DEFAULT_WORKERS, metadata=_set_by("EVAL_WORKERS"))
    """EVAL_WORKERS: calls in flight at once. Default 4, or 1 for a local BASE_URL."""
    max_calls_per_day: int | None = field(default=None, metadata=_set_by("MAX_CALLS_PER_DAY"))
    """MAX_CALLS_PER_DAY: calls the daily ledger allows. Default none: no limit."""
    prices: dict[str, Any] = field(default_factory=dict, repr=False, metadata=_set_by(PRICES_FILE))
    """The user's price table (kit.model.pricing) from the file PRICES_FILE names. Default
    kit/data/prices.json, which ships with no rate."""
    response_format: ResponseFormat = field(default="json_schema", metadata=_set_by("RESPONSE_FORMAT"))
    """RESPONSE_FORMAT: how the reply's shape is asked for (json_schema, json_object or none; see
    kit.model.providers.base.ResponseFormat). Default json_schema."""
    max_tokens: int = field(default=DEFAULT_MAX_TOKENS, metadata=_set_by("MAX_TOKENS"))
    """MAX_TOKENS: the reply's token limit. Default the endpoint and model's row in kit.model.output_limits
    (4096 for a Config built in code)."""
    timeout_s: float = field(default=DEFAULT_TIMEOUT_S, metadata=_set_by("TIMEOUT_S"))
    """TIMEOUT_S: seconds one call may take. Default 300."""
    retry_timeouts: bool = field(default=False, metadata=_set_by("RETRY_TIMEOUTS"))
    """RETRY_TIMEOUTS: retry a call that timed out (1) or fail it (0). Default 0."""
    workers_source: str = "default"
    """Where eval_workers came from: EVAL_WORKERS, "default" or "default for a local server"."""
    model_source: Literal["given", "MODEL", "default"] = "given"
    """Where model came from: MODEL, "default" (the stub's stood in for none), or "given" in code."""
    batch_poll_s: float | None = field(default=None, metadata=_set_by("BATCH_POLL_S"))
    """BATCH_POLL_S: the first wait in seconds between batch checks (kit.model.batch). Default none:
    kit/data/batch.json's backoff as it is."""
    redact: RedactMode = field(default="auto", metadata=_set_by("REDACT"))
    """REDACT: on, off or auto, the default: on for a hosted endpoint, off for a local one."""
    redact_salt: str | None = field(default=None, repr=False, metadata=_set_by("REDACT_SALT"))
    """REDACT_SALT: the secret kit.guard.redact draws each record's date offset and the ledger's
    hashes from; never shown. Default none (a redacting run refuses to start without one)."""
    reasoning_effort: str | None = field(default=None, metadata=_set_by("REASONING_EFFORT"))
    """REASONING_EFFORT: the provider's reasoning to ask for (kit.model.reasoning). Default none:
    nothing sent, the provider's default."""
    send_flagged: SendFlagged = field(default=WITHHOLD, metadata=_set_by("SEND_FLAGGED"))
    """SEND_FLAGGED: withhold, the default, keeps the units the document scan flags from every model
    call; verbatim sends the record as it is (kit.model.flagged)."""
    send_flagged_from: str = DEFAULT_FROM
    """Where send_flagged came from: "default", SEND_FLAGGED=..., or a command-line flag."""

    @property
    def local(self) -> bool:
        """True for an endpoint on this machine or a private network (and for the stub)."""
        return kind(self.provider).key == "never" or is_local_url(self.base_url)

    @property
    def redacting(self) -> bool:
        """Whether records are redacted before the prompt is built (kit.guard.redact)."""
        return self.redact == "on" or (self.redact == "auto" and not self.local)

    @property
    def redact_source(self) -> str:
        """Why redaction is on or off, in words for the result file and messages."""
        if self.redact != "auto":
            return f"REDACT={self.redact}"
        return "default for a local server" if self.local else "default for a hosted endpoint"

    @property
    def withholds(self) -> bool:
        """Whether the units the document scan flags are withheld from the model (SEND_FLAGGED)."""
        return self.send_flagged == WITHHOLD

    def verbatim(self, source: str) -> Config:
        """This configuration sending flagged units as they are, as `source` (a command-line flag) asks."""
        return replace(self, send_flagged=VERBATIM, send_flagged_from=source)

    def settings(self) -> dict[str, object]:
        """The settings that shape a purchase, for the result file (never the key or the URL)."""
        return {
            "response_format": self.response_format,
            "max_tokens": self.max_tokens,
            "timeout_s": self.timeout_s,
            "retry_timeouts": self.retry_timeouts,
            "eval_workers": self.eval_workers,
            "eval_workers_from": self.workers_source,
            "redact": "on" if self.redacting else "off",
            "redact_from": self.redact_source,
            "reasoning_effort": self.reasoning_effort or "provider default",
            "send_flagged": self.send_flagged,
            "send_flagged_from": self.send_flagged_from,
        }

    @property
    def endpoint(self) -> str | None:
        """Where the calls go, as host:port (the scheme's port when BASE_URL writes none), for the cache
        key; None without a BASE_URL (the provider's own default). Never a path, query or login."""
        if not self.base_url:
            return None
        parts = urlsplit(self.base_url)
        host = (parts.hostname or "").lower()
        port = parts.port or SCHEME_PORTS.get(parts.scheme.lower())
        host = f"[{host}]" if ":" in host else host
        return f"{host}:{port}" if port else host


# Every variable the configuration reads, from Config's own fields (a test fixture clears them all).
VARIABLES = tuple(f.metadata["variable"] for f in fields(Config) if "variable" in f.metadata)
# The run's settings `kit configure` checks and writes: all of them but PRICES_FILE, a file's path.
KEYS = tuple(name for name in VARIABLES if name != PRICES_FILE)


def load_config(env: Mapping[str, str] | None = None, dotenv_path: Path = Path(".env")) -> Config:
    """The run's Config: `env` (default os.environ) over the optional .env file at `dotenv_path`, each
    variable in VARIABLES that `env` sets (not empty) winning over the file's line. Raises ConfigError
    naming the rule a setting breaks, and the file and line when the file gave it."""
    environ = os.environ if env is None else env
    lines = envline.by_line(Path(dotenv_path))
    merged = {key: value for key, (_, value) in lines.items()}
    for key in VARIABLES:
        if environ.get(key) not in (None, ""):
            merged[key] = environ[key]
            lines.pop(key, None)
    try:
        return validate(merged)
    except ConfigError as err:
        named = sorted(n for key, (n, _) in lines.items() if re.search(rf"\b{re.escape(key)}\b", str(err)))
        if not named:
            raise
        raise ConfigError(f"{dotenv_path}:{','.join(map(str, named))}: {err}") from None


def validate(merged: Mapping[str, str]) -> Config:
    """The one validator of the settings: the Config that `merged` (variable name to its text) makes,
    or ConfigError naming the rule a setting breaks. A run uses it on the environment over .env
    (load_config); `kit configure` uses it on the .env it is about to write, and writes nothing when
    it refuses."""
    provider = merged.get("PROVIDER", "stub").strip().lower() or "stub"
    row = kind(provider)
    base_url = read.base_url(merged.get("BASE_URL"))
    if row.base_url == "required" and base_url is None:
        raise ConfigError(f"PROVIDER={provider} needs BASE_URL: {row.base_url_hint}")
    model = (merged.get("MODEL") or "").strip()
    model_source: Literal["MODEL", "default"] = "MODEL"
    if not model and "MODEL" in merged:
        raise ConfigError("MODEL is set but empty: name the model the endpoint expects, or leave MODEL out")
    if not model:
        if row.default_model is None:
            raise ConfigError(f"PROVIDER={provider} needs MODEL (the model name the endpoint expects)")
        model, model_source = row.default_model, "default"
    if merged.get("EVAL_WORKERS"):
        workers, source = read.positive_int("EVAL_WORKERS", merged["EVAL_WORKERS"]), "EVAL_WORKERS"
    elif is_local_url(base_url):
        workers, source = LOCAL_WORKERS, "default for a local server"
    else:
        workers, source = DEFAULT_WORKERS, "default"
    max_tokens = merged.get("MAX_TOKENS")
    timeout_s = merged.get("TIMEOUT_S")
    limit = merged.get("MAX_CALLS_PER_DAY")
    max_calls = read.positive_int("MAX_CALLS_PER_DAY", limit) if limit else None
    prices_file = merged.get("PRICES_FILE")
    poll = merged.get("BATCH_POLL_S")
    default_tokens = default_for(provider, base_url, model).max_tokens
    tokens = read.positive_int("MAX_TOKENS", max_tokens) if max_tokens else default_tokens
    flagged, flagged_from = send_flagged(merged.get("SEND_FLAGGED"))
    return Config(
        provider=provider,
        base_url=base_url,
        model=model,
        api_key=read.api_key(merged.get("API_KEY")),
        eval_workers=workers,
        max_calls_per_day=max_calls,
        prices=load_table(Path(prices_file) if prices_file else None),
        response_format=read.response_format(merged.get("RESPONSE_FORMAT")),
        max_tokens=tokens,
        timeout_s=read.positive_seconds("TIMEOUT_S", timeout_s) if timeout_s else DEFAULT_TIMEOUT_S,
        retry_timeouts=read.yes_no("RETRY_TIMEOUTS", merged.get("RETRY_TIMEOUTS", "")),
        workers_source=source,
        model_source=model_source,
        batch_poll_s=read.positive_seconds("BATCH_POLL_S", poll) if poll else None,
        redact=read.redact(merged.get("REDACT")),
        redact_salt=(merged.get("REDACT_SALT") or "").strip() or None,
        reasoning_effort=reasoning_effort(merged.get("REASONING_EFFORT"), provider, tokens),
        send_flagged=flagged,
        send_flagged_from=flagged_from,
    )

