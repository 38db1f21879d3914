"""Fixtures shared by the terminal-game tests (tests/cli/test_tui_*.py)."""

from __future__ import annotations

import pytest

from .ptygame import Game


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
