"""The sparring bots' registration (entry point ``sparring`` of the group ``rummykit``)."""

from __future__ import annotations

from typing import Any

from rummykit import AgentSpec, Understands, hookimpl

from .heuristic import CardVerseHeuristic, GinHeuristic
from .tempo import TempoAgent


def cardverse_heuristic(seat: int, seed: int, options: Any) -> CardVerseHeuristic:
    return CardVerseHeuristic(seed)


def gin_heuristic(seat: int, seed: int, options: Any) -> GinHeuristic:
    return GinHeuristic(seed)


def tempo(seat: int, seed: int, options: Any) -> TempoAgent:
    return TempoAgent(seed)


#: Ranked low (5) so that no variant takes a sparring bot for its default opponent.
AGENTS = (
    AgentSpec(
        name="spar:heuristic",
        variant="cardverse",
        strength=5,
        description="sparring: pile top only to meld, small melds held back, sheds by points and live ways",
        factory=cardverse_heuristic,
        understands=Understands(frozenset({"cardverse"})),
    ),
    AgentSpec(
        name="spar:heuristic",
        variant="gin",
        strength=5,
        description="sparring: pile top only to meld, knocks at 5 or late, sheds by points and live ways",
        factory=gin_heuristic,
        understands=Understands(frozenset({"gin"})),
    ),
    AgentSpec(
        name="spar:tempo",
        variant="cardverse",
        strength=5,
        description="sparring: races to go out, counting loose cards rather than points",
        factory=tempo,
        understands=Understands(frozenset({"cardverse"})),
    ),
)


@hookimpl
def register_agents(register: Any) -> None:
    for spec in AGENTS:
        register(spec)
