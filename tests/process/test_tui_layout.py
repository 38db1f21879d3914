"""The terminal game fits the terminal (issue #19): at 50x20 the compact table
keeps its title on screen (the older lines of what the others did go first),
and a change of the terminal's size draws the table again. A real ``rummy`` in
a pseudo-terminal."""

from __future__ import annotations

import pytest

from ..helpers.ptygame import plain, registry

pytestmark = pytest.mark.skipif("cardverse" not in registry().variants, reason="cardverse is not installed")

SEATS = ["--seat", "human:Alice", "--seat", "ai:easy", "--seat", "ai:easy", "--seat", "ai:easy"]


def screen_lines(raw: bytes) -> list[str]:
    """The lines of the last table drawn (after the last clear of the screen)."""
    last = raw.rsplit(b"\x1b[2J", 1)[-1]
    return plain(last).splitlines()


def test_compact_layout_at_50x20_keeps_its_title(game, tmp_path):
    g = game("play", "cardverse", *SEATS, "--seed", "3", "--save", str(tmp_path / "g.json"), dims=(20, 50))
    for _ in range(4):  # a few turns: the others' moves pile up above the hand
        g.prompt("Alice")
        g.send("s")
        g.prompt("Alice")
        g.send("hint")
        shown = plain(g.prompt("Alice"))
        move = shown.split("Hint (ai:hard): ", 1)[1].split("  [", 1)[1].split("]", 1)[0]
        g.send(move)
        if not move.startswith("d"):
            break
    g.prompt("Alice")
    lines = screen_lines(g.raw)
    assert len(lines) <= 20, lines
    assert lines[0].startswith("CardVerse Rummy"), lines
    assert any("Your hand" in line for line in lines)
    g.send("quit")
    assert g.wait_exit() == 0


def test_a_resize_draws_the_table_again(game, tmp_path):
    g = game("play", "cardverse", *SEATS, "--seed", "3", "--save", str(tmp_path / "g.json"), dims=(40, 100))
    g.prompt("Alice")
    before = screen_lines(g.raw)
    assert any("╭" in line for line in before)  # wide: the boxed layout
    g.child.send("s")  # typed, not yet entered
    g.expect("s")
    mark = g.mark()
    g.child.setwinsize(20, 50)
    g.prompt("Alice")
    after = plain(g.since(mark))
    assert "CardVerse Rummy" in after and "╭" not in after  # drawn again, compact
    g.child.send("\r")  # the "s" typed before is still there: a stock draw
    shown = plain(g.prompt("Alice"))
    assert "This turn: you drew" in shown
    g.send("quit")
    assert g.wait_exit() == 0
