"""What plugins register: typed descriptions of variants and agents, and the
registry that holds them.

A name two plugins register (a variant, or an agent for one variant) is a
conflict: it is recorded naming both, neither wins, and the name is an error
until all but one are disabled; everything else either plugin registers stays.
Agent strengths lie in :data:`STRENGTHS` (a generic agent's in
:data:`GENERIC_STRENGTHS`); one outside is a warning and is clamped."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from rummykit.core.base.errors import PluginError, UnknownAgent, UnknownVariant
from rummykit.core.base.values import is_whole_number, shown_value

if TYPE_CHECKING:  # annotations only: importing pydantic costs `rummy --help` ~0.1 s
    from pydantic import BaseModel

    from rummykit.core.bots.agents import Agent
    from rummykit.core.engine.round import Round, View
    from rummykit.core.engine.vocabulary import MoveWords, Vocabulary
    from rummykit.core.play.match import MatchRule

#: The strengths an agent may claim (random is 0; the built-in ``ai:hard`` 30).
STRENGTHS = range(101)
#: A generic agent's (``variant=None``) strengths: it knows no variant better
#: than core's ``ai:search``, so it is never stronger than that.
GENERIC_STRENGTHS = range(26)
#: Options that set the length of a match, not the rules of a round: an agent
#: registered for a variant understands any value of them.
MATCH_OPTIONS = frozenset({"target"})

#: A variant's options model: ``VariantSpec[GinOptions]`` deals rounds from, and
#: summarises hands under, :class:`GinOptions` (a subclass of it, for a house rule).
OptionsT = TypeVar("OptionsT", bound="BaseModel")

#: What a variant's name may be (it is typed at the command line, and names
#: the ``rummykit-NAME`` package of ``rummy new-variant``).
VARIANT_NAME = re.compile(r"^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$")
MAX_VARIANT_NAME = 40


def _bad_name(name: object) -> str:
    """A refused name for an error line: its ``repr``, a long one
    :func:`shortened` with its length."""
    if isinstance(name, str) and len(name) > 50:
        return f"{shown_value(name)} ({len(name)} characters)"
    return repr(name)


def variant_name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a variant's name (one line, the name shown short),
    or ``None`` when it can."""
    if isinstance(name, str) and len(name) <= MAX_VARIANT_NAME and VARIANT_NAME.match(name):
        return None
    return (
        f"bad variant name {_bad_name(name)}: use 1 to {MAX_VARIANT_NAME} lower-case letters and digits, "
        "words joined by - or _, starting with a letter (like oklahoma, big-gin)"
    )


#: A computer player's name: words of letters, digits, ``.``, ``_`` and ``-``
#: joined by ``:`` (``ai:hard``, ``ref:simple``, ``random``), as ``--seat`` takes it.
AGENT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*(:[A-Za-z0-9][A-Za-z0-9._-]*)*\Z")
MAX_AGENT_NAME = 64


def agent_name_problem(name: object) -> str | None:
    """Why ``name`` cannot be a computer player's name (one line), or ``None``."""
    if (
        isinstance(name, str)
        and len(name) <= MAX_AGENT_NAME
        and AGENT_NAME.match(name)
        and name.split(":")[0].lower() != "human"
    ):
        return None
    return (
        f"bad computer player name {_bad_name(name)}: use 1 to {MAX_AGENT_NAME} letters, digits, '.', '_' "
        "and '-', words joined by ':' (like ai:hard, my:bot), and not 'human', which --seat gives a person"
    )


RoundT = TypeVar("RoundT", bound="Round")


class RoundFactory(Generic[RoundT]):
    """A ``VariantSpec.new_round`` that deals rounds of ``round_class`` (a
    variant's round class, or a house rule's subclass of it) whose views name
    ``variant``; a variant's subclass defines ``__call__``. Two are equal when
    they deal the same class under the same name, so equal specs compare equal.
    Immutable, like the spec holding it: a bot handed an information state
    reaches it through ``InfoState.dealer`` and must not change the rules."""

    __slots__ = ("round_class", "variant")
    round_class: type[RoundT]
    variant: str

    def __init__(self, round_class: type[RoundT], variant: str) -> None:
        object.__setattr__(self, "round_class", round_class)
        object.__setattr__(self, "variant", variant)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a {type(self).__name__} cannot be changed")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a {type(self).__name__} cannot be changed")

    def __reduce__(self) -> tuple[Any, ...]:  # pickled for spawned workers and Ray
        return (type(self), (self.round_class, self.variant))

    def __call__(self, options: Any, n_seats: int, round_index: int, rng: random.Random) -> RoundT:
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, RoundFactory):
            return NotImplemented
        return (type(self), self.round_class, self.variant) == (type(other), other.round_class, other.variant)

    def __hash__(self) -> int:
        return hash((type(self), self.round_class, self.variant))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.round_class.__name__}, {self.variant!r})"


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
class VariantSpec(Generic[OptionsT]):
    """A rule set, generic in its options model ``OptionsT``.

    ``new_round(options, n_seats, round_index, rng)`` deals a round (a
    :class:`rummykit.core.engine.round.Round`) using only ``rng`` for chance.
    ``options_model`` is a pydantic model whose fields are the options with their
    defaults (a field ``target`` ends the match when a total reaches it,
    unless ``match_rule`` says otherwise).
    ``match_rule(options)`` gives the match's :class:`~rummykit.core.play.match.MatchRule`
    (first to a target, lowest total once a total passes a limit, a fixed
    number of deals); ``None``: first to ``options.target``, or one deal.
    ``negative_scores``: a round may score below zero for a seat (cards left
    in hand count against it); otherwise every round score is zero or more.
    ``moves`` gives the words of the kinds of move the variant adds (one
    :class:`~rummykit.core.engine.vocabulary.MoveWords` a kind: short form, log
    phrases, help line); ``aliases`` maps further short forms to kinds, and
    holds the moves' short forms too. :attr:`vocabulary` puts them together
    with core's words. ``table_summary(view)`` gives one line about the table
    that the terminal table and ``rummy replay`` show under the piles
    ("discard pile spread: [[3]] [[17]]", "stock reshuffled once"), cards in it
    written with :func:`~rummykit.core.engine.round.card_ref` and shown the
    session's way (``--ascii`` included); ``None`` (the hook or its answer):
    no line.

    ``action_codec`` (optional) numbers the variant's moves for learning
    environments (:mod:`rummykit.env`): called with the spec and the seat
    count, it returns an action codec (``n``, ``encode``, ``decode``,
    ``pile_kinds``: :class:`rummykit.env.ActionCodec`). ``None``: core's
    standard codec, which covers draw, take, one-card moves (discard, knock,
    gin...), meld and add.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    options_model: type[OptionsT]
    new_round: Callable[[OptionsT, int, int, random.Random], Round]
    rules_text: str = ""
    description: str = ""
    match_rule: Callable[[OptionsT], MatchRule] | None = None
    negative_scores: bool = False
    ace_high: bool = False
    hand_summary: Callable[[View, OptionsT], HandSummary] | None = None
    analyze: Callable[..., Analysis] | None = None
    aliases: dict[str, str] = field(default_factory=dict)
    moves: tuple[MoveWords, ...] = ()
    table_summary: Callable[[View], str | None] | None = None
    plugin: str = ""  # filled in by the registry
    action_codec: Callable[[VariantSpec[Any], int], Any] | None = None

    def __post_init__(self) -> None:
        problem = variant_name_problem(self.name)
        if problem is not None:
            raise PluginError(problem)
        if not 1 <= self.min_players <= self.max_players:
            raise PluginError(
                f"variant {self.name}: bad player counts (min_players {self.min_players!r}, "
                f"max_players {self.max_players!r}: 1 <= min_players <= max_players)"
            )
        from pydantic import BaseModel  # here: a spec is made only once variants are registered

        if not (isinstance(self.options_model, type) and issubclass(self.options_model, BaseModel)):
            raise PluginError(f"variant {self.name}: options_model must be a pydantic model class")
        required = [k for k, f in self.options_model.model_fields.items() if f.is_required()]
        if required:  # `rummy play` with no -o builds the options from their defaults
            raise PluginError(
                f"variant {self.name}: every option needs a default; {', '.join(required)} has none"
            )
        if not callable(self.new_round):
            raise PluginError(f"variant {self.name}: new_round must be callable")
        kinds = [m.kind for m in self.moves]
        if len(set(kinds)) != len(kinds):
            raise PluginError(f"variant {self.name}: the words of a kind of move are given twice")
        shorts = {m.short: m.kind for m in self.moves if m.short}
        object.__setattr__(self, "moves", tuple(self.moves))
        object.__setattr__(self, "aliases", {**shorts, **self.aliases})

    @functools.cached_property
    def vocabulary(self) -> Vocabulary:
        """Core's words and this variant's, as the terminal uses them."""
        from rummykit.core.engine.vocabulary import Vocabulary

        return Vocabulary(self.moves, self.aliases)


@dataclass(frozen=True)
class AgentSpec(Generic[OptionsT]):
    """A computer player. ``factory(seat, seed, options)`` returns an agent;
    ``options`` are the variant's (``AgentSpec[GinOptions]`` for a Gin player).
    ``variant=None`` serves every variant (its factory takes any ``BaseModel``).
    Higher ``strength`` is stronger.

    ``rollout=True`` offers the player as a search's roll-out policy (the
    generic ``ai:search`` rolls out with the variant's strongest such player):
    it must be fast (well under a millisecond a move) and decide from its view
    alone (a roll-out never calls ``observe`` and hands no information
    state, so a player built on the search plays its prior there, unsearched).
    ``rollout_iterations`` is the budget ``ai:search`` takes when it rolls out
    with this player (``None``: its default): fewer play-outs for a policy
    that costs more a move keep the decision time.

    ``per_variant`` is for a generic player (``variant=None``) that must know
    the variant it plays: called with the variant's spec and the registry, it
    returns the player for that variant (``None``: not offered there).

    ``understands(variant, options)`` says whether the player knows the rules
    of ``variant`` (a name) under ``options`` (that variant's options model);
    only a player that does may be the default opponent or give hints (see
    :meth:`Registry.strongest_agent`). ``None``: a generic player understands
    every variant; a variant's player understands the variant it is registered
    for with its default options, any value of :data:`MATCH_OPTIONS` aside.
    :class:`Understands` is a ready-made answer.
    """

    name: str
    factory: Callable[[int, int, OptionsT], Agent]
    variant: str | None = None
    strength: int = 0
    description: str = ""
    plugin: str = ""
    rollout: bool = False
    rollout_iterations: int | None = None
    per_variant: Callable[[VariantSpec, Registry], AgentSpec | None] | None = None
    understands: Callable[[str, BaseModel], bool] | None = None

    def __post_init__(self) -> None:
        problem = agent_name_problem(self.name)
        if problem is not None:
            raise PluginError(problem)
        n = self.rollout_iterations
        if n is not None and (not is_whole_number(n) or n < 1):
            raise PluginError(
                f"computer player {self.name}: rollout_iterations is None or a whole number of "
                f"play-outs, at least 1, not {shown_value(n)}"
            )


def level_specs(
    variant: str,
    levels: Iterable[tuple[str, int, Callable[[int, int, OptionsT], Agent], str]],
    understands: Callable[[str, BaseModel], bool] | None = None,
    rollout: str | None = None,
    rollout_iterations: int | None = None,
) -> list[AgentSpec[OptionsT]]:
    """A variant's computer players from ``(name, strength, factory,
    description)`` rows, each understanding what ``understands`` says; the one
    named ``rollout`` is offered as the search's roll-out policy, with
    ``rollout_iterations`` as the search's budget with it."""
    return [
        AgentSpec(
            name=name,
            variant=variant,
            strength=strength,
            factory=factory,
            description=text,
            rollout=name == rollout,
            rollout_iterations=rollout_iterations if name == rollout else None,
            understands=understands,
        )
        for name, strength, factory, text in levels
    ]


@dataclass(frozen=True)
class Understands:
    """What an agent understands, as :attr:`AgentSpec.understands`: the
    ``variants`` named, with any value of the option fields named in
    ``options`` (and of :data:`MATCH_OPTIONS`) and every other option at its
    default. ``options=None``: every option at any value.

    Gin's own bots answer ``Understands(frozenset({"gin"}))`` (Gin, any of its
    options): a house rule built on Gin that registers them for its own name is
    not understood unless it says so (``Understands(frozenset({"gin",
    "oklahoma"}))``). ``Understands.ANY`` (every variant, every option) is what
    a generic player answers."""

    variants: frozenset[str] | None
    options: frozenset[str] | None = None

    def __post_init__(self) -> None:
        if self.variants is not None:
            object.__setattr__(self, "variants", frozenset(self.variants))
        if self.options is not None:
            object.__setattr__(self, "options", frozenset(self.options))

    def __call__(self, variant: str, options: BaseModel) -> bool:
        if self.variants is not None and variant not in self.variants:
            return False
        if self.options is None:
            return True
        return at_defaults(options, self.options | MATCH_OPTIONS)

    ANY: ClassVar[Understands]


Understands.ANY = Understands(None)


def at_defaults(options: BaseModel, except_fields: Iterable[str] = ()) -> bool:
    """Whether every field of ``options`` but ``except_fields`` has its default value."""
    skip = set(except_fields)
    for name, info in type(options).model_fields.items():
        if name in skip:
            continue
        try:
            default = info.get_default(call_default_factory=True)
        except Exception:  # a required field: no default to be at
            return False
        if getattr(options, name, default) != default:
            return False
    return True


class Registry:
    """Variants and agents by name, with the plugin that gave each.

    A registry may be filled lazily (:meth:`defer`): the plugins' registration
    hooks then run on the first look at ``variants``, ``agents``, ``plugins`` or
    a conflict, so ``rummy --help`` never imports a variant's engine. ``problems``
    is a plain list: the problems found so far.
    """

    def __init__(self) -> None:
        self._variants: dict[str, VariantSpec[Any]] = {}
        self._agents: dict[tuple[str | None, str], AgentSpec[Any]] = {}
        self.problems: list[str] = []  # one line per plugin that failed
        self._plugins: dict[str, dict[str, Any]] = {}  # name -> {version, variants, agents, ...}
        # A name two plugins registered: unusable until one is disabled.
        self._conflicts: dict[str, list[str]] = {}  # variant name -> plugins
        self._agent_conflicts: dict[tuple[str | None, str], list[str]] = {}
        self._fill: Callable[[Registry], None] | None = None
        self._pending_commands: dict[str, set[str]] = {}
        self._bound: dict[tuple[str, str], AgentSpec | None] = {}  # see _bind

    # -- lazy filling -----------------------------------------------------------

    def defer(self, fill: Callable[[Registry], None]) -> None:
        """Run ``fill(self)`` (the registration hooks) on first use, not now."""
        self._fill = fill

    def _ensure(self) -> None:
        fill, self._fill = self._fill, None
        if fill is not None:
            fill(self)
            for plugin, names in self._pending_commands.items():
                self._add_commands(plugin, names)
            self._pending_commands.clear()

    @property
    def loaded(self) -> bool:
        """Whether the registration hooks have run (always, unless deferred)."""
        return self._fill is None

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

    def _plugin_entry(self, plugin: str) -> dict[str, Any]:
        return self.plugins.setdefault(plugin, {"version": "", "variants": [], "agents": [], "commands": []})

    def record_commands(self, plugin: str, names: Iterable[str]) -> None:
        """Note the commands ``plugin`` added (``rummy plugins`` lists them)
        without filling a deferred registry."""
        if self._fill is not None:
            self._pending_commands.setdefault(plugin, set()).update(names)
        else:
            self._add_commands(plugin, names)

    def _add_commands(self, plugin: str, names: Iterable[str]) -> None:
        entry = self._plugin_entry(plugin)
        entry["commands"] = sorted(set(entry.get("commands", [])) | set(names))

    def _problem(self, line: str) -> None:
        if line not in self.problems:
            self.problems.append(line)

    def add_variant(self, spec: VariantSpec[Any], plugin: str) -> bool:
        """Register ``spec`` for ``plugin``; ``False`` when its name is (now) a
        conflict: recorded, neither plugin's spec kept, nothing raised."""
        self._bound.clear()
        if not isinstance(spec, VariantSpec):
            raise PluginError(f"plugin {plugin} registered {spec!r}, not a VariantSpec")
        self._plugin_entry(plugin)["variants"].append(spec.name)
        if spec.name in self.variants or spec.name in self.conflicts:
            # Neither wins (which one loads first is an accident of the install):
            # the name is an error naming both until one plugin is disabled.
            first = self.variants.pop(spec.name).plugin if spec.name in self.variants else None
            who = self.conflicts.setdefault(spec.name, [first] if first else [])
            who[:] = sorted([*who, plugin])  # in name order: not the order of loading
            return False
        from dataclasses import replace

        self.variants[spec.name] = replace(spec, plugin=plugin)
        return True

    def add_agent(self, spec: AgentSpec[Any], plugin: str) -> bool:
        """Register ``spec`` for ``plugin`` (its strength clamped to its range,
        with a warning); ``False`` when its name for its variant is (now) a
        conflict: recorded, neither plugin's agent kept, nothing raised."""
        self._bound.clear()
        if not isinstance(spec, AgentSpec):
            raise PluginError(f"plugin {plugin} registered {spec!r}, not an AgentSpec")
        from dataclasses import replace

        spec = replace(spec, plugin=plugin, strength=self._strength(spec, plugin))
        key = (spec.variant, spec.name)
        self._plugin_entry(plugin)["agents"].append(
            spec.name + (f" ({spec.variant})" if spec.variant else "")
        )
        if key in self.agents or key in self.agent_conflicts:
            first = self.agents.pop(key).plugin if key in self.agents else None
            who = self.agent_conflicts.setdefault(key, [first] if first else [])
            who[:] = sorted([*who, plugin])
            return False
        self.agents[key] = spec
        return True

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
            self._problem(
                f"agent {spec.name!r} of plugin {plugin}: strength {value!r} is outside "
                f"{kind} range {allowed[0]}-{allowed[-1]}; taken as {clamped}"
            )
        return clamped

    def report(self) -> None:
        """Add the conflicts and the agents for variants no plugin registers to
        :attr:`problems` (one line each; the registration hooks call this)."""
        for name, who in sorted(self.conflicts.items()):
            self._problem(_conflict("variant", name, who))
        for (variant, name), who in sorted(
            self.agent_conflicts.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])
        ):
            where = f" for {variant}" if variant else ""
            owner = self.variants.get(variant or "")
            self._problem(
                _conflict("agent", f"{name}{where}", who, name, keep=owner.plugin if owner else None)
            )
        orphans: dict[tuple[str, str], list[str]] = {}
        for (variant, name), spec in self.agents.items():
            if variant is not None and variant not in self.variants and variant not in self.conflicts:
                orphans.setdefault((spec.plugin, variant), []).append(name)
        for (plugin, variant), names in sorted(orphans.items()):
            agents = "agent" + ("s " if len(names) > 1 else " ") + ", ".join(repr(n) for n in sorted(names))
            self._problem(
                f"plugin {plugin} registers {agents} for variant {variant!r}, which no plugin registers"
            )

    # -- look-ups -------------------------------------------------------------

    def variant(self, name: str) -> VariantSpec[Any]:
        if name in self.conflicts:
            raise PluginError(_conflict("variant", name, self.conflicts[name]))
        try:
            return self.variants[name]
        except KeyError:
            known = ", ".join(sorted(self.variants)) or "none installed"
            raise UnknownVariant(f"unknown variant {name!r} (installed: {known})") from None

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
                if bound is None:
                    continue
                a = bound
            out.append(a)
        return sorted(out, key=lambda a: (-a.strength, a.name))

    def _bind(self, spec: AgentSpec, variant: str) -> AgentSpec | None:
        """A generic player's ``per_variant`` answer for ``variant``, once per
        registry (``None`` for a variant not registered here)."""
        key = (variant, spec.name)
        if key not in self._bound:
            bound = None
            if variant in self._variants and spec.per_variant is not None:
                from dataclasses import replace

                made = spec.per_variant(self._variants[variant], self)
                if made is not None:
                    bound = replace(
                        made,
                        name=spec.name,
                        variant=variant,
                        plugin=spec.plugin,
                        per_variant=None,
                        strength=min(max(made.strength, GENERIC_STRENGTHS[0]), GENERIC_STRENGTHS[-1]),
                        understands=made.understands or spec.understands or Understands.ANY,
                    )
            self._bound[key] = bound
        return self._bound[key]

    def agent(self, variant: str, name: str) -> AgentSpec[Any]:
        own, generic = (variant, name), (None, name)
        for key in (own, generic):
            if key in self.agent_conflicts and (key == own or own not in self.agents):
                where = f" for {variant}" if key[0] else ""
                owner = self.variants.get(variant) if key[0] else None
                who = self.agent_conflicts[key]
                raise PluginError(
                    _conflict("agent", f"{name}{where}", who, name, keep=owner.plugin if owner else None)
                )
        for a in self.agents_for(variant):
            if a.name == name:
                return a
        known = ", ".join(a.name for a in self.agents_for(variant)) or "none"
        reason = self.why_no_search(variant) if name == "ai:search" else None
        why = f"; ai:search cannot play it: {reason}" if reason else ""
        raise UnknownAgent(f"no computer player {name!r} for {variant} (available: {known}){why}")

    def why_no_search(self, variant: str) -> str | None:
        """Why core's ``ai:search`` (registered here) cannot play ``variant``
        (the first deal's failure, one line), or ``None`` when it can or is
        not registered."""
        if (None, "ai:search") not in self.agents or variant not in self.variants:
            return None
        from rummykit.core.bots.search import unsupported

        return unsupported(self.variants[variant])

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
                self._problem(
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


def _conflict(
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
