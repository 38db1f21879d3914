"""``spar:tempo``: a player that races to go out, for CardVerse and for Gin.

It counts cards, not points: what matters to it is how many cards of its hand
no meld can hold (its *loose* cards), since each is a turn away from going out.

* draw: the pile's top when it leaves fewer loose cards (after the discard it
  would then make), else the stock; with the stock empty, it ends the round
  when it holds no more cards than any opponent, else takes the pile's top;
* lay down: every meld of an arrangement that holds the most cards, at once,
  then every addition to the table (the most cards out of the hand first);
* discard: the card whose loss leaves the fewest loose cards; among those,
  never a card that fits a meld on the table (that would feed an opponent's
  addition) if it can help it, then the one fewest live ways could still
  use, then the one worth most.

Gin (ace low): the upcard when it leaves fewer loose cards (after the discard it
would then make), else the stock; gin, else a knock, as soon as allowed; the card
it lets go (a discard, a knock's or gin's) is the one whose loss leaves the fewest
loose cards, then the one fewest live ways could still use (cards not in the
discard pile), then the one worth most.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from rummykit import DRAW_STOCK, TAKE_DISCARD, Action, BaseAgent, View, all_melds, can_add, points, to_mask

from .cards import bits, live_ways, seen_dead


@lru_cache(maxsize=65536)
def held(hand: int, ace_high: bool = True) -> int:
    """The most cards of ``hand`` that disjoint melds (ace high, or low) can hold."""
    if not hand:
        return 0
    low = hand & -hand
    rest = hand ^ low
    best = held(rest, ace_high)  # the lowest card left loose
    for m in all_melds(hand, ace_high=ace_high):
        if m & low:
            best = max(best, m.bit_count() + held(hand & ~m, ace_high))
    return best


def loose(hand: int, ace_high: bool = True) -> int:
    return hand.bit_count() - held(hand, ace_high)


def top_lowers(view: View, hand: int, ace_high: bool) -> bool:
    """Whether taking the pile's top leaves fewer loose cards: it keeps the card
    it takes and discards another."""
    if not view.discard_pile:
        return False
    with_top = hand | 1 << view.discard_pile[-1]
    return min(loose(with_top & ~(1 << c), ace_high) for c in bits(hand)) < loose(hand, ace_high)


class TempoAgent(BaseAgent):
    """``spar:tempo`` for CardVerse (deterministic)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        kinds = {a.kind: a for a in legal}
        hand = to_mask(view.hand)
        if DRAW_STOCK in kinds or TAKE_DISCARD in kinds:
            return self.draw(view, kinds, hand)
        most = held(hand)
        for a in sorted((a for a in legal if a.kind == "meld"), key=lambda a: -len(a.cards)):
            m = to_mask(a.cards)
            if m.bit_count() + held(hand & ~m) == most:
                return a
        adds = [a for a in legal if a.kind == "add"]
        if adds:
            return adds[0]
        ace = int(view.extra.get("ace_points", 1))
        dead = seen_dead(view)

        def key(a: Action) -> tuple[int, bool, int, int, int]:
            c = a.cards[0]
            feeds = any(can_add(meld.cards, c, True) for meld in view.table)
            return (loose(hand & ~(1 << c)), feeds, live_ways(c, dead, True), -points(c, ace), c)

        return min((a for a in legal if a.kind == "discard"), key=key)

    def draw(self, view: View, kinds: dict[str, Action], hand: int) -> Action:
        take = kinds.get(TAKE_DISCARD)
        if view.stock_size == 0:
            mine = len(view.hand)
            if take is None or all(mine <= n for s, n in enumerate(view.hand_sizes) if s != view.seat):
                return kinds.get(DRAW_STOCK) or next(iter(kinds.values()))
            return take
        if take is not None and top_lowers(view, hand, True):
            return take
        return kinds.get(DRAW_STOCK) or next(iter(kinds.values()))


class GinTempo(BaseAgent):
    """``spar:tempo`` for Gin (deterministic)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        kinds = {a.kind: a for a in legal}
        hand = to_mask(view.hand)
        if DRAW_STOCK in kinds or TAKE_DISCARD in kinds:
            take = kinds.get(TAKE_DISCARD)
            if take is not None and top_lowers(view, hand, False):
                return take
            return kinds.get(DRAW_STOCK) or next(iter(kinds.values()))
        dead = to_mask(view.discard_pile)

        def key(a: Action) -> tuple[int, int, int, int]:
            c = a.cards[0]
            return (loose(hand & ~(1 << c), False), live_ways(c, dead, False), -points(c, 1), -c)

        for kind in ("gin", "knock", "discard"):
            moves = [a for a in legal if a.kind == kind]
            if moves:
                return min(moves, key=key)
        return legal[0]
