"""The environments the tests of tests/env check (their ``registry`` fixture,
tests/env/conftest.py, holds these variants), a registry to add test variants
to, and a view with its cards swapped."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable

from rummykit.core.engine.actions import Action
from rummykit.core.engine.round import Event, TableMeld, View
from rummykit.core.plugins.manager import get_plugins
from rummykit.core.plugins.registry import Registry

#: (variant, seats) of every environment the tests check.
CASES = [("gin", 2), ("cardverse", 2), ("cardverse", 3), ("cardverse", 4), ("straight-gin", 2), ("envtoy", 2)]
IDS = [f"{v}-{n}" for v, n in CASES]


def installed_registry() -> Registry:
    """A new registry holding the installed plugins' variants and players, for
    a test to add its own to (the installed one stays as it is)."""
    installed = get_plugins().registry
    reg = Registry()
    for spec in installed.variants.values():
        reg.add_variant(spec, spec.plugin)
    for spec in installed.agents.values():
        reg.add_agent(spec, spec.plugin)
    return reg


def swapped(view: View, swap: Callable[[int], int], card_extras: Iterable[str] = ()) -> View:
    """``view`` with every card ``c`` replaced by ``swap(c)``: in the hand, the
    pile, the table, the history, the legal moves and the ``extra`` values named
    in ``card_extras`` (a declared deck's copies must look alike)."""

    def action(a: Action) -> Action:
        return Action(a.kind, tuple(map(swap, a.cards)), a.target)

    history = tuple(
        Event(
            ev.seat, action(ev.action), None if ev.card is None else swap(ev.card), ev.private, ev.pile_closed
        )
        for ev in view.history
    )
    extra = dict(view.extra)
    for key in card_extras:
        extra[key] = swap(extra[key])
    return dataclasses.replace(
        view,
        hand=tuple(map(swap, view.hand)),
        discard_pile=tuple(map(swap, view.discard_pile)),
        table=tuple(TableMeld(m.number, m.owner, tuple(map(swap, m.cards))) for m in view.table),
        history=history,
        legal=tuple(map(action, view.legal)),
        extra=extra,
    )
