"""The words typed instead of a move (help, rules, hint, undo, score, log, quit
and their short forms) mean the same in both terminal games: through a pipe
(the plain game, here) and at a terminal (the rich one, in a pseudo-terminal:
tests/process/test_tui_words.py)."""

from __future__ import annotations

import pytest

from rummykit.cli.meta import COMMANDS, WORDS, meta_command

from ..helpers.ptygame import registry

pytestmark = pytest.mark.skipif("gin" not in registry().variants, reason="gin is not installed")

GAME = ["play", "gin", "--seat", "human", "--seat", "random", "--seed", "3"]


def test_every_word_names_its_command_in_any_case_and_a_move_names_none():
    assert COMMANDS == ("help", "rules", "hint", "undo", "score", "log", "sort", "quit")
    for name, words in WORDS.items():
        for word in words:
            assert meta_command(word) == name
            assert meta_command(f"  {word.upper()} ") == name
    for move in ("s", "d 7h", "k 7h", "draw stock", "hints", "quit now"):
        assert meta_command(move) is None


def blocks(stdout: str) -> list[str]:
    """The output between one prompt and the next."""
    return [b.strip() for b in stdout.split("Player 1> ")[1:]]


def test_the_plain_game_takes_every_word_of_a_command(rummy_run):
    lines = ["help", "h", "?", "HELP", "score", "SCORE", "log", "undo", "UNDO", "exit"]
    out = rummy_run(*GAME, stdin="\n".join(lines) + "\n")
    assert out.returncode == 0, out.stderr
    said = blocks(out.stdout)
    helps = said[:4]
    assert "draw stock  [s]" in helps[0] and helps == [helps[0]] * 4
    assert said[4].startswith("Score: ") and said[5] == said[4]
    assert "cannot undo: nothing of yours to undo this turn" in said[7] and said[8] == said[7]
    assert said[9].startswith("quit; no move made, so the game is not kept")
    assert "illegal" not in out.stdout
