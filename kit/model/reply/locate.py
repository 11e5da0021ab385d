"""Where a reply's JSON object is: the whole text; the body of a ``` / ```json code fence; or the
first complete object anywhere in the text, tried from each place an object can begin (a "{"
followed by a key or by "}"), which covers prose before or after it. An object found inside other
text counts only when it has a reply key (see kit.model.reply.fields.TOP_KEYS). An object still open when
the text ends is reported as not terminated, and nothing inside it, nor inside an object that closes
but is not valid JSON, is ever taken for the reply.

It reads no field of the object (kit.model.reply.fields does) and never raises on any text.
"""

from __future__ import annotations

import json
import re

from kit.model.reply.fields import TOP_KEYS, type_name

_FENCE = re.compile(r"```[A-Za-z0-9_-]*[ \t]*\r?\n?(.*?)```", re.DOTALL)
# Where a JSON object can begin: a brace followed by a key or by the closing brace. A brace in prose
# ("{as promised}", ":-{") is not one, so it can neither hide the reply nor pass for a cut-off one.
_OBJECT_START = re.compile(r'\{\s*["}]')
_MAX_SCAN = 2000  # object starts tried before giving up on a long piece of text
NOT_TERMINATED = "the JSON object is not terminated (was the reply cut off?)"


def find_object(text: str) -> tuple[dict | None, str]:
    """The reply's JSON object and, when it was not the whole text, how it was found."""
    stripped = text.strip()
    try:
        whole = json.loads(stripped)
    except (ValueError, RecursionError):
        pass
    else:
        if isinstance(whole, dict):
            return whole, ""
        return None, f"the reply is a JSON {type_name(whole)}, not an object"
    for match in _FENCE.finditer(text):
        try:
            fenced = json.loads(match.group(1).strip())
        except (ValueError, RecursionError):
            continue
        if _looks_like_reply(fenced):
            return fenced, "JSON object read from inside a code fence"
    decoder = json.JSONDecoder()
    resume = 0  # starts before this lie inside an object already tried and found broken
    tries = 0
    for match in _OBJECT_START.finditer(text):
        start = match.start()
        if start < resume:
            continue
        tries += 1
        if tries > _MAX_SCAN:
            break
        try:
            found, _ = decoder.raw_decode(text, start)
        except (ValueError, RecursionError):
            end = _closing(text, start)
            if end is None:
                return None, NOT_TERMINATED
            resume = end  # never read a row (or any inner object) of a broken object as the reply
            continue
        if _looks_like_reply(found):
            return found, "JSON object read from within surrounding text"
    return None, "no JSON object found"


def _looks_like_reply(value: object) -> bool:
    """An object found inside other text is taken as the reply only when it has a reply key: an element
    row, an empty object, or a "```{}```" quoted inside a citation is not a reply."""
    return isinstance(value, dict) and not set(value).isdisjoint(TOP_KEYS)


def _closing(text: str, start: int) -> int | None:
    """The index just past the bracket that closes the object opened at text[start] (brackets inside
    strings ignored), or None when it is still open at the end of the text: a reply cut off
    mid-object."""
    depth, in_string, escaped = 0, False, False
    for index in range(start, len(text)):
        ch = text[index]
        if in_string:
            escaped, in_string = (False, True) if escaped else (ch == "\\", ch != '"')
        elif ch == '"':
            in_string = True
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
            if depth == 0:
                return index + 1
    return None
