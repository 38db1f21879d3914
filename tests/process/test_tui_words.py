"""The words typed instead of a move (help, undo...) at a terminal: the rich
game in a pseudo-terminal takes the same words as the plain one
(tests/cli/test_meta_commands.py)."""

from __future__ import annotations

import pytest

from ..helpers.ptygame import plain, registry

pytestmark = pytest.mark.skipif("gin" not in registry().variants, reason="gin is not installed")

GAME = ["play", "gin", "--seat", "human", "--seat", "random", "--seed", "3"]


def test_the_terminal_game_takes_the_same_words(game, tmp_path):
    g = game(*GAME, "--save", str(tmp_path / "g.json"))
    g.prompt("Player 1")
    shown = []
    for word in ("help", "h", "?"):
        shown.append(plain(g.move(word, "Player 1")).split("\n", 1)[1])
    assert "draw stock  [s]" in shown[0] and shown == [shown[0]] * 3
    out = plain(g.move("UNDO", "Player 1"))
    assert "cannot undo: nothing of yours to undo this turn" in out
    g.send("exit")
    assert g.wait_exit() == 0
