"""The one reader of a file a user brings: a record (`<id>.txt`), records.json, gold.jsonl, a manifest.

Every entry point that reads one goes through here (`python -m kit.corpus --check` and every loader
of a corpus folder, `kit assemble`, `kit egress`, the board's upload), so each says the same thing
about the same bytes: a file that is missing, a folder, unreadable, empty, or not UTF-8 (with the
first bad byte's line, column and offset, and "save it as UTF-8"). A leading UTF-8 byte-order mark is
dropped. Messages name no file: the caller puts the file's name (or path) in front.

It never guesses an encoding, never repairs a byte and never reads past the first problem.
"""

from __future__ import annotations

import codecs
from pathlib import Path

from kit.rules import record

EMPTY = "the file is empty"


class Unreadable(ValueError):
    """What is wrong with the file, in one line a person can act on."""


def _undecodable(body: bytes, err: UnicodeDecodeError, skipped: int) -> str:
    """Where the bytes stop being UTF-8: the byte, its line and column, and its offset in the file
    (`skipped`: the byte-order mark before `body`)."""
    at = err.start
    line, column = body.count(b"\n", 0, at) + 1, at - (body.rfind(b"\n", 0, at) + 1) + 1
    where = f"line {line}, column {column} (byte {at + skipped} of the file)"
    return f"not UTF-8 text: byte 0x{body[at]:02x} at {where}; save it as UTF-8"


def decode(data: bytes, *, empty_ok: bool = False) -> str:
    """The bytes as text, a leading byte-order mark dropped; Unreadable when they are not UTF-8, or
    (unless `empty_ok`) when they hold nothing but white space."""
    skipped = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        text = data[skipped:].decode("utf-8")
    except UnicodeDecodeError as err:
        raise Unreadable(_undecodable(data[skipped:], err, skipped)) from None
    if not empty_ok and not text.strip():
        raise Unreadable(EMPTY if not text else f"{EMPTY}: it holds only white space")
    return text


def read(path: Path, *, empty_ok: bool = False) -> str:
    """The file's text (decode's rules); Unreadable when it is missing, not a regular file or
    cannot be read."""
    if not path.exists():
        raise Unreadable("no such file")
    if not path.is_file():
        raise Unreadable(f"is {'a folder' if path.is_dir() else 'not a regular file'}, not a file")
    try:
        data = path.read_bytes()
    except OSError as err:
        raise Unreadable(f"cannot be read ({err.strerror})") from None
    return decode(data, empty_ok=empty_ok)


def record_text(text: str) -> str:
    """The text when it is in the five-section record format; Unreadable saying what is missing."""
    try:
        record.sections(text)
    except record.RecordFormatError as err:
        raise Unreadable(f"not an admission record in the five-section format: {err}") from None
    return text


def read_record(path: Path) -> str:
    """A record file's text: read, not empty, UTF-8 and in the five-section format."""
    return record_text(read(path))
