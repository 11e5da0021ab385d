"""`kit egress RECORD [--json] [--send-flagged]`: exactly the messages a hosted provider would receive
for one record, for a person to read before anything is bought.

The record goes through the guards a paid call passes (kit.model.outgoing): redacted as for a hosted
endpoint (kit.guard.redact, with the salt in .env), the units the document scan flags withheld unless
`--send-flagged` or SEND_FLAGGED=verbatim sends them, and the egress gate. The prompt is built from
it the way a paid call builds it (kit.model.runner.request_for), and the configured provider's client
turns it into its own message shape (OpenAI's messages, or Anthropic's system blocks and messages).
It says what was withheld and why (line, section, reasons). It sends nothing and needs no key; it
prints no date offset and no original identifier. When the configuration would not redact (REDACT=off,
or a local server) it says so on stderr. When the egress gate (kit.guard.redact.gate) would refuse the
record, it prints the refusal (record and types, no value) and no message, and exits 2.
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

from kit.corpus import textfile
from kit.guard import SALT_KEY, Redactor
from kit.model import Config, ConfigError, flagged, kind, load_config, outgoing, reply, request_for

MESSAGE_FIELDS = ("system", "messages")  # where a provider's body carries text of the record or prompt


class EgressError(Exception):
    """A record or configuration `kit egress` cannot use; shown as one line."""


def body_for(
    text: str, record_id: str, config: Config, env: Path = Path(".env")
) -> tuple[dict[str, Any], dict[str, int], dict[str, Any]]:
    """The message fields of the request body for one record, how many spans of each type were
    replaced, and what was sent and withheld (kit.model.outgoing's log). Without a salt it names the
    command that adds one to `env`, as it can be run."""
    if not config.redact_salt:
        command = "kit configure" if env == Path(".env") else f"kit configure --env {shlex.quote(str(env))}"
        raise EgressError(f"{SALT_KEY} is not set: run `{command}` (it adds one to {env}) or set it")
    redactor = Redactor(config.redact_salt)
    out = outgoing.prepare(record_id, text, redactor, config.withholds)
    if out.refused is not None:
        raise EgressError(out.refused)
    request = request_for(out.text, config, 0, reply.schema())
    client = kind(config.provider).client(config.base_url or "", config.model, None)
    body = client.body(request)
    counts = dict(sorted(redactor.redact(record_id, text).counts().items()))
    return {k: body[k] for k in MESSAGE_FIELDS if k in body}, counts, out.log


def render(fields: dict[str, Any]) -> str:
    """Every message, whole, under a line naming where it goes."""
    out = []
    for block in fields.get("system", []):
        out += [f"----- system ({len(block['text'])} characters) -----", block["text"]]
    for message in fields.get("messages", []):
        content = message["content"]
        out += [f"----- {message['role']} ({len(content)} characters) -----", content]
    return "\n".join(out)


def main(path: Path, as_json: bool, env: Path, send_flagged: bool = False) -> int:
    try:
        text = textfile.read_record(path)
        config = load_config(dotenv_path=env)
        config = config.verbatim(flagged.FLAG) if send_flagged else config
        fields, counts, log = body_for(text, path.stem, config, env)
    except textfile.Unreadable as err:
        print(f"kit egress: {path}: {err}", file=sys.stderr)
        return 2
    except (ConfigError, EgressError) as err:
        print(f"kit egress: {err}", file=sys.stderr)
        return 2
    if not config.redacting:
        print(
            f"kit egress: note: this configuration ({config.redact_source}) sends the record as it is; "
            "shown here as a hosted endpoint with redaction on would receive it",
            file=sys.stderr,
        )
    if as_json:
        print(
            json.dumps(
                {"provider": config.provider, "model": config.model, "replaced": counts,
                 "sent": log["sent"], "withheld": log["withheld"], **fields},  # fmt: skip
                indent=2,
                ensure_ascii=False,
            )
        )
    else:
        replaced = ", ".join(f"{k} {v}" for k, v in counts.items()) or "nothing"
        print(f"To {config.provider} ({config.model}); replaced: {replaced}; sent: {log['sent']}")
        for unit in outgoing.withheld_lines(log):
            print(f"withheld: {unit}")
        print(render(fields))
    return 0
