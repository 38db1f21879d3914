"""Contract Rummy's ``ai:search``: core's search (:class:`SearchAgent`) with
``ai:hard``'s rules as its prior, ``ai:normal`` rolling out, searching only
the decisions those rules find close, and overruling them only on firm
evidence.

* **Prior**: ``ai:hard``'s move (:class:`ContractAgent` at level ``hard``).
* **Candidates** (:func:`close_moves`): the prior and its close rivals only,
  where one can matter: a discard while not down, against the others that
  leave the hand as near its contract (at most :data:`RIVALS`: the least
  useful to the hand first, then the most penalty points); taking
  the pile's top card against drawing, when the card would bring the hand
  nearer, is a joker or (once down) fits a table meld. Everywhere else
  (buying, going down, adding, a discard once down, a card nobody needs) the
  rules' move is played at once, unsearched: a buy puts two cards in hand,
  whose points weigh on every play-out cut short before the hand can go
  down, a bias no count of play-outs removes.
* **Overruling** (:meth:`ContractSearch.overrules`): another move replaces
  the rules' only after at least :data:`MIN_PAIRED` paired play-outs and when
  the mean of the paired differences is above zero by Student's *t* at
  97.5% (one-sided) for that many play-outs, not a fixed two standard
  errors, which on a few play-outs overrules on noise.
* **Roll-outs**: ``ai:normal`` at every seat (the cheaper player: ``ai:hard``
  costs about 2.4 times as much a play-out), :data:`ITERATIONS` play-outs a
  searched decision, :data:`MAX_MOVES` moves in all, each play-out cut short
  after its share and valued by the penalty points then in hand
  (``ContractRound.cut_points``), as core's search cuts them.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from rummykit.core.bots.search import SearchAgent, kept_reason, make_search, t_confirms
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.round import View
from rummykit.core.plugins.registry import AgentSpec

from ..cards import fits, penalty, shape_of
from ..round import BUY, DISCARD
from . import ContractAgent, normal_factory
from .common import card_worth, copies, deficiency, helps, is_joker

#: Paired play-outs the best candidate needs before it may replace the prior.
MIN_PAIRED = 8
#: Play-outs a searched decision, spread over its (two or three) candidates.
ITERATIONS = 24
#: Moves those play-outs play in all, at most (each cut after its share).
MAX_MOVES = 1200
#: Rivals of the rules' discard searched against it, at most.
RIVALS = 2


def _down(view: View) -> bool:
    return bool(view.extra.get("down_counts", (0,) * view.n_seats)[view.seat])


def _wanted(card: int, view: View) -> bool:
    """Whether the pile's top ``card`` could be worth taking: a joker,
    a card that brings the hand nearer its contract, or (once down) one that
    fits a meld on the table."""
    n = copies(view)
    if is_joker(card, n):
        return True
    if _down(view):
        shapes = [s for m in view.table if (s := shape_of(m.cards, n)) is not None]
        return any(fits(s, card, n) is not None for s in shapes)
    return helps(card, view)


def close_moves(view: View, legal: Sequence[Action], prior: Action, rivals: int = RIVALS) -> list[Action]:
    """The moves to search against ``prior`` (``ai:hard``'s move): see the module."""
    kinds = {a.kind for a in legal}
    top = view.discard_top
    if BUY in kinds:
        return [prior]
    if TAKE_DISCARD in kinds:
        if top is None or not _wanted(top, view):
            return [prior]
        return [a for a in legal if a.kind in (TAKE_DISCARD, DRAW_STOCK)]
    if prior.kind != DISCARD or _down(view):
        return [prior]
    n = copies(view)
    hand = list(view.hand)
    chosen = prior.cards[0]
    if is_joker(chosen, n):
        return [prior]

    def after(card: int) -> int:
        rest = list(hand)
        rest.remove(card)
        return deficiency(rest, view)

    level = after(chosen)
    seen = {chosen % 52}
    close: list[tuple[float, int, Action]] = []
    for a in legal:
        c = a.cards[0] if a.kind == DISCARD and a.cards else None
        if c is None or is_joker(c, n) or c % 52 in seen:
            continue
        seen.add(c % 52)
        if after(c) == level:
            close.append((card_worth(c, hand, view), -penalty(c, n), a))
    close.sort(key=lambda t: (t[0], t[1]))
    return [prior, *(a for _, _, a in close[:rivals])]


class ContractSearch(SearchAgent):
    """Core's search with ``ai:hard``'s rules as prior, the close moves as
    candidates and a *t* test to overrule (see the module). ``min_paired``:
    the paired play-outs an overrule needs (default :data:`MIN_PAIRED`)."""

    def __init__(self, seed: int = 0, *, min_paired: int = MIN_PAIRED, **kwargs: Any) -> None:
        super().__init__(seed, **kwargs)
        self.min_paired = min_paired
        self.rules = ContractAgent(seed, "hard")
        self._prior: Action | None = None

    def prior(self, view: View, legal: Sequence[Action]) -> Action:
        self._prior = self.rules.act(view, legal)
        return self._prior

    def candidates(self, view: View, legal: Sequence[Action]) -> Sequence[Action]:
        assert self._prior is not None  # prior() came first
        return close_moves(view, legal, self._prior)

    def explain(self, view: View, action: Action) -> str:
        """``ai:hard``'s reason for its move when that is the move (and, when
        searched, that it held against the close ones); the play-outs' figures
        when another move overruled it."""
        return kept_reason(self, self.rules, self._prior, view, action)

    def overrules(self, move: Sequence[float], prior: Sequence[float]) -> bool:
        """Only after :attr:`min_paired` paired play-outs, and by Student's t
        at 97.5% for their count, scaled by ``confidence`` / 2 (core's
        :func:`~rummykit.core.bots.search.t_confirms`: ``ai:search``'s 2 keeps
        the t quantile; ``inf`` never overrules)."""
        return t_confirms(move, prior, self.min_paired, self.confidence)


SEARCH = AgentSpec(
    name="ai:search",
    variant="contract",
    strength=25,
    description=f"searches ai:hard's close calls: plays them out on {ITERATIONS} deals a decision drawn "
    "from what it saw, with ai:normal moving every seat, and leaves ai:hard's move only when clearly ahead",
    factory=functools.partial(
        make_search,
        agent=ContractSearch,
        policy=normal_factory,
        iterations=ITERATIONS,
        max_moves=MAX_MOVES,
        policy_name="ai:normal (plugin contract)",
    ),
)

__all__ = ["MIN_PAIRED", "SEARCH", "ContractSearch", "close_moves"]
