"""Anthropic's Message Batches API: every request goes in one `POST /v1/messages/batches` (custom_id
and the params a single call posts), the batch is checked (`GET /v1/messages/batches/{id}`) and, once
its processing has ended, its results JSONL is read (the `results_url` it names). Rows that errored,
expired or were cancelled come back with that reason. It never cancels a batch.
"""

from __future__ import annotations

from typing import Any

from kit.model.batch.wire import Row, Status, Wire, count_of
from kit.model.providers.base import ProviderError, Request

FAILED = ("errored", "canceled", "expired")


class AnthropicBatch(Wire):
    family = "anthropic"

    @property
    def batches(self) -> str:
        return f"{self.provider.base_url}/v1/messages/batches"

    def line(self, key: str, request: Request) -> dict[str, Any]:
        return {"custom_id": key, "params": self.provider.body(request)}

    def submit(self, lines: list[dict[str, Any]]) -> str:
        made = self.json_of("POST", self.batches, json={"requests": lines})
        if not isinstance(made.get("id"), str):
            raise ProviderError(f"{self.provider.base_url}: the new batch has no id")
        return made["id"]

    def _batch(self, batch_id: str) -> dict[str, Any]:
        return self.json_of("GET", f"{self.batches}/{batch_id}")

    def status(self, batch_id: str) -> Status:
        batch = self._batch(batch_id)
        counts = batch.get("request_counts")
        failed = sum(count_of(counts, name) for name in FAILED)
        done = count_of(counts, "succeeded")
        total = done + failed + count_of(counts, "processing")
        state = str(batch.get("processing_status"))
        return Status(state, state == "ended", total, done, failed)

    def rows(self, batch_id: str, status: Status) -> list[Row]:
        url = self._batch(batch_id).get("results_url")
        where = url if isinstance(url, str) else f"{self.batches}/{batch_id}/results"
        response, _ = self.provider.send("GET", where)
        return [self._row(item, response) for item in self.jsonl(response)]

    def _row(self, item: dict[str, Any], response: Any) -> Row:
        key, given = item["custom_id"], item.get("result")
        result: dict[str, Any] = given if isinstance(given, dict) else {}
        kind = result.get("type")
        if kind == "succeeded":
            try:
                return Row(key, self.completion(result.get("message"), response, None))
            except ProviderError as err:
                return Row(key, None, str(err))
        if kind == "errored":
            error = result.get("error")
            inner = error.get("error") if isinstance(error, dict) else None
            said = inner.get("message") if isinstance(inner, dict) else None
            return Row(key, None, f"errored: {said or 'no reason given'}")
        return Row(key, None, f"{kind or 'no result'} (not answered in the batch)")
