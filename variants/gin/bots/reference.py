"""Reference opponents: two published Gin strategies, reimplemented on our engine
so that the bots' strength is measured against the field, not only against
themselves.

``ref:simple`` – the strategy of OpenSpiel's simple gin rummy bot
(``open_spiel/bots/gin_rummy/simple_gin_rummy_bot.cc``):

* draw: take the upcard if, with it, the best deadwood (after the best discard
  the rules allow) is within the knock limit, or if the upcard falls in a meld of
  a best arrangement of the 11 cards; otherwise draw from the stock;
* gin or knock as soon as allowed;
* otherwise discard the highest-ranked card outside a best arrangement of the
  11 cards (ties by suit: the highest card number). The engine does not allow
  discarding a card just taken from the pile, so that card is passed over.

``ref:novice`` – RLCard's ``GinRummyNoviceRuleAgent``:

* draw: the source uniformly at random (stock or upcard);
* gin when allowed, else knock when allowed (uniformly at random among the
  legal gin, resp. knock, moves);
* otherwise discard uniformly at random among the cards whose discard leaves
  the least deadwood.

Both use only their own seeded generator.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence

from rummykit.core.bots.agents import BaseAgent
from rummykit.core.cards.card import code
from rummykit.core.cards.solver import MeldSolver, get_solver
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.round import View

__all__ = ["NoviceGinAgent", "SimpleGinAgent"]

DISCARD, KNOCK, GIN = "discard", "knock", "gin"


def _by_kind(legal: Sequence[Action]) -> dict[str, list[Action]]:
    out: dict[str, list[Action]] = {}
    for a in legal:
        out.setdefault(a.kind, []).append(a)
    return out


def _mask(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def could_meld(hand: int, card: int) -> bool:
    """Whether ``card`` with cards of ``hand`` could make a meld (ace low): two
    more of its rank, or two of its suit beside it in a run."""
    r = card % 13
    same_rank = sum(hand >> (s * 13 + r) & 1 for s in range(4) if s * 13 + r != card)
    if same_rank >= 2:
        return True
    suit = hand >> (card - r) & 0x1FFF
    near = [r + d >= 0 and r + d < 13 and suit >> (r + d) & 1 for d in (-2, -1, 1, 2)]
    return bool((near[0] and near[1]) or (near[1] and near[2]) or (near[2] and near[3]))


class SimpleGinAgent(BaseAgent):
    """``ref:simple``: the OpenSpiel simple gin rummy bot's strategy."""

    reads_history = False  # (its views in a search's play-outs come without it)

    def __init__(self, seed: int = 0, solver: MeldSolver | None = None, knock_limit: int = 10) -> None:
        self.rng = random.Random(seed)  # unused: the strategy is deterministic
        self.solver = solver or get_solver(False, 1)
        self.knock_limit = knock_limit
        self._why = ""

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        by = _by_kind(legal)
        hand = _mask(view.hand)
        limit = view.extra.get("knock_limit", self.knock_limit)
        if DRAW_STOCK in by or TAKE_DISCARD in by:
            take, stock = by.get(TAKE_DISCARD), by.get(DRAW_STOCK)
            up = view.discard_top
            if take and up is not None and (not stock or self._wants(hand, up, limit)):
                self._why = f"{code(up)} lets you knock or joins a best meld"
                return take[0]
            self._why = "the upcard neither allows a knock nor joins a meld"
            moves = stock or take
            assert moves  # a turn to draw has a draw
            return moves[0]
        if GIN in by or KNOCK in by:
            moves = by.get(GIN) or by[KNOCK]
            card = self._highest_loose(hand, {a.cards[0] for a in moves})
            self._why = "gin or knock as soon as allowed"
            for a in moves:
                if a.cards[0] == card:
                    return a
            after = dict(self.solver.discards(hand))
            return min(moves, key=lambda a: (after[a.cards[0]], a.cards[0]))
        plain = by.get(DISCARD) or list(legal)
        card = self._highest_loose(hand, {a.cards[0] for a in plain})
        self._why = "discard the highest-ranked card outside a best arrangement"
        for a in plain:
            if a.cards[0] == card:
                return a
        return plain[0]

    def explain(self, view: View, action: Action) -> str:
        return self._why

    def _wants(self, hand: int, up: int, limit: int) -> bool:
        h11 = hand | 1 << up
        best = min(d for c, d in self.solver.discards(h11) if c != up)
        if best <= limit:
            return True
        if not could_meld(hand, up):  # no meld can hold it: no arrangement to search
            return False
        _, arrangements = self.solver.arrangements(h11, maximal_runs=True)
        return any(m >> up & 1 for arr in arrangements for m in arr)

    def _highest_loose(self, hand: int, allowed: set[int]) -> int | None:
        """The highest-ranked card (then highest card number) outside the solver's
        best arrangement of ``hand`` that is in ``allowed``; failing that, the
        highest-ranked allowed card whose discard keeps the least deadwood."""
        _, melds = self.solver.arrangement(hand)
        melded = 0
        for m in melds:
            melded |= m
        loose = [c for c in allowed if not melded >> c & 1]
        if loose:
            return max(loose, key=lambda c: (c % 13, c))
        after = dict(self.solver.discards(hand))
        return min(allowed, key=lambda c: (after[c], -(c % 13), -c)) if allowed else None


class NoviceGinAgent(BaseAgent):
    """``ref:novice``: RLCard's novice rule agent."""

    def __init__(self, seed: int = 0, solver: MeldSolver | None = None) -> None:
        self.rng = random.Random(seed)
        self.solver = solver or get_solver(False, 1)
        self._why = ""

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        by = _by_kind(legal)
        if DRAW_STOCK in by or TAKE_DISCARD in by:
            self._why = "draw from a source chosen at random"
            return legal[self.rng.randrange(len(legal))]
        for kind in (GIN, KNOCK):
            if kind in by:
                self._why = f"{kind} as soon as allowed"
                moves = by[kind]
                return moves[self.rng.randrange(len(moves))]
        plain = by.get(DISCARD) or list(legal)
        after = dict(self.solver.discards(_mask(view.hand)))
        least = min(after[a.cards[0]] for a in plain)
        best = [a for a in plain if after[a.cards[0]] == least]
        self._why = f"discard at random among the cards leaving the least deadwood ({least})"
        return best[self.rng.randrange(len(best))]

    def explain(self, view: View, action: Action) -> str:
        return self._why
