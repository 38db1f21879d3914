"""The classic Gin family plugin: the variants ``classic-gin``,
``oklahoma-gin``, ``hollywood-gin``, ``gin-3`` and ``gin-partners`` and
their computer players.

Declared as the entry point ``classic_gin`` of the group ``rummykit`` in
pyproject.toml, so it loads exactly like a third-party plugin. Every ``rummy``
command imports this module, so it stays light: the engine is imported inside
the hooks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rummykit import hookimpl


@hookimpl
def register_variants(register: Callable[[Any], None]) -> None:
    from .spec import SPECS
    from .tables_spec import register_tables

    for spec in SPECS:
        register(spec)
    register_tables(register)  # gin-3, gin-partners


@hookimpl
def register_agents(register: Callable[[Any], None]) -> None:
    from .bots import register_family_bots
    from .spec import SPECS
    from .tables_agents import register_table_bots

    for spec in SPECS:
        register_family_bots(register, spec.name)
    register_table_bots(register)
