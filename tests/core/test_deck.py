"""The declared deck: card ints for copies and jokers, text forms, typed cards
resolved to a held copy."""

from __future__ import annotations

import pytest

from rummykit.core.base.errors import CardError
from rummykit.core.cards.card import code, parse_card, pretty
from rummykit.core.cards.deck import JOKER, STANDARD_DECK, Deck


def test_the_standard_deck_is_todays_52_cards():
    d = Deck()
    assert d == STANDARD_DECK and d.standard
    assert (d.size, d.first_joker, d.full_mask) == (52, 52, (1 << 52) - 1)
    assert list(d.cards()) == list(range(52))
    for c in d.cards():
        assert d.base(c) == c and d.copy_index(c) == 0
        assert d.code(c) == code(c) and d.pretty(c) == pretty(c) and d.pretty(c, True) == pretty(c, True)


def test_copies_then_jokers():
    d = Deck(copies=2, jokers=2)
    assert (d.size, d.first_joker) == (106, 104)
    seven_h = parse_card("7H")
    assert d.copies_of(seven_h) == (seven_h, seven_h + 52)
    assert d.copies_of(JOKER) == (104, 105)
    assert d.base(seven_h + 52) == seven_h and d.copy_index(seven_h + 52) == 1
    assert d.base(105) == JOKER and d.is_joker(104) and not d.is_joker(103)
    assert d.joker_mask == 0b11 << 104
    assert not d.standard and Deck(3, 6).size == 162


def test_copies_are_written_alike_and_jokers_have_their_forms():
    d = Deck(copies=2, jokers=2)
    c = parse_card("TS")
    assert d.code(c) == d.code(c + 52) == "TS"
    assert d.pretty(c) == d.pretty(c + 52) == "10♠"
    assert (d.code(104), d.pretty(104), d.pretty(105, ascii=True)) == ("JK", "🃏", "Jk")
    assert (d.exact_code(c), d.exact_code(c + 52), d.exact_code(105)) == ("TS", "TS+1", "JK+1")


def test_typed_card_resolves_to_a_held_copy():
    d = Deck(copies=2, jokers=2)
    c = parse_card("7h")
    held = 1 << (c + 52) | 1 << 105
    assert d.resolve("7h", held) == c + 52  # the copy held, whichever it is
    assert d.resolve("7♥", held | 1 << c) == c  # the lowest held copy
    assert d.resolve("jk", held) == 105 and d.resolve("🃏", held) == 105
    with pytest.raises(CardError, match="you hold no 8h"):
        d.resolve("8h", held)
    both = 1 << c | 1 << (c + 52)
    assert d.resolve_all("7h 7h", both) == [c, c + 52]
    with pytest.raises(CardError, match="only 1 of 7h"):
        d.resolve_all("7h, 7h", 1 << c)


def test_bad_decks_and_bad_text_are_one_line_errors():
    for kwargs in ({"copies": 0}, {"copies": 9}, {"jokers": -1}, {"copies": True}, {"jokers": 1.5}):
        with pytest.raises(CardError, match="bad deck"):
            Deck(**kwargs)
    with pytest.raises(CardError, match="no jokers"):
        Deck().parse("JK")
    with pytest.raises(CardError, match="bad card"):
        Deck(2, 2).parse("ZZ")
    with pytest.raises(CardError, match="not a card of this deck"):
        Deck(2, 2).code(106)


def test_base_counts_count_copies():
    d = Deck(copies=3, jokers=1)
    c = parse_card("AS")
    assert d.base_counts([c, c + 52, c + 104, 156]) == {c: 3, JOKER: 1}
    assert d.base_counts(1 << c | 1 << (c + 104)) == {c: 2}


def test_machine_tokens_of_cards_beyond_the_52_read_back():
    from rummykit.core.cards.card import card_token
    from rummykit.core.engine.actions import Action
    from rummykit.core.engine.names import render_cards

    assert card_token(parse_card("7H")) == "7H" and card_token(59) == "#59"
    assert parse_card("#59") == 59 and parse_card("#104") == 104
    with pytest.raises(CardError):
        parse_card("#51")  # one of the 52 is written by its name
    with pytest.raises(CardError):
        parse_card("#9999")
    assert Action("discard", (59,)).notation() == "discard #59"
    d = Deck(copies=2, jokers=2)
    assert render_cards("[[59]] and [[104]]", d.pretty) == "8♣ and 🃏"
    assert render_cards("[[59]]", pretty) == "[[59]]"  # a formatter of the 52 leaves it as it is


def test_typed_cards_match_a_move_holding_other_copies():
    d = Deck(copies=2, jokers=2)
    seven_h, eight_h = parse_card("7H"), parse_card("8H")
    assert d.names([seven_h + 52, 105, eight_h]) == (seven_h, eight_h, JOKER)
    assert d.same_cards([seven_h, JOKER], [104, seven_h + 52])
    assert not d.same_cards([seven_h, seven_h], [seven_h, eight_h])
    assert d.same_cards(
        [d.parse("7h"), d.parse("jk")], d.resolve_all("7h jk", 1 << (seven_h + 52) | 1 << 105)
    )


def test_a_round_copy_shares_its_deck():
    import random

    from .toy_variant import ToyOptions, ToyRound

    rnd = ToyRound(ToyOptions(), 2, 0, random.Random(1))
    rnd.deck = Deck()  # a round that sets its deck in its constructor
    assert rnd.clone().deck is rnd.deck
