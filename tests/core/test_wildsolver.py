"""Melds with wild cards and the exact solver for any declared deck: worked
examples from docs/rules.md §5, and property tests against a brute force over every
family of disjoint melds."""

from __future__ import annotations

import random
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummykit.core.base.errors import CardError
from rummykit.core.cards.card import parse_card
from rummykit.core.cards.deck import JOKER, Deck
from rummykit.core.cards.solver import get_solver
from rummykit.core.cards.wild import (
    JOKERS_WILD,
    NO_WILDS,
    CardPoints,
    MeldRules,
    Needs,
    Wilds,
    is_wild_meld,
    meld_shapes,
)
from rummykit.core.cards.wildsolver import WildSolver, deadwood_any, get_wild_solver

INDIAN_DECK = Deck(copies=2, jokers=2)
INDIAN_RULES = MeldRules(ace="both")
INDIAN_POINTS = CardPoints(ranks=(10, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), joker=0, wild=0)
INDIAN_NEEDS = Needs(runs=2, pure_runs=1)
CONTRACT_DECK = Deck(copies=3, jokers=6)
CONTRACT_RULES = MeldRules(set_max=None, set_suits="repeat", run_min=4, ace="both")
CONTRACT_POINTS = CardPoints(ranks=(15, 5, 5, 5, 5, 5, 5, 5, 5, 10, 10, 10, 10), joker=15)
INDIAN = WildSolver(INDIAN_DECK, INDIAN_RULES, INDIAN_POINTS)
CONTRACT = WildSolver(CONTRACT_DECK, CONTRACT_RULES, CONTRACT_POINTS)


def cards(deck: Deck, text: str) -> list[int]:
    """Cards of ``deck`` by name, each name taking a copy not yet taken."""
    return deck.resolve_all(text, deck.full_mask)


# ------------------------------------------------------------------ melds


def test_indian_melds_from_the_rules():
    d, r = INDIAN_DECK, INDIAN_RULES
    seven = Wilds.of_rank(6)  # sevens wild
    shapes = meld_shapes(cards(d, "5H 6H 7H"), d, r, seven)  # the wild 7♥ in its own place
    assert shapes[0].kind == "run" and shapes[0].pure
    assert meld_shapes(cards(d, "5H 6H 7S"), d, r, seven)[0].pure is False  # 7♠ stands in
    assert is_wild_meld(cards(d, "AH 2H 3H"), d, r, NO_WILDS)
    assert is_wild_meld(cards(d, "QH KH AH"), d, r, NO_WILDS)
    assert not is_wild_meld(cards(d, "KH AH 2H"), d, r, NO_WILDS)  # never round the corner
    assert not is_wild_meld(cards(d, "7H 7H 7S"), d, r, NO_WILDS)  # two 7♥ in one set
    assert is_wild_meld(cards(d, "7H 7D 7S 7C"), d, r, NO_WILDS)
    assert not is_wild_meld(cards(d, "7H 7D 7S 7C JK"), d, r, JOKERS_WILD)  # five: too many
    impure_set = meld_shapes(cards(d, "7H 7D JK"), d, r, JOKERS_WILD)
    assert [(s.kind, s.pure) for s in impure_set] == [("set", False)]
    assert [s.kind for s in meld_shapes(cards(d, "7H JK JK"), d, r, JOKERS_WILD)] == ["run", "set"]
    assert not is_wild_meld(cards(d, "7H 7D JK"), d, r, NO_WILDS)  # jokers not wild: a dead card


def test_contract_melds_from_the_rules():
    d, r = CONTRACT_DECK, CONTRACT_RULES
    assert is_wild_meld(cards(d, "7H 7H 7S"), d, r, JOKERS_WILD)  # suits may repeat
    assert is_wild_meld(cards(d, "7H 7H 7S 7S 7C JK"), d, r, JOKERS_WILD)  # 3 or more
    assert not is_wild_meld(cards(d, "5H 6H 7H"), d, r, JOKERS_WILD)  # a run is 4 or more
    assert is_wild_meld(cards(d, "5H JK 7H 8H"), d, r, JOKERS_WILD)
    assert is_wild_meld(cards(d, "JH QH KH AH"), d, r, JOKERS_WILD)
    assert not is_wild_meld(cards(d, "QH KH AH 2H"), d, r, JOKERS_WILD)


def test_limits_on_wild_cards():
    d = INDIAN_DECK
    one = MeldRules(max_wilds=1, min_natural=2)
    assert is_wild_meld(cards(d, "5H 6H JK"), d, one, JOKERS_WILD)
    assert not is_wild_meld(cards(d, "5H JK JK"), d, one, JOKERS_WILD)
    no_set_wilds = MeldRules(wild_in_sets=False)
    assert [s.kind for s in meld_shapes(cards(d, "7H 7D JK"), d, no_set_wilds, JOKERS_WILD)] == []
    assert is_wild_meld(cards(d, "7H 8H JK"), d, no_set_wilds, JOKERS_WILD)


def test_bad_declarations_are_one_line_errors():
    with pytest.raises(CardError, match="ace"):
        MeldRules(ace="round")  # type: ignore[arg-type]
    with pytest.raises(CardError, match="set_max"):
        MeldRules(set_min=4, set_max=3)
    with pytest.raises(CardError, match="wild rank"):
        Wilds.of_rank(13)
    with pytest.raises(CardError, match="ranks"):
        CardPoints(ranks=(1, 2))
    with pytest.raises(CardError, match="needs"):
        Needs(sets=-1)


# ----------------------------------------------------------------- solver


def test_an_indian_declaration_two_sequences_one_pure():
    d = INDIAN_DECK
    hand = cards(d, "5H 6H 7H 9S TS JS 3C 3D 3S KC KD JK KH")
    sol = INDIAN.solve(hand, Wilds.of_rank(1), INDIAN_NEEDS)
    assert sol.meets and sol.deadwood == 0 and sol.loose == ()
    assert sorted(len(m.cards) for m in sol.melds) == [3, 3, 3, 4]


def test_indian_without_a_pure_sequence_does_not_meet_the_needs():
    d = INDIAN_DECK
    hand = cards(d, "5H JK 7H 9S JK JS 3C 3D 3S KC KD KH QC")
    sol = INDIAN.solve(hand, JOKERS_WILD, INDIAN_NEEDS)
    assert not sol.meets
    assert INDIAN.deadwood(hand, JOKERS_WILD, INDIAN_NEEDS) is None
    # with no needs the same hand melds everything but the Q♣
    assert INDIAN.deadwood(hand, JOKERS_WILD) == 10 and sol.deadwood == 10


def test_the_cut_joker_rank_stands_in_and_counts_zero():
    d = INDIAN_DECK
    twos = Wilds.of_rank(1)
    hand = cards(d, "5H 6H 2S 9C TC JC 4D 4S KH")  # 2♠ completes 5♥ 6♥ (impure)
    sol = INDIAN.solve(hand, twos, INDIAN_NEEDS)
    assert sol.meets
    assert sol.deadwood == 4 + 4 + 10
    run = next(m for m in sol.melds if parse_card("5H") in m.cards)
    assert not run.pure and run.standing == (parse_card("2S"),)


def test_a_contract_two_sets_and_a_run():
    d = CONTRACT_DECK
    hand = cards(d, "7H 7H 7S 9C 9C JK 3D 4D 5D 6D KS QS")
    sol = CONTRACT.solve(hand, JOKERS_WILD, Needs(sets=2, runs=1))
    assert sol.meets and sol.deadwood == 20
    assert sorted(m.kind for m in sol.melds) == ["run", "set", "set"]
    assert CONTRACT.deadwood(hand, JOKERS_WILD, Needs(runs=2)) is None


def test_jokers_left_over_are_loose_and_count():
    d = CONTRACT_DECK
    hand = cards(d, "2H 9S KD JK")
    sol = CONTRACT.solve(hand, JOKERS_WILD)
    assert sol.deadwood == 5 + 5 + 10 + 15 and len(sol.loose) == 4


def test_non_wild_jokers_stay_loose():
    d = INDIAN_DECK
    hand = cards(d, "5H 6H JK")
    assert INDIAN.solve(hand, NO_WILDS).loose == tuple(sorted(hand))


def test_copies_in_hand_are_all_used():
    d = INDIAN_DECK
    # 3 4 5 5 6 7 of hearts: two runs, 3-4-5 and 5-6-7 (the two 5♥ are copies)
    hand = cards(d, "3H 4H 5H 5H 6H 7H")
    sol = INDIAN.solve(hand, NO_WILDS, Needs(runs=2, pure_runs=2))
    assert sol.meets and sol.deadwood == 0 and len(sol.melds) == 2


def test_hand_input_errors():
    with pytest.raises(CardError):
        INDIAN.solve([106])
    with pytest.raises(CardError, match="twice"):
        INDIAN.solve([3, 3])
    with pytest.raises(CardError):
        INDIAN.deadwood(1 << 106)


def test_shared_solver_and_dispatch_to_the_table_solver():
    assert get_wild_solver(INDIAN_DECK, INDIAN_RULES, INDIAN_POINTS) is get_wild_solver(
        INDIAN_DECK, INDIAN_RULES, INDIAN_POINTS
    )
    gin = MeldRules()
    hand = sum(1 << c for c in (0, 1, 2, 13, 26, 39, 20, 30, 44, 51))
    assert deadwood_any(hand, Deck(), gin, CardPoints()) == get_solver().deadwood(hand)
    assert WildSolver(Deck(), gin, CardPoints()).deadwood(hand, NO_WILDS) == get_solver().deadwood(hand)


# ------------------------------------------------------------ brute force


def brute(solver: WildSolver, hand: tuple[int, ...], wilds: Wilds, needs: Needs) -> tuple[int, int] | None:
    """``(least deadwood, fewest loose cards among those of least deadwood)``
    over every family of disjoint melds (each checked by meld_shapes), meeting
    ``needs``; ``None`` when none does."""
    d, rules, pts = solver.deck, solver.rules, solver.points

    @cache
    def go(rest: tuple[int, ...], s: int, r: int, p: int) -> tuple[int, int] | None:
        if not rest:
            ok = s >= needs.sets and r >= needs.runs and p >= needs.pure_runs
            return (0, 0) if ok else None
        x, others = rest[0], rest[1:]
        options = []
        v = go(others, s, r, p)
        if v is not None:
            options.append((v[0] + pts.of(x, d, wilds), v[1] + 1))
        for n in range(1, len(others) + 1):
            for combo in combinations(others, n):
                for shape in meld_shapes((x, *combo), d, rules, wilds):
                    left = tuple(c for c in others if c not in combo)
                    v = go(left, s + 1, r, p) if shape.kind == "set" else go(left, s, r + 1, p + shape.pure)
                    if v is not None:
                        options.append(v)
        return min(options) if options else None

    return go(tuple(sorted(hand)), 0, 0, 0)


def least_deadwood(found: tuple[int, int] | None) -> int | None:
    return None if found is None else found[0]


def hands(deck: Deck, size: int, pool_ranks: int):
    """Small hands of ``deck`` from the lowest ``pool_ranks`` ranks (meld-rich) and the jokers."""
    pool = [c for c in deck.cards() if deck.is_joker(c) or deck.base(c) % 13 < pool_ranks]
    return st.lists(st.sampled_from(pool), min_size=1, max_size=size, unique=True)


NEEDS = st.sampled_from(
    [Needs(), Needs(runs=2, pure_runs=1), Needs(sets=1, runs=1), Needs(sets=2), Needs(runs=1)]
)


@settings(max_examples=150, deadline=None)
@given(hands(INDIAN_DECK, 8, 5), st.integers(-1, 4), NEEDS)
def test_indian_solver_equals_brute_force(hand, wild_rank, needs):
    wilds = JOKERS_WILD if wild_rank < 0 else Wilds.of_rank(wild_rank)
    got = INDIAN.deadwood(hand, wilds, needs)
    exact = brute(INDIAN, tuple(hand), wilds, needs)
    assert got == least_deadwood(exact)
    assert INDIAN.least(hand, wilds, needs) == exact
    sol = INDIAN.solve(hand, wilds, needs)
    check_solution(INDIAN, hand, wilds, needs, sol, exact)


@settings(max_examples=150, deadline=None)
@given(hands(CONTRACT_DECK, 8, 5), NEEDS)
def test_contract_solver_equals_brute_force(hand, needs):
    got = CONTRACT.deadwood(hand, JOKERS_WILD, needs)
    exact = brute(CONTRACT, tuple(hand), JOKERS_WILD, needs)
    assert got == least_deadwood(exact)
    assert CONTRACT.least(hand, JOKERS_WILD, needs) == exact
    check_solution(CONTRACT, hand, JOKERS_WILD, needs, CONTRACT.solve(hand, JOKERS_WILD, needs), exact)


LIMITED = WildSolver(
    Deck(copies=2, jokers=3),
    MeldRules(ace="high", max_wilds=1, min_natural=2, set_max=3),
    CardPoints(joker=25),
)
JOKER_MELDS = WildSolver(Deck(copies=1, jokers=4), MeldRules(min_natural=0, ace="both"), CardPoints(joker=5))


@settings(max_examples=100, deadline=None)
@given(st.sampled_from([LIMITED, JOKER_MELDS]), st.data(), st.integers(-1, 3), NEEDS)
def test_other_rules_equal_brute_force(solver, data, wild_rank, needs):
    hand = data.draw(hands(solver.deck, 7, 4))
    wilds = JOKERS_WILD if wild_rank < 0 else Wilds.of_rank(wild_rank)
    got = solver.deadwood(hand, wilds, needs)
    exact = brute(solver, tuple(hand), wilds, needs)
    assert got == least_deadwood(exact)
    assert solver.least(hand, wilds, needs) == exact
    check_solution(solver, hand, wilds, needs, solver.solve(hand, wilds, needs), exact)


def check_solution(solver, hand, wilds, needs, sol, exact):
    """The arrangement given is real: every card once, every meld a meld, the
    deadwood its loose cards' points, the needs as said; and it is the best
    (``exact``: the least deadwood and the fewest loose cards, or ``None``)."""
    d = solver.deck
    placed = [c for m in sol.melds for c in m.cards] + list(sol.loose)
    assert sorted(placed) == sorted(hand)
    shapes = []
    for m in sol.melds:
        got = meld_shapes(m.cards, d, solver.rules, wilds)
        assert (m.kind, m.pure) in [(s.kind, s.pure) for s in got]
        shapes.append((m.kind, m.pure))
    assert sol.deadwood == sum(solver.points.of(c, d, wilds) for c in sol.loose)
    assert sol.meets == (exact is not None)
    if exact is not None:
        assert (sol.deadwood, len(sol.loose)) == exact and needs.met_by(shapes)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 51), min_size=1, max_size=10, unique=True), st.booleans())
def test_one_deck_no_wilds_equals_the_table_solver(hand, ace_high):
    mask = sum(1 << c for c in hand)
    rules = MeldRules(ace="high" if ace_high else "low")
    assert WildSolver(Deck(), rules, CardPoints()).deadwood(mask, NO_WILDS) == get_solver(ace_high).deadwood(
        mask
    )


def test_joker_is_not_a_base_card():
    assert JOKER == 52


def test_discards_try_each_card_once_copies_alike():
    d = INDIAN_DECK
    hand = cards(d, "5H 6H 7H 7H 9S TS JS 3C 3D 3S KC KD KH JK")
    got = INDIAN.discards(hand, JOKERS_WILD, INDIAN_NEEDS)
    names = [d.base(c) for c, _ in got]
    assert len(names) == len(set(names)) == 13  # the two 7♥ once
    for c, dw in got:
        assert dw == INDIAN.deadwood([x for x in hand if x != c], JOKERS_WILD, INDIAN_NEEDS)
    seven_h = min(c for c in hand if d.code(c) == "7H")
    assert dict(got)[seven_h] == 0  # the spare 7♥ goes, everything else is melded


def test_the_arrangement_does_not_depend_on_what_the_solver_solved_before():
    """Bots read arrangements and games replay move by move: a solver that has
    filled its shared tables with other hands, in another order, answers the
    same arrangement as a fresh one."""
    rng = random.Random(5)
    deck = INDIAN_DECK
    hands = [sum(1 << c for c in rng.sample(range(deck.size), 13)) for _ in range(40)]
    others = [sum(1 << c for c in rng.sample(range(deck.size), 13)) for _ in range(120)]
    wilds = Wilds.of_rank(6)
    fresh = WildSolver(INDIAN_DECK, INDIAN_RULES, INDIAN_POINTS)
    used = WildSolver(INDIAN_DECK, INDIAN_RULES, INDIAN_POINTS)
    for h in others:
        for needs in (Needs(), INDIAN_NEEDS):
            used.deadwood(h, wilds, needs)
    for h in reversed(hands):
        used.solve(h, wilds, Needs(runs=1, pure_runs=1))
    for h in hands:
        for needs in (Needs(), INDIAN_NEEDS):
            assert fresh.solve(h, wilds, needs) == used.solve(h, wilds, needs)
