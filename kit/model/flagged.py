"""SEND_FLAGGED, the setting that says what leaves for a model when the document scan (kit.guard.scan)
flags a unit of a record: `withhold`, the default, replaces each flagged unit by the scan's marker
before the prompt is built; `verbatim` sends the record as it is, flagged units included. The command
line's `--send-flagged` (pytest, `kit assemble`, `kit egress`) says `verbatim` for one run.

It only reads and checks the value and words the message for the option it replaces; the withholding
is kit.model.outgoing's. It refuses a word it does not know rather than guess which of the two was
meant.
"""

from __future__ import annotations

from typing import Literal

from kit.model.providers.registry import ConfigError

SendFlagged = Literal["withhold", "verbatim"]
WITHHOLD: Literal["withhold"] = "withhold"
VERBATIM: Literal["verbatim"] = "verbatim"
DEFAULT_FROM = "default"  # where the setting came from when nobody set it
FLAG = "--send-flagged"
QUARANTINE_GONE = (
    "--quarantine is gone: the units the document scan flags are withheld from every model call by "
    f"default now; {FLAG} (or SEND_FLAGGED={VERBATIM}) sends them"
)


def send_flagged(raw: str | None) -> tuple[SendFlagged, str]:
    """SEND_FLAGGED read: (withhold or verbatim, where it came from); unset or empty is the default."""
    value = (raw or "").strip().lower()
    if not value:
        return WITHHOLD, DEFAULT_FROM
    for mode in (WITHHOLD, VERBATIM):
        if value == mode:
            return mode, f"SEND_FLAGGED={mode}"
    raise ConfigError(f"SEND_FLAGGED must be {WITHHOLD} (the default) or {VERBATIM}; got {raw!r}")
