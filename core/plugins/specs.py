"""What plugins register: the typed descriptions of variants
(:class:`VariantSpec`) and computer players (:class:`AgentSpec`), with the rules
their names follow and what a player understands (:class:`Understands`).
:mod:`rummykit.core.plugins.registry` holds them and offers these names too.

Agent strengths lie in :data:`STRENGTHS` (a generic agent's in
:data:`GENERIC_STRENGTHS`); the registry clamps one outside, with a warning."""

from __future__ import annotations

import functools
import random
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from rummykit.core.base.errors import PluginError
from rummykit.core.base.values import is_whole_number, shown_value
from rummykit.core.cards.deck import STANDARD_DECK, Deck

if TYPE_CHECKING:  # annotations only: importing pydantic costs `rummy --help` ~0.1 s
    from pydantic import BaseModel

    from rummykit.core.bots.agents import Agent
    from rummykit.core.engine.round import Round, View
    from rummykit.core.engine.vocabulary import MoveWords, Vocabulary
    from rummykit.core.play.match import MatchRule
    from rummykit.core.plugins.registry import Registry

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
    """A refused name for an error line: its ``repr``, a long one cut to 40
    characters with its length."""
    if isinstance(name, str) and len(name) > 50:
        return f"{name[:40]!r}... ({len(name)} characters)"
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

    def __call__(
        self, options: Any, n_seats: int, round_index: int, rng: random.Random, match: Any = None
    ) -> RoundT:
        """Deal a round; ``match`` is its :class:`~rummykit.core.engine.context.MatchContext`
        (``None`` outside a match)."""
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

    ``deck`` is the deck the variant's rounds are dealt from
    (:class:`~rummykit.core.cards.deck.Deck`: copies of the 52 cards and
    printed jokers; the one 52-card deck by default), or a function of the
    options and the seat count giving it (Contract Rummy: two decks for 3 to 5
    players, three for 6 to 8); :meth:`deck_for` answers either way. The
    round says its deck as ``Round.deck``, which must be this one.

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
    deck: Deck | Callable[[OptionsT, int], Deck] = STANDARD_DECK

    def __post_init__(self) -> None:
        problem = variant_name_problem(self.name)
        if problem is not None:
            raise PluginError(problem)
        if not (isinstance(self.deck, Deck) or callable(self.deck)):
            raise PluginError(
                f"variant {self.name}: deck must be a Deck or a function of the options and the seat count"
            )
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

    def deck_for(self, options: OptionsT, n_seats: int) -> Deck:
        """The deck of a round under ``options`` with ``n_seats`` seats."""
        deck = self.deck
        if isinstance(deck, Deck):
            return deck
        got = deck(options, n_seats)
        if not isinstance(got, Deck):
            raise PluginError(f"variant {self.name}: its deck function gave {shown_value(got)}, not a Deck")
        return got

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
    returns the player for that variant, or, where it is not offered, ``None``
    or one line saying why (the error for a player asked for there ends with
    it: ``ai:search`` says why it cannot play a variant).

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
    per_variant: Callable[[VariantSpec, Registry], AgentSpec | str | None] | None = None
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
