"""The meld solver: hand-worked examples and brute-force property tests."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.cards.card import from_mask, parse_cards, to_mask
from rummykit.core.cards.melds import is_meld
from rummykit.core.cards.solver import MeldSolver, get_solver

from . import meld_oracle as oracle

ACE_LOW = get_solver()  # the default rules: ace low, the ace worth 1

CONFIGS = [(False, 1), (True, 1), (True, 11)]


def H(text: str) -> int:
    return to_mask(parse_cards(text))


def card(text: str) -> int:
    return parse_cards(text)[0]


# --------------------------------------------------------------- construction


def test_get_solver_is_cached_and_the_default_is_ace_low():
    assert get_solver() is ACE_LOW
    assert get_solver(True, 11) is get_solver(True, 11)
    assert get_solver(True, 11) is not get_solver(True, 1)
    assert (ACE_LOW.ace_high, ACE_LOW.ace_points) == (False, 1)


@pytest.mark.parametrize("bad", [0, -1, 1.5, True, "11"])
def test_bad_ace_points(bad):
    with pytest.raises(ValueError):
        MeldSolver(ace_points=bad)


# ----------------------------------------------------------- worked examples


def test_rules_example():
    hand = H("AS 2S 3S 7C 7D 7H 9D TD KC 4H")
    assert ACE_LOW.deadwood(hand) == 4 + 9 + 10 + 10
    dw, melds = ACE_LOW.arrangement(hand)
    assert dw == 33
    assert set(melds) == {H("AS 2S 3S"), H("7C 7D 7H")}
    assert ACE_LOW.arrangements(hand) == (33, [tuple(sorted(melds))])


def test_five_card_run_is_not_split_t_games_369():
    # The hand from t_games #369: the bot tracked 6D-TD as two 3-card runs.
    hand = H("JC 9D 8S 6D JS 8H TD 8D 7D JD")
    # Best: 6D 7D 8D 9D TD + JC JD JS, loose 8S 8H.
    # (8-set + J-set leaves 6D 7D 9D TD = 32; the 6-card run leaves 36.)
    dw, melds = ACE_LOW.arrangement(hand)
    assert dw == 16
    assert set(melds) == {H("6D 7D 8D 9D TD"), H("JC JD JS")}
    # and there is no other way to reach 16
    assert ACE_LOW.arrangements(hand)[1] == [tuple(sorted(melds))]
    # a lone five-card run is one meld, never 3 + 2 loose
    assert ACE_LOW.arrangement(H("3C 4C 5C 6C 7C")) == (0, (H("3C 4C 5C 6C 7C"),))


def test_card_better_in_set_than_run_and_vice_versa():
    # 7H in the set: 5H 6H loose (11) beats 7C 7D loose (14)
    hand = H("5H 6H 7H 7C 7D")
    assert ACE_LOW.arrangement(hand) == (11, (H("7C 7D 7H"),))
    # 7H in the run: 7C 7D loose (14) beats 8H 9H loose (17)
    hand = H("7C 7D 7H 8H 9H")
    assert ACE_LOW.arrangement(hand) == (14, (H("7H 8H 9H"),))
    # 4-set split: 7S goes to the run, 7C 7D 7H stay a set
    hand = H("7C 7D 7H 7S 8S 9S")
    assert ACE_LOW.arrangements(hand) == (0, [tuple(sorted((H("7C 7D 7H"), H("7S 8S 9S"))))])
    # all four 7s in the set when the run does not need one
    hand = H("7C 7D 7H 7S 9S TS JS")
    assert ACE_LOW.arrangement(hand) == (0, tuple(sorted((H("7C 7D 7H 7S"), H("9S TS JS")))))


def test_ace_rules_in_the_solver():
    hand = H("QS KS AS")
    assert ACE_LOW.deadwood(hand) == 21
    assert get_solver(True, 1).deadwood(hand) == 0
    assert get_solver(True, 11).deadwood(hand) == 0
    hand = H("AS 2S 3S")
    assert ACE_LOW.deadwood(hand) == 0
    assert get_solver(True, 1).deadwood(hand) == 6
    assert get_solver(True, 11).deadwood(hand) == 16
    hand = H("KS AS 2S")  # never a run
    assert [get_solver(*c).deadwood(hand) for c in CONFIGS] == [13, 13, 23]
    assert get_solver(True, 11).points(H("AC AD KS")) == 32
    assert ACE_LOW.points(H("AC AD KS")) == 12


def test_tied_arrangements():
    hand = H("TC TD TH JH QH")  # set or run: both leave 20
    dw, arrs = ACE_LOW.arrangements(hand)
    assert dw == 20
    assert arrs == sorted([(H("TC TD TH"),), (H("TH JH QH"),)])
    # arrangement(): fewest melds, then the smallest masks
    assert ACE_LOW.arrangement(hand) == (20, (H("TC TD TH"),))


def test_split_runs_and_maximal_runs():
    hand = H("3H 4H 5H 6H 7H 8H")
    dw, arrs = ACE_LOW.arrangements(hand)
    assert dw == 0
    assert arrs == sorted([(hand,), tuple(sorted((H("3H 4H 5H"), H("6H 7H 8H"))))])
    assert ACE_LOW.arrangements(hand, maximal_runs=True) == (0, [(hand,)])
    assert ACE_LOW.arrangement(hand) == (0, (hand,))


def test_empty_and_tiny_hands():
    assert ACE_LOW.deadwood(0) == 0
    assert ACE_LOW.arrangement(0) == (0, ())
    assert ACE_LOW.arrangements(0) == (0, [()])
    assert ACE_LOW.discards(0) == []
    with pytest.raises(ValueError):
        ACE_LOW.best_discard(0)
    assert ACE_LOW.best_discard(H("KH")) == (card("KH"), 0)
    assert ACE_LOW.discards(H("KH 2C")) == [(card("2C"), 10), (card("KH"), 2)]


def test_best_discard_is_not_the_highest_loose_card():
    # Found by brute force over meld-rich hands, checked by hand.
    hand = H("4C 5C AD 3D 4D 5D 6D 5H 2S 4S 5S")
    # The only best arrangement: 3D-6D and 5C 5H 5S, loose 4C AD 2S 4S = 11.
    assert ACE_LOW.arrangements(hand) == (11, [tuple(sorted((H("3D 4D 5D 6D"), H("5C 5H 5S"))))])
    # Dropping its highest loose card (a 4) leaves 7. Discarding the melded
    # 6D is better: 4C 4D 4S + 5C 5D 5H 5S, loose AD 3D 2S = 6.
    assert ACE_LOW.best_discard(hand) == (card("6D"), 6)
    discards = dict(ACE_LOW.discards(hand))
    assert discards[card("4C")] == discards[card("4S")] == 7
    assert discards[card("6D")] == 6


def test_best_discard_tie_break_prefers_higher_points():
    # Discarding AC or 4C leaves a 3-card run (0); the 4C has more points.
    assert ACE_LOW.best_discard(H("AC 2C 3C 4C")) == (card("4C"), 0)
    # Equal points: the lower card int (clubs before hearts).
    assert ACE_LOW.best_discard(H("QC KH 5S 6S 7S")) == (card("QC"), 10)
    # With the ace worth 11, ace high: AS beats JS (both leave 0).
    assert get_solver(True, 11).best_discard(H("JS QS KS AS")) == (card("AS"), 0)
    assert get_solver(True, 1).best_discard(H("JS QS KS AS")) == (card("JS"), 0)


def test_single_suit_tables_against_a_simple_dp():
    """Every 13-bit pattern of one suit, against an independent run DP."""
    for ace_high, ace_points in CONFIGS:
        solver = get_solver(ace_high, ace_points)
        order = list(range(1, 13)) + [0] if ace_high else list(range(13))
        pts = [oracle.card_points(r, ace_points) for r in order]
        for p in range(1 << 13):
            have = [bool(p >> r & 1) for r in order]
            best = [0] * 14  # best[i]: least deadwood of the first i positions
            for i in range(1, 14):
                b = best[i - 1] + (pts[i - 1] if have[i - 1] else 0)
                k = 3
                while i - k >= 0 and all(have[i - k : i]):
                    b = min(b, best[i - k])
                    k += 1
                best[i] = b
            assert solver.deadwood(p << 26) == best[13], (ace_high, p)


# ------------------------------------------------------------ property tests

deck = st.integers(0, 51)
rich_pool = st.sampled_from([s * 13 + r for s in range(4) for r in range(6)])
configs = st.sampled_from(CONFIGS)
random_hands = st.one_of(st.sets(deck, min_size=10, max_size=10), st.sets(deck, min_size=11, max_size=11))
rich_hands = st.one_of(
    st.sets(rich_pool, min_size=10, max_size=10), st.sets(rich_pool, min_size=11, max_size=11)
)


def check_against_oracle(cards, config):
    ace_high, ace_points = config
    solver = get_solver(ace_high, ace_points)
    hand = to_mask(cards)
    want_dw, want_arrs = oracle.oracle_solve(hand, ace_high, ace_points)

    assert solver.deadwood(hand) == want_dw
    dw, arrs = solver.arrangements(hand)
    assert dw == want_dw
    assert arrs == sorted(want_arrs)  # exactly the optimal arrangements, sorted, no duplicates
    for a in arrs:
        assert list(a) == sorted(a)

    dw1, best = solver.arrangement(hand)
    assert dw1 == want_dw and best in want_arrs
    # arrangement(): runs never cut, then fewest melds, then smallest masks
    _, maximal = solver.arrangements(hand, maximal_runs=True)
    assert set(maximal) <= want_arrs
    assert best == min(maximal, key=lambda a: (len(a), a))
    for a in maximal:
        runs = [m for m in a if len({c % 13 for c in from_mask(m)}) > 1]
        for r1 in runs:
            for r2 in runs:
                assert r1 == r2 or not is_meld(from_mask(r1 | r2), ace_high)

    want_disc = oracle.oracle_discards(hand, ace_high, ace_points)
    assert solver.discards(hand) == sorted(want_disc.items())
    if cards:
        key = lambda c: (want_disc[c], -oracle.card_points(c, ace_points), c)  # noqa: E731
        c = min(want_disc, key=key)
        assert solver.best_discard(hand) == (c, want_disc[c])
    assert solver.points(hand) == sum(oracle.card_points(c, ace_points) for c in cards)


@given(random_hands, configs)
@settings(max_examples=250, deadline=None)
def test_random_hands_match_brute_force(cards, config):
    check_against_oracle(cards, config)


@given(rich_hands, configs)
@settings(max_examples=250, deadline=None)
def test_meld_rich_hands_match_brute_force(cards, config):
    check_against_oracle(cards, config)


@given(st.sets(deck, max_size=16), configs)
@settings(max_examples=150, deadline=None)
def test_other_sizes_match_brute_force(cards, config):
    check_against_oracle(cards, config)


AROUND_ACE = [s * 13 + r for s in range(4) for r in (0, 1, 2, 10, 11, 12)]


@given(st.sets(st.sampled_from(AROUND_ACE), min_size=8, max_size=12), configs)
@settings(max_examples=200, deadline=None)
def test_hands_around_the_ace_match_brute_force(cards, config):
    # A 2 3 and J Q K of every suit: where ace-low and ace-high differ.
    check_against_oracle(cards, config)
