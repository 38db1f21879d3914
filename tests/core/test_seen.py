"""core/seen.py: what every seat saw of the discard pile, read from its view alone,
checked against the round itself at every turn of real rounds."""

from __future__ import annotations

import random

import pytest

from rummykit.core.actions import DRAW_STOCK, TAKE_DISCARD
from rummykit.core.agents import RandomAgent
from rummykit.core.cards import to_mask
from rummykit.core.seen import read_seen
from rummykit.variants.cardverse_rummy.options import CardVerseOptions
from rummykit.variants.cardverse_rummy.round import CardVerseRound
from rummykit.variants.gin.options import GinOptions
from rummykit.variants.gin.round import GinRound


def cardverse(n_seats: int, seed: int):
    return CardVerseRound.deal(CardVerseOptions(), n_seats, 0, random.Random(seed)), ("discard",)


def gin(n_seats: int, seed: int):
    return GinRound(GinOptions(), 0, random.Random(seed)), None


class Truth:
    """The same facts, kept from the round's own state as the moves are made."""

    def __init__(self, n: int) -> None:
        self.took = [0] * n
        self.passed = [0] * n
        self.last_pass: list[int | None] = [None] * n
        self.discards: list[list[int]] = [[] for _ in range(n)]
        self.turns = [0] * n

    def before(self, rnd, seat: int, action) -> None:
        pile = rnd.zones()["discard"]
        top = pile[-1] if pile else None
        if action.kind == DRAW_STOCK:
            self.turns[seat] += 1
            self.last_pass[seat] = top
            if top is not None:
                self.passed[seat] |= 1 << top
        elif action.kind == TAKE_DISCARD:
            self.turns[seat] += 1
            self.last_pass[seat] = None
            self.took[seat] |= 1 << top

    def after(self, rnd, seat: int, action) -> None:
        pile = rnd.zones()["discard"]
        if action.cards and pile and pile[-1] == action.cards[0] and action.kind != "meld":
            self.discards[seat].append(action.cards[0])


@pytest.mark.parametrize("make,n_seats", [(gin, 2), (cardverse, 2), (cardverse, 3), (cardverse, 4)])
def test_every_seat_reads_the_picks_passes_and_discards_of_all(make, n_seats):
    checked = 0
    for seed in range(30):
        rnd, pile_kinds = make(n_seats, seed)
        agents = [RandomAgent(seed * 10 + s) for s in range(n_seats)]
        truth = Truth(n_seats)
        while rnd.to_act() is not None:
            for viewer in range(n_seats):
                seen = read_seen(rnd.view(viewer), pile_kinds)
                assert seen.took == truth.took
                assert seen.passed == truth.passed
                assert seen.last_pass == truth.last_pass
                assert seen.discards == truth.discards
                assert seen.turns == truth.turns
                for s in range(n_seats):
                    hand = to_mask(rnd.zones()[f"hand{s}"])
                    expect = 0 if s == viewer else truth.took[s] & hand
                    assert seen.held[s] == expect
                    at = seen.last_discard_at[s]
                    if truth.discards[s]:
                        event = rnd.view(viewer).history[at]
                        assert (event.seat, event.action.cards[0]) == (s, truth.discards[s][-1])
                    else:
                        assert at == -1
                checked += 1
            seat = rnd.to_act()
            action = agents[seat].act(rnd.view(seat), rnd.legal_actions())
            truth.before(rnd, seat, action)
            rnd.apply(action)
            truth.after(rnd, seat, action)
    assert checked > 500
