"""The sparring bots as agent specs (registered by :mod:`.plugin`).

Each bot is registered as a generic player (``variant=None``) whose
``per_variant`` gives its spec for the variants it knows and nothing
elsewhere: with CardVerse or Gin switched off
(``RUMMYKIT_DISABLE_PLUGINS``) it is simply not offered, with no warning.
"""

from __future__ import annotations

from typing import Any

from rummykit import AgentSpec, Understands, VariantSpec

from .heuristic import CardVerseHeuristic, GinHeuristic
from .tempo import GinTempo, TempoAgent

#: Ranked low, so that no variant takes a sparring bot for its default opponent.
STRENGTH = 5


def cardverse_heuristic(seat: int, seed: int, options: Any) -> CardVerseHeuristic:
    return CardVerseHeuristic(seed)


def gin_heuristic(seat: int, seed: int, options: Any) -> GinHeuristic:
    return GinHeuristic(seed)


def tempo(seat: int, seed: int, options: Any) -> TempoAgent:
    return TempoAgent(seed)


def gin_tempo(seat: int, seed: int, options: Any) -> GinTempo:
    return GinTempo(seed)


def unbound(seat: int, seed: int, options: Any) -> Any:
    raise TypeError("a sparring bot is made for a variant (AgentSpec.per_variant)")


#: (name, variant) -> (factory, description)
BOTS: dict[tuple[str, str], tuple[Any, str]] = {
    ("spar:heuristic", "cardverse"): (
        cardverse_heuristic,
        "sparring: pile top only to meld, small melds held back, sheds by points and live ways",
    ),
    ("spar:heuristic", "gin"): (
        gin_heuristic,
        "sparring: pile top only to meld, knocks at 5 or late, sheds by points and live ways",
    ),
    ("spar:tempo", "cardverse"): (tempo, "sparring: races to go out, counting loose cards, not points"),
    ("spar:tempo", "gin"): (gin_tempo, "sparring: races to knock, counting loose cards, not points"),
}


def heuristic_for(variant: VariantSpec[Any], registry: Any) -> AgentSpec[Any] | str:
    return made_for("spar:heuristic", variant)


def tempo_for(variant: VariantSpec[Any], registry: Any) -> AgentSpec[Any] | str:
    return made_for("spar:tempo", variant)


def made_for(name: str, variant: VariantSpec[Any]) -> AgentSpec[Any] | str:
    found = BOTS.get((name, variant.name))
    if found is None:
        known = " and ".join(v for n, v in BOTS if n == name)
        return f"it plays {known} only"
    factory, description = found
    return AgentSpec(
        name=name,
        variant=variant.name,
        strength=STRENGTH,
        description=description,
        factory=factory,
        understands=Understands(frozenset({variant.name})),
    )


AGENTS = (
    AgentSpec(
        name="spar:heuristic",
        strength=STRENGTH,
        description="sparring: the heuristic of issue 44 (CardVerse, Gin)",
        factory=unbound,
        per_variant=heuristic_for,
    ),
    AgentSpec(
        name="spar:tempo",
        strength=STRENGTH,
        description="sparring: a racer to go out (CardVerse, Gin)",
        factory=unbound,
        per_variant=tempo_for,
    ),
)
