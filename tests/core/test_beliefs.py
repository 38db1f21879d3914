"""Beliefs (core/bots/beliefs.py) and the weighted deal (InfoState.deal's weights).

A weighted deal is still a deal the seat cannot tell from the real one (its view,
card counts and every card it saw unchanged); the weights move only the cards
it has not seen; equal weights deal every card to every hidden place alike; the
card model reads an opponent's picks, passes and discards from the seat's view.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummykit.core.bots.agents import RandomAgent
from rummykit.core.bots.beliefs import NEAR, Beliefs, CardModel, belief_sample
from rummykit.core.bots.search import SearchAgent
from rummykit.core.cards.card import parse_card
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD
from rummykit.core.engine.resample import Weights, weighted_hands
from rummykit.core.play.match import Match
from rummykit.variants.cardverse_rummy.spec import SPEC as CARDVERSE
from rummykit.variants.gin.spec import SPEC as GIN

SETTINGS = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SPECS = {"gin": GIN, "cardverse": CARDVERSE}


def played(name: str, seats: int, seed: int, steps: int) -> Match:
    spec = SPECS[name]
    match = Match(spec, spec.options_model(), seats, seed)
    agents = [RandomAgent(seed + s) for s in range(seats)]
    start = match.round_index
    for _ in range(steps):
        if match.over or match.round_index != start:
            break
        seat = match.to_act()
        view = match.view(seat)
        match.apply(agents[seat].act(view, view.legal))
    return match


@pytest.mark.parametrize("name, seats", [("gin", 2), ("cardverse", 2), ("cardverse", 4)])
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 120), bias=st.integers(0, 51))
def test_a_weighted_deal_is_one_the_seat_cannot_tell_from_the_real_one(name, seats, seed, steps, bias):
    match = played(name, seats, seed, steps)
    rnd = match.round
    if rnd.result is not None:
        return
    seat = rnd.to_act()
    info = rnd.information(seat)
    # Strong, lopsided weights: every opponent wants the cards near `bias`.
    weights = {o: [1000.0 if NEAR[bias][c] else 0.001 for c in range(52)] for o in range(seats) if o != seat}
    rng = random.Random(seed)
    for _ in range(3):
        other = info.sample(rng, weights)
        assert other.view(seat) == rnd.view(seat)
        assert sorted(c for cs in other.zones().values() for c in cs) == sorted(
            c for cs in rnd.zones().values() for c in cs
        )
        for s in range(seats):
            assert len(other.view(s).hand) == len(rnd.view(s).hand)
            # Every card an opponent revealed and still holds is where the seat saw it go.
            assert set(rnd.view(seat).hand) == set(other.view(seat).hand)


def test_weights_move_the_unseen_cards_into_the_hand_that_wants_them():
    match = played("gin", 2, 7, 0)
    rnd = match.round
    seat = rnd.to_act()
    info = rnd.information(seat)
    wanted = list(info.unseen)[:5]
    weights = {1 - seat: [1e6 if c in wanted else 1.0 for c in range(52)]}
    for k in range(5):
        other = belief_sample(info, random.Random(k), weights)
        assert set(wanted) <= set(other.view(1 - seat).hand)
    # Without weights the same cards are spread out.
    held = sum(
        len(set(wanted) & set(belief_sample(info, random.Random(k), None).view(1 - seat).hand))
        for k in range(40)
    )
    assert held < 40 * 5 * 0.6


def test_equal_weights_deal_every_card_to_every_hand_alike():
    cards = list(range(20))
    groups = [(1, 5), (2, 5)]
    weights = {1: [2.0] * 52, 2: [2.0] * 52}
    rng = random.Random(3)
    counts: Counter[tuple[int, int]] = Counter()
    n = 4000
    for _ in range(n):
        hands, rest = weighted_hands(cards, groups, weights, rng)
        assert sorted([*hands[1], *hands[2], *rest]) == cards
        for s, hand in hands.items():
            counts.update((s, c) for c in hand)
    # Each card in each hand a quarter of the time (5 of 20): within 4 standard errors.
    sd = (n * 0.25 * 0.75) ** 0.5
    for s in (1, 2):
        for c in cards:
            assert abs(counts[(s, c)] - n * 0.25) < 4 * sd


def test_a_heavier_card_is_drawn_more_often():
    cards = list(range(10))
    weights = {1: [3.0 if c == 0 else 1.0 for c in range(52)]}
    rng = random.Random(5)
    n = 3000
    got = sum(0 in weighted_hands(cards, [(1, 1)], weights, rng)[0][1] for _ in range(n))
    assert abs(got / n - 3 / 12) < 0.03  # 3 / (3 + 9), one card drawn


def _first(view, kind):
    return next(a for a in view.legal if a.kind == kind)


def test_the_model_reads_passes_and_picks_from_the_view():
    match = played("gin", 2, 11, 0)
    rnd = match.round
    first = rnd.to_act()
    up = rnd.view(first).discard_pile[-1]
    rnd.apply(_first(rnd.view(first), DRAW_STOCK))  # passes on the upcard
    view = rnd.view(first)
    rnd.apply(next(a for a in view.legal if a.kind == "discard"))
    other = rnd.to_act()
    beliefs = Beliefs(pile_kinds=None)
    w = beliefs.weights(rnd.view(other))[first]
    partner = next(c for c in range(52) if NEAR[up][c] == 1.0)
    far = next(c for c in range(52) if NEAR[up][c] == 0 and c != up)
    assert w[partner] < w[far]  # it passed the upcard on: its neighbours are less likely in its hand
    # The other seat takes the discard: its neighbours become more likely in its hand.
    top = rnd.view(other).discard_pile[-1]
    rnd.apply(_first(rnd.view(other), TAKE_DISCARD))
    view = rnd.view(other)
    rnd.apply(next(a for a in view.legal if a.kind == "discard" and a.cards[0] != top))
    w2 = Beliefs(pile_kinds=None).weights(rnd.view(first))[other]
    near_top = [c for c in range(52) if NEAR[top][c] == 1.0]
    assert max(w2[c] for c in near_top) > 1.0


def test_the_model_gives_no_evidence_at_the_deal():
    match = played("cardverse", 3, 2, 0)
    view = match.view(match.to_act())
    for w in Beliefs().weights(view).values():
        assert w == [1.0] * 52


def test_near_is_symmetric_and_counts_ace_both_ways():
    for c in range(52):
        for t in range(52):
            assert NEAR[c][t] == NEAR[t][c]
    assert NEAR[parse_card("AS")][parse_card("KS")] == 1.0
    assert NEAR[parse_card("AS")][parse_card("2S")] == 1.0
    assert NEAR[parse_card("AS")][parse_card("AH")] == 1.0
    assert NEAR[parse_card("AS")][parse_card("4S")] == 0.0


def test_search_draws_its_deals_uniformly_or_by_beliefs_and_plays_legally():
    match = played("gin", 2, 5, 6)
    rnd = match.round
    seat = rnd.to_act()
    view = rnd.view(seat)
    info = rnd.information(seat)
    uniform = SearchAgent(9, options=GIN.options_model(), iterations=8, beliefs=False)
    assert uniform.beliefs is None
    believing = SearchAgent(9, options=GIN.options_model(), iterations=8, beliefs=Beliefs(CardModel(), None))
    assert uniform.act(view, view.legal, info=info) in view.legal
    assert believing.act(view, view.legal, info=info) in view.legal


def test_beliefs_give_the_true_hidden_hands_more_likelihood_than_uniform():
    """Over Gin rounds of ref:simple against itself, the beliefs put the cards the
    opponent truly holds where they are more often than a uniform deal does (the
    log-likelihood of where each unseen card lies, as benchmarks/bench_beliefs.py)."""
    import math

    from rummykit.core.engine.resample import deal_round
    from rummykit.variants.gin.bots import simple_factory

    options = GIN.options_model()
    rng = random.Random(1)
    gain = 0.0
    decisions = 0
    for i in range(3):
        rnd = deal_round(GIN, options, 2, 0, random.Random(100 + i))
        agents = [simple_factory(s, i * 2 + s, options) for s in range(2)]
        readers = [Beliefs(pile_kinds=None) for _ in range(2)]
        step = 0
        while (seat := rnd.to_act()) is not None:
            view = rnd.view(seat)
            weights = readers[seat].weights(view)
            step += 1
            if step > 6 and step % 2 == 0:
                info = rnd.information(seat)
                unseen = list(info.unseen)
                truth = set(rnd.zones()[f"hand{1 - seat}"]) & set(unseen)
                m = len(truth)
                counts = dict.fromkeys(unseen, 0)
                for _ in range(100):
                    hands, _ = weighted_hands(unseen, [(1 - seat, m)], weights, rng)
                    counts.update((c, counts[c] + 1) for c in hands[1 - seat])
                for c in unseen:
                    p = (counts[c] + 0.5) / 101
                    u = m / len(unseen)
                    gain += math.log(p if c in truth else 1 - p) - math.log(u if c in truth else 1 - u)
                decisions += 1
            rnd.apply(agents[seat].act(view, view.legal))
    assert decisions >= 15, decisions
    assert gain / decisions > 0.3, (
        gain / decisions,
        decisions,
    )  # nats a decision (1.8 on these deals; bench_beliefs: 1.06 over 40 rounds)


def test_weights_without_a_hand_likelihood_deal_draw_for_draw_as_plain_weights():
    cards = list(range(30))
    groups = [(1, 7), (2, 7)]
    plain = {1: [1.0 + c % 3 for c in range(52)], 2: [1.0 + c % 5 for c in range(52)]}
    for seed in range(5):
        a = weighted_hands(cards, groups, plain, random.Random(seed))
        b = weighted_hands(cards, groups, Weights(plain), random.Random(seed))
        assert a == b


def test_a_hand_likelihood_keeps_a_hand_with_its_chance():
    """One card of ten for seat 1, every hand holding card 0 kept with chance
    1/2 (up to 20 draws): card 0 is dealt 0.5 / (0.5 + 9) of the time, not 1/10;
    with chance 0 it is dealt only when every draw was refused."""
    cards = list(range(10))
    rng = random.Random(7)
    n = 4000
    for chance, expected in ((0.5, 0.5 / 9.5), (0.0, 0.0)):
        weights = Weights({1: [1.0] * 52}, lambda seat, hand, p=chance: p if 0 in hand else 1.0, tries=20)
        got = sum(0 in weighted_hands(cards, [(1, 1)], weights, rng)[0][1] for _ in range(n))
        assert abs(got / n - expected) < 0.015, (chance, got / n)


def test_core_model_gives_no_hand_likelihood():
    match = played("cardverse", 4, 2, 30)
    view = match.view(match.to_act())
    assert not isinstance(Beliefs().weights(view), Weights)
