"""Meld extensions (core/cards/extensions.py): Gin's layoffs after a knock and CardVerse's
additions to the table melds, against a brute-force oracle."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.cards.card import parse_cards, to_mask
from rummykit.core.cards.extensions import ExtensionResult, best_extensions, extension_options
from rummykit.core.cards.solver import get_solver

from ..helpers.melds import check_result
from . import meld_oracle as oracle

ACE_LOW = get_solver()  # the default rules: ace low, the ace worth 1


def H(text: str) -> int:
    return to_mask(parse_cards(text))


def card(text: str) -> int:
    return parse_cards(text)[0]


def test_chain_onto_a_run():
    knocker = [H("6H 7H 8H")]
    defender = H("9H TH 2C 5S KD")
    res = best_extensions(defender, knocker, ACE_LOW)
    assert res.added == ((card("9H"), 0), (card("TH"), 0))  # 9H first
    assert res.deadwood == 2 + 5 + 10
    assert res.melds == ()
    assert res.deadwood_cards == H("2C 5S KD")
    check_result(res, defender, knocker, ACE_LOW)


def test_run_grows_twice_at_one_end_t_games_366():
    knocker = [H("5H 6H 7H")]
    defender = H("3H 4H QC")
    res = best_extensions(defender, knocker, ACE_LOW)
    assert res.added == ((card("4H"), 0), (card("3H"), 0))
    assert res.deadwood == 10


def test_both_ends_of_a_run():
    knocker = [H("5H 6H 7H")]
    defender = H("4H 8H 9H 3C")
    res = best_extensions(defender, knocker, ACE_LOW)
    assert sorted(res.added) == sorted([(card("4H"), 0), (card("8H"), 0), (card("9H"), 0)])
    assert [c for c, _ in res.added].index(card("8H")) < [c for c, _ in res.added].index(card("9H"))
    assert res.deadwood == 3
    check_result(res, defender, knocker, ACE_LOW)


def test_fourth_card_onto_a_three_card_set():
    knocker = [H("7C 7D 7H")]
    defender = H("7S 9C")
    res = best_extensions(defender, knocker, ACE_LOW)
    assert res.added == ((card("7S"), 0),)
    assert res.deadwood == 9


def test_nothing_onto_a_four_card_set():
    knocker = [H("7C 7D 7H 7S")]
    defender = H("6C 8C 6S 8S")
    assert extension_options(defender, knocker, ACE_LOW) == [[()]]
    res = best_extensions(defender, knocker, ACE_LOW)
    assert res.added == () and res.deadwood == 28


def test_card_kept_out_of_own_meld_when_laying_off_is_better():
    knocker = [H("6H 7H 8H")]
    # Alone: the four 9s, TH loose (10). Together: 9C 9D 9S, and 9H then TH
    # laid off onto 6H-8H: 0.
    defender = H("9C 9D 9H 9S TH")
    assert ACE_LOW.deadwood(defender) == 10
    res = best_extensions(defender, knocker, ACE_LOW)
    assert res.deadwood == 0
    assert res.melds == (H("9C 9D 9S"),)
    assert res.added == ((card("9H"), 0), (card("TH"), 0))


def test_own_meld_preferred_when_equal():
    # Laying 5H 6H 7H off onto 2H-4H or keeping 5H-7H as a meld: both leave
    # 5C 5D (10); fewer layoffs wins.
    knocker = [H("2H 3H 4H")]
    defender = H("5H 6H 7H 5C 5D")
    res = best_extensions(defender, knocker, ACE_LOW)
    assert res.deadwood == 10
    assert res.added == ()
    assert res.melds == (H("5H 6H 7H"),)


def test_two_runs_compete_for_one_card():
    knocker = [H("2H 3H 4H"), H("6H 7H 8H")]
    defender = H("5H KC")
    res = best_extensions(defender, knocker, ACE_LOW)
    assert res.added == ((card("5H"), 0),)  # once, onto the lowest index
    defender = H("5H 9H KC")
    res = best_extensions(defender, knocker, ACE_LOW)
    assert res.deadwood == 10
    assert sorted(res.added) == [(card("5H"), 0), (card("9H"), 1)]
    # 5H could also go to 6H-8H, but never twice
    assert len({c for c, _ in res.added}) == len(res.added)


def test_ace_rules_for_layoffs():
    # Gin: ace low. AS goes below 2S-4S, never above JS-KS.
    assert best_extensions(H("AS"), [H("2S 3S 4S")], ACE_LOW).added == ((card("AS"), 0),)
    assert best_extensions(H("AS"), [H("JS QS KS")], ACE_LOW).added == ()
    high = get_solver(True, 11)
    assert best_extensions(H("AS"), [H("2S 3S 4S")], high).added == ()
    res = best_extensions(H("AS"), [H("JS QS KS")], high)
    assert res.added == ((card("AS"), 0),) and res.deadwood == 0
    assert best_extensions(H("2S"), [H("QS KS AS")], high).added == ()


def test_bad_knocker_melds():
    with pytest.raises(ValueError):
        best_extensions(H("2C"), [H("5H 6H 8H")], ACE_LOW)
    with pytest.raises(ValueError):
        best_extensions(H("5H"), [H("5H 6H 7H")], ACE_LOW)  # defender holds a knocker card
    with pytest.raises(ValueError):
        best_extensions(H("2C"), [H("5H 6H 7H"), H("7H 8H 9H")], ACE_LOW)


def test_empty_defender():
    res = best_extensions(0, [H("5H 6H 7H")], ACE_LOW)
    assert res == ExtensionResult(deadwood=0, melds=(), added=(), deadwood_cards=0)


# ------------------------------------------------------------ property tests

CONFIGS = [(False, 1), (True, 1), (True, 11)]


def check_against_oracle(order, config, n_knocker):
    solver = get_solver(*config)
    knocker = to_mask(order[:n_knocker])
    defender = to_mask(order[n_knocker : n_knocker + 10])
    _, knocker_melds = solver.arrangement(knocker)
    res = best_extensions(defender, knocker_melds, solver)
    check_result(res, defender, knocker_melds, solver)
    want = oracle.oracle_layoffs(defender, knocker_melds, *config)
    assert (res.deadwood, len(res.added)) == want
    # layoffs never make things worse than the defender alone
    assert res.deadwood <= solver.deadwood(defender)


@given(st.permutations(range(52)), st.sampled_from(CONFIGS))
@settings(max_examples=200, deadline=None)
def test_random_deals_match_brute_force(order, config):
    check_against_oracle(order, config, 10)


# Meld-rich deals: ranks A-7 only (and J Q K for the ace-high runs), so the
# knocker has melds and the defender many cards that fit them.
RICH = [s * 13 + r for s in range(4) for r in (0, 1, 2, 3, 4, 5, 6, 10, 11, 12)]


@given(st.permutations(RICH), st.sampled_from(CONFIGS), st.sampled_from([10, 11, 14]))
@settings(max_examples=250, deadline=None)
def test_meld_rich_deals_match_brute_force(order, config, n_knocker):
    check_against_oracle(order, config, n_knocker)
