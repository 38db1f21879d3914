"""``rummy resume --prune`` at a terminal asks first (``--yes`` does not): in a
pseudo-terminal. The rest of managing saves: tests/cli/test_manage_saves.py."""

from __future__ import annotations

from ..helpers.ptygame import plain
from ..helpers.saves import games, saved_game


def test_prune_asks_first_at_a_terminal(game, tmp_path):
    data = tmp_path / "data"
    never = "never"  # a game nobody moved in, left by a killed rummy
    saved_game(data / "games" / f"{never}.json", moves=0)
    g = game("resume", "--prune")
    g.expect("[y/N] ")
    g.send("n")
    assert g.wait_exit() == 0
    assert "nothing deleted" in plain(g.raw) and never in games(data)
    g = game("resume", "--prune")
    g.expect("[y/N] ")
    g.send("y")
    assert g.wait_exit() == 0
    assert never not in games(data)
    saved_game(data / "games" / f"{never}.json", moves=0)
    g = game("resume", "--prune", "--yes")
    assert g.wait_exit() == 0
    assert "deleted 1 game" in plain(g.raw) and not games(data)
