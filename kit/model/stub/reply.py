"""What the stub server answers a model request with, in both vendors' shapes: the reply its
`replies(user_text)` function gives, cut at the request's max_tokens (four characters a token), with
a usage block fabricated from character counts (the system text counts as cached input). The
chat-completions form serves single calls and OpenAI batch rows; the Messages form serves Anthropic
batch rows. It sends nothing and keeps no state.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


class NoReply(ValueError):
    """A request the stub cannot answer; the message is what its 400 says."""


def text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
    return ""


def _reply(replies: Callable[[str], str], user: str, limit: Any) -> tuple[str, bool]:
    """The reply text and whether it was cut at the token limit."""
    try:
        reply = replies(user)
    except Exception as exc:  # a reply function that cannot answer is the caller's mistake
        raise NoReply(f"stub: no reply for this request ({type(exc).__name__}: {exc})") from None
    if isinstance(limit, int) and not isinstance(limit, bool) and len(reply) > 4 * limit:
        return reply[: 4 * limit], True
    return reply, False


def _roles(messages: Any, what: str) -> tuple[str, str, int]:
    """System text, user text and all characters of `messages`; NoReply when they are not messages."""
    try:
        system = "".join(text_of(m.get("content")) for m in messages if m.get("role") == "system")
        user = "".join(text_of(m.get("content")) for m in messages if m.get("role") == "user")
        chars = sum(len(text_of(m.get("content"))) for m in messages)
    except (TypeError, AttributeError):
        raise NoReply(f"stub: the body is not a {what} request") from None
    return system, user, chars


def chat_payload(
    replies: Callable[[str], str], body: Any, number: int, model: str, with_usage: bool = True
) -> dict[str, Any]:
    """A chat.completion body for the chat-completions request `body`."""
    if not isinstance(body, dict) or "messages" not in body:
        raise NoReply("stub: the body is not a chat-completions request")
    system, user, chars = _roles(body["messages"], "chat-completions")
    reply, cut = _reply(replies, user, body.get("max_tokens"))
    message = {"role": "assistant", "content": reply}
    payload: dict[str, Any] = {
        "id": f"chatcmpl-stub-{number}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model", model),
        "choices": [{"index": 0, "message": message, "finish_reason": "length" if cut else "stop"}],
    }
    if with_usage:
        prompt, completion = chars // 4, len(reply) // 4
        payload["usage"] = {
            "prompt_tokens": prompt,
            "completion_tokens": completion,
            "total_tokens": prompt + completion,
            "prompt_tokens_details": {"cached_tokens": len(system) // 4},
            "completion_tokens_details": {"reasoning_tokens": 0},
        }
    return payload


def message_payload(replies: Callable[[str], str], params: Any, number: int, model: str) -> dict[str, Any]:
    """A Messages API reply for the Messages request `params` (system blocks and user messages)."""
    if not isinstance(params, dict) or "messages" not in params:
        raise NoReply("stub: the params are not a Messages request")
    system = text_of(params.get("system"))
    _, user, chars = _roles(params["messages"], "Messages")
    reply, cut = _reply(replies, user, params.get("max_tokens"))
    cached = len(system) // 4
    return {
        "id": f"msg_stub_{number}",
        "type": "message",
        "role": "assistant",
        "model": params.get("model", model),
        "content": [{"type": "text", "text": reply}],
        "stop_reason": "max_tokens" if cut else "end_turn",
        "usage": {
            "input_tokens": (chars + len(system)) // 4 - cached,
            "cache_read_input_tokens": cached,
            "output_tokens": len(reply) // 4,
        },
    }
