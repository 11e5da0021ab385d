"""One headless Chromium per pytest session (per xdist worker) for the report's and the board's
browser tests: Debian's, at /usr/bin/chromium, driven by Playwright; no browser is downloaded. It is
started by the first test that asks for `browser` and stopped when the session ends (Playwright's
sync API allows one driver per process at a time, so the two modules share it rather than each
starting its own). Registered as a plugin by the root conftest; it holds no test.

Without Chromium or Playwright the tests that ask for it FAIL, saying how to install it: a page
nobody checked in a browser has not passed.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--no-first-run",
]  # fmt: skip


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.fail(
            f"Chromium is not installed at {CHROMIUM}; the browser tests need it: "
            "apt-get install -y chromium (.ci/run installs it when absent)",
            pytrace=False,
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("playwright is not installed: pip install -e '.[test]'", pytrace=False)
    with sync_playwright() as driver:
        chromium = driver.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
