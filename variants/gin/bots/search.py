"""Gin's ``ai:search``: core's search (:class:`SearchAgent`) with ``ai:hard``'s
move as its prior, ``ref:simple`` rolling out, and another move played only
when fresh play-outs confirm it.

* **Prior**: ``ai:hard``'s move (:class:`~.hard.HardGinAgent`, made afresh
  each decision with a seed from the search's own generator and given the
  seat's information state, so it plays exactly as ``ai:hard`` would,
  its own searched close calls included).
* **Candidates** (:meth:`GinSearch.candidates`): gin and a knock are
  ``ai:hard``'s alone, played at once (play-outs re-deal the opponent's hand
  from the unseen cards and make every knock look safe: docs/bots.md); a draw
  searches the upcard against the stock; a discard (when ``ai:hard`` discards,
  knock or not offered) searches every plain discard.
* **Choosing** (:meth:`GinSearch.act`): successive halving over the candidates
  on :attr:`~SearchAgent.iterations` play-outs picks the best by its mean.
  When that is not the prior, the two are played out again on as many fresh
  deals, paired (the play-outs that picked a move favour it by luck), and the
  move replaces the prior only after at least :data:`MIN_PAIRED` pairs with
  the mean of their differences above zero by Student's *t* at 97.5%
  (one-sided, core's :func:`~rummykit.core.bots.search.t_confirms`) scaled by ``confidence`` / 2.
* **Roll-outs**: ``ref:simple`` at both seats, each play-out worth the seat's
  chance to win the match from the totals it leaves (core's search); the deals
  drawn by the seat's beliefs as ``ai:hard`` draws its own.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rummykit.core.bots.beliefs import Beliefs
from rummykit.core.bots.search import SearchAgent, make_search, paired_t, t_confirms
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action
from rummykit.core.engine.round import View
from rummykit.core.plugins.registry import AgentSpec

from . import UNDERSTANDS, hard_factory, simple_factory

if TYPE_CHECKING:
    from rummykit.core.engine.resample import InfoState

    from .hard import HardGinAgent

__all__ = ["ITERATIONS", "MIN_PAIRED", "GinSearch", "search_spec"]

DISCARD = "discard"
#: Play-outs a searched decision spends choosing among its candidates (and as
#: many again confirming a move other than the prior).
ITERATIONS = 48
#: Moves those play-outs play in all, at most, in each of the two phases.
MAX_MOVES = 1500
#: Paired fresh play-outs a move needs before it may replace the prior.
MIN_PAIRED = 8


class GinSearch(SearchAgent):
    """Core's search with ``ai:hard``'s move as prior, a choice among the
    candidates and a confirmation on fresh play-outs (see the module).
    ``min_paired``: the fresh pairs an overrule needs (default :data:`MIN_PAIRED`)."""

    def __init__(self, seed: int = 0, *, min_paired: int = MIN_PAIRED, **kwargs: Any) -> None:
        kwargs.setdefault("beliefs", Beliefs(pile_kinds=None))  # a knock and gin discard too
        super().__init__(seed, **kwargs)
        self.min_paired = min_paired
        self._info: InfoState | None = None
        self._prior: Action | None = None
        self._challenger: Action | None = None  # the move being confirmed (None: choosing)
        self._hard: HardGinAgent | None = None  # the ai:hard that gave the prior, this decision
        #: What the last decision did: "prior" (nothing searched or the prior
        #: chosen), "kept" (another chosen, not confirmed) or "overruled".
        self.outcome = "prior"

    # -- hooks ------------------------------------------------------------------

    def prior(self, view: View, legal: Sequence[Action]) -> Action:
        """``ai:hard``'s move (a fresh ``ai:hard`` seeded from this search's
        generator, given the seat's information state)."""
        if self._challenger is not None and self._prior is not None:
            return self._prior  # confirming: the same prior
        self._hard = hard_factory(view.seat, self.rng.getrandbits(32), self.options)
        self._prior = self._hard.act(view, legal, info=self._info)
        return self._prior

    def candidates(self, view: View, legal: Sequence[Action]) -> Sequence[Action]:
        """The moves searched against the prior (see the module)."""
        if self._challenger is not None:
            return [self._challenger]
        prior = self._prior
        assert prior is not None  # prior() came first
        kinds = {a.kind for a in legal}
        if DRAW_STOCK in kinds or TAKE_DISCARD in kinds:
            return [a for a in legal if a.kind in (DRAW_STOCK, TAKE_DISCARD)]
        if prior.kind != DISCARD:
            return [prior]  # gin or a knock: ai:hard's alone
        return [a for a in legal if a.kind == DISCARD]

    def overrules(self, move: Sequence[float], prior: Sequence[float]) -> bool:
        """Choosing: whether the best candidate's paired play-outs are ahead
        of the prior's at all. Confirming (on fresh play-outs): only after
        :attr:`min_paired` pairs, by Student's t at 97.5% for their count
        scaled by ``confidence`` / 2 (``inf`` never overrules)."""
        if self._challenger is None:
            return paired_t(move, prior)[1] > 0.0
        return t_confirms(move, prior, self.min_paired, self.confidence)

    # -- deciding ----------------------------------------------------------------

    def act(self, view: View, legal: Sequence[Action], info: InfoState | None = None) -> Action:
        self._info, self._prior, self._challenger, self._hard = info, None, None, None
        self.outcome = "prior"
        try:
            move = super().act(view, legal, info)
            if info is None or self._prior is None or move is self._prior:
                return move
            chosen = self.last
            self._challenger = move
            final = super().act(view, legal, info)  # fresh deals: the prior against the move
            self.outcome = "overruled" if final is move else "kept"
            self.last = {**chosen, "confirmed": self.last.get("means", {})}
            return final
        finally:
            self._info, self._challenger = None, None

    def explain(self, view: View, action: Action) -> str:
        if self.outcome == "overruled":
            return "played out against ai:hard's move on fresh deals, this one came out clearly ahead"
        why = self._hard.explain(view, action) if self._hard is not None else action.notation()
        if self.outcome == "kept":
            return why + " (another move looked better in the play-outs, but not on fresh deals)"
        return why


def search_spec(variant: str = "gin", understands: Any = UNDERSTANDS) -> AgentSpec[Any]:
    """Gin's ``ai:search`` registration for ``variant``."""
    return AgentSpec(
        understands=understands,
        name="ai:search",
        variant=variant,
        strength=25,
        description=f"searches ai:hard's draws and discards: plays them out on {ITERATIONS} deals a decision "
        "drawn from what it saw, with ref:simple moving both seats, and leaves ai:hard's move only when "
        "fresh deals confirm another is clearly ahead",
        factory=functools.partial(
            make_search,
            agent=GinSearch,
            policy=simple_factory,
            iterations=ITERATIONS,
            max_moves=MAX_MOVES,
            policy_name="ref:simple (plugin gin)",
        ),
    )
