"""Input that is not UTF-8 text, or a line of a megabyte, through a pipe to the
real ``rummy`` program at the move prompt: a one-line reason each, never a
traceback, and nothing raw reaches the terminal."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from rummykit.core.play.records import load_record

RUMMY = str(Path(sys.executable).with_name("rummy"))
ESC = b"\x1b"


def rummy(args, data: Path, stdin: bytes = b"", timeout: float = 120) -> subprocess.CompletedProcess:
    env = dict(os.environ, RUMMYKIT_DATA_DIR=str(data), PYTHONIOENCODING="utf-8")
    env.pop("RUMMYKIT_DISABLE_PLUGINS", None)
    return subprocess.run([RUMMY, *args], input=stdin, capture_output=True, env=env, timeout=timeout)


JUNK = [
    "a qs \u00b2".encode(),  # a superscript two: isdigit() but not a number
    "m 2c 3c 4c to \u00b2".encode(),
    "d \u0663h".encode(),  # an Arabic-Indic three is no card rank
    b"\xff\xfe not utf-8",
    b"x" * 1_000_000,  # a megabyte on one line
    b"\x1b]0;pwned\x07",
    "\u202e d 7h".encode(),
    b"d",
]


def test_junk_at_the_move_prompt_gets_one_reason_a_line(tmp_path):
    save = tmp_path / "g.json"
    stdin = b"\n".join(JUNK) + b"\nquit\n"
    r = rummy(
        ["play", "gin", "--seat", "human", "--seat", "random", "--seed", "3", "--save", str(save)],
        tmp_path / "data",
        stdin,
    )
    assert r.returncode == 0 and r.stderr == b"", r.stderr
    out = r.stdout.decode()
    reasons = [ln for ln in out.split("Player 1> ") if ln.startswith(("illegal:", "unreadable:"))]
    assert len(reasons) == len(JUNK), out
    assert all(len(ln.strip().splitlines()) == 1 for ln in reasons)
    assert "unreadable: that line is not UTF-8 text" in out
    assert "unreadable: that line is longer than 500 characters" in out
    assert ESC not in r.stdout and "\u202e" not in out  # shown escaped
    assert "quit; game saved to" in out
    assert load_record(save).actions == []
