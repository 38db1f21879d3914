"""Hostile computer players (tests/helpers/hostilebots.py) through the real
``rummy`` in this process: what a bot prints never reaches the game's standard
output, and no escape sequence from a plugin or a file name reaches the
terminal. (A bot's failure ends the process at once: those tests are in
tests/process/test_hostile_signals.py.)"""

from __future__ import annotations

import shutil

import pytest

from ..helpers import hostilebots
from ..helpers.sites import fake_install, rummy


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return hostilebots.install(tmp_path_factory.mktemp("site"))


def test_what_a_bot_prints_in_observe_goes_to_standard_error(site, tmp_path):
    r = rummy(site, "play", "gin", "--seat", "chatter", "--seat", "random", "--seed", "7", tmp=tmp_path)
    assert r.returncode == 0, r.stderr
    assert "chatter observes" not in r.stdout
    assert "chatter observes" in r.stderr
    assert "match over" in r.stdout


ESCAPES = "\x1b[2J\x1b]0;title\x07"


def test_a_plugins_import_error_reaches_the_terminal_clean(tmp_path):
    site = tmp_path / "site"
    fake_install(
        site,
        "rummykit-evil",
        "0.1",
        {"evil": "rk_evil"},
        {"rk_evil": f"raise ImportError({ESCAPES + 'evil'!r})\n"},
    )
    r = rummy(site, "variants", tmp=tmp_path / "data")
    assert r.returncode == 0
    assert "plugin evil failed to load: ImportError: [2J]0;titleevil" in r.stderr
    assert "\x1b" not in r.stderr and "\x07" not in r.stderr
    r = rummy(site, "plugins", tmp=tmp_path / "data")
    assert "plugin evil failed to load: ImportError: [2J]0;titleevil" in r.stdout
    assert "\x1b" not in r.stdout + r.stderr and "\x07" not in r.stdout + r.stderr


def test_a_save_files_name_in_the_resume_list_reaches_the_terminal_clean(site, tmp_path):
    save = tmp_path / "g.json"
    r = rummy(site, "play", "gin", "--seat", "human:Ann", "--seat", "random", "--save", str(save),
              stdin="quit\n", tmp=tmp_path / "data")  # fmt: skip
    assert r.returncode == 0, r.stderr
    games = tmp_path / "data" / "games"
    games.mkdir(parents=True)
    shutil.copy(save, games / f"{ESCAPES}evil.json")
    r = rummy(site, "resume", tmp=tmp_path / "data")
    assert r.returncode == 0, r.stderr
    assert "[2J]0;titleevil" in r.stdout
    assert "\x1b" not in r.stdout + r.stderr and "\x07" not in r.stdout + r.stderr


@pytest.mark.parametrize(
    "args, option",
    [
        (
            ("play", "gin", "--seat", "random", "--seat", "random", "--save", "a.json", "--save", "b.json"),
            "--save",
        ),
        (("play", "gin", "--seat", "random", "--seat", "random", "--seed", "1", "--seed", "2"), "--seed"),
        (("play", "--resume", "a.json", "--resume", "b.json"), "--resume"),
        (("simulate", "gin", "--matches", "1", "--matches", "2"), "--matches"),
        (("simulate", "gin", "--rounds", "1", "--rounds", "2"), "--rounds"),
        (("simulate", "gin", "--seed", "1", "--seed", "2"), "--seed"),
        (("simulate", "gin", "--workers", "1", "--workers", "2"), "--workers"),
        (("replay", "a.json", "--move", "1", "--move", "2"), "--move"),
    ],
)
def test_a_single_valued_option_given_twice_is_refused(site, tmp_path, args, option):
    r = rummy(site, *args, tmp=tmp_path / "data")
    assert r.returncode == 2
    assert r.stderr.startswith(f"rummy: invalid value for '{option}': given 2 times: give it once"), r.stderr
    assert r.stdout == "" and len(r.stderr.splitlines()) == 1


def test_resume_refuses_a_game_and_a_resume_path_together(site, tmp_path):
    r = rummy(site, "resume", "abc", "--resume", str(tmp_path / "g.json"), tmp=tmp_path / "data")
    assert r.returncode == 2
    assert r.stderr == "rummy: give the game once: GAME or --resume PATH, not both\n"
