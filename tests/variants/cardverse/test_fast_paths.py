"""The fast paths of CardVerse's play-outs (the round's views, ``ai:easy``'s
plan and discard) decide exactly what their plain definitions decide."""

import random

import pytest

from rummykit.core.cards.card import points, rank_sort_key, sorted_cards, to_mask
from rummykit.core.cards.extensions import best_extensions
from rummykit.core.cards.melds import all_melds
from rummykit.core.engine.actions import Action
from rummykit.variants.cardverse_rummy import CardVerseOptions
from rummykit.variants.cardverse_rummy.bots.easy import (
    EasyAgent,
    HoldingEasyAgent,
    reach,
    shed_first,
    shed_key,
)
from rummykit.variants.cardverse_rummy.round import CardVerseRound, hand_value
from rummykit.variants.cardverse_rummy.table import extensions, hand_order, has_meld


def random_masks(seed, count):
    rng = random.Random(seed)
    for _ in range(count):
        yield to_mask(rng.sample(range(52), rng.randint(0, 14)))


def test_has_meld_is_whether_the_hand_holds_a_meld():
    masks = list(random_masks(1, 3000))
    assert any(has_meld(m) for m in masks) and not all(has_meld(m) for m in masks)
    for m in masks:
        assert has_meld(m) == bool(all_melds(m, ace_high=True)), m
    assert has_meld(to_mask([11, 12, 0]))  # Q-K-A
    assert not has_meld(to_mask([12, 0, 1]))  # K-A-2 is no run


def test_hand_order_is_sorted_with_the_ace_high():
    for m in random_masks(2, 2000):
        cards = [c for c in range(52) if m >> c & 1]
        assert hand_order(m) == tuple(sorted_cards(cards, ace_high=True))


@pytest.mark.parametrize("ace", [1, 11])
def test_shed_first_is_the_highest_shed_key(ace):
    rng = random.Random(ace)
    for _ in range(500):
        discards = [Action("discard", (c,)) for c in rng.sample(range(52), rng.randint(1, 12))]
        assert shed_first(discards, ace) is max(discards, key=lambda a: shed_key(a.cards[0], ace))


def reference_plan(agent, view):
    """EasyAgent.plan by its definition: best_extensions over every table meld
    a card of the hand could ever reach."""
    hand = to_mask(view.hand)
    table, numbers = [], []
    for m in view.table:
        mask = to_mask(m.cards)
        if reach(mask) & hand:
            table.append(mask)
            numbers.append(m.number)
    res = best_extensions(hand, table, agent.solver)
    keep = None
    if agent.discard_to_win and res.deadwood_cards == 0 and hand:
        best = None
        for c in view.hand:
            r = best_extensions(hand & ~(1 << c), table, agent.solver)
            key = (r.deadwood, -points(c, agent.ace_points), rank_sort_key(c, True))
            if best is None or key < best[0]:
                best = (key, c, r)
        _, keep, res = best
    return tuple(res.melds), tuple((card, numbers[i]) for card, i in res.added), keep


@pytest.mark.parametrize("seats,discard_to_win", [(2, False), (3, True), (4, False), (4, True)])
def test_easy_plans_as_its_definition_over_played_rounds(seats, discard_to_win):
    options = CardVerseOptions(discard_to_win=discard_to_win)
    planned = laid = 0
    for i in range(12):
        rnd = CardVerseRound.deal(options, seats, 0, random.Random(100 * seats + i))
        agents = [
            (HoldingEasyAgent if s % 2 else EasyAgent)(s, discard_to_win=discard_to_win) for s in range(seats)
        ]
        while (seat := rnd.to_act()) is not None:
            view = rnd.view(seat)
            agent = agents[seat]
            if view.extra["phase"] == "play":
                got = agent.plan(view)
                assert got == reference_plan(agent, view)
                planned += 1
                laid += bool(got[0] or got[1])
            rnd.apply(agent.act(view, view.legal))
    assert planned > 100 and laid > 10  # plans with melds and additions were compared


def reference_legal(rnd):
    """A play phase's moves by their definition: every meld of the hand, every
    card that fits a table meld, every discard, in that order."""
    hand = rnd.hands[rnd.seat_to_act]
    keep_one = rnd.discard_to_win
    out = [("meld", m) for m in all_melds(hand, ace_high=True) if not (keep_one and m == hand)]
    if not (keep_one and hand.bit_count() == 1):
        for i, (_, mask) in enumerate(rnd.table):
            out += [("add", c, i + 1) for c in range(52) if (extensions(mask) & hand) >> c & 1]
    return out + [("discard", c) for c in range(52) if hand >> c & 1]


def shown(action):
    if action.kind == "meld":
        return ("meld", to_mask(action.cards))
    if action.kind == "add":
        return ("add", action.cards[0], action.target)
    return (action.kind, action.cards[0])


@pytest.mark.parametrize("discard_to_win", [False, True])
def test_play_phase_moves_are_their_definition(discard_to_win):
    options = CardVerseOptions(discard_to_win=discard_to_win)
    checked = 0
    for i in range(10):
        rnd = CardVerseRound.deal(options, 4, 0, random.Random(i))
        agent = EasyAgent(discard_to_win=discard_to_win)
        while (seat := rnd.to_act()) is not None:
            view = rnd.view(seat)
            if view.extra["phase"] == "play":
                assert [shown(a) for a in rnd.legal_actions()] == reference_legal(rnd)
                checked += 1
            rnd.apply(agent.act(view, view.legal))
    assert checked > 100


@pytest.mark.parametrize("ace", [1, 11])
def test_hand_value_is_the_points_of_its_cards(ace):
    for m in random_masks(ace, 1000):
        assert hand_value(m, ace) == sum(points(c, ace) for c in range(52) if m >> c & 1)
