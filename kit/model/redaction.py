"""Whether a run redacts, and with what: the configuration's answer turned into a redactor (or none),
refusing to redact without a salt. It reads the configuration; it redacts nothing itself."""

from __future__ import annotations

from kit.guard import SALT_KEY, Redactor
from kit.model.config import Config, ConfigError


def redactor_for(config: Config) -> Redactor | None:
    """The run's redactor when `config` redacts (see Config.redacting), else None. A ConfigError when
    it should redact and no salt is configured: the salt is what keeps the date offset secret."""
    if not config.redacting:
        return None
    if not config.redact_salt:
        raise ConfigError(
            f"redaction is on ({config.redact_source}) and {SALT_KEY} is not set: run `kit configure` "
            f"(it adds a fresh {SALT_KEY} to .env, mode 0600, and keeps your other lines), or set "
            f"{SALT_KEY} in the environment"
        )
    return Redactor(config.redact_salt)
