"""The classic Gin family plugin: the variants ``classic-gin``,
``oklahoma-gin``, ``hollywood-gin``, ``gin-3`` and ``gin-partners`` and
their computer players.

Declared as the entry point ``classic_gin`` of the group ``rummykit`` in
pyproject.toml, so it loads exactly like a third-party plugin. Every ``rummy``
command imports this module, so it stays light: the forms are named here as
``(module, name)`` pairs of this package, imported inside the hooks.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from rummykit import hookimpl

#: The forms' specs, in the order they are registered: (module, attribute).
FORMS: list[tuple[str, str]] = [
    ("spec", "CLASSIC"),
    ("spec", "OKLAHOMA"),
    ("spec", "HOLLYWOOD"),
    ("tables_spec", "GIN3"),
    ("tables_spec", "PARTNERS"),
]

#: The functions that register the forms' computer players, each called
#: with ``register``: (module, function).
PLAYERS: list[tuple[str, str]] = [
    ("bots", "register_two_seat_bots"),
    ("tables_agents", "register_table_bots"),
]


def _named(module: str, name: str) -> Any:
    return getattr(import_module(f"{__package__}.{module}"), name)


@hookimpl
def register_variants(register: Callable[[Any], None]) -> None:
    for module, name in FORMS:
        register(_named(module, name))


@hookimpl
def register_agents(register: Callable[[Any], None]) -> None:
    for module, name in PLAYERS:
        _named(module, name)(register)
