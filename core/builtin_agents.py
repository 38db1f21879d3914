"""The core's own plugin: the ``random`` agent, offered for every variant.
Declared as the entry point ``core`` so it loads like any other plugin."""

from __future__ import annotations

from .agents import RandomAgent
from .hookspecs import hookimpl
from .registry import AgentSpec


@hookimpl
def register_agents(register):
    register(
        AgentSpec(
            name="random",
            variant=None,
            strength=0,
            description="picks uniformly among the legal moves",
            factory=lambda seat, seed, options: RandomAgent(seed),
        )
    )
