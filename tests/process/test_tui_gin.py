"""The terminal game, driven in a pseudo-terminal: Cardems Gin, two people on one
keyboard."""

from __future__ import annotations

import signal

import pytest

from rummykit.core.cards.card import code

from ..helpers.ptygame import WIPE, actions, hand, legal, plain, registry, save_files, shown

pytestmark = pytest.mark.skipif("gin" not in registry().variants, reason="gin is not installed")

SEED = 11


def two_humans(game, save, seed=SEED, **kw):
    g = game(
        "play",
        "gin",
        "--seat",
        "human:Alice",
        "--seat",
        "human:Bob",
        "--seed",
        str(seed),
        "--save",
        str(save),
        **kw,
    )
    g.expect("Pass to Alice — press Enter")
    g.send("")
    g.prompt("Alice")
    return g


def test_handoff_wipes_screen_and_scrollback_and_hides_the_first_hand(game, tmp_path):
    save = tmp_path / "g.json"
    g = two_humans(game, save)
    g.move("s", "Alice")
    discard = legal(save, "discard")[0]
    g.send("d " + code(discard.cards[0]).lower())
    before_wipe = g.mark()
    g.expect("Pass to Bob — press Enter")
    alice = hand(save, 0)  # her ten cards after the discard
    assert len(alice) == 10
    # She saw her hand before the hand-off...
    seen_by_alice = plain(g.raw[:before_wipe])
    assert all(c in seen_by_alice for c in shown(alice))
    g.child.send("d \t\t")  # typing (even Tab) at the hand-off shows no card
    g.send("")
    g.expect("press Enter to start Bob's turn, or type quit")  # a move typed here is not taken
    g.send("")
    g.prompt("Bob")
    after = g.since(before_wipe)
    # ...the screen and its scrollback were wiped (not a plain clear)...
    assert WIPE in after
    received = after[after.index(WIPE) :]
    # ...the hand-off screen shows only the hand-off line (and what was typed)...
    handoff = received[: received.index(WIPE, len(WIPE))]
    assert plain(handoff).split()[:6] == "Pass to Bob — press Enter".split()
    assert not any(s in plain(handoff) for s in "♣♦♥♠"), plain(handoff)
    # ...and nothing Bob's screen received names one of Alice's cards.
    text = plain(received)
    assert "Bob (you)" in text
    leaked = [c for c in shown(alice) if c in text]
    assert leaked == [], f"Alice's cards on Bob's screen: {leaked}"
    # Bob does see his own hand and what Alice did in public.
    assert all(c in text for c in shown(hand(save, 1)))
    assert "Alice drew from the stock, discarded" in text
    g.send("quit")
    assert g.wait_exit() == 0


def test_one_human_against_a_bot_never_pauses(game, tmp_path):
    save = tmp_path / "g.json"
    g = game(
        "play", "gin", "--seat", "human:Alice", "--seat", "ai:easy", "--seed", str(SEED), "--save", str(save)
    )
    g.prompt("Alice")
    g.move("s", "Alice")
    d = legal(save, "discard")[0]
    g.move("d " + code(d.cards[0]), "Alice")
    g.send("quit")
    assert g.wait_exit() == 0
    assert "Pass to" not in plain(g.raw)
    assert len(actions(save)) >= 4  # Alice's two, and the bot's turn


def test_illegal_and_unreadable_input_gets_a_reason_and_the_prompt_again(game, tmp_path):
    save = tmp_path / "g.json"
    g = two_humans(game, save)
    not_mine = next(c for c in range(52) if c not in hand(save, 0) and c not in hand(save, 1))
    cases = [
        ("xyzzy", "unknown move 'xyzzy'"),
        ("d zz", "bad card 'zz'"),
        ("d " + code(hand(save, 0)[0]), "draw"),  # not drawn yet: the variant's reason
        ("meld 9h th jh", "meld"),  # a move of another variant
        ("K 7H 8H", ""),
    ]
    for line, reason in cases:
        out = plain(g.move(line, "Alice"))
        _, _, said = out.partition("\n")
        assert said.strip(), (line, out)  # a one-line reason, then the prompt again
        assert len(said.strip().splitlines()) == 1, (line, out)
        assert reason.lower() in said.lower(), (line, out)
        assert "Traceback" not in out
    assert actions(save) == []
    # The same prompt then takes a good move, in any case, long or short.
    g.move("DRAW STOCK", "Alice")
    assert actions(save) == ["draw stock"]
    out = plain(g.move("d " + code(not_mine).lower(), "Alice"))
    _, reason = out.strip().splitlines()
    assert code(not_mine) in reason or shown([not_mine])[0] in reason
    assert actions(save) == ["draw stock"]
    g.send("quit")
    assert g.wait_exit() == 0


def test_undo_takes_back_a_pickup_but_not_a_stock_draw(game, tmp_path):
    save = tmp_path / "g.json"
    g = two_humans(game, save)
    g.move("p", "Alice")
    assert actions(save) == ["take discard"]
    out = plain(g.move("undo", "Alice"))
    assert "Undone: take discard" in out
    assert actions(save) == []
    g.move("s", "Alice")
    out = plain(g.move("undo", "Alice"))
    assert "cannot undo" in out and "stock" in out
    assert actions(save) == ["draw stock"]
    # Nothing of one's own to take back at the start of a turn either.
    d = legal(save, "discard")[0]
    g.send(f"d {code(d.cards[0])}")
    g.expect("Pass to Bob")
    g.send("")
    g.prompt("Bob")
    out = plain(g.move("undo", "Bob"))
    assert "cannot undo" in out
    assert len(actions(save)) == 2
    g.send("quit")
    assert g.wait_exit() == 0


def test_help_hint_score_log_rules(game, tmp_path):
    save = tmp_path / "g.json"
    g = two_humans(game, save)
    out = plain(g.move("help", "Alice"))
    assert "draw stock  [s]" in out and "take discard  [p]" in out
    out = plain(g.move("hint", "Alice"))
    assert "Hint (" in out
    out = plain(g.move("score", "Alice"))
    assert "Alice" in out and "Bob" in out and "Total" in out
    g.move("s", "Alice")
    out = plain(g.move("log", "Alice"))
    assert "You drew" in out
    g.send("rules")
    g.expect("Rules of Cardems Gin")
    for _ in range(20):
        i = g.child.expect_exact([b"-- Enter for more", b"-- Enter to go back"], timeout=10)
        g.raw += g.child.before + g.child.after
        g.send("")
        if i == 1:
            break
    g.prompt("Alice")
    g.send("quit")
    assert g.wait_exit() == 0


def test_quit_then_resume_continues_at_the_same_position(game, tmp_path):
    g = game("play", "gin", "--seat", "human:Alice", "--seat", "human:Bob", "--seed", str(SEED))
    g.expect("Pass to Alice")
    g.send("")
    g.prompt("Alice")
    (save,) = save_files(tmp_path / "data")
    g.move("s", "Alice")
    d = legal(save, "discard")[0]
    g.send(f"d {code(d.cards[0])}")
    g.expect("Pass to Bob")
    g.send("")
    g.prompt("Bob")
    g.move("p", "Bob")
    done = actions(save)
    assert done == ["draw stock", f"discard {code(d.cards[0])}", "take discard"]
    bob = hand(save, 1)
    g.send("quit")
    g.expect("Continue with: rummy resume")
    assert g.wait_exit() == 0
    # `rummy resume` lists the unfinished game and continues it.
    r = game("resume")
    r.expect("Unfinished games")
    r.expect("Continue which?")
    r.send("1")
    r.expect("Pass to Bob")
    r.send("")
    out = plain(r.prompt("Bob"))
    assert "This turn: you took" in out
    assert all(c in out for c in shown(bob))
    assert actions(save) == done
    # and the game goes on from there.
    d = legal(save, "discard")
    r.send(f"d {code(d[0].cards[0])}")
    r.expect("Pass to Alice")
    r.send("quit")  # typed at the hand-off: a clean save and exit
    assert r.wait_exit() == 0
    assert len(actions(save)) == 4


def test_kill_mid_game_loses_nothing_entered(game, tmp_path):
    save = tmp_path / "g.json"
    g = two_humans(game, save)
    g.move("s", "Alice")
    d = legal(save, "discard")[0]
    g.send(f"d {code(d.cards[0])}")
    g.expect("Pass to Bob")
    g.send("")
    g.prompt("Bob")
    g.move("s", "Bob")
    entered = actions(save)
    assert len(entered) == 3
    g.child.send("d ")  # a move half typed is all that may be lost
    g.kill(signal.SIGKILL)
    assert actions(save) == entered
    r = game("resume", str(save))
    r.expect("Pass to Bob")
    r.send("")
    out = plain(r.prompt("Bob"))
    assert "This turn: you drew" in out
    assert actions(save) == entered
    # A closed terminal (SIGHUP) loses nothing either.
    d = legal(save, "discard")[0]
    r.send(f"d {code(d.cards[0])}")
    r.expect("Pass to Alice")
    r.kill(signal.SIGHUP)
    assert len(actions(save)) == 4


def test_tab_completion_and_a_line_history_per_seat(game, tmp_path):
    save = tmp_path / "g.json"
    g = two_humans(game, save)
    g.child.send("dr\t\t\r")  # "dr" -> "draw " -> "draw stock "
    g.prompt("Alice")
    assert actions(save) == ["draw stock"]
    ds = legal(save, "discard")
    ranks = [code(a.cards[0])[0] for a in ds]
    d = next(a for a in ds if ranks.count(code(a.cards[0])[0]) == 1)
    g.child.send("d " + code(d.cards[0]).lower()[:-1] + "\t\r")  # the suit completes
    g.expect("Pass to Bob")
    assert actions(save)[-1] == f"discard {code(d.cards[0])}"
    g.send("")
    g.prompt("Bob")
    # Up-arrow recalls nothing of Alice's lines at Bob's prompt...
    out = plain(g.move("\x1b[A", "Bob"))
    assert out.strip("\x07\r\n ") == "" and len(actions(save)) == 2
    # ...but Bob's own.
    g.move("score", "Bob")
    out = plain(g.move("\x1b[A", "Bob"))
    assert "score" in out and "Total" in out
    g.send("quit")
    assert g.wait_exit() == 0


def test_ctrl_c_saves_and_says_how_to_go_on(game, tmp_path):
    save = tmp_path / "g.json"
    g = two_humans(game, save)
    g.move("s", "Alice")
    g.child.send("d \x03")
    out = plain(g.expect("Continue with: rummy resume"))
    assert "Interrupted; game saved after 1 move." in out
    assert g.wait_exit() == 130
    assert actions(save) == ["draw stock"]
