"""The browser's table: ``rummy serve`` in a real process, its pages in the
system's Chromium driven by Playwright for Python. Every test here starts a
server, so each is marked ``process`` (``make test`` runs them, ``make check``
leaves them out). Without a Chromium the tests are skipped, but under CI
(``CI`` set), where ``.ci/run`` installs one, they fail."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..helpers.web import Served, chromium_path

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.process)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium, one per test process."""
    path = chromium_path()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("no Chromium: .ci/run installs the Debian package chromium")
        pytest.skip("no Chromium on this machine (apt-get install chromium, or RUMMYKIT_CHROMIUM=PATH)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(
            executable_path=path, headless=True, args=["--no-sandbox", "--disable-dev-shm-usage"]
        )
        yield b
        b.close()


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[Any]:
    """``serve(*args, env=None, files=None)``: ``rummy serve ARGS`` started
    (:class:`Served`, ``env`` added to its environment, at most ``files`` open
    files), stopped after the test."""
    started: list[Served] = []

    def start(*args: str, env: dict[str, str] | None = None, files: int | None = None) -> Served:
        s = Served(list(args), tmp_path / "data", env, files)
        started.append(s)
        return s

    yield start
    for s in started:
        s.stop()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A desktop-sized page of its own browser context; it fails the test on a
    script error."""
    context = browser.new_context(viewport={"width": 1200, "height": 850})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    context.close()
    assert not errors, errors
