"""The terminal game and computer players that fail or never return, in a real
pseudo-terminal, with the misbehaving bots of tests/helpers/badbots.py: Ctrl-C,
SIGTERM and SIGHUP end the game within seconds while a bot thinks, the game
saved as of its last move; a bot that fails ends the game with one line naming
it; a hint bot that fails costs only the hint."""

from __future__ import annotations

import signal
import time

import pytest

from rummykit.core.cards.card import code

from ..helpers import badbots
from ..helpers.ptygame import actions, legal, plain, registry
from ..marks import first_fast

pytestmark = pytest.mark.skipif("gin" not in registry().variants, reason="gin is not installed")

SEED = 7


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    return badbots.install(tmp_path_factory.mktemp("site"))


def start(game, site, save, bot, *more, **env):
    """Ann (a person) against ``bot``; Ann draws and discards, then the bot is to act."""
    g = game(
        "play",
        "gin",
        "--seat",
        "human:Ann",
        "--seat",
        bot,
        "--seed",
        str(SEED),
        "--save",
        str(save),
        *more,
        PYTHONPATH=str(site),
        **env,
    )
    g.prompt("Ann")
    g.move("s", "Ann")
    discard = legal(save, "discard")[0]
    g.send(f"d {code(discard.cards[0]).lower()}")
    return g


def wait_for(path, g, seconds=60):
    deadline = time.monotonic() + seconds
    while not path.exists():
        assert g.child.isalive() and time.monotonic() < deadline, plain(g.raw)
        time.sleep(0.05)


@pytest.mark.parametrize("how", first_fast(["ctrl-c", "SIGTERM", "SIGHUP"]))
def test_signals_end_the_game_at_once_while_a_bot_thinks(game, site, tmp_path, how):
    save, mark = tmp_path / "g.json", tmp_path / "thinking"
    g = start(game, site, save, "sleeper", BADBOTS_MARK=str(mark))
    wait_for(mark, g)  # the bot is thinking (forever)
    time.sleep(0.2)
    t0 = time.monotonic()
    if how == "ctrl-c":
        g.child.sendcontrol("c")
        want = 130
    else:
        sig = getattr(signal, how)
        g.child.kill(sig)
        want = 128 + sig
    status = g.wait_exit(timeout=5)
    assert time.monotonic() - t0 < 5
    assert status == want
    assert len(actions(save)) == 2  # Ann's draw and discard, saved
    if how == "ctrl-c":
        assert "Interrupted; game saved after 2 moves." in plain(g.raw)
    assert "Traceback" not in plain(g.raw)


@pytest.mark.parametrize(
    "bot, says",
    first_fast(
        [
            ("raiser", "raised ValueError: boom second line"),
            ("illegal", "returned the move 'discard "),
            ("nothing", "returned None, not one of the legal moves"),
        ]
    ),
)
def test_a_bot_that_fails_ends_the_game_with_one_line_naming_it(game, site, tmp_path, bot, says):
    save = tmp_path / "g.json"
    g = start(game, site, save, bot)
    assert g.wait_exit() == 1
    out = plain(g.raw)
    assert f"rummy: {bot} (plugin badbots, seat 2, match seed hidden until the game is over) {says}" in out
    assert "Stopped; game saved after 2 moves." in out
    assert "you must" not in out and "Traceback" not in out
    assert g.raw.count(b"\x1b[?1049l") >= 1  # the terminal left the game's screen
    assert len(actions(save)) == 2


def test_a_bot_past_the_move_timeout_ends_the_game(game, site, tmp_path):
    save = tmp_path / "g.json"
    g = start(game, site, save, "sleeper", "--move-timeout", "1")
    assert g.wait_exit(timeout=20) == 1
    out = plain(g.raw)
    assert (
        "rummy: sleeper (plugin badbots, seat 2, match seed hidden until the game is over) "
        "took longer than 1 s over a move (--move-timeout 1)"
    ) in out
    assert len(actions(save)) == 2


def test_a_bot_that_will_not_stop_still_ends_the_game(game, site, tmp_path):
    save = tmp_path / "g.json"
    g = start(game, site, save, "stubborn", "--move-timeout", "1")
    assert g.wait_exit(timeout=20) == 1
    out = plain(g.raw)
    assert (
        "rummy: stubborn (plugin badbots, seat 2, match seed hidden until the game is over) "
        "took longer than 1 s over a move and would not stop (--move-timeout 1)"
    ) in out
    assert g.raw.count(b"\x1b[?1049l") >= 1
    assert len(actions(save)) == 2


def test_a_hint_bot_that_fails_costs_only_the_hint(game, site, tmp_path):
    save = tmp_path / "g.json"
    g = game(
        "play",
        "gin",
        "--seat",
        "human:Ann",
        "--seat",
        "random",
        "--seed",
        str(SEED),
        "--save",
        str(save),
        PYTHONPATH=str(site),
    )
    g.prompt("Ann")
    out = plain(g.move("hint", "Ann"))
    assert "hint unavailable: hintbreaker (plugin badbots, seat 1) raised KeyError: 'no hint today'" in out
    g.move("s", "Ann")  # the game goes on
    assert actions(save) == ["draw stock"]
    g.send("quit")
    assert g.wait_exit() == 0
