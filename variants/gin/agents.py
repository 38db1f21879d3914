"""Computer players for Cardems Gin.

``ai:easy`` (:class:`EasyGinAgent`): takes the upcard when that lowers its best
achievable deadwood (after its best discard), otherwise draws from the stock;
goes gin or knocks as soon as the engine offers it (the knock that leaves the
least deadwood); otherwise discards to the least deadwood (the exact best
discard; the card just taken from the pile is never offered). Ties go to the
card worth most, then to the agent's own seeded generator. It decides from its
:class:`~rummykit.core.engine.round.View` and the legal actions only.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from rummykit.core.bots.agents import BaseAgent
from rummykit.core.cards.card import code, points, to_mask
from rummykit.core.cards.solver import MeldSolver
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.round import View
from rummykit.core.plugins.registry import AgentSpec

from .options import GinOptions
from .round import DISCARD, GIN, KNOCK
from .scoring import default_solver

__all__ = ["EasyGinAgent", "easy_agent_spec"]


class EasyGinAgent(BaseAgent):
    """The ``ai:easy`` Gin player (deterministic for a seed)."""

    def __init__(self, seed: int = 0, solver: MeldSolver | None = None) -> None:
        self.rng = random.Random(seed)
        self.solver = solver or default_solver()

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        by_kind: dict[str, list[Action]] = {}
        for a in legal:
            by_kind.setdefault(a.kind, []).append(a)
        hand = to_mask(view.hand)
        if DRAW_STOCK in by_kind or TAKE_DISCARD in by_kind:
            take = by_kind.get(TAKE_DISCARD)
            stock = by_kind.get(DRAW_STOCK)
            if take and (not stock or self.upcard_helps(hand, view.discard_top)):
                return take[0]
            assert stock  # a turn to draw without one to take: the stock
            return stock[0]
        if GIN in by_kind:
            return self._pick(by_kind[GIN], {})
        after = dict(self.solver.discards(hand))
        if KNOCK in by_kind:
            return self._pick(by_kind[KNOCK], after)
        return self._pick(by_kind.get(DISCARD) or list(legal), after)

    def upcard_helps(self, hand: int, upcard: int | None) -> bool:
        """Whether taking ``upcard`` (and then discarding another card as well as
        possible) leaves less deadwood than the hand has now."""
        if upcard is None:
            return False
        now = self.solver.deadwood(hand)
        # The least deadwood over every discard from hand + upcard. Discarding the
        # upcard itself gives back exactly ``now``, so "less than now" can only
        # come from another card: no need to list every discard and skip it.
        return self.solver.best_discard(hand | (1 << upcard))[1] < now

    def explain(self, view: View, action: Action) -> str:
        """Why ``action``: worked out from the view when asked (the hint), never in play."""
        hand = to_mask(view.hand)
        up = view.discard_top
        if action.kind == TAKE_DISCARD and up is not None:
            now, best = self.solver.deadwood(hand), self.solver.best_discard(hand | 1 << up)[1]
            if best < now:
                return f"{code(up)} lowers the deadwood from {now} to {best}"
            return f"take {code(up)}: the stock is not offered"
        if action.kind == DRAW_STOCK:
            if up is None or not any(a.kind == TAKE_DISCARD for a in view.legal):
                return "draw from the stock"
            return f"{code(up)} does not lower the deadwood: draw from the stock"
        if action.kind == GIN:
            return "gin: every card melded"
        if action.cards:
            left = dict(self.solver.discards(hand)).get(action.cards[0])
            if action.kind == KNOCK:
                return f"knock with {left} deadwood: as soon as a knock is allowed"
            return f"{code(action.cards[0])}: discarding it leaves the least deadwood ({left})"
        return action.notation()

    def _pick(self, actions: list[Action], after: dict[int, int]) -> Action:
        """Least deadwood after the discard, then the card worth most, then random."""

        def key(a: Action) -> tuple[int, int]:
            card = a.cards[0] if a.cards else -1
            return (after.get(card, 0), -points(card) if card >= 0 else 0)

        keys = [key(a) for a in actions]
        best = min(keys)
        ties = [a for a, k in zip(actions, keys, strict=True) if k == best]
        return ties[0] if len(ties) == 1 else ties[self.rng.randrange(len(ties))]


def easy_agent_spec(
    variant: str = "gin", understands: Callable[[str, Any], bool] | None = None
) -> AgentSpec[GinOptions]:
    """The ``ai:easy`` registration for ``variant`` (a Gin house rule registers
    the same player for its own variant name with this); ``understands`` as
    :attr:`AgentSpec.understands` (by default: Gin, with any of its options)."""
    from .bots import UNDERSTANDS

    return AgentSpec(
        understands=understands or UNDERSTANDS,
        name="ai:easy",
        variant=variant,
        strength=10,
        description="takes the upcard when it lowers its deadwood, discards to the "
        "least deadwood, knocks or goes gin as soon as it may",
        factory=easy_factory,
    )


def easy_factory(seat: int, seed: int, options: GinOptions) -> EasyGinAgent:
    """``ai:easy``'s factory (a module function: environments holding it pickle)."""
    return EasyGinAgent(seed)
