"""Rummy 500's own computer player, ``ai:easy``: greedy, from its view alone.

It lays every meld and addition as soon as it can (the most valuable first),
digs into the discard pile when the meld it makes is worth more than the
loose cards it must take with it, takes the top discard when it makes a meld,
and otherwise draws from the stock and discards its costliest card that is
near no meld.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummykit import DRAW_STOCK, TAKE_DISCARD, Action, AgentSpec, BaseAgent, View, from_mask, to_mask

from .rummy500 import ADD, DIG, DISCARD, MELD, NAME, card_value, fits, low_run, meld_value, melds_in


def use_value(card: int, hand: int, view: View) -> int:
    """The most ``card`` can score at once: in a meld from ``hand`` or added to
    a table meld (0: nowhere)."""
    best = 0
    for m in melds_in(hand):
        if m >> card & 1:
            best = max(best, meld_value(from_mask(m)))
    for meld in view.table:
        if fits(meld.cards, card):
            best = max(best, card_value(card, low_run([*meld.cards, card])))
    return best


def near(card: int, hand: int) -> bool:
    """Whether ``card`` has a partner in ``hand``: a card of its rank, or of
    its suit one or two ranks away."""
    rank, suit = card % 13, card // 13
    for other in from_mask(hand & ~(1 << card)):
        if other % 13 == rank:
            return True
        if other // 13 == suit and abs(other % 13 - rank) <= 2:
            return True
    return False


class EasyAgent(BaseAgent):
    """Greedy Rummy 500: see the module."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        if DRAW_STOCK in by_kind or TAKE_DISCARD in by_kind or DIG in by_kind:
            return self.draw(view, by_kind)
        melds = by_kind.get(MELD)
        if melds:
            return max(melds, key=lambda a: (meld_value(a.cards), a.cards))
        adds = by_kind.get(ADD)
        if adds:
            return max(adds, key=lambda a: (card_value(a.cards[0]), a.cards, a.target or 0))
        return self.discard(view, by_kind[DISCARD])

    def draw(self, view: View, by_kind: dict[str, list[Action]]) -> Action:
        hand = to_mask(view.hand)
        pile = view.discard_pile
        best: tuple[float, Action] | None = None
        for a in by_kind.get(DIG, []):
            card = a.cards[0]
            taken = pile[pile.index(card) :]
            after = hand | to_mask(taken)
            loose = sum(card_value(c) for c in taken if c != card and not near(c, after))
            worth = use_value(card, after, view) - loose
            if worth > 5 and (best is None or worth > best[0]):
                best = (worth, a)
        if best is not None:
            return best[1]
        top = view.discard_top
        if TAKE_DISCARD in by_kind and top is not None and use_value(top, hand | 1 << top, view):
            return by_kind[TAKE_DISCARD][0]
        if DRAW_STOCK in by_kind:
            return by_kind[DRAW_STOCK][0]
        return (by_kind.get(TAKE_DISCARD) or by_kind[DIG])[0]

    def discard(self, view: View, discards: list[Action]) -> Action:
        hand = to_mask(view.hand)

        def cost(a: Action) -> int:
            card = a.cards[0]
            return card_value(card) - (20 if near(card, hand) else 0)

        top = max(cost(a) for a in discards)
        ties = [a for a in discards if cost(a) == top]
        return ties[self.rng.randrange(len(ties))]


EASY = AgentSpec(
    name="ai:easy",
    variant=NAME,
    strength=10,
    description="greedy: lays every meld at once, digs when it pays, discards its costliest loose card",
    factory=lambda seat, seed, options: EasyAgent(seed),
    rollout=True,  # fast and from its view alone: ai:search may roll out with it
)
