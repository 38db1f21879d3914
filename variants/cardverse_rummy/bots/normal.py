"""``ai:normal`` for CardVerse (docs/rules.md §2 "Computer players": keeps useful
partial combinations and weighs the risk that a discard helps an opponent).

* Draw: takes the top of the discard pile when it can be played at once (it
  makes a meld with its hand or fits a table meld), otherwise the stock.
* Lays down every meld and addition it can (the plan leaving the fewest points).
* Discard: the card worth the most points, except that a card in a partial
  combination that can still complete (a pair of a rank, or two cards of a run,
  whose missing card is live: not on the table, in the pile or taken by
  someone) is worth keeping, and a card that could complete a meld for the next
  player (close to a card it took from the pile) is not thrown.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummykit.core.bots.agents import BaseAgent
from rummykit.core.bots.seen import SeenReader
from rummykit.core.cards.card import code, from_mask, points, to_mask
from rummykit.core.cards.solver import get_solver
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.round import View

from .common import RUN_PARTNERS, SET_PARTNERS, live_partners, next_step, plan_turn
from .knowledge import Table, read_view

__all__ = ["NormalCardVerseAgent"]


class NormalCardVerseAgent(BaseAgent):
    KEEP = 3.0  # points one live way to complete is worth
    FEED = 6.0  # points a discard next to the next player's pick costs

    def __init__(
        self, seed: int = 0, ace_points: int = 1, discard_to_win: bool = False, **params: float
    ) -> None:
        self.seed = seed
        self.ace_points = ace_points
        self.keep_one = discard_to_win
        self.solver = get_solver(True, ace_points)
        self._set_params(params)
        self._why = ""
        self._seen = SeenReader()  # this seat's memory of the round

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal}
        table = Table([(m.number, to_mask(m.cards)) for m in view.table], self.solver)
        hand = to_mask(view.hand)
        if DRAW_STOCK in kinds or TAKE_DISCARD in kinds:
            return self._draw(view, legal, hand, table)
        _, _, melds, adds = plan_turn(hand, table, self.solver, self.keep_one)
        step = next_step(legal, melds, adds)
        if step is not None:
            self._why = "lay down every meld and addition you can"
            return step
        return self._discard(view, legal, hand)

    def explain(self, view: View, action: Action) -> str:
        return self._why or action.notation()

    def _draw(self, view: View, legal: Sequence[Action], hand: int, table: Table) -> Action:
        by_kind = {a.kind: a for a in legal}
        top = view.discard_top
        if TAKE_DISCARD in by_kind and top is not None:
            now = table.deadwood(hand)
            with_top = table.deadwood(hand | 1 << top)
            if with_top < now + points(top, self.ace_points) or DRAW_STOCK not in by_kind:
                self._why = f"{code(top)} can be played at once"
                return by_kind[TAKE_DISCARD]
        if view.stock_size == 0:
            self._why = "the stock is empty: this ends the round (lowest hand value wins)"
        else:
            self._why = "the top of the discard pile cannot be played at once"
        return by_kind.get(DRAW_STOCK) or legal[0]

    def _discard(self, view: View, legal: Sequence[Action], hand: int) -> Action:
        discards = [a for a in legal if a.kind == "discard"]
        if not discards:  # offered only some of the moves (a house rule, a search's candidates)
            self._why = "the only kind of move offered"
            return legal[0]
        if len(discards) == 1:
            self._why = "the last card"
            return discards[0]
        k = read_view(view, self._seen)
        live = k.unseen
        nxt = (view.seat + 1) % view.n_seats
        picked = k.held[nxt]
        near = 0
        for c in from_mask(picked):
            near |= to_mask(SET_PARTNERS[c])
            for x, y in RUN_PARTNERS[c]:
                near |= 1 << x | 1 << y

        def score(a: Action) -> tuple:
            c = a.cards[0]
            v = points(c, self.ace_points) - self.KEEP * live_partners(c, hand, live)
            if near >> c & 1:
                v -= self.FEED
            return (v, points(c, self.ace_points), c)

        best = max(discards, key=score)
        self._why = "the most points among the cards with no live way to a meld"
        return best
