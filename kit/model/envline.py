"""A `.env` file read line by line in python-dotenv's dialect, so a file written for other tools means
the same here, with the line that sets each key (so a refused setting can be named by its line).

A line is blank, a `#` comment, or `KEY=VALUE` with an optional leading `export `. An unquoted value
ends before whitespace followed by `#` (an inline comment) and loses trailing whitespace; a `#` with
no whitespace before it is part of the value. A value in single or double quotes keeps everything
inside them, `#` and spaces included, and may be followed only by a comment; inside double quotes
`\\n`, `\\t`, `\\"`, `\\\\` and the other C escapes are decoded, inside single quotes only `\\'` and
`\\\\`. It refuses (ConfigError naming the file and line) a line that sets nothing, a quote not
closed on its line (a value spanning lines is not read) and text after a closing quote. It does not
expand `${VARIABLES}`, writes nothing (kit.model.config writes) and knows nothing of which keys the
kit reads or what values they take.
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path

from kit.model.providers.registry import ConfigError

KEY = re.compile(r"[^\S\r\n]*(?:export[^\S\r\n]+)?(?:'([^']+)'|([^=#\s]+))[^\S\r\n]*=[^\S\r\n]*")
QUOTED = {
    "'": (re.compile(r"'((?:\\'|[^'])*)'"), re.compile(r"\\[\\']")),
    '"': (re.compile(r'"((?:\\"|[^"])*)"'), re.compile(r"\\[\\'\"abfnrtv]")),
}
AFTER_QUOTE = re.compile(r"\s*(?:#.*)?")
INLINE_COMMENT = re.compile(r"\s+#.*")


def setting(raw: str) -> tuple[str, str] | None:
    """(KEY, VALUE) of one .env line, None for a blank or comment line; ValueError saying what is
    wrong with a line that is neither."""
    if not raw.strip() or raw.lstrip().startswith("#"):
        return None
    found = KEY.match(raw)
    if found is None:
        raise ValueError("expected KEY=VALUE")
    return found.group(1) or found.group(2), _value(raw[found.end() :])


def _value(text: str) -> str:
    """The value after `=`: unquoted up to an inline comment, or what its quotes hold, decoded."""
    if not text[:1] or text[0] not in QUOTED:
        return INLINE_COMMENT.sub("", text).rstrip()
    pattern, escapes = QUOTED[text[0]]
    found = pattern.match(text)
    if found is None:
        raise ValueError(f"the value opens a {text[0]} quote that does not close on this line")
    if AFTER_QUOTE.fullmatch(text, found.end()) is None:
        raise ValueError("only a # comment may follow a quoted value")
    return escapes.sub(lambda m: codecs.decode(m.group(0), "unicode-escape"), found.group(1))


def by_line(path: Path) -> dict[str, tuple[int, str]]:
    """Each key the file at `path` sets: the number of the line that sets it last, and its value; an
    absent file sets none. ConfigError naming the file and line of a line it cannot read."""
    found: dict[str, tuple[int, str]] = {}
    if not path.is_file():
        return found
    for number, raw in enumerate(path.read_text(encoding="utf-8-sig").splitlines(), start=1):
        try:
            pair = setting(raw)
        except ValueError as err:
            raise ConfigError(f"{path}:{number}: {err}") from None
        found.update({pair[0]: (number, pair[1])} if pair else {})
    return found
