"""Which card a model is priced on, in one order everywhere (a bought call, the bill, `kit cost`, the
leaderboard, the board's estimate): the user's own table first (by the exact model name), then
genai-prices (at the provider the endpoint belongs to, else by the model name alone), else not priced.

It finds cards and prices nothing; a model in neither table is "not priced", never free.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kit.model.pricing import genai
from kit.model.pricing.price import Card, Unpriced
from kit.model.pricing.table import TableCard
from kit.model.providers.registry import is_local_url

# The genai-prices provider a PROVIDER value names; "openai" is any OpenAI-compatible endpoint, so its
# provider is found from BASE_URL instead, and the stub's from nothing but the model name.
PROVIDER_IDS = {"anthropic": "anthropic"}


Table = Mapping[str, Mapping[str, Any]]


def find(model: str, table: Table, provider: str | None = None, base_url: str | None = None) -> Card:
    """The card `model` is priced on when bought from `provider` at `base_url` (PROVIDER and BASE_URL;
    a local endpoint is looked up by the model name alone, and its bill says the card is a hosted
    one's)."""
    if model in table:
        return TableCard(model, table[model])
    local = provider == "stub" or is_local_url(base_url)
    by_name = genai.BY_NAME + ("; the calls went to a local server: the hosted card's price" if local else "")
    found = genai.lookup(model, PROVIDER_IDS.get(provider or ""), None if local else base_url, by_name)
    return Unpriced(model, found) if isinstance(found, str) else found


def projected(ref: str, table: Table) -> Card:
    """The card for `kit cost --models`: a model name, or "provider:model" (a genai-prices provider id,
    such as openai:gpt-4o or deepseek:deepseek-chat); the user's table first, by the name as given."""
    if ref in table:
        return TableCard(ref, table[ref])
    provider, _, model = ref.rpartition(":")
    if model in table:
        return TableCard(model, table[model])
    found = genai.lookup(model, provider or None)
    return Unpriced(ref, found) if isinstance(found, str) else found


def by_ident(ident: Mapping[str, Any] | None, model: str, table: Table, recorded: str | None = None) -> Card:
    """The card a result file's call names (`ident`, kit.model.pricing.price.of_call), for re-pricing
    its tokens: the user's table entry for `model` wins; else the genai-prices card the file names
    (described as the file did, `recorded`, when read from the same data); else `model` by name."""
    if model in table:
        return TableCard(model, table[model])
    ident = ident or {}
    if ident.get("from") == genai.PACKAGE:
        card = genai.by_ident(str(ident.get("provider")), str(ident.get("model")))
        if card is not None:
            same_data = f"{genai.PACKAGE} {genai.data_version()['version']}:"
            card.source = recorded if recorded and recorded.startswith(same_data) else card.source
            return card
    return find(model, table)
