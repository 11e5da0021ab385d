"""The `.env` file the run's settings may come from, as a whole file: the settings it holds, and
setting some of them with every other line kept (`kit configure`). Each line is read in
python-dotenv's dialect by kit.model.envline; which keys are the run's settings is kit.model.config's.

It refuses to write a value with a line break in it (it would set a second key), writes the file in
one step with mode 0600 from its first byte (it may hold the API key), and never echoes a value in an
error: a value may be the key.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from pathlib import Path

from kit.files import write_text_atomic
from kit.model import envline
from kit.model.providers.registry import ConfigError


def read_dotenv(path: Path) -> dict[str, str]:
    """The KEY=VALUE settings of a .env file (kit.model.envline), an absent file setting none.

    Args: path, the .env file. Returns: each key's value (the last line setting a key wins).
    Raises ConfigError naming the file and line of a line that cannot be read."""
    return {key: value for key, (_, value) in envline.by_line(path).items()}


def settings_in(path: Path, keys: Collection[str]) -> dict[str, str]:
    """The settings among `keys` that the .env file at `path` sets, past lines that set none (a line
    that cannot be read is left to the writer to keep); ConfigError if the file cannot be read."""
    values: dict[str, str] = {}
    for raw in _existing_lines(path):
        try:
            found = envline.setting(raw)
        except ValueError:
            continue
        if found is not None and found[0] in keys:
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
    for name, value in values.items():
        if value is None:
            continue
        text = str(value)
        if "\n" in text or "\r" in text:
            raise ConfigError(f"{path}: {name}: a .env value cannot contain a line break")
        setting[name] = f"{name}={text}"
    lines: list[str] = []
    done: set[str] = set()
    kept = 0
    for raw in _existing_lines(path):
        key = _line_key(raw)
        if key is None or key not in setting:
            lines.append(raw)
            kept += 1
        elif key not in done:  # a later line for the same key would override this one: drop it
            lines.append(setting[key])
            done.add(key)
    lines += [line for key, line in setting.items() if key not in done]
    write_text_atomic(path, "".join(f"{line}\n" for line in lines))
    return kept
