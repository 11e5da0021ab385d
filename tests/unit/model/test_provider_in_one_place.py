"""A provider in one place: what the kit knows of a provider beyond its registry row (the REASONING_EFFORT
values it takes, the batch API it speaks) is on its client class, and the setting's reader and the batch
format chooser consult only that. A new provider is its class and one row: the reader and the chooser
follow it without a line of their own."""

import ast
import inspect

import pytest

from kit.model import reasoning
from kit.model.batch import formats
from kit.model.batch.anthropic_batch import AnthropicBatch
from kit.model.batch.openai_batch import OpenAIBatch
from kit.model.config import ConfigError, validate
from kit.model.providers import AnthropicProvider, OpenAICompatProvider, ProviderError, registry


class Deep(OpenAICompatProvider):
    """A made-up provider: an OpenAI-compatible wire, its own reasoning word, and Anthropic's batches."""

    name = "deep"
    batch_format = "anthropic"

    @classmethod
    def reasoning_effort(cls, value: str, max_tokens: int) -> str:
        if value != "abyssal":
            raise ValueError("must be abyssal")
        return value


class NoBatches(AnthropicProvider):
    batch_format = None


@pytest.fixture
def deep_row(monkeypatch):
    monkeypatch.setitem(registry.KINDS, "deep", registry.Kind(Deep, key="never", base_url="optional"))


def test_a_new_provider_is_its_class_and_one_row_for_the_reasoning_setting(deep_row):
    assert validate({"PROVIDER": "deep", "MODEL": "m", "REASONING_EFFORT": "Abyssal "}).reasoning_effort == (
        "abyssal"
    )
    assert validate({"PROVIDER": "deep", "MODEL": "m"}).reasoning_effort is None
    with pytest.raises(ConfigError, match="REASONING_EFFORT for deep must be abyssal; got 'low'"):
        validate({"PROVIDER": "deep", "MODEL": "m", "REASONING_EFFORT": "low"})  # its parent class's word


def test_the_batch_format_is_the_clients_own_word():
    assert isinstance(formats.wire_for(Deep("http://127.0.0.1:9", "m")), AnthropicBatch)
    with pytest.raises(ProviderError, match="NoBatches has no batch API"):
        formats.wire_for(NoBatches(None, "m", "k"))


@pytest.mark.parametrize("provider", list(registry.KINDS))
def test_every_row_s_batch_format_is_one_the_batch_package_speaks(provider):
    client = registry.KINDS[provider].client
    assert client.batch_format is None or client.batch_format in formats.WIRES, client.batch_format


def test_the_shipped_clients_take_what_they_took():
    assert isinstance(formats.wire_for(OpenAICompatProvider("http://127.0.0.1:9", "m")), OpenAIBatch)
    assert isinstance(formats.wire_for(AnthropicProvider(None, "m", "k")), AnthropicBatch)
    assert reasoning.reasoning_effort("High", "openai", 4096) == "high"
    assert reasoning.reasoning_effort("OFF", "anthropic", 4096) == "off"
    assert reasoning.reasoning_effort("2048", "anthropic", 4096) == "2048"
    with pytest.raises(ConfigError, match="from 1024 to below MAX_TOKENS \\(2048\\)"):
        reasoning.reasoning_effort("2048", "anthropic", 2048)


def _names_in_code(module) -> set[str]:
    """Every identifier and string constant of a module's code, docstrings left out."""
    tree = ast.parse(inspect.getsource(module))
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.FunctionDef | ast.ClassDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
    }
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            out.add(node.value)
        elif isinstance(node, ast.Name):
            out.add(node.id)
        elif isinstance(node, ast.alias):
            out.add(node.asname or node.name.rsplit(".", 1)[-1])
    return out


@pytest.mark.parametrize("module", [reasoning, formats])
def test_the_reader_and_the_chooser_name_no_provider(module):
    names = _names_in_code(module)
    providers = {*registry.KINDS, *(row.client.__name__ for row in registry.KINDS.values())}
    named = sorted(names & providers)
    assert not named, f"{module.__name__} names {named}: that belongs on the provider's class or row"
