"""Which batch format a provider speaks: the one place that knows both formats (OpenAI's files and
batches, Anthropic's message batches), so neither format module imports the other or the interface
module imports them back. Which one a provider speaks is its client class's `batch_format`
(kit.model.providers.base.Provider); no provider is named here."""

from __future__ import annotations

from kit.model.batch.anthropic_batch import AnthropicBatch
from kit.model.batch.openai_batch import OpenAIBatch
from kit.model.batch.wire import Wire
from kit.model.providers import Provider, ProviderError
from kit.model.providers.http import HTTPProvider

WIRES: dict[str, type[Wire]] = {wire.family: wire for wire in (OpenAIBatch, AnthropicBatch)}


def wire_for(provider: Provider) -> Wire:
    """The batch format `provider` speaks; ProviderError for a client with none."""
    wire = WIRES.get(provider.batch_format or "")
    if wire is None or not isinstance(provider, HTTPProvider):
        raise ProviderError(f"{type(provider).__name__} has no batch API; record without --batch")
    return wire(provider)
