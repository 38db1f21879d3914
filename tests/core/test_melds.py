"""Meld rules (docs/rules.md "Common to both", §1 "Ace is always low", §2 "Ace is
high, after the king, in runs")."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.cards.card import parse_cards, to_mask
from rummykit.core.cards.melds import all_melds, can_add, in_rank_order, is_meld, meld_kind

from . import meld_oracle as oracle


def C(text: str) -> list[int]:
    return parse_cards(text)


# ------------------------------------------------------------------ meld_kind


@pytest.mark.parametrize(
    "text, kind",
    [
        ("AS 2S 3S", "run"),
        ("3S AS 2S", "run"),  # order does not matter
        ("9H TH JH QH KH", "run"),
        ("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "run"),
        ("7C 7D 7H", "set"),
        ("7C 7D 7H 7S", "set"),
        ("QS KS AS", None),  # ace low only
        ("JS QS KS AS", None),
        ("KS AS 2S", None),  # no wrap
        ("AS 2S 4S", None),  # gap
        ("AS 2S 3H", None),  # two suits
        ("7C 7D", None),  # two cards
        ("7C 8C", None),
        ("7C", None),
        ("", None),
        ("7C 7D 8C", None),
        ("7C 7D 7H 8C", None),
    ],
)
def test_meld_kind_ace_low(text, kind):
    assert meld_kind(C(text)) == kind
    assert is_meld(C(text)) == (kind is not None)


@pytest.mark.parametrize(
    "text, kind",
    [
        ("QS KS AS", "run"),
        ("JS QS KS AS", "run"),
        ("AS KS QS JS TS", "run"),
        ("2H 3H 4H", "run"),
        ("AS 2S 3S", None),  # ace high only
        ("KS AS 2S", None),  # no wrap-around
        ("AS 2S 3S 4S", None),
        ("AC AD AH", "set"),
        ("AC AD AH AS", "set"),
        ("AH 2H 3H 4H", None),  # would need the ace low
        ("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH", "run"),
    ],
)
def test_meld_kind_ace_high(text, kind):
    assert meld_kind(C(text), ace_high=True) == kind


def test_whole_suit_is_a_run_with_ace_high_and_low():
    suit = [13 * 2 + r for r in range(13)]  # all hearts
    assert meld_kind(suit) == "run"  # A..K
    assert meld_kind(suit, ace_high=True) == "run"  # 2..K A


def test_duplicate_card_is_not_a_meld():
    seven = C("7H")[0]
    assert meld_kind([seven, seven, seven]) is None
    assert meld_kind(C("7C 7D") + C("7D")) is None
    assert meld_kind(C("5H 6H 7H") + C("7H")) is None


def test_not_cards_are_not_melds():
    assert meld_kind([0, 1, 52]) is None
    assert meld_kind([-1, 0, 1]) is None


def test_accepts_any_iterable():
    assert meld_kind(iter(C("4D 5D 6D"))) == "run"
    assert meld_kind(x for x in C("4D 4C 4S")) == "set"


@given(st.sets(st.integers(0, 51), min_size=0, max_size=6), st.booleans())
@settings(max_examples=300, deadline=None)
def test_meld_kind_matches_oracle(cards, ace_high):
    assert is_meld(sorted(cards), ace_high) == oracle.oracle_is_meld(cards, ace_high)


def test_meld_kind_exhaustive_small_groups():
    # every 3- and 4-subset of one suit, and of one rank, in both ace rules
    for ace_high in (False, True):
        for combo in combinations(range(13, 26), 3):
            assert is_meld(combo, ace_high) == oracle.oracle_is_meld(combo, ace_high)
        for combo in combinations(range(13, 26), 4):
            assert is_meld(combo, ace_high) == oracle.oracle_is_meld(combo, ace_high)
        for combo in combinations([5, 18, 31, 44], 3):
            assert meld_kind(combo, ace_high) == "set"


# -------------------------------------------------------------------- can_add


def one(text: str) -> int:
    return C(text)[0]


def test_can_add_run_both_ends():
    run = C("6H 7H 8H")
    assert can_add(run, one("5H"))
    assert can_add(run, one("9H"))
    assert not can_add(run, one("TH"))  # not adjacent
    assert not can_add(run, one("9S"))  # other suit
    assert not can_add(run, one("7H"))  # already in it
    assert not can_add(run, one("6C"))


def test_can_add_ace_ends():
    assert can_add(C("2S 3S 4S"), one("AS"))
    assert not can_add(C("2S 3S 4S"), one("AS"), ace_high=True)
    assert not can_add(C("JS QS KS"), one("AS"))
    assert can_add(C("JS QS KS"), one("AS"), ace_high=True)
    assert not can_add(C("QS KS AS"), one("2S"), ace_high=True)
    assert not can_add(C("AS 2S 3S"), one("KS"))


def test_can_add_sets():
    assert can_add(C("7C 7D 7H"), one("7S"))
    assert not can_add(C("7C 7D 7H"), one("8S"))
    assert not can_add(C("7C 7D 7H 7S"), one("7S"))
    for card in range(52):
        assert not can_add(C("7C 7D 7H 7S"), card)


def test_can_add_needs_a_meld():
    assert not can_add(C("7C 7D"), one("7H"))
    assert not can_add(C("5H 6H"), one("7H"))


# ------------------------------------------------------------- in_rank_order


def test_in_rank_order():
    assert in_rank_order(C("3S AS 2S")) == C("AS 2S 3S")
    assert in_rank_order(C("AS KS QS"), ace_high=True) == C("QS KS AS")
    assert in_rank_order(C("7S 7H 7C 7D")) == C("7C 7D 7H 7S")
    assert in_rank_order(C("AS AC AH"), ace_high=True) == C("AC AH AS")


# ----------------------------------------------------------------- all_melds


def test_all_melds_small_example():
    hand = to_mask(C("AS 2S 3S 4S 7C 7D 7H 7S KH"))
    got = set(all_melds(hand))
    expected = {
        to_mask(C(t))
        for t in [
            "AS 2S 3S",
            "2S 3S 4S",
            "AS 2S 3S 4S",
            "7C 7D 7H",
            "7C 7D 7S",
            "7C 7H 7S",
            "7D 7H 7S",
            "7C 7D 7H 7S",
        ]
    }
    assert got == expected
    assert len(all_melds(hand)) == len(expected)


def test_all_melds_ace_high_example():
    hand = to_mask(C("QD KD AD 2D 3D"))
    assert set(all_melds(hand, ace_high=True)) == {to_mask(C("QD KD AD"))}
    assert set(all_melds(hand)) == {to_mask(C("AD 2D 3D"))}


@given(st.sets(st.integers(0, 51), min_size=0, max_size=13), st.booleans())
@settings(max_examples=300, deadline=None)
def test_all_melds_matches_oracle(cards, ace_high):
    hand = to_mask(cards)
    assert all_melds(hand, ace_high) == list(oracle.oracle_melds(hand, ace_high))


def test_all_melds_whole_suit_counts():
    hand = to_mask(range(13))  # all clubs: runs of length 3..13 = 11+10+...+1
    assert len(all_melds(hand)) == sum(range(1, 12))
    assert len(all_melds(hand, ace_high=True)) == sum(range(1, 12))
