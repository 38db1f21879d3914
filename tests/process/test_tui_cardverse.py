"""The terminal game in a pseudo-terminal: CardVerse Rummy with four seats, two
people and two computer players."""

from __future__ import annotations

import signal
import subprocess

import pytest

from rummykit.core.cards.card import code
from rummykit.core.engine.actions import DRAW_STOCK, Action
from rummykit.core.engine.options import build_options
from rummykit.core.play.match import Match

from ..helpers.ptygame import RUMMY, WIPE, actions, env_for, hand, legal, plain, registry, save_files, shown
from ..marks import slow

pytestmark = pytest.mark.skipif("cardverse" not in registry().variants, reason="cardverse is not installed")

SEATS = ["--seat", "human:Alice", "--seat", "ai:easy", "--seat", "human:Bob", "--seat", "ai:easy"]


def seed_with_meld_after_draw() -> int:
    """A seed where Alice, first to act, can lay down a meld after drawing from the
    stock (so undo of a meld can be tried)."""
    spec = registry().variant("cardverse")
    options = build_options(spec.options_model, {}, "cardverse")
    for seed in range(1, 500):
        m = Match(spec, options, 4, seed)
        m.apply(Action(DRAW_STOCK))
        if any(a.kind == "meld" for a in m.legal_actions()):
            return seed
    raise AssertionError("no seed with a meld")


@pytest.fixture(scope="module")
def seed():
    return seed_with_meld_after_draw()


def four_seats(game, save, seed):
    g = game("play", "cardverse", *SEATS, "--seed", str(seed), "--save", str(save))
    g.expect("Pass to Alice — press Enter")
    g.send("")
    g.prompt("Alice")
    return g


def alice_turn(g, save, meld=True):
    """Alice draws, lays down a meld (when asked), discards; then the hand-off to Bob."""
    g.move("s", "Alice")
    if meld:
        m = legal(save, "meld")[0]
        g.move("m " + " ".join(code(c).lower() for c in m.cards), "Alice")
    d = legal(save, "discard")[0]
    g.send("d " + code(d.cards[0]).lower())


def test_handoff_between_the_two_people_hides_alices_hand(game, tmp_path, seed):
    save = tmp_path / "g.json"
    g = four_seats(game, save, seed)
    out = plain(g.move("s", "Alice"))
    assert "Easy bot 2" in out and "Easy bot 4" in out and "Stock" in out
    m = legal(save, "meld")[0]
    out = plain(g.move("m " + " ".join(code(c) for c in m.cards), "Alice"))
    assert "Table melds" in out and " 1  Alice" in out
    d = legal(save, "discard")[0]
    g.send("d " + code(d.cards[0]))
    mark = g.mark()
    g.expect("Pass to Bob — press Enter")
    alice = hand(save, 0)
    assert all(c in plain(g.raw[:mark]) for c in shown(alice))
    g.send("")
    g.prompt("Bob")
    after = g.since(mark)
    assert WIPE in after
    received = after[after.index(WIPE) :]
    handoff = received[: received.index(b"press Enter") + len(b"press Enter")]
    assert plain(handoff).split() == "Pass to Bob — press Enter".split()
    text = plain(received)
    leaked = [c for c in shown(alice) if c in text]
    assert leaked == [], f"Alice's cards on Bob's screen: {leaked}"
    # What happened since Bob's last turn: Alice's turn and the bot's, in words.
    assert "Since your last turn" in text
    assert "Alice drew from the stock, melded" in text
    assert "Easy bot 2 " in text
    assert all(c in text for c in shown(hand(save, 2)))
    g.send("quit")
    assert g.wait_exit() == 0


def test_illegal_and_unreadable_input(game, tmp_path, seed):
    save = tmp_path / "g.json"
    g = four_seats(game, save, seed)
    for line in ("hello there", "d", "m zz 3h 4h", "a qs 9", "m 2h 3h 4h 5h 6h 7h"):
        out = plain(g.move(line, "Alice"))
        _, _, said = out.partition("\n")
        assert said.strip() and len(said.strip().splitlines()) == 1, (line, out)
    assert actions(save) == []
    g.move("s", "Alice")
    out = plain(g.move("a " + code(hand(save, 0)[0]) + " 7", "Alice"))
    assert out.strip().splitlines()[-1].strip()
    assert actions(save) == ["draw stock"]
    g.send("quit")
    assert g.wait_exit() == 0


def test_undo_a_meld_before_the_discard_but_not_the_stock_draw(game, tmp_path, seed):
    save = tmp_path / "g.json"
    g = four_seats(game, save, seed)
    g.move("s", "Alice")
    before = hand(save, 0)
    m = legal(save, "meld")[0]
    g.move("M " + " ".join(code(c) for c in m.cards), "Alice")
    assert len(actions(save)) == 2
    out = plain(g.move("undo", "Alice"))
    assert "Undone: meld" in out
    assert actions(save) == ["draw stock"]
    assert hand(save, 0) == before
    out = plain(g.move("undo", "Alice"))
    assert "cannot undo" in out and "stock" in out
    assert actions(save) == ["draw stock"]
    g.send("quit")
    assert g.wait_exit() == 0


@slow
def test_quit_then_resume_continues_at_the_same_position(game, tmp_path, seed):
    g = game("play", "cardverse", *SEATS, "--seed", str(seed))
    g.expect("Pass to Alice")
    g.send("")
    g.prompt("Alice")
    (save,) = save_files(tmp_path / "data")
    alice_turn(g, save)
    g.expect("Pass to Bob")
    g.send("")
    g.prompt("Bob")
    g.move("s", "Bob")
    done = actions(save)
    bob = hand(save, 2)
    g.send("quit")
    g.expect("Continue with: rummy resume ")
    assert g.wait_exit() == 0
    game_id = plain(g.raw).split("Continue with: rummy resume ")[1].split()[0]
    assert game_id == save.stem
    # Off a terminal, `rummy resume` only lists; `rummy resume ID` continues.
    listing = subprocess.run(
        [RUMMY, "resume"],
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        env=env_for(tmp_path / "data"),
        timeout=30,
    ).stdout
    assert game_id in listing and "Alice, Easy bot 2, Bob, Easy bot 4" in listing
    r = game("resume", game_id)
    r.expect("Pass to Bob")
    r.send("")
    out = plain(r.prompt("Bob"))
    assert "This turn: you drew" in out
    assert all(c in out for c in shown(bob))
    assert actions(save) == done
    d = legal(save, "discard")[0]
    r.send("d " + code(d.cards[0]))
    r.expect("Pass to Alice")  # the bots played in between
    assert len(actions(save)) > len(done) + 1
    r.send("quit")
    assert r.wait_exit() == 0


@slow
def test_kill_mid_game_loses_nothing_entered(game, tmp_path, seed):
    save = tmp_path / "g.json"
    g = four_seats(game, save, seed)
    g.move("s", "Alice")
    m = legal(save, "meld")[0]
    g.move("m " + " ".join(code(c) for c in m.cards), "Alice")
    entered = actions(save)
    table_before = hand(save, 0)
    g.child.send("d ")
    g.kill(signal.SIGKILL)
    assert actions(save) == entered
    r = game("play", "--resume", str(save))
    r.expect("Pass to Alice")
    r.send("")
    out = plain(r.prompt("Alice"))
    assert "This turn: you drew" in out and "melded" in out
    assert hand(save, 0) == table_before
    assert actions(save) == entered
    r.kill(signal.SIGHUP)
    assert actions(save) == entered
