"""The registry: the variants and computer players the plugins registered, by
name, with the plugin that gave each, what each plugin registered, and the
problems found (one line each).

A name two plugins register (a variant, or an agent for one variant) is a
conflict: it is recorded naming both, neither wins, and the name is an error
until all but one are disabled; everything else either plugin registers stays.
An agent's strength outside its range is a warning and is clamped.

The typed descriptions a plugin registers live in
:mod:`rummykit.core.plugins.specs`; they are offered here too."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rummykit.core.base.errors import PluginError, UnknownAgent, UnknownVariant
from rummykit.core.base.values import did_you_mean
from rummykit.core.plugins.specs import (
    AGENT_NAME,
    GENERIC_STRENGTHS,
    MATCH_OPTIONS,
    MAX_AGENT_NAME,
    MAX_VARIANT_NAME,
    STRENGTHS,
    VARIANT_NAME,
    AgentSpec,
    Analysis,
    HandSummary,
    OptionsT,
    RoundFactory,
    Understands,
    VariantSpec,
    agent_name_problem,
    at_defaults,
    level_specs,
    variant_name_problem,
)

if TYPE_CHECKING:
    from pydantic import BaseModel

__all__ = [
    "AGENT_NAME",
    "GENERIC_STRENGTHS",
    "MATCH_OPTIONS",
    "MAX_AGENT_NAME",
    "MAX_VARIANT_NAME",
    "STRENGTHS",
    "VARIANT_NAME",
    "AgentSpec",
    "Analysis",
    "HandSummary",
    "OptionsT",
    "Registry",
    "RoundFactory",
    "Understands",
    "VariantSpec",
    "agent_name_problem",
    "at_defaults",
    "conflict_line",
    "level_specs",
    "seat_names",
    "variant_name_problem",
]


class Registry:
    """Variants and agents by name, with the plugin that gave each.

    A registry may be filled lazily (:meth:`defer`): the plugins' registration
    hooks then run on the first look at ``variants``, ``agents``, ``plugins`` or
    a conflict, so ``rummy --help`` never imports a variant's engine.
    ``problems`` is a plain list: the problems found so far, one line each.
    """

    def __init__(self) -> None:
        self._variants: dict[str, VariantSpec[Any]] = {}
        self._agents: dict[tuple[str | None, str], AgentSpec[Any]] = {}
        self.problems: list[str] = []
        #: plugin name -> {version, distribution, module, status, variants, agents, commands}
        self._plugins: dict[str, dict[str, Any]] = {}
        # A name two plugins registered -> those plugins: unusable until one is disabled.
        self._conflicts: dict[str, list[str]] = {}
        self._agent_conflicts: dict[tuple[str | None, str], list[str]] = {}
        self._fill: Callable[[Registry], None] | None = None
        # (variant, name) -> a generic player's per_variant answer (see _bind)
        self._bound: dict[tuple[str, str], AgentSpec[Any] | str | None] = {}

    def defer(self, fill: Callable[[Registry], None]) -> None:
        """Run ``fill(self)`` (the registration hooks) on first use, not now."""
        self._fill = fill

    def _ensure(self) -> None:
        fill, self._fill = self._fill, None
        if fill is not None:
            fill(self)

    @property
    def variants(self) -> dict[str, VariantSpec[Any]]:
        self._ensure()
        return self._variants

    @property
    def agents(self) -> dict[tuple[str | None, str], AgentSpec[Any]]:
        self._ensure()
        return self._agents

    @property
    def plugins(self) -> dict[str, dict[str, Any]]:
        self._ensure()
        return self._plugins

    @property
    def conflicts(self) -> dict[str, list[str]]:
        self._ensure()
        return self._conflicts

    @property
    def agent_conflicts(self) -> dict[tuple[str | None, str], list[str]]:
        self._ensure()
        return self._agent_conflicts

    def plugin_entry(self, plugin: str) -> dict[str, Any]:
        """What :attr:`plugins` says of ``plugin`` (made empty if new), without
        filling a deferred registry."""
        return self._plugins.setdefault(plugin, {"version": "", "variants": [], "agents": [], "commands": []})

    def record_commands(self, plugin: str, names: Iterable[str]) -> None:
        """Note the commands ``plugin`` added (``rummy plugins`` lists them)."""
        entry = self.plugin_entry(plugin)
        entry["commands"] = sorted(set(entry["commands"]) | set(names))

    def problem(self, line: str) -> None:
        """Add ``line`` to :attr:`problems` unless it is there already."""
        if line not in self.problems:
            self.problems.append(line)

    def add_variant(self, spec: VariantSpec[Any], plugin: str) -> bool:
        """Register ``spec`` for ``plugin``; ``False`` when its name is (now) a
        conflict: recorded, neither plugin's spec kept, nothing raised."""
        if not isinstance(spec, VariantSpec):
            raise PluginError(f"plugin {plugin} registered {spec!r}, not a VariantSpec")
        self._bound.clear()
        self.plugin_entry(plugin)["variants"].append(spec.name)
        # Neither of two wins (which loads first is an accident of the install).
        return self._claim(self._variants, self._conflicts, spec.name, replace(spec, plugin=plugin))

    def add_agent(self, spec: AgentSpec[Any], plugin: str) -> bool:
        """Register ``spec`` for ``plugin`` (its strength clamped to its range,
        with a warning); ``False`` when its name for its variant is (now) a
        conflict: recorded, neither plugin's agent kept, nothing raised."""
        if not isinstance(spec, AgentSpec):
            raise PluginError(f"plugin {plugin} registered {spec!r}, not an AgentSpec")
        self._bound.clear()
        spec = replace(spec, plugin=plugin, strength=self._strength(spec, plugin))
        self.plugin_entry(plugin)["agents"].append(spec.name + (f" ({spec.variant})" if spec.variant else ""))
        return self._claim(self._agents, self._agent_conflicts, (spec.variant, spec.name), spec)

    @staticmethod
    def _claim(specs: dict[Any, Any], conflicts: dict[Any, list[str]], key: Any, spec: Any) -> bool:
        """Put ``spec`` in ``specs`` under ``key``, or, when another plugin holds
        the key or a conflict does, make (or widen) the conflict instead."""
        if key not in specs and key not in conflicts:
            specs[key] = spec
            return True
        first = [specs.pop(key).plugin] if key in specs else []
        who = conflicts.setdefault(key, [])
        who[:] = sorted([*who, *first, spec.plugin])  # in name order, not the order of loading
        return False

    def _strength(self, spec: AgentSpec[Any], plugin: str) -> int:
        """``spec.strength`` within its range (:data:`STRENGTHS`, or
        :data:`GENERIC_STRENGTHS` for a generic agent); one warning line if not."""
        allowed = GENERIC_STRENGTHS if spec.variant is None else STRENGTHS
        value = spec.strength
        if isinstance(value, bool) or not isinstance(value, int):
            clamped = allowed[0]
        else:
            clamped = min(max(value, allowed[0]), allowed[-1])
        if clamped != value or type(value) is not int:
            kind = "a generic agent's" if spec.variant is None else "an agent's"
            self.problem(
                f"agent {spec.name!r} of plugin {plugin}: strength {value!r} is outside "
                f"{kind} range {allowed[0]}-{allowed[-1]}; taken as {clamped}"
            )
        return clamped

    def _agent_conflict(self, key: tuple[str | None, str]) -> str:
        variant, name = key
        owner = self._variants.get(variant or "")  # its variant's plugin is not the one to disable
        where = f" for {variant}" if variant else ""
        keep = owner.plugin if owner else None
        return conflict_line("agent", f"{name}{where}", self._agent_conflicts[key], name, keep=keep)

    def report(self) -> None:
        """Add the conflicts and the agents for variants no plugin registers to
        :attr:`problems` (one line each; the registration hooks call this)."""
        for name, who in sorted(self.conflicts.items()):
            self.problem(conflict_line("variant", name, who))
        for key in sorted(self.agent_conflicts, key=lambda k: (k[0] or "", k[1])):
            self.problem(self._agent_conflict(key))
        orphans: dict[tuple[str, str], list[str]] = {}
        for (variant, name), spec in self.agents.items():
            if variant is not None and variant not in self.variants and variant not in self.conflicts:
                orphans.setdefault((spec.plugin, variant), []).append(name)
        for (plugin, variant), names in sorted(orphans.items()):
            agents = "agent" + ("s " if len(names) > 1 else " ") + ", ".join(repr(n) for n in sorted(names))
            self.problem(
                f"plugin {plugin} registers {agents} for variant {variant!r}, which no plugin registers"
            )

    # -- look-ups -------------------------------------------------------------

    def variant(self, name: str) -> VariantSpec[Any]:
        if name in self.conflicts:
            raise PluginError(conflict_line("variant", name, self.conflicts[name]))
        try:
            return self.variants[name]
        except KeyError:
            known = ", ".join(sorted(self.variants)) or "none installed"
            close = did_you_mean(name, self.variants)
            raise UnknownVariant(f"unknown variant {name!r}{close} (installed: {known})") from None

    def agents_for(self, variant: str) -> list[AgentSpec[Any]]:
        """Agents usable with ``variant``, strongest first, then by name."""
        specs = [a for (v, _), a in self.agents.items() if v in (None, variant)]
        # A variant's own agent of a name hides a generic one of the same name
        # (its conflict too: the name is then nobody's).
        hidden = {n for (v, n) in self.agent_conflicts if v == variant}
        by_name: dict[str, AgentSpec[Any]] = {}
        for a in sorted(specs, key=lambda a: a.variant is not None):
            if a.name not in hidden:
                by_name[a.name] = a
        out = []
        for a in by_name.values():
            if a.variant is None and a.per_variant is not None:
                bound = self._bind(a, variant)
                if not isinstance(bound, AgentSpec):
                    continue
                a = bound
            out.append(a)
        return sorted(out, key=lambda a: (-a.strength, a.name))

    def _bind(self, spec: AgentSpec[Any], variant: str) -> AgentSpec[Any] | str | None:
        """A generic player's ``per_variant`` answer for ``variant``, once per
        registry: the player, or why it is not offered (``None``: no reason
        given, or a variant not registered here)."""
        key = (variant, spec.name)
        if key not in self._bound:
            made = None
            if variant in self._variants and spec.per_variant is not None:
                made = spec.per_variant(self._variants[variant], self)
            if isinstance(made, AgentSpec):
                made = replace(
                    made,
                    name=spec.name,
                    variant=variant,
                    plugin=spec.plugin,
                    per_variant=None,
                    strength=min(max(made.strength, GENERIC_STRENGTHS[0]), GENERIC_STRENGTHS[-1]),
                    understands=made.understands or spec.understands or Understands.ANY,
                )
            self._bound[key] = made
        return self._bound[key]

    def agent(self, variant: str, name: str) -> AgentSpec[Any]:
        """The computer player ``name`` for ``variant``: an error naming the
        plugins when the name is a conflict, or saying what is available (and,
        for a generic player not offered there, why) when there is none."""
        own, generic = (variant, name), (None, name)
        for key in (own, generic):
            if key in self.agent_conflicts and (key == own or own not in self.agents):
                raise PluginError(self._agent_conflict(key))
        offered = self.agents_for(variant)
        for a in offered:
            if a.name == name:
                return a
        known = ", ".join(a.name for a in offered) or "none"
        reason = self._bind(self.agents[generic], variant) if generic in self.agents else None
        why = f"; {name} cannot play it: {reason}" if isinstance(reason, str) else ""
        close = "" if generic in self.agents else did_you_mean(name, [a.name for a in offered])
        raise UnknownAgent(f"no computer player {name!r} for {variant}{close} (available: {known}){why}")

    def understood(self, spec: AgentSpec[Any], variant: str, options: BaseModel | None = None) -> bool:
        """Whether ``spec`` understands ``variant`` under ``options`` (``None``:
        the variant's defaults); see :attr:`AgentSpec.understands`. An
        ``understands`` that raises answers no (one problem line)."""
        if options is None:
            try:
                options = self.variant(variant).options_model()
            except Exception:  # required options, or no such variant: nothing to judge by
                return spec.variant is None and spec.understands is None
        if spec.understands is not None:
            try:
                return bool(spec.understands(variant, options))
            except Exception as e:
                self.problem(
                    f"agent {spec.name!r} of plugin {spec.plugin}: its understands failed: "
                    f"{type(e).__name__}: {e}"
                )
                return False
        if spec.variant is None:
            return True
        return spec.variant == variant and at_defaults(options, MATCH_OPTIONS)

    def strongest_agent(self, variant: str, options: BaseModel | None = None) -> AgentSpec[Any] | None:
        """The default opponent and hint source of ``variant`` under ``options``
        (``None``: its defaults): the strongest agent that understands them,
        or ``None`` if none does."""
        for a in self.agents_for(variant):
            if self.understood(a, variant, options):
                return a
        return None


def conflict_line(
    kind: str, name: str, plugins: Sequence[str], bare: str | None = None, keep: str | None = None
) -> str:
    """The error for a name several plugins registered, naming all of them (in
    name order: the line does not depend on the order they loaded in). The
    plugin it suggests disabling is the last one but ``keep`` (the plugin of
    the variant an agent is for)."""
    shown = bare if bare is not None else name
    plugins = sorted(plugins)
    if len(set(plugins)) == 1:
        return f"{kind} {shown!r}{name[len(shown) :]} is registered twice by plugin {plugins[0]}"
    count = {2: "two", 3: "three"}.get(len(plugins), str(len(plugins)))
    names = " and ".join(plugins) if len(plugins) <= 2 else ", ".join(plugins[:-1]) + " and " + plugins[-1]
    return (
        f"{kind} {shown!r}{name[len(shown) :]} is registered by {count} plugins: {names} "
        f"(disable all but one, e.g. RUMMYKIT_DISABLE_PLUGINS={[p for p in plugins if p != keep][-1]})"
    )


def seat_names(names: Sequence[str | None]) -> list[str]:
    """The names shown for the seats: "Player N" for a seat with none, and
    distinct ignoring case (see :func:`rummykit.core.engine.names.unique_names`)."""
    from rummykit.core.engine.names import unique_names

    return unique_names([n or f"Player {i + 1}" for i, n in enumerate(names)])
