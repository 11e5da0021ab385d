"""Run configuration for the paid arm: which provider, where, which model, the key, how many workers,
the daily call limit, how replies are asked for (response format, token limit), how long one call
may take, the user's price table, whether records are redacted before a call (REDACT: on for a
hosted endpoint and off for a local one unless set; REDACT_SALT, the secret kit.guard.redact draws each
record's date offset and the ledger's hashes from), and what happens to the units of a record the
document scan flags (SEND_FLAGGED: `withhold`, the default, withholds them from every model call;
`verbatim` sends the record as it is; kit.model.flagged).

Read from the environment, falling back to an optional git-ignored `.env` (the environment wins), read
as python-dotenv reads it (kit.model.envline); a value from the file that is refused names its line.
This module refuses to show the key or the salt: both are kept out of Config's repr and out of every
error message.
Prices are kit.model.pricing's (the user's own table, PRICES_FILE, read here, over genai-prices); the
MAX_TOKENS default when unset is kit.model.output_limits' row for the endpoint and model.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TypeVar
from urllib.parse import urlsplit

from kit.files import write_text_atomic
from kit.model import envline
from kit.model.flagged import DEFAULT_FROM, VERBATIM, WITHHOLD, send_flagged
from kit.model.output_limits import default_for
from kit.model.pricing import load_table
from kit.model.providers.registry import KINDS, ConfigError, is_local_url, kind
from kit.model.reasoning import reasoning_effort

PROVIDERS = tuple(KINDS)  # the names only; each provider's row is in kit.model.providers.registry
KEYS = (
    "PROVIDER", "BASE_URL", "MODEL", "API_KEY", "EVAL_WORKERS", "MAX_CALLS_PER_DAY", "RESPONSE_FORMAT",
    "MAX_TOKENS", "TIMEOUT_S", "RETRY_TIMEOUTS", "BATCH_POLL_S", "REDACT", "REDACT_SALT",
    "REASONING_EFFORT", "SEND_FLAGGED",
)  # fmt: skip
# How the reply's JSON shape is asked for: the OpenAI `json_schema` form; `json_object` carrying the
# schema under `schema` (llama.cpp's servers read it, others ignore it); or nothing but the prompt.
RESPONSE_FORMATS = ("json_schema", "json_object", "none")
DEFAULT_WORKERS = 4
LOCAL_WORKERS = 1  # a local server usually computes one request at a time
DEFAULT_MAX_TOKENS = 4096  # a Config built in code; a read one takes its endpoint's row (output_limits)
DEFAULT_TIMEOUT_S = 300.0
SCHEME_PORTS = {"http": 80, "https": 443}
REDACT_WORDS = {"on": "on", "1": "on", "yes": "on", "true": "on", "off": "off", "0": "off", "no": "off",
                "false": "off", "auto": "auto", "": "auto"}  # fmt: skip
N = TypeVar("N", int, float)


@dataclass
class Config:
    provider: str = "stub"
    base_url: str | None = None
    model: str = "stub"
    api_key: str | None = field(default=None, repr=False)
    eval_workers: int = DEFAULT_WORKERS
    max_calls_per_day: int | None = None
    prices: dict = field(default_factory=dict, repr=False)
    response_format: str = "json_schema"
    max_tokens: int = DEFAULT_MAX_TOKENS
    timeout_s: float = DEFAULT_TIMEOUT_S
    retry_timeouts: bool = False
    workers_source: str = "default"
    model_source: str = "given"  # "MODEL", or "default" when the stub's model stood in for none
    batch_poll_s: float | None = None  # BATCH_POLL_S: the first wait between batch checks (kit.model.batch)
    redact: str = "auto"  # "on", "off", or "auto": on for a hosted endpoint, off for a local one
    redact_salt: str | None = field(default=None, repr=False)
    reasoning_effort: str | None = None  # REASONING_EFFORT; None: nothing sent, the provider's default
    send_flagged: str = WITHHOLD  # SEND_FLAGGED: withhold the units the scan flags, or send them verbatim
    send_flagged_from: str = DEFAULT_FROM

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


def read_dotenv(path: Path) -> dict[str, str]:
    """The KEY=VALUE settings of a .env file (kit.model.envline), an absent file setting none."""
    return {key: value for key, (_, value) in envline.by_line(path).items()}


def settings_in(path: Path) -> dict[str, str]:
    """The run's settings (KEYS) a .env file sets, past lines that set none; ConfigError if unreadable."""
    values: dict[str, str] = {}
    for raw in _existing_lines(path):
        try:
            found = envline.setting(raw)
        except ValueError:
            continue
        if found is not None and found[0] in KEYS:
            values[found[0]] = found[1]
    return values


def _line_key(raw: str) -> str | None:
    """The key a .env line sets, or None for a blank line, a comment or a line that sets nothing."""
    try:
        found = envline.setting(raw)
    except ValueError:
        return None
    return found[0] if found else None


def _existing_lines(path: Path) -> list[str]:
    if not path.exists():
        return []
    if not path.is_file():
        raise ConfigError(f"{path} is not a file; give --env a file path")
    try:
        return path.read_text(encoding="utf-8-sig").splitlines()
    except UnicodeDecodeError:
        raise ConfigError(f"{path} is not UTF-8 text; it was left as it is") from None


def write_dotenv(path: Path, values: Mapping[str, object]) -> int:
    """Set KEY=VALUE lines in `path` (None values are left alone), keeping every other line as it was.
    The file is replaced in one step and is mode 0600 from its first byte. Returns how many existing
    lines were kept unchanged."""
    setting: dict[str, str] = {}
    for key, value in values.items():
        if value is None:
            continue
        text = str(value)
        if "\n" in text or "\r" in text:
            raise ConfigError(f"{path}: {key}: a .env value cannot contain a line break")
        setting[key] = f"{key}={text}"
    lines, done, kept = [], set(), 0
    for raw in _existing_lines(path):
        key = _line_key(raw)
        if key not in setting:
            lines.append(raw)
            kept += 1
        elif key not in done:  # a later line for the same key would override this one: drop it
            lines.append(setting[key])
            done.add(key)
    lines += [line for key, line in setting.items() if key not in done]
    write_text_atomic(path, "".join(f"{line}\n" for line in lines))
    return kept


def _number(name: str, raw: str, read: Callable[[str], N], usable: Callable[[N], bool], what: str) -> N:
    """`read(raw)` when it reads and is `usable`; otherwise ConfigError saying the setting must be `what`."""
    try:
        value = read(raw)
    except ValueError:
        value = None
    if value is None or not usable(value):
        raise ConfigError(f"{name} must be {what}, got {raw!r}")
    return value


def _positive_int(name: str, raw: str) -> int:
    return _number(name, raw, int, lambda value: value >= 1, "a positive whole number")


def _positive_seconds(name: str, raw: str) -> float:
    return _number(name, raw, float, lambda value: 0 < value < float("inf"), "a number of seconds above 0")


def _yes_no(name: str, raw: str) -> bool:
    word = raw.strip().lower()
    if word in ("1", "true", "yes", "on"):
        return True
    if word in ("0", "false", "no", "off", ""):
        return False
    raise ConfigError(f"{name} must be 1 or 0 (yes or no), got {raw!r}")


def _redact(raw: str | None) -> str:
    word = (raw or "").strip().lower()
    if word not in REDACT_WORDS:
        raise ConfigError(f"REDACT must be on, off or auto (auto: on for a hosted endpoint); got {raw!r}")
    return REDACT_WORDS[word]


def _response_format(raw: str | None) -> str:
    value = (raw or "json_schema").strip().lower() or "json_schema"
    if value not in RESPONSE_FORMATS:
        raise ConfigError(f"RESPONSE_FORMAT must be one of {', '.join(RESPONSE_FORMATS)}; got {raw!r}")
    return value


def _api_key(raw: str | None) -> str | None:
    """The key with surrounding whitespace removed, or None if unset. A key must be printable ASCII
    with no whitespace inside; anything else is refused WITHOUT quoting the value, since a line break
    or control character would otherwise surface later in an HTTP library's error message."""
    key = (raw or "").strip()
    if not key:
        return None
    if not all("!" <= ch <= "~" for ch in key):
        raise ConfigError(
            "API_KEY contains whitespace, control or non-ASCII characters; check the value you set "
            "(a pasted key often carries a stray line break or space)"
        )
    return key


def _base_url(raw: str | None) -> str | None:
    """BASE_URL without a trailing slash, or None when unset; refused unless it is http(s) with a port
    that is a number (the cache key holds its host and port)."""
    base_url = (raw or "").strip().rstrip("/") or None
    if base_url is None:
        return None
    if any(ch.isspace() for ch in base_url):
        raise ConfigError(f"BASE_URL cannot contain whitespace (a comment, a stray space?); got {base_url!r}")
    parts = urlsplit(base_url)
    if parts.scheme not in ("http", "https"):
        raise ConfigError(f"BASE_URL must start with http:// or https://; got {base_url!r}")
    try:
        port_read = parts.port is None or parts.port >= 0
    except ValueError:
        port_read = False
    if not port_read:
        raise ConfigError(f"BASE_URL has a port that is not a number from 0 to 65535; got {base_url!r}")
    return base_url


def load_config(env: Mapping[str, str] | None = None, dotenv_path: Path = Path(".env")) -> Config:
    """Build a Config from `env` (default os.environ) over the optional .env file; a setting the file
    gives and the validator refuses is refused naming the file and its line."""
    environ = os.environ if env is None else env
    lines = envline.by_line(Path(dotenv_path))
    merged = {key: value for key, (_, value) in lines.items()}
    for key in (*KEYS, "PRICES_FILE"):
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
    """The one validator of the settings: the Config they make, or ConfigError naming the rule a
    setting breaks. A run uses it on the environment over .env (load_config); `kit configure` uses it
    on the .env it is about to write, and writes nothing when it refuses."""
    provider = merged.get("PROVIDER", "stub").strip().lower() or "stub"
    row = kind(provider)
    base_url = _base_url(merged.get("BASE_URL"))
    if row.base_url == "required" and base_url is None:
        raise ConfigError(f"PROVIDER={provider} needs BASE_URL: {row.base_url_hint}")
    model, model_source = (merged.get("MODEL") or "").strip(), "MODEL"
    if not model and "MODEL" in merged:
        raise ConfigError("MODEL is set but empty: name the model the endpoint expects, or leave MODEL out")
    if not model:
        if row.default_model is None:
            raise ConfigError(f"PROVIDER={provider} needs MODEL (the model name the endpoint expects)")
        model, model_source = row.default_model, "default"
    if merged.get("EVAL_WORKERS"):
        workers, source = _positive_int("EVAL_WORKERS", merged["EVAL_WORKERS"]), "EVAL_WORKERS"
    elif is_local_url(base_url):
        workers, source = LOCAL_WORKERS, "default for a local server"
    else:
        workers, source = DEFAULT_WORKERS, "default"
    max_tokens = merged.get("MAX_TOKENS")
    timeout_s = merged.get("TIMEOUT_S")
    limit = merged.get("MAX_CALLS_PER_DAY")
    max_calls = _positive_int("MAX_CALLS_PER_DAY", limit) if limit else None
    prices_file = merged.get("PRICES_FILE")
    poll = merged.get("BATCH_POLL_S")
    default_tokens = default_for(provider, base_url, model).max_tokens
    tokens = _positive_int("MAX_TOKENS", max_tokens) if max_tokens else default_tokens
    flagged, flagged_from = send_flagged(merged.get("SEND_FLAGGED"))
    return Config(
        provider=provider,
        base_url=base_url,
        model=model,
        api_key=_api_key(merged.get("API_KEY")),
        eval_workers=workers,
        max_calls_per_day=max_calls,
        prices=load_table(Path(prices_file) if prices_file else None),
        response_format=_response_format(merged.get("RESPONSE_FORMAT")),
        max_tokens=tokens,
        timeout_s=_positive_seconds("TIMEOUT_S", timeout_s) if timeout_s else DEFAULT_TIMEOUT_S,
        retry_timeouts=_yes_no("RETRY_TIMEOUTS", merged.get("RETRY_TIMEOUTS", "")),
        workers_source=source,
        model_source=model_source,
        batch_poll_s=_positive_seconds("BATCH_POLL_S", poll) if poll else None,
        redact=_redact(merged.get("REDACT")),
        redact_salt=(merged.get("REDACT_SALT") or "").strip() or None,
        reasoning_effort=reasoning_effort(merged.get("REASONING_EFFORT"), provider, tokens),
        send_flagged=flagged,
        send_flagged_from=flagged_from,
    )
