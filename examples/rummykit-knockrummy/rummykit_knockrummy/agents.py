"""Knock Rummy's computer players, from their seat's view alone.

``ai:easy`` draws the discard when it lowers its deadwood, discards to the
least deadwood, and knocks once its deadwood is 3 or less.

``ai:normal`` plays the same cards but keeps pairs and near-runs on a tie,
and knocks when its deadwood is low against what the others likely hold: an
estimate of an opponent's deadwood that falls as the hand goes on (from the
hand size and the turns played), lowered for every card an opponent took from
the discard pile (it is building melds) and for every opponent more (the
lowest of several hands is lower). It knocks sooner when it is near the
elimination total itself and a hand lost by waiting would put it out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummykit import DRAW_STOCK, TAKE_DISCARD, Action, AgentSpec, BaseAgent, View, from_mask, points, to_mask

from .knockrummy import KNOCK, NAME, SOLVER

#: The deadwood ai:easy knocks with.
EASY_KNOCK = 3


def draw_choice(view: View, legal: Sequence[Action]) -> Action:
    """Take the discard when it lowers the least deadwood after a discard;
    otherwise draw from the stock."""
    kinds = {a.kind: a for a in legal}
    top = view.discard_top
    if TAKE_DISCARD in kinds and top is not None:
        hand = to_mask(view.hand)
        after = min(dw for c, dw in SOLVER.discards(hand | 1 << top) if c != top)
        if after < SOLVER.deadwood(hand) or DRAW_STOCK not in kinds:
            return kinds[TAKE_DISCARD]
    return kinds.get(DRAW_STOCK) or kinds[TAKE_DISCARD]


def near(card: int, hand: int) -> int:
    """How many cards of ``hand`` are near ``card``: of its rank, or of its
    suit one or two ranks away."""
    rank, suit = card % 13, card // 13
    return sum(
        1
        for other in from_mask(hand)
        if other != card and (other % 13 == rank or (other // 13 == suit and abs(other % 13 - rank) <= 2))
    )


class EasyKnockAgent(BaseAgent):
    """ai:easy: see the module."""

    knock_at = EASY_KNOCK

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)  # its own generator, never the global one

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        if any(a.kind in (DRAW_STOCK, TAKE_DISCARD) for a in legal):
            return draw_choice(view, legal)
        hand = to_mask(view.hand)
        after = dict(SOLVER.discards(hand))
        discards = [a for a in legal if a.kind != KNOCK]
        best = min(self.cost(a.cards[0], after, hand) for a in discards)
        ties = [a for a in discards if self.cost(a.cards[0], after, hand) == best]
        card = ties[self.rng.randrange(len(ties))].cards[0]
        kind = KNOCK if after[card] <= self.knock_limit(view) else "discard"
        return next(a for a in legal if a.kind == kind and a.cards == (card,))

    def cost(self, card: int, after: dict[int, int], hand: int) -> tuple[int, ...]:
        """What discarding ``card`` leaves (lower is better)."""
        return (after[card], -points(card))

    def knock_limit(self, view: View) -> int:
        """The most deadwood it knocks with now."""
        return self.knock_at


class NormalKnockAgent(EasyKnockAgent):
    """ai:normal: see the module."""

    def cost(self, card: int, after: dict[int, int], hand: int) -> tuple[int, ...]:
        return (after[card], near(card, hand), -points(card))

    def knock_limit(self, view: View) -> int:
        match = view.match
        seats = match.seats if match is not None and match.seats else tuple(range(view.n_seats))
        opponents = [s for s in seats if s != view.seat]
        cards = len(view.hand) - 1  # after the discard
        turns = sum(1 for e in view.history if e.action.kind in ("discard", KNOCK))
        rounds = turns / max(1, len(seats))
        # An opponent's deadwood, guessed: about 4 points a card at the deal,
        # falling as they draw and discard.
        guess = cards * 4.0 * max(0.35, 1.0 - 0.09 * rounds)
        for e in view.history:
            if e.action.kind == TAKE_DISCARD and e.seat != view.seat:
                guess -= 3.0
        guess *= 1.0 - 0.12 * (len(opponents) - 1)
        limit = guess * 0.8  # measured: knocking at half of this loses to ai:easy
        if match is not None and match.totals:
            out_at = int(match.facts.get("out_at", 100))
            room = out_at - match.totals[view.seat]
            if room <= 25:  # one bad hand from going out: take a decent chance now
                limit *= 1.3
        return max(1, int(limit))


def easy_factory(seat: int, seed: int, options: object) -> EasyKnockAgent:
    return EasyKnockAgent(seed)


def normal_factory(seat: int, seed: int, options: object) -> NormalKnockAgent:
    return NormalKnockAgent(seed)


EASY = AgentSpec(
    name="ai:easy",
    variant=NAME,
    strength=10,
    description="discards to the least deadwood, knocks with 3 or less",
    factory=easy_factory,
    rollout=True,  # fast and from its view alone: ai:search may roll out with it
)

NORMAL = AgentSpec(
    name="ai:normal",
    variant=NAME,
    strength=20,
    description="keeps near cards, knocks when its deadwood is low against what the others likely hold",
    factory=normal_factory,
)
