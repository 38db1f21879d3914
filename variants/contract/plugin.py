"""The Contract Rummy plugin: registers the variant ``contract`` and its bots.

Every ``rummy`` command imports this module, so the variant is imported inside
the hooks, only when a command needs it.
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
    from .bots import EASY, HARD, NORMAL
    from .bots.search import SEARCH

    register(EASY)
    register(NORMAL)
    register(HARD)
    register(SEARCH)
