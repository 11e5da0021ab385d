"""What every page the kit writes shares: the Jinja2 environment (autoescaping on, undefined names an
error), the kit's own stylesheets and scripts, and the hashes the content security policy allows
them by. It renders nothing itself.
"""

from __future__ import annotations

import base64
import hashlib
from functools import lru_cache
from importlib import resources

import jinja2


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("kit.measure.report", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )


def static(name: str) -> str:
    return resources.files("kit.measure.report").joinpath("static", name).read_text(encoding="utf-8")


def csp_hash(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")
