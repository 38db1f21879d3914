"""Contract Rummy's computer players: ``ai:easy``, ``ai:normal``, ``ai:hard``.

* ``ai:easy`` lays its contract as soon as it can and adds what fits, takes the
  discard only for a joker or a card that makes a three of a rank or of a run,
  buys only jokers, and throws its worst card (the least use to its contract,
  the most penalty points among equals);
* ``ai:normal`` keeps partial melds: it discards the card whose loss leaves
  its hand nearest its contract (how many cards it lacks), takes the discard
  and buys (hand under 14 cards) any card that brings it nearer; it guards its
  discards: among equals, not a card that fits a meld on the table or of a
  rank the next player has picked up;
* ``ai:hard`` plays as ``ai:normal`` and more (``hard.py``): it goes down
  with the layout that leaves the fewest penalty points once it adds what it
  can to its own new melds (the exact arrangement); it reads what the next
  player took from the pile or bought and what it threw or passed on, and
  among equal discards throws one that player is not seen to want, not a card
  that fits a table meld; among discards that leave its hand as near its
  contract, it keeps the hand that more kinds of card would still help; once
  another player is down it sheds its high cards first (with an opponent down
  to two cards, its highest card before anything else); once down itself it
  adds each card where the rest of its hand can still follow, and throws
  first the cards no table meld could take even after one more card;
  it buys as ``ai:normal`` does, but nothing in the last deal (where every card
  must go into its runs).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.round import View
from rummykit.core.plugins.registry import AgentSpec

from ..cards import rank
from ..round import ADD, BUY, DISCARD, DOWN, PASS, contract_deck
from .common import (
    best_down,
    buy_or_pass,
    copies,
    draw_or_take,
    helps,
    pick_add,
    smart_discard,
    worst_discard,
)
from .hard import best_add, exact_down, hard_discard


class ContractAgent:
    """A Contract Rummy player of a level (``easy``, ``normal`` or ``hard``)."""

    def __init__(self, seed: int = 0, level: str = "easy") -> None:
        self.rng = random.Random(seed)
        self.level = level

    def observe(self, event: Any, view: View) -> None:
        return None

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        kinds = {a.kind for a in legal}
        if BUY in kinds:
            return self._buy(view, legal)
        if TAKE_DISCARD in kinds or (len(kinds) == 1 and "draw stock" in kinds):
            if self.level == "easy":
                return draw_or_take(view, legal, 2.0)
            return self._draw(view, legal)
        down = exact_down(view, legal) if self.level == "hard" else best_down(view, legal)
        if down is not None:
            return down
        add = best_add(view, legal) if self.level == "hard" else pick_add(legal, view)
        if add is not None:
            return add
        if self.level == "easy":
            return worst_discard(view, legal, self.rng)
        if self.level == "hard":
            return hard_discard(view, legal, self.rng)
        return smart_discard(view, legal, self.rng, self._guarded(view))

    def _draw(self, view: View, legal: Sequence[Action]) -> Action:
        top = view.discard_top
        take = next((a for a in legal if a.kind == TAKE_DISCARD), None)
        if take is None or top is None:
            return next(a for a in legal if a.kind != TAKE_DISCARD)
        n = copies(view)
        down = bool(view.extra.get("down_counts", (0,) * view.n_seats)[view.seat])
        if top >= 52 * n or (not down and helps(top, view)):
            return take
        return draw_or_take(view, legal, 99.0)

    def _buy(self, view: View, legal: Sequence[Action]) -> Action:
        if self.level == "easy":
            return buy_or_pass(view, legal, threshold=99.0)
        top = view.discard_top
        n = copies(view)
        down = bool(view.extra.get("down_counts", (0,) * view.n_seats)[view.seat])
        no = next(a for a in legal if a.kind == PASS)
        yes = next(a for a in legal if a.kind == BUY)
        if top is None or down:
            return no
        if self.level == "hard" and view.extra.get("deal") == 7:
            # The last deal goes out with every card melded: two more cards
            # in hand (one a penalty card) are two more to fit into its runs.
            return no
        if top >= 52 * n:
            return yes
        return yes if len(view.hand) < 14 and helps(top, view) else no

    # -- reasons (the hint's "why": worked out from the view when asked, never in play) --

    def explain(self, view: View, action: Action) -> str:
        deck = contract_deck(view.n_seats)
        name = deck.code  # a card as a reason writes it: 7H for any copy, JK for a joker
        top = view.discard_top
        down = bool(view.extra.get("down_counts", (0,) * view.n_seats)[view.seat])
        contract = view.extra.get("contract", "its contract")
        kind = action.kind
        if kind in (BUY, TAKE_DISCARD) and top is not None:
            verb = "buy" if kind == BUY else "take"
            if deck.is_joker(top):
                return f"{verb} {name(top)}: a joker is wild"
            if down:
                return f"{verb} {name(top)}: it fits a meld on the table"
            return f"{verb} {name(top)}: it brings the hand nearer its contract ({contract})"
        if kind == PASS and top is not None:
            if down:
                return "pass: down already, a bought card is only two more cards in hand"
            if self.level == "hard" and view.extra.get("deal") == 7:
                return "pass: in the last deal every card must go into its runs, so nothing is bought"
            if self.level == "easy":
                return f"pass: {name(top)} is not a joker (only jokers are bought)"
            return f"pass: {name(top)} would not bring the hand nearer its contract"
        if kind == DRAW_STOCK:
            if top is None or not any(a.kind == TAKE_DISCARD for a in view.legal):
                return "draw from the stock"
            return f"{name(top)} would not help: draw from the stock"
        if kind == DOWN:
            how = "exactly the fewest" if self.level == "hard" else "the fewest"
            return f"go down with the contract ({contract}): the layout leaving {how} penalty points"
        if kind == ADD and action.cards:
            return f"add {name(action.cards[0])} to meld {action.target}: it fits there"
        if kind == DISCARD and action.cards:
            return self._discard_reason(view, name(action.cards[0]), down)
        return action.notation()

    def _discard_reason(self, view: View, card: str, down: bool) -> str:
        if self.level == "easy":
            return f"{card}: the card of least use to the contract (the most penalty points among those)"
        downs = view.extra.get("down_counts", ())
        pairs = enumerate(zip(downs, view.hand_sizes, strict=False))
        others = [(d, k) for s, (d, k) in pairs if s != view.seat]
        if down:
            if self.level == "hard":
                return f"{card}: the card the table's melds are least likely to take, the most penalty points"
            return f"{card}: no meld on the table can take it"
        if self.level == "hard" and any(d and k <= 2 for d, k in others):
            return f"{card}: a player down to two cards may go out next: the most penalty points first"
        near = f"{card}: throwing it leaves the hand as near its contract as any discard"
        if self.level == "hard" and any(d for d, _ in others):
            return near + "; another player is down: of those, the most penalty points"
        if self.level == "hard":
            return near + ", the least useful of those, not a card the next player is seen to want"
        return near + ", the least useful of those"

    def _guarded(self, view: View) -> set[int]:
        """Base cards not to throw: those that fit a table meld, and those of
        the ranks the next player took from the pile or bought."""
        n = copies(view)
        out: set[int] = set()
        from ..cards import fits, shape_of

        shapes = [s for m in view.table if (s := shape_of(m.cards, n)) is not None]
        for c in view.hand:
            if c < 52 * n and any(fits(s, c, n) is not None for s in shapes):
                out.add(c % 52)
        seats = view.match.seats if view.match is not None else tuple(range(view.n_seats))
        i = seats.index(view.seat) if view.seat in seats else 0
        nxt = seats[(i + 1) % len(seats)]
        watched = {nxt}
        ranks = {
            rank(e.card)
            for e in view.history
            if e.seat in watched
            and e.card is not None
            and e.card < 52 * n
            and e.action.kind in (TAKE_DISCARD, BUY)
        }
        for c in view.hand:
            if c < 52 * n and rank(c) in ranks:
                out.add(c % 52)
        return out


def easy_factory(seat: int, seed: int, options: Any) -> ContractAgent:
    return ContractAgent(seed, "easy")


def normal_factory(seat: int, seed: int, options: Any) -> ContractAgent:
    return ContractAgent(seed, "normal")


def hard_factory(seat: int, seed: int, options: Any) -> ContractAgent:
    return ContractAgent(seed, "hard")


EASY = AgentSpec(
    name="ai:easy",
    variant="contract",
    strength=10,
    description="lays its contract when it can, adds what fits, throws its worst card",
    factory=easy_factory,
    rollout=True,
)
NORMAL = AgentSpec(
    name="ai:normal",
    variant="contract",
    strength=20,
    description="keeps partial melds (discards what leaves it nearest its contract), takes and "
    "buys what brings it nearer, guards its discards",
    factory=normal_factory,
    rollout=True,  # ai:search (bots/search.py) rolls out with it: cheaper a move than ai:hard
)
HARD = AgentSpec(
    name="ai:hard",
    variant="contract",
    strength=30,
    description="as ai:normal, goes down with the exact best layout, keeps the hand more cards would "
    "help, reads what the next player takes, throws and passes on, sheds high cards once another player "
    "is down, buys as ai:normal but nothing in the last deal",
    factory=hard_factory,
)

__all__ = ["EASY", "HARD", "NORMAL", "PASS", "ContractAgent"]
