"""Saved games at a terminal (``rummy`` in a pseudo-terminal, the ``game``
fixture): a game open in one process is locked for that process's life, leaving
without a move writes nothing, the resume picker answers anything typed, and the
seed stays hidden. The commands' side: tests/cli/test_saves.py."""

from __future__ import annotations

import signal

import pytest

from rummykit.core.play.records import load_record

from ..helpers.ptygame import plain
from ..helpers.saves import SECRET_SEED, hidden, one_line_error, rummy, saved_game, state
from ..marks import first_fast, slow


@slow
def test_a_game_open_in_one_process_is_refused_in_another_until_that_one_dies(game, tmp_path):
    save = tmp_path / "g.json"
    rec = saved_game(save, moves=0)
    link = tmp_path / "link.json"
    link.symlink_to(save)
    first = game("play", "--resume", str(save))
    first.prompt("Ann")
    before = state(save)
    for args in (["play", "--resume", str(save)], ["resume", str(save)], ["resume", str(link)]):
        r = rummy(*args, data=tmp_path / "data", stdin="s\n")
        line = one_line_error(r)
        assert f"game {rec.id} ({args[-1]}) is open in another rummy process" in line, line
        assert r.stdout == ""
    assert state(save) == before
    # The first process still plays, and saves.
    first.move("s", "Ann")
    assert load_record(save).actions == ["draw stock"]
    # kill -9 leaves no lock behind: the next process opens the game.
    first.kill(signal.SIGKILL)
    r = rummy("play", "--resume", str(save), data=tmp_path / "data", stdin="quit\n")
    assert r.returncode == 0, r.stderr
    assert "Resuming" in r.stdout


def test_a_new_game_is_locked_for_the_life_of_its_process(game, tmp_path):
    save = tmp_path / "new.json"
    first = game("play", "gin", "--seat", "human:Ann", "--seat", "random", "--save", str(save))
    first.prompt("Ann")
    r = rummy("play", "--resume", str(save), data=tmp_path / "data", stdin="s\n")
    assert "is open in another rummy process" in one_line_error(r)
    first.send("quit")
    assert first.wait_exit() == 0
    r = rummy("play", "--resume", str(save), data=tmp_path / "data", stdin="s\n")
    assert r.returncode == 0, r.stderr
    assert load_record(save).actions == ["draw stock"]
    assert hidden(tmp_path) == []  # a lock file lives only as long as its lock


@pytest.mark.parametrize("leave", first_fast(["quit", "ctrl-d"]))
def test_leaving_without_a_move_leaves_the_file_byte_identical_pty(game, tmp_path, leave):
    save = tmp_path / "g.json"
    saved_game(save, moves=0)
    before = state(save)
    g = game("resume", str(save))
    g.prompt("Ann")
    g.move("score", "Ann")
    if leave == "quit":
        g.send("quit")
    else:
        g.child.sendeof()
    assert g.wait_exit() == 0
    assert state(save) == before


def test_the_resume_picker_answers_anything_typed(game, tmp_path):
    games = tmp_path / "data" / "games"
    rec = saved_game(games / "g.json", moves=1)
    before = state(games / "g.json")
    g = game("resume")
    g.expect("Continue which?")
    for typed in ("²", "٣", "99", "0", "nonsense", "1" * 5000):
        g.send(typed)
        out = plain(g.expect("Continue which?"))
        reason = "at most 500 are read" if len(typed) > 500 else "type a number from 1 to 1, a game id, or q"
        assert reason in out, (typed, out)
        assert "Traceback" not in out
    g.send("q")
    assert g.wait_exit() == 0
    assert state(games / "g.json") == before
    # and a good answer opens the game
    g = game("resume")
    g.expect("Continue which?")
    g.send(rec.id)
    g.prompt("Ann")
    g.send("quit")
    assert g.wait_exit() == 0


def test_the_seed_is_hidden_in_the_listing_the_pipe_and_the_terminal(game, tmp_path):
    games = tmp_path / "data" / "games"
    saved_game(games / "g.json", moves=1)
    r = rummy("resume", data=tmp_path / "data")
    assert r.returncode == 0 and str(SECRET_SEED) not in r.stdout
    r = rummy(
        "play",
        "gin",
        "--seat",
        "human",
        "--seat",
        "random",
        "--seed",
        str(SECRET_SEED),
        data=tmp_path / "data",
        stdin="s\nquit\n",
    )
    assert r.returncode == 0, r.stderr
    assert str(SECRET_SEED) not in r.stdout
    g = game("play", "gin", "--seat", "human:Ann", "--seat", "random", "--seed", str(SECRET_SEED))
    g.prompt("Ann")
    g.move("score", "Ann")
    g.send("quit")
    assert g.wait_exit() == 0
    assert str(SECRET_SEED).encode() not in g.raw
