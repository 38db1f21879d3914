"""Saved games at a terminal (issue 43, saves slice): ``make play``'s offer to
continue the latest unfinished game, the games kept when a game is left, and
the locks (hard links, stale lock files). The commands' side: tests/cli/test_saves2.py."""

from __future__ import annotations

import json
import os
import signal

import pytest

from rummykit.core.play.records import load_record

from ..helpers.ptygame import near_round_end, plain
from ..helpers.saves import hidden, one_line_error, rummy, saved_game, state


def test_play_offer_resume_continues_the_latest_unfinished_game_or_starts_a_new_one(game, tmp_path):
    games = tmp_path / "data" / "games"
    games.mkdir(parents=True)
    save = games / "0a1b2c3d.json"
    saved_game(save, moves=1)
    g = game("play", "gin", "--offer-resume")
    g.expect("Continue your unfinished game 0a1b2c3d (gin, Ann, Random bot, 1 move, ")
    g.expect("[Y/n] ")
    g.send("maybe")
    g.expect("type y to continue it, n for a new game")
    g.send("")  # Enter: that game
    g.prompt("Ann")
    g.send("quit")
    assert g.wait_exit() == 0
    assert "Continue with: " in g.raw.decode(errors="replace")
    assert len(load_record(save).actions) == 1  # that game, left as it was
    # n: a new game against the strongest computer player.
    g = game("play", "gin", "--offer-resume")
    g.expect("[Y/n] ")
    g.send("n")
    g.prompt("Player 1")
    g.send("quit")
    assert g.wait_exit() == 0


def test_a_terminal_game_left_with_no_move_is_not_kept(game, tmp_path):
    g = game("play", "gin", "--seat", "human:Ann", "--seat", "random", "--seed", "3")
    g.prompt("Ann")
    g.send("quit")
    assert g.wait_exit() == 0
    assert "Quit; no move made, so the game is not kept." in plain(g.raw)
    assert list((tmp_path / "data" / "games").iterdir()) == []


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP])
def test_a_signal_at_the_match_end_screen_keeps_the_statistics(game, tmp_path, sig):
    save = tmp_path / "g.json"
    last = near_round_end("gin", 2, {"target": 1}, save)
    g = game("resume", str(save))
    g.prompt("Alice")
    g.send(last)
    g.expect("Press Enter for the match result")
    g.send("")
    g.expect("Press Enter to leave")
    g.kill(sig)
    assert load_record(save).finished
    r = rummy("stats", "--json", data=tmp_path / "data")
    assert r.returncode == 0, r.stderr
    (line,) = json.loads(r.stdout)
    assert line["variant"] == "gin" and line["played"] == 1


def test_a_hard_link_to_an_open_game_is_refused(game, tmp_path):
    save = tmp_path / "g.json"
    rec = saved_game(save, moves=1)
    link = tmp_path / "other-name.json"
    os.link(save, link)
    first = game("play", "--resume", str(save))
    first.prompt("Ann")
    before = state(link)
    r = rummy("resume", str(link), data=tmp_path / "data", stdin="quit\n")
    line = one_line_error(r)
    assert f"game {rec.id} ({link}) is open in another rummy process" in line, line
    assert state(link) == before
    assert hidden(tmp_path) == [".g.json.lock"]  # the refused process left no lock file
    first.send("quit")
    assert first.wait_exit() == 0
    r = rummy("resume", str(link), data=tmp_path / "data", stdin="quit\n")
    assert r.returncode == 0, r.stderr


def test_prune_removes_the_lock_files_a_killed_rummy_left(game, tmp_path):
    games = tmp_path / "data" / "games"
    games.mkdir(parents=True)
    save = games / "0a1b2c3d.json"
    saved_game(save, moves=1)
    g = game("resume", "0a1b2c3d")
    g.prompt("Ann")
    g.kill(signal.SIGKILL)
    assert hidden(games) == [".0a1b2c3d.json.lock"]
    held = game("resume", "0a1b2c3d")  # a game open now keeps its lock file
    held.prompt("Ann")
    r = rummy("resume", "--prune", data=tmp_path / "data")
    assert r.returncode == 0, r.stderr
    assert hidden(games) == [".0a1b2c3d.json.lock"]
    held.kill(signal.SIGKILL)
    r = rummy("resume", "--prune", data=tmp_path / "data")
    assert r.returncode == 0, r.stderr
    assert "removed 1 lock file no rummy process holds" in r.stdout
    assert hidden(games) == [] and save.exists()
