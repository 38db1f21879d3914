"""Indian Rummy's ``ai:search``: core's search (:class:`SearchAgent`) with
``ai:hard``'s rules as its prior, ``ai:easy`` rolling out, searching only the
discards those rules find close.

* **Prior**: ``ai:hard``'s move (:class:`HardIndianAgent`, made afresh each
  decision with a seed from the search's own generator).
* **Candidates**: the moves :meth:`HardIndianAgent.search_candidates` names:
  a discard against the others its rules found close (those leaving the hand
  as near a declaration whose useful cards were counted); its move alone
  otherwise (a draw, a declaration, a drop, a discard with none close),
  played at once, unsearched.
* **Roll-outs**: ``ai:easy`` at every seat, :data:`ITERATIONS` play-outs a
  searched decision (a deal's play-outs are long: fewer of them); another
  move replaces ``ai:hard``'s only when two standard errors ahead, as in
  core's search.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from rummykit.core.bots.search import SearchAgent, kept_reason, make_search
from rummykit.core.engine.actions import Action
from rummykit.core.engine.round import View
from rummykit.core.plugins.registry import AgentSpec

from .agents import HardIndianAgent, easy_factory, hard_factory
from .spec import NAME

#: Play-outs a searched decision, spread over its candidates.
ITERATIONS = 16


class IndianSearch(SearchAgent):
    """Core's search with ``ai:hard``'s rules as prior and the discards they
    find close as candidates (see the module)."""

    _rules: HardIndianAgent | None = None

    def prior(self, view: View, legal: Sequence[Action]) -> Action:
        self._rules = hard_factory(view.seat, self.rng.getrandbits(32), self.options)
        return self._rules.act(view, legal)

    def candidates(self, view: View, legal: Sequence[Action]) -> Sequence[Action]:
        assert self._rules is not None  # prior() came first
        return self._rules.search_candidates(view, legal)

    def explain(self, view: View, action: Action) -> str:
        """``ai:hard``'s reason for its move when that is the move (and, when
        searched, that it held against the close ones); the play-outs' figures
        when another move overruled it."""
        return kept_reason(self, self._rules, getattr(self._rules, "move", None), view, action)


SEARCH = AgentSpec(
    name="ai:search",
    variant=NAME,
    strength=25,
    description=f"searches ai:hard's close discards: plays them out on {ITERATIONS} deals a decision drawn "
    "from what it saw, with ai:easy moving every seat, and leaves ai:hard's move only when clearly ahead",
    factory=functools.partial(
        make_search,
        agent=IndianSearch,
        policy=easy_factory,
        iterations=ITERATIONS,
        policy_name="ai:easy (plugin indian)",
    ),
)

__all__ = ["ITERATIONS", "SEARCH", "IndianSearch"]
