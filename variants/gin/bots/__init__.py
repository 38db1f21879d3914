"""Gin computer players beyond ``ai:easy``.

``ai:normal`` and ``ai:hard`` (our levels) and two reference opponents,
``ref:simple`` (OpenSpiel's simple gin bot) and ``ref:novice`` (RLCard's novice
rule agent). The plugin registers them with::

    from .bots import register_bots
    register_bots(register)

A house rule built on Gin may register the same players for its own variant
name: ``register_bots(register, variant="oklahoma")``.

Strengths (the strongest is the default opponent and gives the hints):
ai:hard 30 > ai:search 25 (Gin's own, :mod:`.search`, registered by the gin
plugin for ``gin`` only; a house rule keeps core's) > ai:normal 20 > ai:easy 10
(the gin plugin's) > ref:simple 8 > ref:novice 6 > random 0.

``ref:simple`` is marked ``rollout=True``: it rolls out for Gin's ``ai:search``
and ``ai:hard`` and for core's ``ai:search`` in a house rule registering these
players, fast and, as a roll-out policy, stronger than ``ai:easy`` (docs/bots.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rummykit.core.plugins.registry import AgentSpec, Understands, level_specs

if TYPE_CHECKING:
    from ..options import GinOptions
    from .hard import HardGinAgent
    from .normal import NormalGinAgent
    from .reference import NoviceGinAgent, SimpleGinAgent

__all__ = ["UNDERSTANDS", "agent_specs", "register_bots"]


def normal_factory(seat: int, seed: int, options: GinOptions) -> NormalGinAgent:
    from .normal import NormalGinAgent

    return NormalGinAgent(seed)


def hard_factory(seat: int, seed: int, options: GinOptions) -> HardGinAgent:
    from .hard import HardGinAgent

    return HardGinAgent(seed, options=options)


def simple_factory(seat: int, seed: int, options: GinOptions) -> SimpleGinAgent:
    from .reference import SimpleGinAgent

    return SimpleGinAgent(seed, knock_limit=options.knock_limit)


def novice_factory(seat: int, seed: int, options: GinOptions) -> NoviceGinAgent:
    from .reference import NoviceGinAgent

    return NoviceGinAgent(seed)


#: What Gin's players understand: Gin, with any of its options. A house rule
#: that registers them for its own name says what they understand there
#: (``register_bots(register, "oklahoma", understands=...)``); until it does
#: they are offered but never its default opponent nor its hint.
UNDERSTANDS = Understands(frozenset({"gin"}))


def agent_specs(
    variant: str = "gin", understands: Callable[[str, Any], bool] = UNDERSTANDS
) -> list[AgentSpec[GinOptions]]:
    # name, strength, factory, description
    levels = (
        (
            "ai:normal",
            20,
            normal_factory,
            "keeps partial melds with live cards, avoids feeding the opponent's "
            "picks, knocks as soon as it may while the stock is long (late: only with 4 deadwood or less)",
        ),
        (
            "ai:hard",
            30,
            hard_factory,
            "remembers picks and passes, looks a draw ahead over the unseen cards, "
            "weighs the undercut risk before knocking; where its rules are unsure (the draw, "
            "close discards) plays the choices out on deals drawn from what it saw",
        ),
        ("ref:simple", 8, simple_factory, "reference: the OpenSpiel simple gin bot's strategy"),
        ("ref:novice", 6, novice_factory, "reference: RLCard's novice rule agent"),
    )
    rollout = "ref:simple"  # fast and sound: the roll-out policy of ai:search in Gin
    return level_specs(variant, levels, understands, rollout=rollout)


def register_bots(
    register: Callable[[AgentSpec[Any]], None],
    variant: str = "gin",
    understands: Callable[[str, Any], bool] = UNDERSTANDS,
) -> None:
    """Register ai:normal, ai:hard, ref:simple and ref:novice for ``variant``
    (Gin, or a house rule whose options subclass :class:`GinOptions`);
    ``understands`` as :attr:`AgentSpec.understands` (by default: Gin only)."""
    for spec in agent_specs(variant, understands):
        register(spec)
