"""Forgiving input (issue #19): the ways of naming a meld to add to, a single
``--seat`` meaning you against it, option errors in plain words, and Tab
completion in rank then suit order."""

from __future__ import annotations

import pytest

from rummykit.cli.lineinput import completions
from rummykit.core.base.errors import IllegalAction
from rummykit.core.cards.card import parse_card
from rummykit.core.engine.actions import Action, parse_action
from rummykit.core.plugins.manager import get_plugins

from ..inprocess import run_rummy


def rummy(args, tmp_path, text: str = ""):
    return run_rummy(*args, stdin=text, RUMMYKIT_DATA_DIR=str(tmp_path / "data"))


NINE = parse_card("9S")
LEGAL = (Action("add", (NINE,), 1), Action("add", (NINE,), 2), Action("discard", (NINE,)))
ALIASES = get_plugins().registry.variant("cardverse").aliases


@pytest.mark.parametrize(
    "typed",
    ["add 9s to meld 1", "add 9s to 1", "a 9s 1", "ADD 9S TO MELD 1", "a 9s meld 1", "add 9♠ to meld 1"],
)
def test_every_way_of_naming_the_meld_to_add_to(typed):
    assert parse_action(typed, LEGAL, None, ALIASES) == Action("add", (NINE,), 1)


def test_a_meld_that_is_not_a_number_is_still_a_reason():
    with pytest.raises(IllegalAction):
        parse_action("add 9s to meld one", LEGAL, None, ALIASES)


def test_one_seat_given_is_you_against_it(tmp_path):
    r = rummy(["play", "gin", "--seat", "ai:easy", "--seed", "4"], tmp_path, "")
    assert r.returncode == 0, r.stderr
    assert "You take seat 1 against ai:easy" in r.stdout
    assert "Player 1 (human)" in r.stdout and "(ai:easy)" in r.stdout
    r = rummy(["play", "gin", "--seat", "human"], tmp_path, "")
    assert r.returncode == 0, r.stderr  # a person alone: the strongest computer player fills the seat
    assert "(a seat not given is the strongest computer player)" in r.stdout


def test_option_errors_in_plain_words(tmp_path):
    r = rummy(["play", "cardverse", "-o", "ace_high=maybe"], tmp_path)
    assert r.returncode == 2 and "ace_high takes true or false" in r.stderr
    assert "Input should" not in r.stderr and "Traceback" not in r.stderr


def test_tab_completion_lists_cards_in_rank_then_suit_order():
    cards = ["3C", "6C", "AC", "AD", "AS", "KC", "QC", "TD", "TC"]
    legal = [Action("discard", (parse_card(c),)) for c in cards]
    low = completions("d ", 2, "", legal, ())
    assert low == ["ac", "ad", "as", "3c", "6c", "tc", "td", "qc", "kc"]
    high = completions("d ", 2, "", legal, (), ace_high=True)
    assert high == ["3c", "6c", "tc", "td", "qc", "kc", "ac", "ad", "as"]
    adds = [Action("add", (NINE,), n) for n in (10, 2, 1)]
    assert completions("add 9s to ", 10, "", adds, ()) == ["1", "2", "10"]


def test_copies_are_completed_and_shown_as_the_cards_they_are():
    """A declared deck's copy (card 79, the second 2♥) is typed ``2h``: Tab
    offers ``2h``, and help shows ``[d 2h]``, not the record's ``#79``."""
    from rummykit.cli.text import PLAIN, legal_lines
    from rummykit.core.cards.deck import Deck

    deck = Deck(copies=2, jokers=4)
    legal = [Action("discard", (79,)), Action("discard", (parse_card("3H"),)), Action("discard", (104,))]
    assert set(completions("d ", 2, "", legal, (), typed=deck.code)) == {"2h", "3h", "jk"}
    lines = legal_lines(legal, deck.code, words=PLAIN, typed=deck.code)
    assert "discard 2H  [d 2h]" in lines and "discard JK  [d jk]" in lines


def test_a_card_no_deck_holds_is_one_line_and_the_game_goes_on(tmp_path):
    r = rummy(
        ["play", "gin", "--seat", "human:Al", "--seat", "ai:easy", "--seed", "5"],
        tmp_path,
        "s\nd #78\nscore\n",
    )
    assert r.returncode == 0, r.stderr
    assert "illegal: bad card '#78': the deck has 52 cards" in r.stdout
    assert "Score:" in r.stdout  # the next line was read
    args = ["play", "contract", "--seat", "human:Al", "--seat", "ai:easy", "--seat", "ai:easy", "--seed", "5"]
    r = rummy(args, tmp_path, "s\nhelp\nd #79\n")
    assert r.returncode == 0, r.stderr
    assert "discard 2♥  [d 2h]" in r.stdout and "Al discards 2♥" in r.stdout


def test_a_variants_short_form_that_core_has_too_means_the_move_legal_now():
    """The classic Gin family's ``p`` is ``pass`` (the upcard offer); once the
    offer is over it is core's ``p``, take discard, as README says."""
    aliases = get_plugins().registry.variant("oklahoma-gin").aliases
    assert aliases["p"] == "pass"
    offer = (Action("take discard"), Action("pass"))
    turn = (Action("draw stock"), Action("take discard"))
    assert parse_action("p", offer, None, aliases) == Action("pass")
    assert parse_action("p", turn, None, aliases) == Action("take discard")
    with pytest.raises(IllegalAction):  # neither legal: the variant's word, and its reason
        parse_action("p", (Action("discard", (NINE,)),), lambda a: f"no {a.kind} now", aliases)


def test_help_and_completion_give_p_to_the_move_it_means_now():
    from rummykit.cli.text import legal_lines

    words = get_plugins().registry.variant("oklahoma-gin").vocabulary
    turn = (Action("draw stock"), Action("take discard"))
    offer = (Action("take discard"), Action("pass"))
    assert "take discard  [p]" in legal_lines(turn, str, words=words)
    lines = legal_lines(offer, str, words=words)
    assert "take discard" in lines and "pass  [p]" in lines
    assert "p" in completions("", 0, "", turn, (), words)
