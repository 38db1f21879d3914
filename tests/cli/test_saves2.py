"""Saved games, resume and prune (issue 43, saves slice), run in the test process:
the advice to continue a game, the games kept and pruned, what ``rummy resume``
lists and completes, and ``--save`` paths. The terminal's half:
tests/process/test_saves2.py."""

from __future__ import annotations

import json
import os
import shlex
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from rummykit.core.play.records import load_record, replay

from ..helpers.ptygame import near_round_end, registry
from ..helpers.saves import saved_game
from ..marks import slow
from .test_terminal_output import complete, values

VENV_BIN = Path(sys.executable).parent
PIPED = ("play", "gin", "--seat", "human:Ann", "--seat", "random", "--seed", "3")


def without_venv_path() -> str:
    return os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep) if Path(p) != VENV_BIN)


def test_the_advice_to_continue_names_rummy_as_it_can_be_typed(rummy_run, tmp_path):
    # rummy not on PATH (after make play): the advice names the program's path.
    r = rummy_run(*PIPED, stdin="s\nquit\n", PATH=without_venv_path())
    assert r.returncode == 0, r.stderr
    (save,) = (tmp_path / "data" / "games").glob("*.json")
    program = VENV_BIN / "rummy"  # as typed from here: .venv/bin/rummy in the project's folder
    typed = program.relative_to(Path.cwd()) if program.is_relative_to(Path.cwd()) else program
    assert f"Continue with: {typed} resume {save.stem}" in r.stdout
    assert "play --resume" not in r.stdout
    r = rummy_run("resume", PATH=without_venv_path())  # the list through a pipe: the same command
    assert f"(continue one with: {typed} resume ID):" in r.stdout and save.stem in r.stdout
    # On PATH: plain rummy, one form for every game (a --save path too).
    other = tmp_path / "mine.json"
    r = rummy_run(
        *PIPED, "--save", str(other), stdin="s\nquit\n", PATH=f"{VENV_BIN}{os.pathsep}{without_venv_path()}"
    )
    assert r.returncode == 0, r.stderr
    assert f"game saved to {other}. Continue with: rummy resume {other}" in r.stdout
    # A --save path that exists: the same advice.
    r = rummy_run(*PIPED, "--save", str(other), PATH=f"{VENV_BIN}{os.pathsep}{without_venv_path()}")
    assert r.returncode == 2
    assert f"continue it with rummy resume {other}, or choose another --save path" in r.stderr


def test_a_game_nobody_moved_in_is_not_kept_in_the_data_folder(rummy_run, tmp_path):
    r = rummy_run(*PIPED, stdin="quit\n")
    assert r.returncode == 0, r.stderr
    assert "quit; no move made, so the game is not kept" in r.stdout
    games = tmp_path / "data" / "games"
    assert list(games.iterdir()) == []  # no save, no lock file
    # One move: kept. A --save path a person gave: kept even with no move.
    assert rummy_run(*PIPED, stdin="s\nquit\n").returncode == 0
    assert len(list(games.glob("*.json"))) == 1
    mine = tmp_path / "mine.json"
    r = rummy_run(*PIPED, "--save", str(mine), stdin="quit\n")
    assert r.returncode == 0 and mine.exists()


def finished_at(path: Path, updated: str) -> None:
    saved_game(path, finish=True)
    path.write_text(load_record(path).model_copy(update={"updated": updated}).model_dump_json())


@slow  # a game played to its end
def test_prune_keeps_finished_games_unless_asked_or_keeps_the_newest_n(rummy_run, tmp_path):
    games = tmp_path / "data" / "games"
    games.mkdir(parents=True)
    saved_game(games / "never.json", moves=0)
    saved_game(games / "going.json", moves=2)
    for i in range(4):
        finished_at(games / f"done{i}.json", f"2026-01-0{i + 1}T10:00:00Z")
    r = rummy_run("resume", "--prune")
    assert r.returncode == 0, r.stderr
    assert "never" in r.stdout and "done" not in r.stdout
    assert sorted(f.stem for f in games.glob("*.json")) == ["done0", "done1", "done2", "done3", "going"]
    r = rummy_run("resume", "--prune", "--keep", "1")
    assert r.returncode == 0, r.stderr
    assert "finished (its replay goes too)" in r.stdout
    assert sorted(f.stem for f in games.glob("*.json")) == ["done3", "going"]  # the newest finished kept
    r = rummy_run("resume", "--prune", "--finished")
    assert sorted(f.stem for f in games.glob("*.json")) == ["going"]
    for bad in (["--finished"], ["--prune", "--finished", "--keep", "2"], ["--prune", "--keep", "-1"]):
        r = rummy_run("resume", *bad)
        assert r.returncode == 2 and len(r.stderr.splitlines()) == 1 and "Traceback" not in r.stderr, r.stderr


@slow  # a game played to its end
def test_resume_completes_only_unfinished_games_replay_every_game(tmp_path):
    data = tmp_path / "data"
    games = data / "games"
    games.mkdir(parents=True)
    saved_game(games / "0a1b2c3d.json", moves=1)
    saved_game(games / "0a99ffee.json", finish=True)
    assert values(complete(data, "rummy resume 0a")) == ["0a1b2c3d"]
    assert values(complete(data, "rummy replay 0a")) == ["0a1b2c3d", "0a99ffee"]
    assert values(complete(data, "rummy resume --delete 0a")) == ["0a1b2c3d", "0a99ffee"]


def test_resume_lists_when_in_words_the_round_and_the_score(rummy_run, tmp_path):
    games = tmp_path / "data" / "games"
    games.mkdir(parents=True)
    two_hours_ago = (datetime.now(UTC) - timedelta(hours=2, minutes=5)).strftime("%Y-%m-%dT%H:%M:%SZ")
    fresh = games / "fresh.json"
    saved_game(fresh, moves=2)
    path = games / "later.json"
    last = near_round_end("gin", 2, {"target": 1000}, path, person="Ann", bot_names="Bob")
    rec = load_record(path)
    rec.actions.append(last)  # the first round over: the second begun
    path.write_text(rec.model_copy(update={"updated": two_hours_ago}).model_dump_json())
    match = replay(rec, registry())
    r = rummy_run("resume")
    assert r.returncode == 0, r.stderr
    (row,) = [line for line in r.stdout.splitlines() if "later" in line]
    assert "2 hours ago" in row and two_hours_ago not in row
    assert f"round 2, score {match.totals[0]}-{match.totals[1]}" in row and "Bob, Ann" in row  # in seat order
    (row,) = [line for line in r.stdout.splitlines() if "fresh" in line]
    assert "just now" in row and "round 1, score 0-0" in row


def test_a_saved_game_remembers_ascii_and_four_colour(rummy_run, tmp_path):
    r = rummy_run(*PIPED, "--ascii", "--four-colour", stdin="s\nquit\n")
    assert r.returncode == 0, r.stderr
    assert "♣" not in r.stdout
    (save,) = (tmp_path / "data" / "games").glob("*.json")
    assert load_record(save).display == ["ascii", "four-colour"]
    r = rummy_run("resume", save.stem, stdin="quit\n")  # no --ascii: as it was shown
    assert r.returncode == 0, r.stderr
    assert "Resuming" in r.stdout and not any(s in r.stdout for s in "♣♦♥♠")
    move = replay(load_record(save), registry()).legal_actions()[0].notation()
    r = rummy_run("resume", save.stem, "--no-ascii", stdin=f"{move}\nquit\n")  # changed, and remembered
    assert any(s in r.stdout for s in "♣♦♥♠")
    assert load_record(save).display == ["four-colour"]


def test_save_to_a_path_ending_in_a_slash_is_refused_in_one_line(rummy_run, tmp_path):
    for folder in (tmp_path / "missing", tmp_path):  # missing, or there
        r = rummy_run(*PIPED, "--save", f"{folder}/", stdin="s\nquit\n")
        assert r.returncode == 2 and "Traceback" not in r.stderr
        (line,) = r.stderr.splitlines()
        assert "that names a folder" in line or "is a folder" in line, line
    assert not (tmp_path / "missing").exists()  # no file named for the folder


@slow  # a game played to its end
def test_resume_of_a_finished_game_missing_from_the_statistics_records_it(rummy_run, tmp_path):
    save = tmp_path / "done.json"
    saved_game(save, finish=True)  # finished before statistics were kept at the last move
    assert json.loads(rummy_run("stats", "--json").stdout) == []
    for _ in range(2):
        r = rummy_run("resume", str(save))
        assert r.returncode == 2 and "that game is finished" in r.stderr
        assert len(r.stderr.splitlines()) == 1
    (line,) = json.loads(rummy_run("stats", "--json").stdout)
    assert (line["person"], line["played"]) == ("Ann", 1)  # once


def test_the_advice_to_continue_is_quoted_for_a_shell(rummy_run, tmp_path):
    """A path with a space or a ``$(...)`` in it is pasted as one word, never run."""
    odd = tmp_path / "a b$(touch pwned).json"
    r = rummy_run(
        *PIPED, "--save", str(odd), stdin="s\nquit\n", PATH=f"{VENV_BIN}{os.pathsep}{without_venv_path()}"
    )
    assert r.returncode == 0, r.stderr
    advice = r.stdout.split("Continue with: ", 1)[1].splitlines()[0]
    assert advice == f"rummy resume {shlex.quote(str(odd))}" and shlex.split(advice) == [
        "rummy",
        "resume",
        str(odd),
    ]
