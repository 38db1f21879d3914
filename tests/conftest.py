"""Fixtures shared by every test folder."""

from __future__ import annotations

import subprocess
from collections.abc import Callable

import pytest

from .helpers.ptygame import Game
from .helpers.sites import fake_install
from .helpers.sites import rummy as rummy_in_site
from .inprocess import run_rummy


@pytest.fixture
def rummy_run(tmp_path) -> Callable[..., subprocess.CompletedProcess[str]]:
    """``rummy_run(*args, stdin="", **env)``: ``rummy *args`` run in this process
    (tests/inprocess.py), its data under ``tmp_path / "data"`` unless
    ``RUMMYKIT_DATA_DIR`` is given."""

    def run(*args: str, stdin: str = "", **env: str | None) -> subprocess.CompletedProcess[str]:
        env.setdefault("RUMMYKIT_DATA_DIR", str(tmp_path / "data"))
        return run_rummy(*args, stdin=stdin, **env)

    return run


@pytest.fixture
def game(tmp_path):
    """``game(*args, dims=..., **env)`` starts ``rummy *args`` in a pseudo-terminal
    (data under ``tmp_path / "data"``); every game started is closed afterwards."""
    games = []

    def start(*args, dims=(40, 100), **env):
        g = Game(list(args), tmp_path / "data", dims=dims, **env)
        games.append(g)
        return g

    yield start
    for g in games:
        g.close()


@pytest.fixture(scope="module")
def scaffold(tmp_path_factory):
    """A generated package, "installed" with a fake dist-info."""
    tmp = tmp_path_factory.mktemp("scaffold")
    site = tmp / "site"
    r = rummy_in_site(site, "new-variant", "quick", "--dir", str(tmp))
    assert r.returncode == 0, r.stderr
    fake_install(site, "rummykit-quick", "0.1.0", {"quick": "rummykit_quick.plugin"}, {})
    pkg = tmp / "rummykit-quick"
    (site / "rummykit_quick").symlink_to(pkg / "rummykit_quick")  # its code, as if installed
    return site, pkg
