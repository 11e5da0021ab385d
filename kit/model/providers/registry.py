"""The providers the kit can buy from, one row per PROVIDER value: the client that talks to it, when it
needs an API key, when it needs a BASE_URL, and the model it uses when MODEL is unset. What else the kit
knows of a provider is on its client class (kit.model.providers.base.Provider: the REASONING_EFFORT
values it takes, the batch API it speaks): kit.model.reasoning reads it through the row's client,
kit.model.batch from the client it is handed, and neither names a provider. A new provider is its client
class and one row in KINDS; kit.model.config checks PROVIDER against these rows and `make_provider`
builds the client from them. Also here: which endpoints count as local, since that decides whether a key
is needed (and, in kit.model.config, how many workers run by default).

It reads no configuration and imports nothing from kit.model.config (kit.model.config imports it); the
error both raise for an unusable setting, ConfigError, is defined here for that reason.
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from typing import Literal
from urllib.parse import urlsplit

from kit.model.providers.anthropic import AnthropicProvider
from kit.model.providers.http import HTTPProvider
from kit.model.providers.openai_compat import OpenAICompatProvider

KeyPolicy = Literal["always", "hosted", "never"]  # when a provider needs API_KEY (see Kind)
BaseUrlPolicy = Literal["required", "to buy", "optional"]  # when it needs BASE_URL (see Kind)

LOCAL_SUFFIXES = (".localhost", ".local", ".lan", ".internal", ".home.arpa")


class ConfigError(ValueError):
    """A configuration value that cannot be used; the message names the variable and the fix."""


@dataclass(frozen=True)
class Kind:
    """One provider. `key`: "always", "hosted" (unless BASE_URL is local, see is_local_url) or
    "never". `base_url`: "required" (refused when the configuration is read), "to buy" (refused only
    when a call is about to be bought, so a replay needs none) or "optional" (`default_endpoint`
    names where the client goes without one)."""

    client: type[HTTPProvider]
    key: KeyPolicy
    base_url: BaseUrlPolicy
    base_url_hint: str = ""
    default_model: str | None = None
    default_endpoint: str | None = None


KINDS: dict[str, Kind] = {
    "openai": Kind(
        OpenAICompatProvider,
        key="hosted",
        base_url="required",
        base_url_hint="set BASE_URL (e.g. https://api.openai.com/v1 or http://127.0.0.1:8000/v1)",
    ),
    "anthropic": Kind(
        AnthropicProvider, key="always", base_url="optional", default_endpoint="the Anthropic API"
    ),
    "stub": Kind(
        OpenAICompatProvider,
        key="never",
        base_url="to buy",
        base_url_hint="start a stub server, pass its base_url",
        default_model="stub",
    ),
}


def kind(provider: str) -> Kind:
    """The row for `provider`; ConfigError naming the known ones when there is none."""
    if provider not in KINDS:
        raise ConfigError(f"PROVIDER must be one of {', '.join(KINDS)}; got {provider!r}")
    return KINDS[provider]


def is_local_url(url: str | None) -> bool:
    """True when `url` points at this machine or a private network, where a model server (Ollama,
    vLLM, llama.cpp) typically runs without a key:

    - `localhost`, and a single-label name such as `http://ollama:11434` (a container or LAN host);
    - a name under .localhost, .local, .lan, .internal or .home.arpa;
    - an IP address that is not globally routable: loopback, the private ranges 10/8, 172.16/12 and
      192.168/16, link-local, shared address space (100.64/10), IPv6 unique-local and link-local.

    Anything else (a public hostname or a public IP) is hosted.
    """
    if not url:
        return False
    try:
        host = (urlsplit(url).hostname or "").lower().rstrip(".")
    except ValueError:
        return False
    if not host:
        return False
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return "." not in host or host.endswith(LOCAL_SUFFIXES)
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return not address.is_global  # loopback, private, link-local, 100.64/10, unique-local, unspecified


def needs_key(provider: str, base_url: str | None) -> bool:
    """Whether `provider` at `base_url` needs an API key: by its row's `key` (see Kind)."""
    rule = kind(provider).key
    return rule == "always" or (rule == "hosted" and not is_local_url(base_url))
