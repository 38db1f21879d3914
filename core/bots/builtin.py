"""The core's own plugin: the ``random`` agent and the generic search
``ai:search`` (:mod:`rummykit.core.bots.search`), offered for every variant.
Declared as the entry point ``core`` so it loads like any other plugin.

Plugin modules are imported by every ``rummy`` command, ``--help`` included, so
this one imports the agent class only when an agent is made.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NoReturn

from rummykit.core.plugins.hookspecs import hookimpl
from rummykit.core.plugins.registry import AgentSpec

if TYPE_CHECKING:
    from pydantic import BaseModel

    from rummykit.core.bots.agents import RandomAgent
    from rummykit.core.plugins.registry import Registry, VariantSpec


def _random_agent(seat: int, seed: int, options: BaseModel) -> RandomAgent:
    from rummykit.core.bots.agents import RandomAgent

    return RandomAgent(seed)


def _search_agent(seat: int, seed: int, options: BaseModel) -> NoReturn:  # pragma: no cover - per variant
    raise TypeError("ai:search is made for a variant (AgentSpec.per_variant)")


def _search_for(variant: VariantSpec[Any], registry: Registry) -> AgentSpec[Any] | str | None:
    """``ai:search`` for ``variant``, or why it cannot play it (one line)."""
    from rummykit.core.bots.search import search_spec, unsupported

    return unsupported(variant) or search_spec(variant, registry)


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
    register(
        AgentSpec(
            name="ai:search",
            variant=None,
            strength=25,
            description="searches by playing moves out on deals drawn from what it saw",
            factory=_search_agent,
            per_variant=_search_for,
        )
    )
