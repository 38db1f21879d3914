"""The polynomial meld planner (core/cards/meldplan.py): brute force on small hands,
the enumerating solver and ``best_extensions`` on medium ones, legal plays on any."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.cards.card import from_mask, parse_cards, points, rank_sort_key, to_mask
from rummykit.core.cards.extensions import best_extensions
from rummykit.core.cards.meldplan import best_play, best_play_keeping
from rummykit.core.cards.melds import all_melds
from rummykit.core.cards.solver import get_solver

from ..helpers.melds import check_result
from ..marks import slow
from . import meld_oracle as oracle

CONFIGS = [(False, 1), (True, 1), (True, 11)]
FULL = (1 << 52) - 1


def H(text: str) -> int:
    return to_mask(parse_cards(text))


def play(hand, table=(), config=(True, 1)):
    return best_play(hand, table, ace_high=config[0], ace_points=config[1])


@st.composite
def deals(draw, pool=tuple(range(52)), max_hand=12, max_table=30):
    """(hand, table melds, config): table melds made of random cards outside the hand."""
    config = draw(st.sampled_from(CONFIGS))
    order = draw(st.permutations(pool))
    n_hand = draw(st.integers(0, min(max_hand, len(order))))
    hand = to_mask(order[:n_hand])
    rest = list(order[n_hand:])
    n_table = draw(st.integers(0, min(max_table, len(rest))))
    table_pool = to_mask(rest[:n_table])
    melds = list(all_melds(table_pool, config[0]))
    table, used = [], 0
    for i in draw(st.permutations(range(len(melds)))):
        if not melds[i] & used:
            table.append(melds[i])
            used |= melds[i]
    return hand, table, config


RICH = tuple(s * 13 + r for s in range(4) for r in (0, 1, 2, 3, 4, 5, 6, 10, 11, 12))


# ------------------------------------------------------------------ examples


def test_the_full_deck_is_four_runs():
    res = play(FULL)
    assert res.deadwood == 0 and res.deadwood_cards == 0 and res.added == ()
    assert res.melds == tuple(
        sorted(H(f"2{s} 3{s} 4{s} 5{s} 6{s} 7{s} 8{s} 9{s} T{s} J{s} Q{s} K{s} A{s}") for s in "CDHS")
    )


def test_the_full_deck_keeping_one_card_keeps_a_ten_and_still_goes_out():
    kept, res = best_play_keeping(FULL, ace_high=True, ace_points=1)
    assert kept == parse_cards("TC")[0]
    assert res.deadwood == 0
    assert H("2C 3C 4C 5C 6C 7C 8C 9C") in res.melds and H("JC QC KC AC") in res.melds


def test_keeping_one_card_of_a_four_card_run_and_of_a_three_card_meld():
    assert best_play_keeping(H("5H 6H 7H 8H"), ace_high=True, ace_points=1) == (
        parse_cards("8H")[0],
        play(H("5H 6H 7H")),
    )
    kept, res = best_play_keeping(H("5H 6H 7H"), ace_high=True, ace_points=1)
    assert kept == parse_cards("7H")[0]
    assert res.melds == () and res.deadwood_cards == H("5H 6H") and res.deadwood == 11


def test_a_chain_below_a_table_run_stops_at_a_card_used_in_a_set():
    # 4C goes into the set of fours, so 3C cannot reach the table run 5C 6C 7C.
    res = play(H("3C 4C 4H 4S"), [H("5C 6C 7C")])
    assert res.added == () and res.melds == (H("4C 4H 4S"),)
    assert res.deadwood_cards == H("3C")


def test_overlapping_table_melds_an_empty_hand_to_keep_from_and_odd_aces_are_refused():
    with pytest.raises(ValueError):
        play(H("2C"), [H("2C 3C 4C")])
    with pytest.raises(ValueError):
        play(H("9D"), [H("2C 3C 4C"), H("4C 4D 4H")])
    with pytest.raises(ValueError):
        best_play_keeping(0, ace_high=True, ace_points=1)
    with pytest.raises(ValueError, match="ace_points"):
        best_play(H("2C"), ace_high=True, ace_points=12)


# --------------------------------------------- brute force on small hands


def check_against_brute_force(hand, table, config):
    solver = get_solver(*config)
    res = play(hand, table, config)
    check_result(res, hand, table, solver)
    if not table:
        want_dw, want_arrs = oracle.oracle_solve(hand, *config)
        assert res.deadwood == want_dw and res.melds in want_arrs
    want = oracle.oracle_layoffs(hand, table, *config)
    assert (res.deadwood, len(res.added)) == want


@given(deals(max_hand=10, max_table=20))
@settings(max_examples=300, deadline=None)
def test_small_deals_match_brute_force(deal):
    check_against_brute_force(*deal)


@given(deals(pool=RICH, max_hand=10, max_table=24))
@settings(max_examples=300, deadline=None)
def test_meld_rich_small_deals_match_brute_force(deal):
    check_against_brute_force(*deal)


# ------------------------- the enumerating solver and best_extensions, medium hands


def check_against_solver(hand, table, config):
    solver = get_solver(*config)
    res = play(hand, table, config)
    assert res == best_extensions(hand, table, solver)  # tie-break included
    if not table:
        assert (res.deadwood, res.melds) == solver.arrangement(hand)
        assert res.deadwood == solver.deadwood(hand)


@slow
@given(deals(max_hand=22, max_table=30))
@settings(max_examples=300, deadline=None)
def test_medium_deals_match_the_solver_and_best_extensions(deal):
    check_against_solver(*deal)


@slow
@given(deals(pool=RICH, max_hand=20, max_table=20))
@settings(max_examples=300, deadline=None)
def test_meld_rich_medium_deals_match_the_solver_and_best_extensions(deal):
    check_against_solver(*deal)


@given(deals(pool=RICH, max_hand=12, max_table=24))
@settings(max_examples=200, deadline=None)
def test_keeping_a_card_is_the_best_discard_then_the_best_play(deal):
    hand, table, (ace_high, ace_points) = deal
    if not hand:
        return
    solver = get_solver(ace_high, ace_points)
    best = None
    for c in from_mask(hand):
        res = best_extensions(hand & ~(1 << c), table, solver)
        key = (res.deadwood, -points(c, ace_points), rank_sort_key(c, ace_high))
        if best is None or key < best[0]:
            best = (key, c, res)
    assert best_play_keeping(hand, table, ace_high=ace_high, ace_points=ace_points) == best[1:]


# ----------------------------------------------------- any hand: a legal play


@given(deals(max_hand=52, max_table=52))
@settings(max_examples=150, deadline=None)
def test_large_deals_give_legal_plays_no_worse_than_the_melds_alone(deal):
    hand, table, config = deal
    solver = get_solver(*config)
    res = play(hand, table, config)
    check_result(res, hand, table, solver)
    alone = play(hand, (), config)
    check_result(alone, hand, (), solver)
    assert res.deadwood <= alone.deadwood
    # any play of the hand without a card is a play of the hand with it loose
    if hand:
        c = (hand & -hand).bit_length() - 1
        assert alone.deadwood <= play(hand & ~(1 << c), (), config).deadwood + points(c, config[1])
