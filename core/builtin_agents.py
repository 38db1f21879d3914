"""The core's own plugin: the ``random`` agent, offered for every variant.
Declared as the entry point ``core`` so it loads like any other plugin.

Plugin modules are imported by every ``rummy`` command, ``--help`` included, so
this one imports the agent class only when an agent is made.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .hookspecs import hookimpl
from .registry import AgentSpec

if TYPE_CHECKING:
    from pydantic import BaseModel

    from .agents import RandomAgent


def _random_agent(seat: int, seed: int, options: BaseModel) -> RandomAgent:
    from .agents import RandomAgent

    return RandomAgent(seed)


@hookimpl
def register_agents(register: Callable[[AgentSpec[Any]], None]) -> None:
    register(
        AgentSpec(
            name="random",
            variant=None,
            strength=0,
            description="picks uniformly among the legal moves",
            factory=_random_agent,
        )
    )
