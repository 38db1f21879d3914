"""Driving the real ``rummy`` program in a pseudo-terminal (pexpect), for the
terminal-game tests. Every byte the program writes is kept (``Game.raw``), so a
test can look at exactly what a player's screen received.

Tests wait on prompts, never on time: ``Game.prompt(name)`` waits for
``NAME> ``. Each game gets its own data directory (``RUMMYKIT_DATA_DIR``), so
nothing touches the user's saves.
"""

from __future__ import annotations

import os
import re
import signal
import sys
from pathlib import Path

import pexpect

from rummykit.core.bots.agents import agent_seed
from rummykit.core.cards.card import pretty
from rummykit.core.engine.options import build_options
from rummykit.core.play.match import Match
from rummykit.core.play.records import MatchRecord, SeatRecord, load_record, replay, save_record
from rummykit.core.plugins.manager import get_plugins

from ..inprocess import UNSET

RUMMY = str(Path(sys.executable).with_name("rummy"))
WIPE = b"\x1b[3J"
ALT_ON = b"\x1b[?1049h"
ANSI = re.compile(rb"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]|\x1b[=>]|[\x01\x02]")
# How long to wait for the game to show something. A passing test waits far less; the
# margin is for a slow or busy machine (a bots' turn of a long match once took over 20 s
# on one), where a shorter wait would fail a test that is not broken.
TIMEOUT = 60


def plain(raw: bytes) -> str:
    """What the bytes show as text: escape sequences removed."""
    return ANSI.sub(b"", raw).decode("utf-8", "replace")


def env_for(data_dir: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in UNSET}
    env.update(
        TERM="xterm",
        LANG="C.UTF-8",
        LC_ALL="C.UTF-8",
        RUMMYKIT_DATA_DIR=str(data_dir),
        PYTHONIOENCODING="utf-8",
        INPUTRC="/dev/null",
        # As in an activated environment: the advice to continue a game says plain rummy.
        PATH=os.pathsep.join([str(Path(RUMMY).parent), os.environ.get("PATH", "")]),
    )
    env.update(extra)
    return env


class Game:
    """One ``rummy`` process in a pty."""

    def __init__(self, args: list[str], data_dir: Path, dims=(40, 100), **env: str) -> None:
        self.child = pexpect.spawn(
            RUMMY, args, env=env_for(data_dir, **env), dimensions=dims, timeout=TIMEOUT
        )
        # A line is typed once its prompt is shown, so pexpect's pause before each
        # send (50 ms) and after closing (100 ms) only add to a test's time.
        self.child.delaybeforesend = None
        self.child.delayafterclose = 0.01
        self.raw = b""
        self._seen = 0

    # -- reading ----------------------------------------------------------------------

    def expect(self, pattern: str | bytes, timeout: float = TIMEOUT) -> bytes:
        """Wait for ``pattern`` (text, matched literally) and return what came before."""
        if isinstance(pattern, str):
            pattern = pattern.encode()
        self.child.expect_exact(pattern, timeout=timeout)
        self.raw += self.child.before + self.child.after
        return self.child.before

    def prompt(self, name: str) -> bytes:
        """Wait for ``NAME> `` and return the bytes since the last wait."""
        return self.expect(f"{name}> ")

    def mark(self) -> int:
        return len(self.raw)

    def since(self, mark: int) -> bytes:
        return self.raw[mark:]

    # -- writing ----------------------------------------------------------------------

    def send(self, line: str) -> None:
        self.child.sendline(line)

    def move(self, line: str, then: str) -> bytes:
        """Type ``line`` and wait for the prompt ``then`` (a name); the bytes between."""
        self.send(line)
        return self.prompt(then)

    # -- ending -----------------------------------------------------------------------

    def wait_exit(self, timeout: float = TIMEOUT) -> int | None:
        self.child.expect(pexpect.EOF, timeout=timeout)
        self.raw += self.child.before
        self.child.close()
        return self.child.exitstatus if self.child.exitstatus is not None else -(self.child.signalstatus or 0)

    def kill(self, sig: int = signal.SIGKILL) -> None:
        self.child.kill(sig)
        try:
            self.child.expect(pexpect.EOF, timeout=TIMEOUT)
            self.raw += self.child.before
        finally:
            self.child.close(force=True)

    def close(self) -> None:
        if self.child.isalive():
            self.child.close(force=True)


# -- the saved game, read with the library -------------------------------------------


def registry():
    return get_plugins().registry


def match_of(path: Path):
    return replay(load_record(path), registry())


def hand(path: Path, seat: int) -> tuple[int, ...]:
    return match_of(path).view(seat).hand


def actions(path: Path) -> list[str]:
    return list(load_record(path).actions)


def legal(path: Path, kind: str):
    return [a for a in match_of(path).legal_actions() if a.kind == kind]


def shown(cards, ascii_: bool = False) -> list[str]:
    return [pretty(c, ascii_) for c in cards]


def save_files(data_dir: Path) -> list[Path]:
    return sorted((data_dir / "games").glob("*.json"))


def near_round_end(
    variant: str,
    n: int,
    options: dict,
    path,
    seed: int = 4,
    person: str = "Alice",
    bot_names: str = "Bot {n}",
) -> str:
    """Play bots until the first round ends; save the record one move short of the
    end, with the seat that ends it as the person ``person`` and the others named
    ``bot_names`` (``{n}``: the seat's number). Returns that last move."""
    reg = registry()
    spec = reg.variant(variant)
    opts = build_options(spec.options_model, options, variant)
    bot = reg.strongest_agent(variant)
    m = Match(spec, opts, n, seed)
    agents = [bot.factory(s, agent_seed(seed, s), opts) for s in range(n)]
    notes = []
    while not m.results:
        seat = m.to_act()
        v = m.view(seat)
        a = agents[seat].act(v, v.legal)
        notes.append((seat, a.notation()))
        m.apply(a)
    last_seat, last = notes[-1]
    seats = [
        SeatRecord(kind="human", name=person)
        if s == last_seat
        else SeatRecord(kind=bot.name, name=bot_names.format(n=s + 1))
        for s in range(n)
    ]
    rec = MatchRecord(
        variant=variant, options=options, seats=seats, seed=seed, actions=[t for _, t in notes[:-1]]
    )
    save_record(rec, path)
    return last
