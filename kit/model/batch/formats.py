"""Which batch format a provider speaks: the one place that knows both formats (OpenAI's files and
batches, Anthropic's message batches), so neither format module imports the other or the interface
module imports them back."""

from __future__ import annotations

from kit.model.batch.anthropic_batch import AnthropicBatch
from kit.model.batch.openai_batch import OpenAIBatch
from kit.model.batch.wire import Wire
from kit.model.providers import AnthropicProvider, OpenAICompatProvider, Provider, ProviderError


def wire_for(provider: Provider) -> Wire:
    """The batch format `provider` speaks; ProviderError for a client with none."""
    if isinstance(provider, AnthropicProvider):
        return AnthropicBatch(provider)
    if isinstance(provider, OpenAICompatProvider):
        return OpenAIBatch(provider)
    raise ProviderError(f"{type(provider).__name__} has no batch API; record without --batch")
