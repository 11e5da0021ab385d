"""Prices: what a model's tokens cost, from the user's own table (PRICES_FILE) over genai-prices'
maintained price data, read offline. A call is priced at its own time (dated prices, time-of-day
windows), single or through a batch API, its cached input at the cached tier.

  find(model, table, provider, base_url)  the card a run's calls are priced on
  projected("openai:gpt-4o", table)       another model's card, for `kit cost --models`
  by_ident(ident, model, table)           the card a result file names, to price its tokens again
  of_call(card, usage, at, batch)         one call's price as its result-file entry carries it
  data_version(), said()                  which price data, in fields and in words

Never: update the price data over the network, or call a model priced nowhere free.
"""

from kit.model.pricing.find import by_ident, find, projected
from kit.model.pricing.genai import data_version, said
from kit.model.pricing.price import Card, Price, Unpriced, Window, of_call, stamp, when
from kit.model.pricing.table import BATCH_FIELDS, FIELDS, SHIPPED, TableCard, load_table

__all__ = [
    "BATCH_FIELDS", "FIELDS", "SHIPPED", "Card", "Price", "TableCard", "Unpriced", "Window", "by_ident",
    "data_version", "find", "load_table", "of_call", "projected", "said", "stamp", "when",
]  # fmt: skip
