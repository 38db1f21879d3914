"""``ai:normal`` for Gin: the easy player's greed, plus an eye on what can still
come and what the opponent wants.

* Draw: takes the upcard when, after its best discard, it leaves less deadwood
  than now (as ``ai:easy``), otherwise draws from the stock.
* Gin at once. Knocks as soon as it may (the knock leaving least deadwood)
  while the stock holds 20 cards or more; later only with 4 deadwood or less, as
  a late knock with more is often undercut.
* Discard: keeps the partial combinations that can still complete. Each
  candidate hand is valued by the deadwood it would have after one more draw,
  averaged over the live cards (those it has not seen in the discard pile or
  taken by the opponent), with a bonus when that deadwood could knock; a little
  of the present deadwood counts too. A card close to one the opponent took
  from the pile (same rank, or same suit within two ranks) is avoided.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummykit.core.bots.agents import BaseAgent
from rummykit.core.cards.card import code, points
from rummykit.core.cards.solver import MeldSolver, get_solver
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.round import View

from .common import expected_after_draw, near_taken
from .knowledge import Knowledge, read_view, seen_reader

__all__ = ["NormalGinAgent"]

DISCARD, KNOCK, GIN = "discard", "knock", "gin"


class NormalGinAgent(BaseAgent):
    NEAR_PENALTY = 4.0  # deadwood points a discard close to an opponent's pick costs
    MARGIN = 10  # discards considered: within this much of the least deadwood
    KNOCK_BONUS = 6.0  # value of a hand that may knock after the next draw
    PRESENT = 0.25  # weight of the present deadwood
    LATE_STOCK = 20  # from this stock size down ...
    LATE_MAX = 4  # ... knock only with this much deadwood or less (undercuts)

    def __init__(self, seed: int = 0, solver: MeldSolver | None = None, **params: float) -> None:
        self.rng = random.Random(seed)
        self.solver = solver or get_solver(False, 1)
        self._set_params(params)
        self._why = ""
        self._seen = seen_reader()  # this seat's memory of the round

    # -- the interface ----------------------------------------------------------

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        if DRAW_STOCK in by_kind or TAKE_DISCARD in by_kind:
            return self._draw(view, by_kind)
        if GIN in by_kind:
            self._why = "no deadwood left: gin"
            return by_kind[GIN][0]
        k = read_view(view, self._seen)
        after = dict(self.solver.discards(k.hand))
        if KNOCK in by_kind:
            best = min(by_kind[KNOCK], key=lambda a: (after[a.cards[0]], -points(a.cards[0]), a.cards[0]))
            d = after[best.cards[0]]
            if k.stock >= self.LATE_STOCK or d <= self.LATE_MAX or k.stock <= 2:
                self._why = f"knock with {d} deadwood"
                return best
            declined = f"don't knock with {d} deadwood this late: the opponent may undercut you; "
        else:
            declined = ""
        limit = view.extra.get("knock_limit", 10)
        action = self._discard(k, by_kind.get(DISCARD) or list(legal), after, limit)
        self._why = declined + self._why
        return action

    def explain(self, view: View, action: Action) -> str:
        return self._why or f"{action.notation()}"

    # -- decisions --------------------------------------------------------------

    def _draw(self, view: View, by_kind: dict[str, list[Action]]) -> Action:
        take = by_kind.get(TAKE_DISCARD)
        stock = by_kind.get(DRAW_STOCK)
        up = view.discard_top
        if take and up is not None:
            hand = 0
            for c in view.hand:
                hand |= 1 << c
            now = self.solver.deadwood(hand)
            best = min((d for c, d in self.solver.discards(hand | 1 << up) if c != up), default=now)
            if best < now or not stock:
                self._why = f"{code(up)} lowers the deadwood from {now} to {best}"
                return take[0]
        self._why = "the upcard does not lower the deadwood: draw from the stock"
        moves = stock or take
        assert moves  # a turn to draw has a draw
        return moves[0]

    def _discard(self, k: Knowledge, actions: list[Action], after: dict[int, int], limit: int) -> Action:
        least = min(after[a.cards[0]] for a in actions)
        live = k.unseen
        scored = []
        for a in actions:
            card = a.cards[0]
            dw = after[card]
            if dw > least + self.MARGIN:
                continue
            rest = k.hand & ~(1 << card)
            near = near_taken(card, k)
            expect = expected_after_draw(self.solver, rest, live, limit, self.KNOCK_BONUS, self.KNOCK_BONUS)
            score = expect + self.PRESENT * dw + (self.NEAR_PENALTY if near else 0.0)
            scored.append((score, -points(card), self.rng.random(), a, dw, expect, near))
        scored.sort(key=lambda t: t[:3])
        _, _, _, best, dw, expect, near = scored[0]
        self._why = f"keep the partial melds whose missing cards are still live (leaves {dw} deadwood)"
        return best
