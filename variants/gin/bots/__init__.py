"""Gin computer players beyond ``ai:easy`` (issue #5).

``ai:normal`` and ``ai:hard`` (our levels) and two reference opponents,
``ref:simple`` (OpenSpiel's simple gin bot) and ``ref:novice`` (RLCard's novice
rule agent). The plugin registers them with::

    from .bots import register_bots
    register_bots(register)

A house rule built on Gin may register the same players for its own variant
name: ``register_bots(register, variant="oklahoma")``.

Strengths (the strongest is the default opponent and gives the hints):
ai:hard 30 > ai:search 25 (core's generic search) > ai:normal 20 > ai:easy 10
(the gin plugin's) > ref:simple 8 > ref:novice 6 > random 0.

``ref:simple`` is marked ``rollout=True``: it is the roll-out policy of core's
``ai:search`` for Gin (and for a house rule registering these players), fast
and, as a roll-out policy, stronger than ``ai:easy`` (docs/bots.md).
"""

from __future__ import annotations

from rummykit.core.registry import AgentSpec

__all__ = ["register_bots", "agent_specs"]


def _opt(options, name: str, default: int) -> int:
    return int(getattr(options, name, default))


def normal_factory(seat: int, seed: int, options):
    from .normal import NormalGinAgent

    return NormalGinAgent(seed)


def hard_factory(seat: int, seed: int, options):
    from .hard import HardGinAgent

    return HardGinAgent(
        seed,
        knock_limit=_opt(options, "knock_limit", 10),
        gin_bonus=_opt(options, "gin_bonus", 25),
        undercut_bonus=_opt(options, "undercut_bonus", 25),
    )


def simple_factory(seat: int, seed: int, options):
    from .reference import SimpleGinAgent

    return SimpleGinAgent(seed, knock_limit=_opt(options, "knock_limit", 10))


def novice_factory(seat: int, seed: int, options):
    from .reference import NoviceGinAgent

    return NoviceGinAgent(seed)


def agent_specs(variant: str = "gin") -> list[AgentSpec]:
    return [
        AgentSpec(
            name="ai:normal",
            variant=variant,
            strength=20,
            factory=normal_factory,
            description="keeps partial melds with live cards, avoids feeding the opponent's "
            "picks, knocks as soon as it may",
        ),
        AgentSpec(
            name="ai:hard",
            variant=variant,
            strength=30,
            factory=hard_factory,
            description="remembers picks and passes, looks a draw ahead over the unseen cards, "
            "weighs the undercut risk before knocking",
        ),
        AgentSpec(
            name="ref:simple",
            variant=variant,
            strength=8,
            factory=simple_factory,
            rollout=True,
            description="reference: the OpenSpiel simple gin bot's strategy",
        ),
        AgentSpec(
            name="ref:novice",
            variant=variant,
            strength=6,
            factory=novice_factory,
            description="reference: RLCard's novice rule agent",
        ),
    ]


def register_bots(register, variant: str = "gin") -> None:
    """Register ai:normal, ai:hard, ref:simple and ref:novice for ``variant``."""
    for spec in agent_specs(variant):
        register(spec)
