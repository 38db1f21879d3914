"""The CardVerse Rummy plugin: registers the variant ``cardverse`` and its bots.

Declared as the entry point ``cardverse`` of the group ``rummykit`` in
pyproject.toml, so it loads exactly like a third-party plugin.

Every ``rummy`` command imports this module (``rummy --help`` too), so it stays
light: the variant (engine, options, bots, in :mod:`.spec`) is imported inside
the hooks, which run only when a command needs the variants. ``SPEC`` and
``EASY`` are still attributes of this module, made on first access.
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
    from .bots import register_bots
    from .spec import EASY

    register(EASY)
    register_bots(register)  # ai:normal, ai:hard


def __getattr__(name: str) -> Any:
    if name in ("SPEC", "EASY"):
        from . import spec

        return getattr(spec, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
