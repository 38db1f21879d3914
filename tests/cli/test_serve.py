"""``rummy serve``'s command line, in the test process: what it refuses before
any server starts, and one line saying how to install the web extra when it
is missing. (The table itself, in a browser: tests/web.)"""

from __future__ import annotations

import sys

import pytest


def test_serve_is_listed_in_the_help(rummy_run):
    r = rummy_run("--help")
    assert "serve" in r.stdout and "card table in the browser" in r.stdout


@pytest.mark.parametrize("module", ["starlette", "uvicorn", "segno"])
def test_without_the_web_extra_one_line_says_how_to_install_it(rummy_run, monkeypatch, module):
    monkeypatch.setitem(sys.modules, module, None)  # as if not installed: importing it fails
    r = rummy_run("serve", "gin")
    assert r.returncode == 2
    assert r.stderr == "rummy: rummy serve needs the web extra: pip install 'rummykit[web]'\n"


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["gin", "--port", "70000"], "--port must be a whole number from 0 to 65535"),
        (["gin", "--pace", "-1"], "--pace must be a number of seconds from 0 to 10"),
        (["gin", "--seat", "ai:easy", "--seat", "ai:easy"], "rummy serve needs a person's seat"),
        (["nosuch"], "nosuch"),
        ([], "name a variant to play"),
        (["--replay", "nope"], "no saved game 'nope'"),
        (["gin", "--replay", "nope"], "--replay takes only the game"),
        (["--resume", "nope", "--seat", "ai:easy"], "--resume takes the variant"),
    ],
)
def test_what_it_refuses_is_one_line(rummy_run, args, line):
    r = rummy_run("serve", "--no-open", *args)
    assert r.returncode == 2, r.stderr
    assert line in r.stderr and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr


def test_a_game_still_played_is_not_replayed(rummy_run, tmp_path):
    path = tmp_path / "game.json"
    r = rummy_run(
        "play", "gin", "--seat", "human:Ann", "--seat", "ai:easy", "--save", str(path), stdin="s\nquit\n"
    )
    assert r.returncode == 0, r.stderr
    r = rummy_run("serve", "--replay", str(path), "--no-open")
    assert r.returncode == 2
    assert "is not over and a person plays in it" in r.stderr and r.stderr.count("\n") == 1
