"""A bots-only ``rummy play`` match keeps its memory flat however many rounds it
lasts: with no save path and no person nothing of the past moves and rounds is
kept: a match of over 4,000 rounds peaks within 3 MB of one of under 200."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from rummykit.core.play.records import SeatRecord
from rummykit.core.play.session import Session
from rummykit.core.plugins.manager import get_plugins

RUMMY = str(Path(sys.executable).with_name("rummy"))


def play(tmp_path: Path, target: int) -> tuple[float, int]:
    """Peak resident memory (MB) of a bots-only Gin match to ``target``, and its rounds."""
    out = tmp_path / f"out-{target}.txt"
    env = dict(os.environ, RUMMYKIT_DATA_DIR=str(tmp_path / "data"))
    with open(out, "w") as f:
        p = subprocess.Popen(
            [
                RUMMY,
                "play",
                "gin",
                "--seat",
                "ai:easy",
                "--seat",
                "ai:easy",
                "--seed",
                "1",
                "-o",
                f"target={target}",
            ],
            stdin=subprocess.DEVNULL,
            stdout=f,
            stderr=subprocess.PIPE,
            env=env,
        )
        try:
            _, status, usage = os.wait4(p.pid, 0)
        except BaseException:
            p.kill()
            raise
        p.returncode = os.waitstatus_to_exitcode(status)
    assert p.returncode == 0, p.stderr.read()
    text = out.read_text()
    assert "=== match over:" in text
    rounds = int(re.findall(r"--- round (\d+) over ---", text)[-1])
    return usage.ru_maxrss / 1024, rounds


@pytest.mark.slow
def test_a_long_bots_only_match_keeps_its_memory_flat(tmp_path):
    short_mb, short_rounds = play(tmp_path, 1_000)
    long_mb, long_rounds = play(tmp_path, 40_000)
    assert short_rounds < 200 and long_rounds > 4_000
    # Kept per round, the results and moves would take some 2.7 kB a round: 11 MB more here.
    assert long_mb - short_mb < 3, (short_mb, long_mb)


def test_a_session_with_nowhere_to_save_keeps_no_moves():
    reg = get_plugins().registry
    seats = [SeatRecord(kind="ai:easy", name="A"), SeatRecord(kind="ai:easy", name="B")]
    s = Session.new(reg, "gin", {"target": 300}, seats, 5, None)
    while not s.over:
        s.bot_move()
    m = s.match
    assert m.rounds_played > 3 and m.moves > 100
    assert s.record.actions == [] and m.actions == [] and len(m.results) == 1
    assert max(m.totals) >= 300 and m.winner == m.totals.index(max(m.totals))
    # With a person seated (or a save path) every move is kept, for undo and the save.
    seats[0] = SeatRecord(kind="human", name="Ann")
    s = Session.new(reg, "gin", {}, seats, 5, None)
    s.apply(s.match.legal_actions()[0])
    s.bot_move() if not s.is_human(s.to_act()) else None
    assert s.record.actions == [a.notation() for a in s.match.actions] and s.record.actions
