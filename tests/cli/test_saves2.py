"""Saved games, resume and prune (issue 43, saves slice), run in the test process:
the advice to continue a game, the games kept and pruned, what ``rummy resume``
lists and completes, and ``--save`` paths. The terminal's half:
tests/process/test_saves2.py."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from ..helpers.saves import saved_game

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
