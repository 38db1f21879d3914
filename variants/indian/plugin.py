"""The Indian Rummy plugin (entry point ``indian``): the variant ``indian`` and
its computer players ``ai:easy``, ``ai:normal`` and ``ai:hard``.

Every ``rummy`` command imports this module, so the engine is imported inside
the hooks, which run only when a command needs them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rummykit.core.plugins.hookspecs import hookimpl

if TYPE_CHECKING:
    from rummykit.core.plugins.registry import AgentSpec, VariantSpec


@hookimpl
def register_variants(register: Callable[[VariantSpec[Any]], None]) -> None:
    from .spec import SPEC

    register(SPEC)


@hookimpl
def register_agents(register: Callable[[AgentSpec[Any]], None]) -> None:
    from .agents import AGENTS
    from .search import SEARCH

    for agent in AGENTS:
        register(agent)
    register(SEARCH)
