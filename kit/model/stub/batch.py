"""The stub server's batch endpoints, both vendors' (wired into kit.model.stub.server): OpenAI's file
upload (`POST /v1/files`, multipart, purpose batch), `POST /v1/batches`, `GET /v1/batches/{id}` and
`GET /v1/files/{id}/content`; Anthropic's `POST /v1/messages/batches`, `GET .../{id}` and
`GET .../{id}/results`. Rows are answered by the stub's `replies` function in the shape a single
call gets (kit.model.stub.reply).

A batch advances only when it is checked, so tests run as fast as they poll: its rows complete evenly
over `BatchFaults.polls` checks. Faults: rows that come back as errors, batches that expire with part
of their rows done, and checks answered with a 503. It holds everything in memory, binds nothing of
its own and never looks at a key beyond keeping the last auth header for tests to assert.
"""

from __future__ import annotations

import json
import math
import re
import threading
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from email.parser import BytesParser
from email.policy import HTTP
from typing import Any, Protocol

from kit.model.stub.faults import When, _Fault, parse_when
from kit.model.stub.reply import NoReply, chat_payload, message_payload


class Server(Protocol):
    """What the batch desk reads of the stub server that mounts it (kit.model.stub.server.StubServer)."""

    replies: Callable[[str], str]
    model: str
    retry_after: str | None

    @property
    def base_url(self) -> str: ...

Answer = tuple[int, bytes, str] | tuple[int, bytes, str, dict[str, str]]  # status, body, type, headers
ROUTES = (
    ("POST", re.compile(r"/v1/files"), "upload"),
    ("POST", re.compile(r"/v1/batches"), "create"),
    ("GET", re.compile(r"/v1/batches/(?P<id>[\w-]+)"), "check"),
    ("GET", re.compile(r"/v1/files/(?P<id>[\w-]+)/content"), "download"),
    ("POST", re.compile(r"/v1/messages/batches"), "create_messages"),
    ("GET", re.compile(r"/v1/messages/batches/(?P<id>[\w-]+)"), "check"),
    ("GET", re.compile(r"/v1/messages/batches/(?P<id>[\w-]+)/results"), "results"),
)
ROW_ERROR = "stub: injected row error"


@dataclass
class BatchFaults:
    """How the stub's batches behave: `polls` checks until a batch ends; `row_errors` rows (counted
    over every batch row the stub answers) come back as errors; `expire` batches (counted over
    batches) expire with half their rows done; `check_5xx` checks are answered with a 503."""

    polls: int = 1
    row_errors: When = 0
    expire: When = 0
    check_5xx: When = 0


def parse_batch(text: str) -> BatchFaults:
    """ "polls=3,row_errors=every:7,expire=1,check_5xx=1" -> BatchFaults (the command line's --batch)."""
    given = dict(part.split("=", 1) for part in text.split(",") if part)
    unknown = set(given) - {"polls", "row_errors", "expire", "check_5xx"}
    if unknown:
        raise ValueError(f"--batch knows polls, row_errors, expire and check_5xx, not {sorted(unknown)}")
    faults = {name: parse_when(value) for name, value in given.items() if name != "polls"}
    return BatchFaults(polls=int(given.get("polls", 1)), **faults)


@dataclass
class _Batch:
    id: str
    vendor: str  # "openai" or "anthropic"
    lines: list[dict[str, Any]]
    expires: bool
    checks: int = 0
    results: dict[str, dict[str, Any]] = field(default_factory=dict)  # custom_id -> result line
    state: str = "in_progress"


def _json(status: int, payload: Any) -> Answer:
    return status, json.dumps(payload).encode("utf-8"), "application/json"


def _error(status: int, message: str) -> Answer:
    return _json(status, {"type": "error", "error": {"message": message, "type": "invalid_request_error"}})


def _repeated(lines: list[dict[str, Any]]) -> Answer | None:
    """The 400 both vendors answer a batch whose custom_ids are not unique, or None."""
    twice = [key for key, n in Counter(line.get("custom_id") for line in lines).items() if n > 1]
    return _error(400, f"stub: custom_id must be unique in a batch; repeated: {twice[:3]}") if twice else None


def _upload(content_type: str, raw: bytes) -> bytes | None:
    """The `file` part of a multipart upload with purpose batch, or None."""
    message = BytesParser(policy=HTTP).parsebytes(f"Content-Type: {content_type}\r\n\r\n".encode() + raw)
    if not message.is_multipart():
        return None
    parts = {part.get_param("name", header="content-disposition"): part for part in message.iter_parts()}
    purpose = parts.get("purpose")
    if "file" not in parts or purpose is None or purpose.get_content().strip() != "batch":
        return None
    payload = parts["file"].get_payload(decode=True)
    return payload if isinstance(payload, bytes) else None


class BatchDesk:
    """The batches one stub holds, and what its batch routes have seen (`seen`: route -> count)."""

    def __init__(self, stub: Server, faults: BatchFaults) -> None:
        self.stub, self.faults = stub, faults
        self.files: dict[str, bytes] = {}
        self.batches: dict[str, _Batch] = {}
        self.seen: Counter[str] = Counter()
        self.rows = 0
        self.last_auth: str | None = None
        self._row_errors, self._expire = _Fault(faults.row_errors), _Fault(faults.expire)
        self._check_5xx = _Fault(faults.check_5xx)
        self._lock = threading.Lock()

    def answer(self, method: str, path: str, headers: Any, raw: bytes) -> Answer | None:
        """The reply to a batch route, or None when `path` is none of them."""
        for verb, pattern, name in ROUTES:
            found = pattern.fullmatch(path.split("?")[0].rstrip("/"))
            if verb == method and found:
                with self._lock:
                    self.seen[name] += 1
                    self.last_auth = headers.get("Authorization") or headers.get("x-api-key")
                    return getattr(self, f"_{name}")(found.groupdict().get("id"), headers, raw)
        return None

    def _upload(self, _: None, headers: Any, raw: bytes) -> Answer:
        data = _upload(headers.get("Content-Type", ""), raw)
        if data is None:
            return _error(400, "stub: expected a multipart upload with purpose=batch and a file")
        file_id = f"file-stub-{uuid.uuid4().hex[:12]}"
        self.files[file_id] = data
        return _json(200, {"id": file_id, "object": "file", "bytes": len(data), "purpose": "batch"})

    def _new(self, vendor: str, lines: list[dict[str, Any]]) -> _Batch:
        prefix = "batch_stub" if vendor == "openai" else "msgbatch_stub"
        batch = _Batch(
            f"{prefix}_{uuid.uuid4().hex[:12]}", vendor, lines, self._expire.fires(len(self.batches) + 1)
        )
        self.batches[batch.id] = batch
        return batch

    def _create(self, _: None, headers: Any, raw: bytes) -> Answer:
        body = json.loads(raw or b"{}")
        data = self.files.get(body.get("input_file_id"))
        if (
            data is None
            or body.get("endpoint") != "/v1/chat/completions"
            or body.get("completion_window") != "24h"
        ):
            return _error(
                400, "stub: a batch needs an uploaded input_file_id, endpoint /v1/chat/completions, 24h"
            )
        lines = [json.loads(line) for line in data.decode("utf-8").splitlines() if line.strip()]
        return _repeated(lines) or _json(200, self._openai(self._new("openai", lines)))

    def _create_messages(self, _: None, headers: Any, raw: bytes) -> Answer:
        requests = json.loads(raw or b"{}").get("requests")
        if not isinstance(requests, list) or not requests:
            return _error(400, "stub: a message batch needs a list of requests")
        return _repeated(requests) or _json(200, self._anthropic(self._new("anthropic", requests)))

    def _check(self, batch_id: str, headers: Any, raw: bytes) -> Answer:
        batch = self.batches.get(batch_id)
        if batch is None:
            return _error(404, f"stub: no batch {batch_id}")
        if self._check_5xx.fires(self.seen["check"]):  # with the stub's Retry-After, as its 429s
            wait = {"Retry-After": self.stub.retry_after} if self.stub.retry_after is not None else {}
            return (*_error(503, "stub: injected 503 on a batch check"), wait)
        self._advance(batch)
        return _json(200, self._openai(batch) if batch.vendor == "openai" else self._anthropic(batch))

    def _advance(self, batch: _Batch) -> None:
        """One more check: answer the rows due by now; end the batch (or expire it) on its last check."""
        if batch.state != "in_progress":
            return
        batch.checks += 1
        polls = max(1, self.faults.polls)
        last = batch.checks >= polls
        due = (
            len(batch.lines) // 2
            if batch.expires and last
            else math.ceil(len(batch.lines) * batch.checks / polls)
        )
        for line in batch.lines[len(batch.results) : due]:
            batch.results[line["custom_id"]] = self._row(batch, line)
        if last:
            batch.state = "expired" if batch.expires else "ended"

    def _row(self, batch: _Batch, line: dict[str, Any]) -> dict[str, Any]:
        self.rows += 1
        key, number = line["custom_id"], self.rows
        failed = self._row_errors.fires(number)
        try:
            if failed:
                raise NoReply(ROW_ERROR)
            if batch.vendor == "openai":
                body = chat_payload(self.stub.replies, line.get("body"), number, self.stub.model)
            else:
                body = message_payload(self.stub.replies, line.get("params"), number, self.stub.model)
        except NoReply as err:
            if batch.vendor == "anthropic":
                error = {"type": "error", "error": {"type": "invalid_request_error", "message": str(err)}}
                return {"custom_id": key, "result": {"type": "errored", "error": error}}
            response = {
                "status_code": 400,
                "request_id": f"req_stub_{number}",
                "body": {"error": {"message": str(err)}},
            }
            return {"id": f"batch_req_{number}", "custom_id": key, "response": response, "error": None}
        if batch.vendor == "anthropic":
            return {"custom_id": key, "result": {"type": "succeeded", "message": body}}
        response = {"status_code": 200, "request_id": f"req_stub_{number}", "body": body}
        return {"id": f"batch_req_{number}", "custom_id": key, "response": response, "error": None}

    def _unanswered(self, batch: _Batch) -> list[dict[str, Any]]:
        return [line for line in batch.lines if line["custom_id"] not in batch.results]

    def _openai(self, batch: _Batch) -> dict[str, Any]:
        ok = [r for r in batch.results.values() if r["response"]["status_code"] == 200]
        failed = len(batch.results) - len(ok)
        ended = batch.state != "in_progress"
        if ended:
            failed += len(self._unanswered(batch))
        status = {"in_progress": "in_progress", "ended": "completed", "expired": "expired"}[batch.state]
        output = error = None
        if ended:
            output, error = f"file-out-{batch.id}", f"file-err-{batch.id}"
            gone = [
                {
                    "id": f"batch_req_x{i}",
                    "custom_id": line["custom_id"],
                    "response": None,
                    "error": {
                        "code": "batch_expired",
                        "message": "stub: the batch expired before this row ran",
                    },
                }
                for i, line in enumerate(self._unanswered(batch))
            ]
            self.files[output] = _lines(ok)
            self.files[error] = _lines([r for r in batch.results.values() if r not in ok] + gone)
        return {
            "id": batch.id,
            "object": "batch",
            "endpoint": "/v1/chat/completions",
            "status": status,
            "completion_window": "24h",
            "output_file_id": output,
            "error_file_id": error,
            "request_counts": {"total": len(batch.lines), "completed": len(ok), "failed": failed},
        }

    def _anthropic(self, batch: _Batch) -> dict[str, Any]:
        done = [r["result"]["type"] for r in batch.results.values()]
        ended = batch.state != "in_progress"
        expired = len(self._unanswered(batch)) if ended else 0
        root = self.stub.base_url.removesuffix("/v1")
        return {
            "id": batch.id,
            "type": "message_batch",
            "processing_status": "ended" if ended else "in_progress",
            "request_counts": {
                "processing": 0 if ended else len(batch.lines) - len(done),
                "succeeded": done.count("succeeded"),
                "errored": done.count("errored"),
                "canceled": 0,
                "expired": expired,
            },
            "results_url": f"{root}/v1/messages/batches/{batch.id}/results" if ended else None,
        }

    def _download(self, file_id: str, headers: Any, raw: bytes) -> Answer:
        data = self.files.get(file_id)
        return _error(404, f"stub: no file {file_id}") if data is None else (200, data, "application/jsonl")

    def _results(self, batch_id: str, headers: Any, raw: bytes) -> Answer:
        batch = self.batches.get(batch_id)
        if batch is None or batch.state == "in_progress":
            return _error(404, f"stub: no ended batch {batch_id}")
        gone = [
            {"custom_id": line["custom_id"], "result": {"type": "expired"}}
            for line in self._unanswered(batch)
        ]
        return 200, _lines(list(batch.results.values()) + gone), "application/jsonl"


def _lines(items: list[dict[str, Any]]) -> bytes:
    return "".join(json.dumps(item) + "\n" for item in items).encode("utf-8")
