"""How the text of one run setting (an environment variable or a .env value) is read and checked:
whole numbers, seconds, yes/no, the closed sets (REDACT, RESPONSE_FORMAT), the API key and BASE_URL.
kit.model.config puts the values together into a Config.

Each reader returns the value or raises ConfigError naming the variable and what it must be; it
never guesses a meaning for text it does not know. The API key is never quoted in a message.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, TypeVar, get_args
from urllib.parse import urlsplit

from kit.model.providers.base import ResponseFormat
from kit.model.providers.registry import ConfigError

RedactMode = Literal["on", "off", "auto"]  # REDACT; auto: on for a hosted endpoint, off for a local one
REDACT_MODES: tuple[RedactMode, ...] = get_args(RedactMode)
RESPONSE_FORMATS: tuple[ResponseFormat, ...] = get_args(ResponseFormat)
REDACT_WORDS: dict[str, RedactMode] = {
    "on": "on", "1": "on", "yes": "on", "true": "on", "off": "off", "0": "off", "no": "off",
    "false": "off", "auto": "auto", "": "auto",
}  # fmt: skip
N = TypeVar("N", int, float)


def _number(name: str, raw: str, read: Callable[[str], N], usable: Callable[[N], bool], what: str) -> N:
    """`read(raw)` when it reads and is `usable`; otherwise ConfigError saying the setting must be `what`."""
    try:
        value: N | None = read(raw)
    except ValueError:
        value = None
    if value is None or not usable(value):
        raise ConfigError(f"{name} must be {what}, got {raw!r}")
    return value


def positive_int(name: str, raw: str) -> int:
    """The setting `name` as a whole number from 1 up."""
    return _number(name, raw, int, lambda value: value >= 1, "a positive whole number")


def positive_seconds(name: str, raw: str) -> float:
    """The setting `name` as a finite number of seconds above 0."""
    return _number(name, raw, float, lambda value: 0 < value < float("inf"), "a number of seconds above 0")


def yes_no(name: str, raw: str) -> bool:
    """The setting `name` as a yes or no: 1/true/yes/on or 0/false/no/off, empty for no."""
    word = raw.strip().lower()
    if word in ("1", "true", "yes", "on"):
        return True
    if word in ("0", "false", "no", "off", ""):
        return False
    raise ConfigError(f"{name} must be 1 or 0 (yes or no), got {raw!r}")


def redact(raw: str | None) -> RedactMode:
    """REDACT: on, off or auto (unset); yes/no words read as on/off."""
    word = (raw or "").strip().lower()
    if word not in REDACT_WORDS:
        raise ConfigError(f"REDACT must be on, off or auto (auto: on for a hosted endpoint); got {raw!r}")
    return REDACT_WORDS[word]


def response_format(raw: str | None) -> ResponseFormat:
    """RESPONSE_FORMAT: one of RESPONSE_FORMATS, json_schema when unset."""
    value = (raw or "json_schema").strip().lower() or "json_schema"
    for known in RESPONSE_FORMATS:
        if value == known:
            return known
    raise ConfigError(f"RESPONSE_FORMAT must be one of {', '.join(RESPONSE_FORMATS)}; got {raw!r}")


def api_key(raw: str | None) -> str | None:
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


def base_url(raw: str | None) -> str | None:
    """BASE_URL without a trailing slash, or None when unset; refused unless it is http(s) with a port
    that is a number (the cache key holds its host and port)."""
    url = (raw or "").strip().rstrip("/") or None
    if url is None:
        return None
    if any(ch.isspace() for ch in url):
        raise ConfigError(f"BASE_URL cannot contain whitespace (a comment, a stray space?); got {url!r}")
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https"):
        raise ConfigError(f"BASE_URL must start with http:// or https://; got {url!r}")
    try:
        port_read = parts.port is None or parts.port >= 0
    except ValueError:
        port_read = False
    if not port_read:
        raise ConfigError(f"BASE_URL has a port that is not a number from 0 to 65535; got {url!r}")
    return url
