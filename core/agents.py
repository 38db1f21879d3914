"""The agent interface: every player, human or computer, is an agent.

An agent is given its seat's :class:`View` and the legal actions, and returns one
of them. It may also observe public events. It never sees the round itself.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

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


class RandomAgent(BaseAgent):
    """Uniformly random among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View, legal: Sequence[Action]) -> Action:
        return legal[self.rng.randrange(len(legal))]


def agent_seed(match_seed: int, seat: int) -> int:
    """A bot's own seed, derived from the match seed and its seat (no global state)."""
    return (match_seed * 1_000_003 + seat * 7919 + 17) & 0xFFFFFFFF
