"""The terminal game at the moments that surprised people (issue #43): drawing
from CardVerse's empty stock ends the round for everyone, so it is asked about
first (y/N), and the nearly empty stock is warned of above the prompt. A real
``rummy`` in a pseudo-terminal."""

from __future__ import annotations

import pytest

from rummykit.core.play.records import load_record

from ..helpers.moments import at_empty_stock, at_last_stock_card, cardverse_stopped_where
from ..helpers.ptygame import plain, registry

pytestmark = pytest.mark.skipif("cardverse" not in registry().variants, reason="cardverse is not installed")

QUESTION = "End the round for everyone? (y/N) "


def test_the_empty_stock_draw_is_asked_about_and_no_keeps_the_turn(game, tmp_path):
    save = tmp_path / "empty.json"
    cardverse_stopped_where(save, at_empty_stock)
    before = len(load_record(save).actions)
    g = game("play", "--resume", str(save))
    g.prompt("Alice")
    g.send("s")
    asked = plain(g.expect(QUESTION))
    assert "draw stock: end the round: lowest hand value wins (your hand value " in asked
    g.send("n")
    assert "The round goes on: type your move." in plain(g.prompt("Alice"))
    assert len(load_record(save).actions) == before
    g.send("s")
    g.expect(QUESTION)
    g.send("y")
    screen = plain(g.expect("Press Enter for the next round"))
    # Alice is the one person at the table: the round's end speaks to her.
    assert "You ask for a card from the empty stock: the round ends" in screen
    assert (
        screen.split("Last turn", 1)[1].split("Hands", 1)[0].strip()
        == "You asked for a card from the empty stock"
    )
    g.send("quit")
    assert g.wait_exit() == 0
    assert load_record(save).actions[before] == "draw stock"


def test_quit_at_the_question_leaves_with_the_draw_unmade(game, tmp_path):
    save = tmp_path / "empty.json"
    cardverse_stopped_where(save, at_empty_stock)
    before = load_record(save).actions
    g = game("play", "--resume", str(save))
    g.prompt("Alice")
    g.send("s")
    g.expect(QUESTION)
    g.send("quit")
    assert g.wait_exit() == 0
    assert load_record(save).actions == before


def test_the_last_stock_card_is_warned_of_above_the_prompt(game, tmp_path):
    save = tmp_path / "last.json"
    cardverse_stopped_where(save, at_last_stock_card)
    g = game("play", "--resume", str(save))
    shown = plain(g.prompt("Alice"))
    assert "Stock 1: once it is empty, s will end the round: lowest hand value wins" in shown
    assert QUESTION not in plain(g.move("s", "Alice"))  # the last card is an ordinary draw
    g.send("quit")
    assert g.wait_exit() == 0


def choose_two_people(g, variant: str = "cardverse") -> str:
    """Answer the chooser up to the length of the match: ``variant``, two
    players, the default seats; the length question as shown."""
    g.expect("Which variant?")
    g.send(variant)
    if variant != "gin":  # (gin is for two: not asked)
        g.expect("How many players")
        g.send("2")
    g.expect("Seat 1")
    g.send("")
    g.expect("Seat 2")
    g.send("")
    return plain(g.expect("[normal]: "))


# A game nobody moved in is kept only where --save names it.


def test_the_chooser_asks_the_length_of_the_match_and_the_table_shows_it(game, tmp_path):
    g = game("play", "--save", str(tmp_path / "short.json"))
    asked = choose_two_people(g)
    assert (
        "How long a match? short (to 50), normal (to 100), long (to 200), or a target from 1 to 1000000"
        in asked
    )
    g.send("forever")
    g.expect("type short, normal, long or a number from 1 to 1000000")
    g.send("0")
    g.expect("type short, normal, long or a number from 1 to 1000000")
    g.send("short")
    assert "to 50" in plain(g.prompt("Player 1")).split("Stock", 1)[0]  # in the header
    g.send("quit")
    assert g.wait_exit() == 0
    assert int(load_record(tmp_path / "short.json").options["target"]) == 50


def test_the_chooser_takes_a_number_and_a_given_target_is_not_asked(game, tmp_path):
    g = game("play", "--save", str(tmp_path / "a.json"))
    choose_two_people(g, "gin")
    g.send("250")
    assert "to 250" in plain(g.prompt("Player 1"))
    g.send("quit")
    assert g.wait_exit() == 0
    g = game("play", "-o", "target=30", "--save", str(tmp_path / "b.json"))
    g.expect("Which variant?")
    g.send("gin")
    g.expect("Seat 1")
    g.send("")
    g.expect("Seat 2")
    g.send("")
    out = plain(g.prompt("Player 1"))
    assert "How long" not in out and "to 30" in out
    g.send("quit")
    assert g.wait_exit() == 0
    targets = sorted(int(load_record(tmp_path / f).options["target"]) for f in ("a.json", "b.json"))
    assert targets == [30, 250]
