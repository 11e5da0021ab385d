"""OpenAI's Batch API (and any OpenAI-compatible server that serves it, the kit's stub included): the
requests go up as a JSONL file (`POST /files`, purpose `batch`), a batch is made from it
(`POST /batches`, endpoint /v1/chat/completions, window 24h) and checked (`GET /batches/{id}`); once
it has ended its output and error files are read (`GET /files/{id}/content`). Each line's body is the
one a single call posts. It never cancels a batch.
"""

from __future__ import annotations

import json
from typing import Any

from kit.model.batch.wire import Row, Status, Wire, count_of
from kit.model.providers.base import ProviderError, Request

ENDPOINT = "/v1/chat/completions"
WINDOW = "24h"
ENDED = frozenset({"completed", "expired", "cancelled", "failed"})


def _said(error: Any) -> str:
    """The words of an error object ({"code", "message"}, or {"error": {...}})."""
    if isinstance(error, dict) and isinstance(error.get("error"), dict):
        error = error["error"]
    if not isinstance(error, dict):
        return "no reason given"
    code, message = error.get("code"), error.get("message")
    return ": ".join(str(part) for part in (code, message) if part) or "no reason given"


class OpenAIBatch(Wire):
    family = "openai"

    def line(self, key: str, request: Request) -> dict[str, Any]:
        return {"custom_id": key, "method": "POST", "url": ENDPOINT, "body": self.provider.body(request)}

    def submit(self, lines: list[dict[str, Any]]) -> str:
        data = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines).encode("utf-8")
        base = self.provider.base_url
        upload = self.json_of(
            "POST",
            f"{base}/files",
            files={"file": ("kit-batch.jsonl", data, "application/jsonl")},
            data={"purpose": "batch"},
        )
        body = {"input_file_id": upload.get("id"), "endpoint": ENDPOINT, "completion_window": WINDOW}
        made = self.json_of("POST", f"{base}/batches", json=body)
        if not isinstance(made.get("id"), str):
            raise ProviderError(f"{base}: the new batch has no id")
        return made["id"]

    def status(self, batch_id: str) -> Status:
        batch = self.json_of("GET", f"{self.provider.base_url}/batches/{batch_id}")
        state = str(batch.get("status"))
        counts = batch.get("request_counts")
        errors = batch.get("errors")
        first = errors.get("data") if isinstance(errors, dict) else None
        note = _said(first[0]) if isinstance(first, list) and first else ""
        total, done, failed = (count_of(counts, name) for name in ("total", "completed", "failed"))
        return Status(state, state in ENDED, total, done, failed, note)

    def rows(self, batch_id: str, status: Status) -> list[Row]:
        batch = self.json_of("GET", f"{self.provider.base_url}/batches/{batch_id}")
        rows: list[Row] = []
        for name in ("output_file_id", "error_file_id"):
            file_id = batch.get(name)
            if not isinstance(file_id, str):
                continue
            response, _ = self.provider.send("GET", f"{self.provider.base_url}/files/{file_id}/content")
            rows += [self._row(item, response) for item in self.jsonl(response)]
        return rows

    def _row(self, item: dict[str, Any], response: Any) -> Row:
        key, answer = item["custom_id"], item.get("response")
        if isinstance(answer, dict) and answer.get("status_code") == 200:
            try:
                return Row(key, self.completion(answer.get("body"), response, answer.get("request_id")))
            except ProviderError as err:
                return Row(key, None, str(err))
        if isinstance(answer, dict):
            return Row(key, None, f"{answer.get('status_code')}: {_said(answer.get('body'))}")
        return Row(key, None, _said(item.get("error")))
