"""Saved games for the tests of saving (tests/cli/test_saves.py and its
pseudo-terminal half, tests/process/test_tui_saves.py): games saved after some
moves or played to their end, a file's state, and ``rummy`` run in the test
process with a data folder."""

from __future__ import annotations

import functools
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from rummykit.core.bots.agents import RandomAgent
from rummykit.core.play.records import MatchRecord, load_record
from rummykit.core.play.session import Session, parse_seats

from ..inprocess import run_rummy
from .ptygame import registry

SECRET_SEED = 987654321987654321987  # digits that appear nowhere else


def rummy(*args: str, data: Path, stdin: str = "", **env: str) -> subprocess.CompletedProcess:
    return run_rummy(*args, stdin=stdin, RUMMYKIT_DATA_DIR=str(data), **env)


def one_line_error(r: subprocess.CompletedProcess) -> str:
    """The single line ``r`` wrote on stderr, after checking it exited 2 with no traceback."""
    assert r.returncode == 2, (r.returncode, r.stdout[-500:], r.stderr)
    assert "Traceback" not in r.stderr
    lines = [line for line in r.stderr.splitlines() if not line.startswith("rummy: warning")]
    assert len(lines) == 1, r.stderr
    return lines[0]


def saved_game(
    path: Path,
    moves: int = 1,
    seed: int = SECRET_SEED,
    seats=("human:Ann", "random"),
    options: dict | None = None,
    finish: bool = False,
) -> MatchRecord:
    """A gin game saved at ``path`` after ``moves`` moves (or played to its end)."""
    if finish:
        path.write_bytes(finished_game(seed, tuple(seats), tuple(sorted((options or {}).items()))))
        return load_record(path)
    return play(path, seed, seats, options or {}, moves)


def play(path: Path, seed: int, seats, options: dict, moves: int | None) -> MatchRecord:
    """The game of :func:`saved_game` after ``moves`` moves (``None``: to its end)."""
    reg = registry()
    s = Session.new(reg, "gin", options, parse_seats(seats), seed, path)
    agent = RandomAgent(1)
    n = 0
    while not s.over and (moves is None or n < moves):
        seat = s.to_act()
        view = s.view(seat)
        s.apply(agent.act(view, view.legal))
        n += 1
    return s.record


@functools.cache
def finished_game(seed: int, seats: tuple[str, ...], options: tuple[tuple[str, Any], ...]) -> bytes:
    """The file of a game played to its end (seconds of play), played once per
    test process and copied after."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "g.json"
        play(path, seed, seats, dict(options), None)
        return path.read_bytes()


def state(path: Path) -> tuple[bytes, int]:
    return path.read_bytes(), path.stat().st_mtime_ns


def hidden(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


def games(data: Path) -> dict[str, MatchRecord]:
    return {f.stem: load_record(f) for f in (data / "games").glob("*.json")}


def start(data: Path, lines: str) -> str:
    """A Gin game against random, given ``lines`` then the end of input: its id."""
    before = set(games(data))
    r = run_rummy(
        "play",
        "gin",
        "--seat",
        "human",
        "--seat",
        "random",
        "--seed",
        "5",
        stdin=lines,
        RUMMYKIT_DATA_DIR=str(data),
    )
    assert r.returncode == 0, r.stderr
    (new,) = set(games(data)) - before
    return new
