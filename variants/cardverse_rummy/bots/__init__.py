"""CardVerse's computer players: ``ai:easy`` (``easy.py``; its AgentSpec is
``spec.EASY``), ``ai:normal`` and ``ai:hard`` (docs/rules.md §2 "Computer
players"). The plugin registers the last two with::

    from .bots import register_bots
    register_bots(register)

Strengths: ai:hard 30 > ai:normal 20 > ai:easy 10 > random 0 (the strongest is the
default opponent and gives the terminal game's hints).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rummykit.core.plugins.registry import AgentSpec

    from ..options import CardVerseOptions
    from .hard import HardCardVerseAgent
    from .normal import NormalCardVerseAgent

__all__ = ["ROLLOUT_ITERATIONS", "agent_specs", "register_bots", "understands_cardverse"]

#: Play-outs a decision of core's ``ai:search`` in CardVerse, which rolls out
#: with ``ai:hard``'s rules: half the default 64, as a play-out's move costs
#: about twice one with ``ai:easy`` (the rules alone, about three times).
ROLLOUT_ITERATIONS = 32


def normal_factory(seat: int, seed: int, options: CardVerseOptions) -> NormalCardVerseAgent:
    from .normal import NormalCardVerseAgent

    return NormalCardVerseAgent(seed, ace_points=options.ace_points, discard_to_win=options.discard_to_win)


def hard_factory(seat: int, seed: int, options: CardVerseOptions) -> HardCardVerseAgent:
    from .hard import HardCardVerseAgent

    return HardCardVerseAgent(seed, options=options)


def understands_cardverse(variant: str, options: Any) -> bool:
    """What CardVerse's players understand: CardVerse, with any of its options
    (:attr:`AgentSpec.understands`). A variant that registers them for its own
    name says what they understand there (``register_bots(register, "mine",
    understands=...)``); until it does they are offered but never its default
    opponent nor its hint."""
    return variant == "cardverse"


def agent_specs(
    variant: str = "cardverse", understands: Callable[[str, Any], bool] = understands_cardverse
) -> list[AgentSpec[CardVerseOptions]]:
    from rummykit.core.plugins.registry import level_specs

    # name, strength, factory, description
    levels = (
        (
            "ai:normal",
            20,
            normal_factory,
            "keeps partial melds whose missing card is live, takes a discard it can "
            "play at once, avoids feeding the next player's picks",
        ),
        (
            "ai:hard",
            30,
            hard_factory,
            "remembers picks and passes, holds its melds, sheds points as the round's "
            "end nears; where its rules are unsure (lay down or hold, close discards, the draw, "
            "the empty stock) plays the choices out on deals drawn from what it saw",
        ),
    )
    # ai:hard with no information state (as in a roll-out) plays its rules at
    # once (well under a millisecond a move): core's ai:search rolls out with it
    # in CardVerse, on ROLLOUT_ITERATIONS play-outs. A house rule that reuses
    # these players keeps its own roll-out policy.
    ours = variant == "cardverse"
    return level_specs(
        variant,
        levels,
        understands,
        rollout="ai:hard" if ours else None,
        rollout_iterations=ROLLOUT_ITERATIONS if ours else None,
    )


def register_bots(
    register: Callable[[AgentSpec[Any]], None],
    variant: str = "cardverse",
    understands: Callable[[str, Any], bool] = understands_cardverse,
) -> None:
    """Register ai:normal and ai:hard for ``variant`` (CardVerse, or a variant whose
    options subclass :class:`CardVerseOptions`); ``understands`` as
    :attr:`AgentSpec.understands` (by default: CardVerse only)."""
    for spec in agent_specs(variant, understands):
        register(spec)
