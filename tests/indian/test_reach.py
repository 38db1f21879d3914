"""ai:hard's distance from a declaration (variants/indian/reach.py) and the
quick test that skips hands that cannot declare (round.may_declare)."""

from __future__ import annotations

import random

from rummykit.core.cards.card import parse_card
from rummykit.variants.indian.melds import arrange
from rummykit.variants.indian.reach import distance, nearer, reach, reach_within, waits
from rummykit.variants.indian.round import may_declare

from .test_round import cards, made

KINGS, ACES, SEVENS = 12, 0, 6


def test_a_declaration_is_at_distance_zero_and_only_it() -> None:
    hands = [
        ("2H 3H 4H 5S 6S 7S 8S 9C 9D 9S KH KC KD", KINGS),  # kings wild: three jokers
        ("AH 2H 3H 5S 6S JK 9C 9D 9S QD QH QC 4H", SEVENS),
        ("AH 2H 3H 5S 6S JK 9C 9D 9S QD QH QC 4C", SEVENS),  # 4♣ out of any meld
        ("9C 9D 9S KC KD KS 5C 5D 5H 2H 3H 4H 4S", SEVENS),  # one sequence only
        ("2C 3C 4C 5D 6D JK JK 9H 9D 9S TS JS QS", SEVENS),
    ]
    for text, wild in hands:
        hand = cards(text)
        assert (distance(hand, wild) == 0) == arrange(hand, wild).valid, text


def test_distance_counts_the_cards_still_to_draw_and_what_they_are() -> None:
    # 2-3-4♥ and 9♣9♦9♠ made, 5-6-_-8♠ waits for the 7♠, K♣K♦ for a third king;
    # Q♥ and J♠ are out of everything: two cards to draw (aces wild, none held)
    hand = cards("2H 3H 4H 5S 6S 8S 9C 9D 9S KC KD QH JS")
    d, groups = reach(hand, ACES)
    assert d == 2
    assert {parse_card("7S"), parse_card("KH"), parse_card("KS")} <= waits(groups)
    assert distance([*hand, parse_card("7S")], ACES) == 1
    assert distance([*hand, parse_card("2C")], ACES) == 2


def test_a_pure_sequence_is_needed_whatever_the_jokers() -> None:
    # four jokers and sets, but no two naturals of a suit in order
    hand = cards("JK JK 7C 7D 2C 2D 2H 5S 9H KD KS KC QH")
    assert distance(hand, SEVENS) >= 2  # two naturals at least for a pure sequence


def test_the_quick_test_never_refuses_a_hand_that_declares() -> None:
    for text, drawn in (
        ("AH 2H 3H 5S 6S JK 9C 9D 9S QD QH QC 4C", "4H"),
        ("2C 3C 4C 5D 6D JK 9H 9D 9S TS JS QS KH", "KS"),
        ("AS 2S 3S 4S 9C TC JC QC KC 5D 5H 5C 8H", "8D"),
    ):
        rnd = made([text, "2C 3C 4D 5D 6D 8H 8S KS KD JH 2D 7C TC"], "5C", "7D", drawn)
        hand = [*rnd.hands[0], rnd.stock[-1]]
        brute = []
        for c in sorted(set(hand)):
            rest = list(hand)
            rest.remove(c)
            if arrange(rest, 6).valid:
                brute.append(c % 52)
        assert may_declare(hand, 6) or not brute
        assert sorted(c % 52 for c in rnd.declarable(hand, sorted(set(hand)))) == sorted(set(brute))
    assert brute == []  # the last: two cards out of every meld


def test_the_quick_test_refuses_hands_that_cannot_declare() -> None:
    assert not may_declare(cards("AH 3H 5H 7C 9C JC KD 2D 4S 6S 8S TS QS 4D"), SEVENS)  # no pure sequence
    # a pure sequence, no joker, and two cards with nothing near them
    assert not may_declare(cards("AH 2H 3H 4H 9C 9D 9S KC KD KS 5D 8H 7C 2D"), 10)  # 5♦, 8♥
    assert may_declare(cards("AH 2H 3H 4H 9C 9D 9S KC KD KS 5D 3D 7C 2D"), 10)  # 3♦ by the 5♦


def test_each_lone_card_melded_needs_a_joker() -> None:
    # two jokers: at most three cards with nothing near them (one laid down aside)
    assert not may_declare(cards("AH 2H 3H JK JK 5D 8H QS 6C 9D 9S 9C KD 4S"), 10)  # six lone cards
    assert may_declare(cards("AH 2H 3H JK JK 5D 8H QS 9D 9S 9C 6S 7S 8S"), 10)  # two


def test_a_bounded_search_agrees_with_the_full_one() -> None:
    # reach_within answers as reach does when the hand is that near, else only
    # that it is farther; nearer says whether a hand is nearer than a distance
    rng = random.Random(42)
    for _ in range(40):
        deck = list(range(106))
        rng.shuffle(deck)
        hand, wild = deck[: rng.choice((13, 14))], rng.randrange(14)
        d, groups = reach(hand, wild)
        for most in range(6):
            near, near_groups = reach_within(hand, wild, most)
            if d <= most:
                assert (near, near_groups) == (d, groups)
            else:
                assert near > most and near_groups == ()
            assert nearer(hand, wild, most) == (d < most)


def test_nearer_finds_the_card_that_completes_a_declaration() -> None:
    # one card from a declaration: only the 4♥ (or a joker) completes it
    hand = cards("AH 2H 3H 5S 6S JK 9C 9D 9S QD QH QC 4C")
    hand.remove(parse_card("4C"))
    assert distance(hand, SEVENS) == 1
    assert nearer([*hand, parse_card("4H")], SEVENS, 1)
    assert not nearer([*hand, parse_card("KC")], SEVENS, 1)
    assert not nearer(cards("AH 2H 3H 5S 6S JK 9C 9D 9S QD QH QC 4H"), SEVENS, 0)
