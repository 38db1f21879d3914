"""``spar:heuristic``: a short heuristic player, for CardVerse and for Gin.

CardVerse (ace high in runs):

* draw: the pile's top only when it completes a meld with the hand or fits a
  meld on the table; else the stock. With the stock empty, it asks for a card
  (which ends the round) when its hand value is at most the lowest an opponent
  likely holds (each opponent's card count times the mean of the cards it has
  not seen), else it takes the pile's top if there is one;
* lay down: everything (melds of a least-deadwood arrangement, then additions)
  when that goes out, when an opponent holds 3 cards or fewer, or when the
  stock has 6 cards or fewer; otherwise only such melds worth 20 points or more,
  and every addition to the table;
* discard: of the cards outside its melds, the card worth the most points less
  3 per live way it can still join a meld (cards not yet on the table or in
  the pile).

Gin: the pile's top when it completes a meld (the least deadwood after the best
discard drops); gin whenever it can; a knock when the deadwood is 5 or less, or
at the knock limit once the stock has 10 cards or fewer; discards as above among
the discards that leave the least deadwood.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummykit import (
    DRAW_STOCK,
    TAKE_DISCARD,
    Action,
    BaseAgent,
    View,
    all_melds,
    can_add,
    get_solver,
    points,
    to_mask,
)

from .cards import bits, live_ways, seen_dead, unseen_mean

#: The stock is "nearly gone" at this many cards (CardVerse).
LOW_STOCK = 6
#: A meld held back until it is worth this many points (CardVerse).
BIG_MELD = 20
#: Points a live way to a meld takes off a card's claim to be discarded.
WAY = 3


def discard_score(card: int, dead: int, ace_points: int, ace_high: bool) -> int:
    return points(card, ace_points) - WAY * live_ways(card, dead, ace_high)


class CardVerseHeuristic(BaseAgent):
    """``spar:heuristic`` for CardVerse (deterministic)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        ace = int(view.extra.get("ace_points", 1))
        solver = get_solver(ace_high=True, ace_points=ace)
        kinds = {a.kind: a for a in legal}
        hand = to_mask(view.hand)
        if DRAW_STOCK in kinds or TAKE_DISCARD in kinds:
            return self.draw(view, kinds, hand, ace)
        melds = [a for a in legal if a.kind == "meld"]
        adds = [a for a in legal if a.kind == "add"]
        # Melds of a least-deadwood arrangement of the hand, the largest first.
        best = solver.deadwood(hand)
        good = [a for a in melds if solver.deadwood(hand & ~to_mask(a.cards)) == best]
        good.sort(key=lambda a: -sum(points(c, ace) for c in a.cards))
        addable = to_mask([c for a in adds for c in a.cards])
        left = hand & ~addable
        goes_out = solver.deadwood(left) == 0 or (
            left.bit_count() >= 1 and any(solver.deadwood(left & ~(1 << c)) == 0 for c in bits(left))
        )
        others = [n for s, n in enumerate(view.hand_sizes) if s != view.seat]
        everything = goes_out or min(others, default=99) <= 3 or view.stock_size <= LOW_STOCK
        for a in good:
            if everything or sum(points(c, ace) for c in a.cards) >= BIG_MELD:
                return a
        if adds:
            return max(adds, key=lambda a: points(a.cards[0], ace))
        dead = seen_dead(view)
        discards = [a for a in legal if a.kind == "discard"]
        # Its loose cards: those outside the melds of a least-deadwood arrangement
        # (the melds it holds back stay whole); all of them when every card is melded.
        loose = [
            a
            for a in discards
            if solver.deadwood(hand & ~(1 << a.cards[0])) == best - points(a.cards[0], ace)
        ]
        return max(loose or discards, key=lambda a: (discard_score(a.cards[0], dead, ace, True), a.cards[0]))

    def draw(self, view: View, kinds: dict[str, Action], hand: int, ace: int) -> Action:
        top = view.discard_pile[-1] if view.discard_pile else None
        take = kinds.get(TAKE_DISCARD)
        if view.stock_size == 0:
            mine = sum(points(c, ace) for c in view.hand)
            mean = unseen_mean(view, ace)
            lowest = min((n * mean for s, n in enumerate(view.hand_sizes) if s != view.seat), default=0.0)
            if take is None or mine <= lowest:
                return kinds.get(DRAW_STOCK) or next(iter(kinds.values()))
            return take
        if take is not None and top is not None:
            if any(m >> top & 1 for m in all_melds(hand | 1 << top, ace_high=True)):
                return take
            if any(can_add(meld.cards, top, True) for meld in view.table):
                return take
        return kinds.get(DRAW_STOCK) or next(iter(kinds.values()))


class GinHeuristic(BaseAgent):
    """``spar:heuristic`` for Gin (deterministic)."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.solver = get_solver(ace_high=False, ace_points=1)

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        kinds = {a.kind: a for a in legal}
        hand = to_mask(view.hand)
        if DRAW_STOCK in kinds or TAKE_DISCARD in kinds:
            top = view.discard_pile[-1] if view.discard_pile else None
            take = kinds.get(TAKE_DISCARD)
            if (
                take is not None
                and top is not None
                and self.solver.deadwood(hand | 1 << top) < self.solver.deadwood(hand)
            ):
                return take
            return kinds.get(DRAW_STOCK) or legal[0]
        gins = [a for a in legal if a.kind == "gin"]
        if gins:
            return gins[0]
        after = dict(self.solver.discards(hand))
        limit = int(view.extra.get("knock_limit", 10))
        knocks = [a for a in legal if a.kind == "knock"]
        if knocks:
            k = min(knocks, key=lambda a: (after[a.cards[0]], a.cards[0]))
            if after[k.cards[0]] <= 5 or (view.stock_size <= 10 and after[k.cards[0]] <= limit):
                return k
        discards = [a for a in legal if a.kind == "discard"]
        floor = min(after[a.cards[0]] for a in discards)
        dead = seen_dead(view)
        return max(
            (a for a in discards if after[a.cards[0]] == floor),
            key=lambda a: (discard_score(a.cards[0], dead, 1, False), a.cards[0]),
        )
