"""`make play` (the README's first command) starts a game of Gin against the
computer in a real terminal."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pexpect
import pytest

from ..helpers.ptygame import env_for, plain

ROOT = Path(__file__).resolve().parents[2]
VENV = Path(sys.executable).parent.parent


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_play_starts_gin_against_the_computer(tmp_path):
    # Use the virtual environment this test runs in, so nothing is reinstalled.
    child = pexpect.spawn(
        "make",
        ["-s", "play", f"VENV={VENV}"],
        cwd=str(ROOT),
        env=env_for(tmp_path),
        dimensions=(40, 100),
        timeout=120,
    )
    child.expect_exact(b"> ")
    screen = plain(child.before)
    assert "Cardems Gin" in screen
    assert "deadwood" in screen  # your hand, explained
    assert "Hard bot" in screen  # against the strongest computer player
    child.sendline("s")  # one move: a game nobody moved in is not kept
    child.expect_exact(b"> ")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    saves = list((tmp_path / "games").glob("*.json"))
    assert len(saves) == 1  # the game was saved, resumable
