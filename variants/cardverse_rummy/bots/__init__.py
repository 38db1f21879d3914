"""CardVerse computer players beyond ``ai:easy`` (issue #5): ``ai:normal`` and
``ai:hard`` (RULES.md §2 "Computer players"). The plugin registers them with::

    from .bots import register_bots
    register_bots(register)

Strengths: ai:hard 30 > ai:normal 20 > ai:easy 10 > random 0 (the strongest is the
default opponent and gives the terminal game's hints).
"""

from __future__ import annotations

__all__ = ["agent_specs", "register_bots"]


def _rules(options) -> dict:
    return {
        "ace_points": 11 if getattr(options, "ace_high", False) else 1,
        "discard_to_win": bool(getattr(options, "discard_to_win", False)),
    }


def normal_factory(seat: int, seed: int, options):
    from .normal import NormalCardVerseAgent

    return NormalCardVerseAgent(seed, **_rules(options))


def hard_factory(seat: int, seed: int, options):
    from .hard import HardCardVerseAgent

    return HardCardVerseAgent(seed, target=int(getattr(options, "target", 100)), **_rules(options))


def agent_specs(variant: str = "cardverse") -> list:
    from rummykit.core.registry import AgentSpec

    return [
        AgentSpec(
            name="ai:normal",
            variant=variant,
            strength=20,
            factory=normal_factory,
            description="keeps partial melds whose missing card is live, takes a discard it can "
            "play at once, avoids feeding the next player's picks",
        ),
        AgentSpec(
            name="ai:hard",
            variant=variant,
            strength=30,
            factory=hard_factory,
            description="remembers picks and passes, holds its melds, sheds points as the round's "
            "end nears, ends the round on the empty stock when it is likely lowest; with 3 or 4 "
            "seats chooses each turn by play-outs of deals sampled from what it saw",
        ),
    ]


def register_bots(register, variant: str = "cardverse") -> None:
    """Register ai:normal and ai:hard for ``variant``."""
    for spec in agent_specs(variant):
        register(spec)
