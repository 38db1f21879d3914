"""What plugins register: typed descriptions of variants and agents, and the
registry that holds them (a name registered twice is an error naming both plugins)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from .errors import PluginError, UnknownAgent, UnknownVariant

if TYPE_CHECKING:
    from .agents import Agent
    from .engine import Round, View


@dataclass(frozen=True)
class HandSummary:
    """A hand explained for display: its melds, the loose cards and a label such as
    ``deadwood 12`` or ``hand value 34``."""

    melds: tuple[tuple[int, ...], ...]
    loose: tuple[int, ...]
    label: str


@dataclass(frozen=True)
class Analysis:
    """The answer of ``rummy analyze``: ``data`` is the JSON object, ``text`` the
    lines shown to a person (cards in them as ``[[n]]``, see engine.card_ref)."""

    data: dict[str, Any]
    text: tuple[str, ...]


@dataclass(frozen=True)
class VariantSpec:
    """A rule set.

    ``new_round(options, n_seats, round_index, rng)`` deals a round (a
    :class:`rummykit.core.engine.Round`) using only ``rng`` for chance.
    ``options_model`` is a pydantic model whose fields are the options with their
    defaults (a field ``target`` ends the match when a total reaches it).
    """

    name: str
    title: str
    min_players: int
    max_players: int
    options_model: type[BaseModel]
    new_round: Callable[[BaseModel, int, int, random.Random], Round]
    rules_text: str = ""
    description: str = ""
    ace_high: bool = False
    hand_summary: Callable[[View, BaseModel], HandSummary] | None = None
    analyze: Callable[..., Analysis] | None = None
    aliases: dict[str, str] = field(default_factory=dict)
    plugin: str = ""  # filled in by the registry

    def __post_init__(self) -> None:
        if not self.name or not self.name.replace("-", "").replace("_", "").isalnum():
            raise PluginError(f"bad variant name {self.name!r}")
        if not 1 <= self.min_players <= self.max_players:
            raise PluginError(f"variant {self.name}: bad player counts")


@dataclass(frozen=True)
class AgentSpec:
    """A computer player. ``factory(seat, seed, options)`` returns an agent.
    ``variant=None`` serves every variant. Higher ``strength`` is stronger."""

    name: str
    factory: Callable[[int, int, BaseModel], Agent]
    variant: str | None = None
    strength: int = 0
    description: str = ""
    plugin: str = ""


class Registry:
    """Variants and agents by name, with the plugin that gave each."""

    def __init__(self) -> None:
        self.variants: dict[str, VariantSpec] = {}
        self.agents: dict[tuple[str | None, str], AgentSpec] = {}
        self.problems: list[str] = []  # one line per plugin that failed
        self.plugins: dict[str, dict[str, Any]] = {}  # name -> {version, variants, agents}

    def _plugin_entry(self, plugin: str) -> dict[str, Any]:
        return self.plugins.setdefault(plugin, {"version": "", "variants": [], "agents": [], "commands": []})

    def add_variant(self, spec: VariantSpec, plugin: str) -> None:
        if not isinstance(spec, VariantSpec):
            raise PluginError(f"plugin {plugin} registered {spec!r}, not a VariantSpec")
        if spec.name in self.variants:
            other = self.variants[spec.name].plugin
            raise PluginError(
                f"variant {spec.name!r} is registered by two plugins: {other} and {plugin}"
            )
        from dataclasses import replace

        self.variants[spec.name] = replace(spec, plugin=plugin)
        self._plugin_entry(plugin)["variants"].append(spec.name)

    def add_agent(self, spec: AgentSpec, plugin: str) -> None:
        if not isinstance(spec, AgentSpec):
            raise PluginError(f"plugin {plugin} registered {spec!r}, not an AgentSpec")
        key = (spec.variant, spec.name)
        if key in self.agents:
            other = self.agents[key].plugin
            where = f" for {spec.variant}" if spec.variant else ""
            raise PluginError(
                f"agent {spec.name!r}{where} is registered by two plugins: {other} and {plugin}"
            )
        from dataclasses import replace

        self.agents[key] = replace(spec, plugin=plugin)
        self._plugin_entry(plugin)["agents"].append(
            spec.name + (f" ({spec.variant})" if spec.variant else "")
        )

    # -- look-ups -------------------------------------------------------------

    def variant(self, name: str) -> VariantSpec:
        try:
            return self.variants[name]
        except KeyError:
            known = ", ".join(sorted(self.variants)) or "none installed"
            raise UnknownVariant(f"unknown variant {name!r} (installed: {known})") from None

    def agents_for(self, variant: str) -> list[AgentSpec]:
        """Agents usable with ``variant``, strongest first, then by name."""
        specs = [a for (v, _), a in self.agents.items() if v in (None, variant)]
        # A variant's own agent of a name hides a generic one of the same name.
        by_name: dict[str, AgentSpec] = {}
        for a in sorted(specs, key=lambda a: a.variant is not None):
            by_name[a.name] = a
        return sorted(by_name.values(), key=lambda a: (-a.strength, a.name))

    def agent(self, variant: str, name: str) -> AgentSpec:
        for a in self.agents_for(variant):
            if a.name == name:
                return a
        known = ", ".join(a.name for a in self.agents_for(variant)) or "none"
        raise UnknownAgent(f"no computer player {name!r} for {variant} (available: {known})")

    def strongest_agent(self, variant: str) -> AgentSpec | None:
        agents = self.agents_for(variant)
        return agents[0] if agents else None


def seat_names(names: Sequence[str | None]) -> list[str]:
    return [n or f"Player {i + 1}" for i, n in enumerate(names)]
