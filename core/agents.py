"""The agent interface: every player, human or computer, is an agent.

An agent is given its seat's :class:`View` and the legal actions, and returns one
of them. It never sees the round itself. An agent that overrides
:meth:`BaseAgent.observe` is told every action as its seat sees it, right after
it happens, with its seat's view then: the same calls in ``rummy simulate``
and in ``rummy play`` (:func:`observers`, :func:`tell_observers`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from .actions import Action
from .engine import Event, View


@runtime_checkable
class Agent(Protocol):
    def act(self, view: View, legal: Sequence[Action]) -> Action:
        """Choose one of ``legal`` (the same actions as ``view.legal``)."""
        ...


class BaseAgent:
    """Convenience base: ``observe`` does nothing unless overridden."""

    def act(self, view: View, legal: Sequence[Action]) -> Action:  # pragma: no cover
        raise NotImplementedError

    def observe(self, event: Event, view: View) -> None:
        """Called after every action with the event as this seat sees it."""

    def _set_params(self, params: Mapping[str, object]) -> None:
        """Override a bot's tuning attributes (class constants such as ``KEEP``)
        from the keyword arguments it was made with: ``MyBot(seed, KEEP=4.0)``.
        A name the agent does not have is a ``TypeError``."""
        for key, value in params.items():
            if not hasattr(self, key):
                raise TypeError(f"unknown parameter {key}")
            setattr(self, key, value)


def observers(agents: Sequence[Any]) -> list[int]:
    """The seats whose agent overrides :meth:`BaseAgent.observe` (a person's seat,
    ``None``, is not one): the ones :func:`tell_observers` tells."""
    out = []
    for pos, agent in enumerate(agents):
        obs = getattr(type(agent), "observe", None) if agent is not None else None
        if obs is not None and obs is not BaseAgent.observe:
            out.append(pos)
    return out


def tell_observers(agents: Sequence[Any], seats: Sequence[int], event: Event,
                   view: Callable[[int], View]) -> None:
    """After an action: each agent of ``seats`` observes ``event`` as its seat
    sees it, with its seat's view now (``view(seat)``)."""
    for pos in seats:
        agents[pos].observe(event.seen_by(pos), view(pos))


class RandomAgent(BaseAgent):
    """Uniformly random among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


def agent_seed(match_seed: int, seat: int) -> int:
    """A bot's own seed, derived from the match seed and its seat (no global state)."""
    return (match_seed * 1_000_003 + seat * 7919 + 17) & 0xFFFFFFFF
