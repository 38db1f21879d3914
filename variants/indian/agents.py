"""Indian Rummy's computer players, from their seat's view alone.

* ``ai:easy`` melds what it can: it takes the discard when that brings its
  hand nearer a declaration (:func:`~.melds.progress`), throws the card whose
  loss leaves the best hand (the highest on a tie), and declares as soon as
  it can.
* ``ai:normal`` also keeps partial melds (pairs and near cards out of melds
  count less) and guards its discards: it avoids throwing a card the next
  player can use with a card they took from the pile; it drops a hopeless
  first hand.
* ``ai:hard`` also reads what every other player picks up and throws: it
  avoids feeding any of them, and values a partial meld by the cards still
  unseen that complete it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummykit.core.bots.agents import BaseAgent
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.round import View
from rummykit.core.plugins.registry import AgentSpec

from .cards import BASE, FIRST_JOKER, is_joker, value
from .melds import WEIGHT, progress
from .round import DECLARE, DISCARD, DROP, FIRST_DROP, NAME, same


def near(card: int, other: int) -> bool:
    """Whether two natural cards can be in one meld: one rank (other suit) or
    one suit within two ranks."""
    if card >= FIRST_JOKER or other >= FIRST_JOKER:
        return False
    a, b = card % BASE, other % BASE
    if a == b:
        return False
    if a % 13 == b % 13:
        return True
    if a // 13 != b // 13:
        return False
    d = abs(a % 13 - b % 13)
    return d <= 2 or d >= 11  # the ace next to the queen and king


class EasyIndianAgent(BaseAgent):
    """ai:easy: see the module."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    # -- the hand's worth ------------------------------------------------------

    def worth(self, hand: Sequence[int], view: View) -> float:
        """How far ``hand`` is from a declaration (lower is better)."""
        return progress(hand, self.wild(view)) / WEIGHT

    @staticmethod
    def wild(view: View) -> int:
        wild = view.extra.get("wild")
        return wild if isinstance(wild, int) else -1

    def best_discard(self, hand: Sequence[int], view: View, legal: Sequence[Action]) -> tuple[float, int]:
        wild = self.wild(view)
        best: tuple[float, float, int] | None = None
        seen: set[int] = set()
        for c in hand:
            if same(c) in seen:
                continue
            seen.add(same(c))
            rest = list(hand)
            rest.remove(c)
            w = self.worth(rest, view) + self.danger(c, view)
            key = (w, -value(c, wild) - (0 if not is_joker(c, wild) else -100), self.rng.random())
            if best is None or key[:2] < best[:2]:
                best = (key[0], key[1], c)
        assert best is not None
        return best[0], best[2]

    def danger(self, card: int, view: View) -> float:
        """What throwing ``card`` may give away (0 for ai:easy)."""
        return 0.0

    # -- moves ----------------------------------------------------------------

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal}
        if DROP in kinds:
            return self.draw(view, legal)
        declares = [a for a in legal if a.kind == DECLARE]
        if declares:
            return declares[0]
        _, card = self.best_discard(view.hand, view, legal)
        return next(a for a in legal if a.kind == DISCARD and same(a.cards[0]) == same(card))

    def draw(self, view: View, legal: Sequence[Action]) -> Action:
        by_kind = {a.kind: a for a in legal}
        if self.should_drop(view):
            return by_kind[DROP]
        top = view.discard_top
        if TAKE_DISCARD in by_kind and top is not None:
            now = self.worth(view.hand, view)
            after, card = self.best_discard([*view.hand, top], view, legal)
            if (after < now - 0.5 and same(card) != same(top)) or DRAW_STOCK not in by_kind:
                return by_kind[TAKE_DISCARD]
        return by_kind.get(DRAW_STOCK) or by_kind[TAKE_DISCARD]

    def should_drop(self, view: View) -> bool:
        return False


class NormalIndianAgent(EasyIndianAgent):
    """ai:normal: see the module."""

    KEEP = 0.4  # the share of a loose card's points a near card saves
    DROP_AT = 70  # a first hand this far from a declaration is dropped

    def worth(self, hand: Sequence[int], view: View) -> float:
        base = progress(hand, self.wild(view)) / WEIGHT
        # loose cards near other cards are partial melds: worth keeping
        bonus = 0.0
        for c in hand:
            if c >= FIRST_JOKER:
                continue
            links = sum(1 for o in hand if near(c, o))
            if links:
                bonus += self.KEEP * value(c, self.wild(view)) * min(1.0, links * self.outs(c, view))
        return base - bonus

    def outs(self, card: int, view: View) -> float:
        """How live a partial meld through ``card`` is (1 for ai:normal)."""
        return 1.0

    def takers(self, view: View) -> list[int]:
        """The seats whose pickups this player reads: the next player."""
        seats = view.match.seats if view.match is not None and view.match.seats else range(view.n_seats)
        order = list(seats)
        if view.seat not in order:
            return []
        return [order[(order.index(view.seat) + 1) % len(order)]]

    def danger(self, card: int, view: View) -> float:
        watch = set(self.takers(view))
        taken = [e.card for e in view.history if e.seat in watch and e.action.kind == TAKE_DISCARD]
        hits = sum(1 for t in taken if t is not None and near(card, t))
        return 1.5 * hits

    def should_drop(self, view: View) -> bool:
        if view.seat in (view.extra.get("drawn") or ()):
            return False
        return progress(view.hand, self.wild(view)) / WEIGHT >= self.DROP_AT


class HardIndianAgent(NormalIndianAgent):
    """ai:hard: see the module."""

    def takers(self, view: View) -> list[int]:
        seats = view.match.seats if view.match is not None and view.match.seats else range(view.n_seats)
        dropped = view.extra.get("dropped") or ()
        return [s for s in seats if s != view.seat and s not in dropped]

    def outs(self, card: int, view: View) -> float:
        """The share of the cards completing a partial meld through ``card``
        that are not seen gone (in the discard pile below the top)."""
        gone = [same(c) for c in view.discard_pile[:-1]]
        rank, suit = card % 13, (card % BASE) // 13
        want = [s * 13 + rank for s in range(4) if s != suit]
        want += [suit * 13 + (rank + d) % 13 for d in (-1, 1)]
        live = sum(2 - gone.count(w) - sum(same(h) == w for h in view.hand) for w in want)
        return max(0.2, min(1.0, live / (2 * len(want)) * 1.4))

    def danger(self, card: int, view: View) -> float:
        watch = set(self.takers(view))
        nxt = super().takers(view)
        score = 0.0
        for e in view.history:
            if e.seat in watch and e.action.kind == TAKE_DISCARD and e.card is not None and near(card, e.card):
                score += 2.0 if e.seat in nxt else 1.0
        return score


def easy_factory(seat: int, seed: int, options: object) -> EasyIndianAgent:
    return EasyIndianAgent(seed)


def normal_factory(seat: int, seed: int, options: object) -> NormalIndianAgent:
    return NormalIndianAgent(seed)


def hard_factory(seat: int, seed: int, options: object) -> HardIndianAgent:
    return HardIndianAgent(seed)


AGENTS = (
    AgentSpec(
        name="ai:easy",
        variant=NAME,
        strength=10,
        description="melds what it can, throws its worst card, declares as soon as it can",
        factory=easy_factory,
        rollout=True,
    ),
    AgentSpec(
        name="ai:normal",
        variant=NAME,
        strength=20,
        description="keeps partial melds, guards its discards from the next player, drops a hopeless hand",
        factory=normal_factory,
    ),
    AgentSpec(
        name="ai:hard",
        variant=NAME,
        strength=30,
        description="reads what every player picks up, values partial melds by their live cards",
        factory=hard_factory,
        rollout=True,
    ),
)
