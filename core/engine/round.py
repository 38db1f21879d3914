"""The engine contract every variant implements.

A round is a state machine: :meth:`Round.to_act` names the seat to act,
:meth:`Round.legal_actions` lists what it may do, :meth:`Round.apply` does one of
them (an illegal action raises :class:`IllegalAction` and leaves the state as it
was), :meth:`Round.view` gives what one seat may see, and :attr:`Round.result`
is set once the round is over.

Nothing outside the engine gets the full state: bots and the human seat receive
:class:`View` objects, which are plain frozen data with no reference back to the
round (docs/rules.md §3 "What a player sees").

Everything a bot receives or observes is immutable: views, events, table melds,
hand reports and round results are frozen; their sequences are tuples and their
mappings (``View.extra``, ``RoundResult.counts``) read-only copies; the legal
actions are a tuple. A bot cannot change the round, another seat's view or the
figures of ``rummy simulate`` by mutating what it was given.
"""

from __future__ import annotations

import copy
import copyreg
import inspect
import random
import warnings
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, fields
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Self, final

from rummykit.core.base.errors import IllegalAction, contract_broken
from rummykit.core.cards.card import card_token
from rummykit.core.cards.deck import STANDARD_DECK, Deck
from rummykit.core.engine.actions import Action
from rummykit.core.engine.context import MatchContext
from rummykit.core.engine.names import render_text
from rummykit.core.engine.resample import check_generator, information

if TYPE_CHECKING:
    from rummykit.core.engine.resample import InfoState


#: An empty read-only mapping (the default ``extra`` and ``counts``).
EMPTY: Mapping[str, Any] = MappingProxyType({})


def read_only(mapping: dict[Any, Any]) -> Mapping[Any, Any]:
    """``MappingProxyType(mapping)``: how a pickled read-only mapping comes back."""
    return MappingProxyType(mapping)


def _pickle_proxy(proxy: MappingProxyType) -> tuple[Any, tuple[dict[Any, Any]]]:
    return read_only, (dict(proxy),)


# Views, results and rounds keep their mappings read-only as MappingProxyType,
# which Python cannot pickle: registered here, a proxy pickles as a read-only
# copy of its mapping, so a round, a match or an environment can be saved and
# sent to another process (a checkpoint, a vector of environments).
copyreg.pickle(MappingProxyType, _pickle_proxy)


def frozen_mapping(m: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """A read-only copy of ``m`` (no one holding ``m`` can change the copy)."""
    if not m:
        return EMPTY
    return MappingProxyType(dict(m))


def options_mapping(options: Any) -> Mapping[str, Any]:
    """A variant's options as a view carries them: each field's value by name,
    read-only (lists as tuples, mappings read-only)."""

    def freeze(value: Any) -> Any:
        if isinstance(value, Mapping):
            return MappingProxyType({k: freeze(v) for k, v in value.items()})
        if isinstance(value, (set, frozenset)):
            return tuple(sorted((freeze(v) for v in value), key=repr))
        if isinstance(value, (list, tuple)):
            return tuple(freeze(v) for v in value)
        return value

    dump = getattr(options, "model_dump", None)
    values = dump() if callable(dump) else dict(options or {})
    return MappingProxyType({k: freeze(v) for k, v in values.items()}) if values else EMPTY


@dataclass(frozen=True, slots=True)
class Event:
    """One action as it happened. ``card`` is the card the action moved when that
    is not already in the notation (the card taken from the discard pile, or drawn
    from the stock); ``private`` means only ``seat`` may see ``card``.
    ``pile_closed`` marks a draw from the stock made while the discard pile had
    cards but could not be taken (a variant's rule closed it): the drawer did
    not pass on its top card, and bots reading the history
    (``core/bots/seen.py``) do not count it as passed."""

    seat: int
    action: Action
    card: int | None = None
    private: bool = False
    pile_closed: bool = False

    def seen_by(self, viewer: int) -> Event:
        if self.private and viewer != self.seat and self.card is not None:
            return Event(self.seat, self.action, None, True, self.pile_closed)
        return self

    def __copy__(self) -> Event:
        return self  # immutable: a copy may share it

    def __deepcopy__(self, memo: dict) -> Event:
        return self


@dataclass(frozen=True, slots=True)
class TableMeld:
    """A meld on the table, numbered from 1 as shown to players."""

    number: int
    owner: int
    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        if type(self.cards) is not tuple:
            object.__setattr__(self, "cards", tuple(self.cards))

    def __copy__(self) -> TableMeld:
        return self  # immutable: a copy may share it

    def __deepcopy__(self, memo: dict) -> TableMeld:
        return self


@dataclass(frozen=True, slots=True)
class HandReport:
    """One seat's hand as revealed at the end of a round: ``cards`` (all of
    them), and as the variant arranges them ``melds``, ``layoffs`` (cards laid
    off onto an opponent's meld) and ``deadwood``; ``points`` is what the hand
    counts. Only ``seat``, ``cards`` and ``points`` are required: displays show
    the cards of ``cards`` in no meld, layoff or deadwood beside the deadwood
    (:attr:`loose`)."""

    seat: int
    cards: tuple[int, ...]
    melds: tuple[tuple[int, ...], ...] = ()
    layoffs: tuple[tuple[int, tuple[int, ...]], ...] = ()  # (card, meld it went onto)
    deadwood: tuple[int, ...] = ()
    points: int = 0  # deadwood points (Gin) or hand value (CardVerse)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "cards", tuple(self.cards))
        set_(self, "melds", tuple(tuple(m) for m in self.melds))
        set_(self, "layoffs", tuple((c, tuple(m)) for c, m in self.layoffs))
        set_(self, "deadwood", tuple(self.deadwood))

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "cards": [card_token(c) for c in self.cards],
            "melds": [[card_token(c) for c in m] for m in self.melds],
            "layoffs": [{"card": card_token(c), "onto": [card_token(x) for x in m]} for c, m in self.layoffs],
            "deadwood": [card_token(c) for c in self.deadwood],
            "points": self.points,
        }

    @property
    def loose(self) -> tuple[int, ...]:
        """The cards shown outside the melds: the deadwood, then every card of
        ``cards`` in no meld, layoff or deadwood (in ``cards``' order)."""
        placed = set(self.deadwood)
        for m in self.melds:
            placed.update(m)
        placed.update(c for c, _ in self.layoffs)
        return self.deadwood + tuple(c for c in self.cards if c not in placed)

    def __copy__(self) -> HandReport:
        return self  # immutable: a copy may share it

    def __deepcopy__(self, memo: dict) -> HandReport:
        return self


@dataclass(frozen=True)
class RoundResult:
    """How a round ended. ``points[s]`` is what seat ``s`` scores for it.

    ``outcome`` is a short word chosen by the variant ("knock", "gin", "undercut",
    "draw", "out", ...); ``counts`` holds variant tallies for statistics.
    ``lines(names, fmt)`` tells the outcome in words.

    Immutable: the sequences given are stored as tuples and ``counts`` as a
    read-only copy, so whoever sees the result (every seat's view once the
    round is over) cannot change it.
    """

    points: tuple[int, ...]
    outcome: str
    winner: int | None
    hands: tuple[HandReport, ...] = ()
    text: tuple[str, ...] = ()  # templates with {0}, {1}, ... for seat names
    counts: Mapping[str, int] = field(default_factory=lambda: EMPTY)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "points", tuple(self.points))
        set_(self, "hands", tuple(self.hands))
        set_(self, "text", tuple(self.text))
        set_(self, "counts", frozen_mapping(self.counts))

    def __copy__(self) -> RoundResult:
        return self  # immutable: a copy may share it

    def __deepcopy__(self, memo: dict) -> RoundResult:
        return self

    def lines(self, names: Sequence[str], fmt: Callable[[int], str] = card_token) -> list[str]:
        """The outcome in words; cards in templates are written ``[[n]]`` (card ``n``).
        Names go in last (:func:`rummykit.core.engine.names.render_text`): a name is never
        read as a card."""
        return [render_text(t, names, fmt) for t in self.text]

    def to_json(self) -> dict[str, Any]:
        return {
            "outcome": self.outcome,
            "winner": self.winner,
            "points": list(self.points),
            "hands": [h.to_json() for h in self.hands],
        }


def card_ref(card: int) -> str:
    """How a card is written inside :attr:`RoundResult.text` templates."""
    return f"[[{card}]]"


@dataclass(frozen=True, init=False)
class View:
    """What one seat may see. Plain data: no reference to the round.

    ``hand`` is this seat's own hand; of the others only ``hand_sizes``. The stock
    is only a size. ``history`` is this round's events as this seat sees them
    (a stock draw shows its card only to the drawer). ``legal`` is non-empty only
    for the seat to act. ``extra`` holds variant-specific public facts (a
    read-only mapping). ``result`` is set once the round is over (it reveals
    every hand). ``options`` are the variant's options (field name to value,
    read-only), filled in by the match (:meth:`with_scores`) so that a bot can
    tell which rules it plays under; ``match`` is the round's
    :class:`~rummykit.core.engine.context.MatchContext` (dealer, seats in play,
    teams, totals; set by the match); ``variant`` names the variant. Immutable:
    sequences are stored as tuples, ``extra`` and ``options`` as read-only copies.
    """

    variant: str
    seat: int
    n_seats: int
    to_act: int | None
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    discard_pile: tuple[int, ...]  # bottom ... top
    table: tuple[TableMeld, ...] = ()
    history: tuple[Event, ...] = ()
    legal: tuple[Action, ...] = ()
    round_index: int = 0
    scores: tuple[int, ...] = ()  # match totals before this round (set by the match)
    extra: Mapping[str, Any] = field(default_factory=lambda: EMPTY)
    result: RoundResult | None = None
    options: Mapping[str, Any] = field(default_factory=lambda: EMPTY)
    match: MatchContext | None = None

    # A view is built after every action: the frozen dataclass's generated
    # __init__ (one object.__setattr__ per field) would cost about a tenth of a
    # simulated round. This one stores the fields straight into the instance
    # dict (a sequence that is not a tuple is copied into one); it stays frozen
    # (assignment still raises). Parameters in field order, checked at import
    # below.
    def __init__(
        self,
        variant: str,
        seat: int,
        n_seats: int,
        to_act: int | None,
        hand: tuple[int, ...],
        hand_sizes: tuple[int, ...],
        stock_size: int,
        discard_pile: tuple[int, ...],
        table: tuple[TableMeld, ...] = (),
        history: tuple[Event, ...] = (),
        legal: tuple[Action, ...] = (),
        round_index: int = 0,
        scores: tuple[int, ...] = (),
        extra: Mapping[str, Any] = EMPTY,
        result: RoundResult | None = None,
        options: Mapping[str, Any] = EMPTY,
        match: MatchContext | None = None,
    ) -> None:
        d = self.__dict__
        d["variant"] = variant
        d["seat"] = seat
        d["n_seats"] = n_seats
        d["to_act"] = to_act
        d["hand"] = hand if hand.__class__ is tuple else tuple(hand)
        d["hand_sizes"] = hand_sizes if hand_sizes.__class__ is tuple else tuple(hand_sizes)
        d["stock_size"] = stock_size
        d["discard_pile"] = discard_pile if discard_pile.__class__ is tuple else tuple(discard_pile)
        d["table"] = table if table.__class__ is tuple else tuple(table)
        d["history"] = history if history.__class__ is tuple else tuple(history)
        d["legal"] = legal if legal.__class__ is tuple else tuple(legal)
        d["round_index"] = round_index
        d["scores"] = scores if scores.__class__ is tuple else tuple(scores)
        d["extra"] = extra if extra.__class__ is MappingProxyType else frozen_mapping(extra)
        d["result"] = result
        d["options"] = options if options.__class__ is MappingProxyType else frozen_mapping(options)
        d["match"] = match

    def with_scores(
        self,
        scores: tuple[int, ...],
        options: Mapping[str, Any] | None = None,
        match: MatchContext | None = None,
    ) -> View:
        """This view with ``scores`` set, and ``options`` and ``match`` if given
        (what the match adds; faster than ``dataclasses.replace``, which
        rebuilds every field)."""
        v = object.__new__(View)
        d = v.__dict__
        d.update(self.__dict__)
        d["scores"] = scores if scores.__class__ is tuple else tuple(scores)
        if options is not None:
            d["options"] = options if options.__class__ is MappingProxyType else frozen_mapping(options)
        if match is not None:
            d["match"] = match
        return v

    @property
    def discard_top(self) -> int | None:
        return self.discard_pile[-1] if self.discard_pile else None

    def __copy__(self) -> View:
        return self  # frozen plain data: a copy of a round may share its views

    def __deepcopy__(self, memo: dict) -> View:
        return self


def _check_view_init() -> None:
    params = list(inspect.signature(View.__init__).parameters)[1:]
    if params != [f.name for f in fields(View)]:  # pragma: no cover - a maintenance guard
        raise TypeError("View.__init__ must take exactly View's fields, in order")


_check_view_init()


_TRACE = "_resample_trace"  # where core.resample keeps its work on a round
_SEEN = "_history_seen"  # history_seen_by's, per seat (Round._history_seen)

#: Values a copy of a round shares as they are (immutable): whatever
#: :meth:`Round.clone` meets of these types it does not copy (the frozen
#: pydantic models it meets, a variant's options, are added).
_SHARED_TYPES = set(
    {
        int,
        float,
        bool,
        str,
        bytes,
        type(None),
        frozenset,
        Event,
        Action,
        TableMeld,
        HandReport,
        RoundResult,
        View,
        MappingProxyType,
        MatchContext,
        Deck,
    }
)


def _frozen_model(kind: type) -> bool:
    """Whether ``kind`` is a frozen pydantic model class (its instances, a
    variant's options, are safe to share; noted in ``_SHARED_TYPES``)."""
    config = getattr(kind, "model_config", None)
    if isinstance(config, dict) and config.get("frozen"):
        _SHARED_TYPES.add(kind)
        return True
    return False


_ABSENT = object()  # an attribute the round does not have


def _two_deep(value: list[list[Any]]) -> list[list[Any]]:
    return [inner[:] for inner in value]


class Round(ABC):
    """One deal of a variant. Subclasses implement the abstract methods:
    :meth:`to_act`, :meth:`legal_actions`, :meth:`perform` (carry out a legal
    move), :meth:`view` and :meth:`zones`; core's :meth:`apply` checks every
    move, calls :meth:`perform` and keeps the history (:attr:`history`, and
    each seat's :meth:`history_seen_by`).

    For searches, every round also has :meth:`clone` (an independent copy,
    made from what the variant declares in :attr:`copied`, :attr:`copied_nested`
    and :attr:`shared`), :meth:`information` (what one seat knows, as data that
    can draw states it cannot tell from this one) and :meth:`resample` (one
    such state, its unseen cards re-dealt); core provides them for any variant
    that fits (:mod:`rummykit.core.engine.resample`).
    """

    n_seats: int
    variant: str = ""

    #: The attributes holding lists the round changes in place whose items are
    #: immutable (cards, bitmasks, events): :meth:`clone` copies them one level
    #: (``hands``, ``stock``...; core's :attr:`history` is one). A subclass
    #: adds its own: ``copied = (*Base.copied, "mine")``.
    copied: ClassVar[tuple[str, ...]] = ("history",)
    #: The attributes holding lists of lists the round changes in place (a
    #: table of ``[owner, mask]`` pairs): copied two levels.
    copied_nested: ClassVar[tuple[str, ...]] = ()
    #: The attributes a copy may share although their type is mutable: values
    #: the round replaces whole and never changes in place (a cache dict, a
    #: saved earlier state).
    shared: ClassVar[tuple[str, ...]] = ()

    #: Whether a replay of this round's history on a re-dealt deal
    #: (:meth:`apply_unchecked`) may skip the legality check: true when whether
    #: a move is legal depends only on public facts and the cards it names.
    #: A subclass that defines one of :attr:`legality_hooks` is checked again,
    #: unless it sets this itself.
    replays_unchecked: ClassVar[bool] = False
    #: The methods that decide which moves are legal (see :attr:`replays_unchecked`).
    legality_hooks: ClassVar[tuple[str, ...]] = ("legal_actions",)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = vars(cls)
        if "replays_unchecked" not in own and any(name in own for name in cls.legality_hooks):
            cls.replays_unchecked = False
        for name in ("apply", "apply_unchecked"):
            if name in own:
                warnings.warn(
                    f"{cls.__qualname__} overrides Round.{name}, which is final (core checks the "
                    "move and keeps the history): implement perform",
                    DeprecationWarning,
                    stacklevel=2,
                )

    @abstractmethod
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` once the round is over."""

    @abstractmethod
    def legal_actions(self) -> tuple[Action, ...]:
        """What the seat to act may do now, as a tuple (empty once over). A
        round may return the same cached tuple until the next action: no caller
        can change it."""

    @abstractmethod
    def perform(self, action: Action) -> Event:
        """Carry out ``action``, one of :meth:`legal_actions` (:meth:`apply`
        has checked it), and return its event: the one method that changes the
        round, what a variant implements. A subclass of a variant's round
        overrides it and calls ``super().perform(action)``. Core appends the
        event to :attr:`history`."""

    @abstractmethod
    def view(self, seat: int) -> View:
        """What ``seat`` may see now."""

    @abstractmethod
    def zones(self) -> Mapping[str, Sequence[int]]:
        """Every card by where it lies: ``"stock"`` (in the order the variant
        documents: Gin lists the top card first), ``"discard"`` (top last),
        ``"hand0"`` ... ``"hand{n-1}"``, and any public zones the variant has
        (``"table"``...). The conformance kit checks that every card of
        :attr:`deck` (each copy of a card and each printed joker counted on its
        own) is there exactly once and that views never show a hand or the stock.
        A round playing several decks side by side that never mix names each
        zone once across them and says which zone is whose in :meth:`decks`."""

    def decks(self) -> tuple[Mapping[str, Sequence[int]], ...]:
        """The round's cards deck by deck. A round that plays several 52-card
        decks side by side that never mix (partnership Gin: two games of two
        at once, one deck each) returns one mapping per deck, in the form of
        :meth:`zones` for that deck alone: its ``"stock"``, its
        ``"discard"``, the ``"hand{s}"`` of the seats that play with it, any
        public zones. Each holds its cards exactly once, and a seat's view
        (its stock size, its discard pile) is of the deck that holds its
        hand. The conformance kit counts each deck and checks each view
        against its seat's deck. The default, one deck: ``(self.zones(),)``."""
        return (self.zones(),)

    #: The deck this round is dealt from (:class:`~rummykit.core.cards.deck.Deck`):
    #: the one 52-card deck unless the variant declares another (``VariantSpec.deck``);
    #: a round whose deck depends on its options or seat count sets it in its
    #: constructor.
    deck: Deck = STANDARD_DECK
    result: RoundResult | None = None
    #: The round's place in its match (:class:`~rummykit.core.engine.context.MatchContext`):
    #: set by core when it deals the round (``None`` for a round made directly).
    match: MatchContext | None = None
    # history_seen_by's: the history it was kept for, and each seat's events.
    _history_seen: tuple[list[Event], dict[int, tuple[Event, ...]]] | None = None
    #: Seats whose views leave the history out (:meth:`history_seen_by` gives
    #: them ``()``). Set only by core's search, on a play-out's own copy of a
    #: round, for the roll-out players that read no history
    #: (:attr:`rummykit.core.bots.agents.BaseAgent.reads_history`): their views
    #: cost less and their moves are the same. Empty for a round anyone plays.
    history_hidden_from: frozenset[int] = frozenset()
    #: The events so far, in order: a list the variant's constructor starts
    #: empty and only :meth:`apply` adds to.
    history: list[Event]

    #: How this round was dealt: called with a generator, deals a fresh round of
    #: the same kind the same way. Set, with :attr:`dealt`, when core deals the
    #: round (:class:`rummykit.core.play.match.Match`, :func:`rummykit.core.engine.resample.deal_round`);
    #: a constructor that places chosen cards sets its own
    #: (:func:`rummykit.core.engine.resample.record_deal`). ``None``: not known.
    dealer: Callable[[random.Random], Round] | None = None
    #: The cards as dealt (``zones()`` before the first action, as tuples).
    dealt: Mapping[str, tuple[int, ...]] | None = None

    @property
    def over(self) -> bool:
        return self.result is not None

    def history_seen_by(self, seat: int) -> tuple[Event, ...]:
        """:attr:`history` as ``seat`` sees it (:meth:`Event.seen_by`: the
        cards other seats drew from the stock hidden), for :meth:`view`. Kept
        per seat and extended by the new events only, so a view late in a round
        costs no more than an early one (a search builds many); the same
        events come back as the same objects. ``()`` for a seat of
        :attr:`history_hidden_from`."""
        if seat in self.history_hidden_from:
            return ()
        history = self.history
        # (An attribute, not self.__dict__: reading an instance's __dict__
        # turns its attributes into a plain dict, slower to read.)
        kept = self._history_seen
        if kept is None or kept[0] is not history:  # (a copy of the round has its own history)
            kept = self._history_seen = (history, {})
        cache: dict[int, tuple[Event, ...]] = kept[1]
        seen = cache.get(seat, ())
        k = len(seen)
        n = len(history)
        if k == n:
            return seen
        if k == n - 1:  # the usual case: one event since this seat's last view
            e = history[k]
            seen = seen + ((e.seen_by(seat) if e.private else e),)
        elif k < n:
            seen = seen + tuple([e.seen_by(seat) for e in history[k:]])
        else:
            seen = tuple([e.seen_by(seat) for e in history])
        cache[seat] = seen
        return seen

    def clone(self) -> Self:
        """An independent copy: playing on it never changes this round (its
        history, result, cached legal actions, any generator it holds), nor the
        other way round. The lists of :attr:`copied` (and :attr:`copied_nested`)
        are copied; immutable values (numbers, text, tuples of them, events,
        actions, views, results, read-only mappings, frozen options), the
        attributes of :attr:`shared`, the dealer and the deal are shared; every
        other attribute (one a subclass adds without declaring it) is
        deep-copied. Core's resampling work is not carried over; each seat's
        history so far is (the same events, so the copy's views show them as
        the same objects)."""
        cls = type(self)
        new = object.__new__(cls)
        d = self.__dict__.copy()
        d.pop(_TRACE, None)
        seen = d.pop(_SEEN, None)
        # The declared attributes are taken out, copied or shared as declared;
        # the rest are shared when immutable (usually all of them: one look at
        # their types), deep-copied otherwise.
        done: dict[str, Any] = {}
        for name in cls.copied:
            value = d.pop(name, _ABSENT)
            if value is not _ABSENT:
                done[name] = None if value is None else value[:]
        for name in cls.copied_nested:
            value = d.pop(name, _ABSENT)
            if value is not _ABSENT:
                done[name] = None if value is None else _two_deep(value)
        for name in cls.shared:
            value = d.pop(name, _ABSENT)
            if value is not _ABSENT:
                done[name] = value
        for name in ("dealer", "dealt"):
            value = d.pop(name, _ABSENT)
            if value is not _ABSENT:
                done[name] = value
        if not _SHARED_TYPES.issuperset(map(type, d.values())):
            memo: dict[int, Any] = {}
            for name, value in d.items():
                kind = value.__class__
                if kind in _SHARED_TYPES:
                    continue
                if kind is tuple and all(v.__class__ in _SHARED_TYPES for v in value):
                    continue
                if _frozen_model(kind):
                    continue
                d[name] = copy.deepcopy(value, memo)
        d.update(done)
        history = d.get("history")
        if seen is not None and seen[0] is self.history and history is not None:
            # Each seat's history so far, the same events (tuples: shared).
            d[_SEEN] = (history, dict(seen[1]))
        new.__dict__.update(d)
        return new

    @final
    def apply_unchecked(self, action: Action) -> Event:
        """Do ``action`` as :meth:`apply` does, but without checking that it is
        legal when the variant says a replay may skip it
        (:attr:`replays_unchecked`): core's resampling replays a history
        through this, on a deal where every card an action names is where the
        action needs it. Otherwise it is :meth:`apply`, so a replay that breaks
        a rule on hidden cards raises and another deal is drawn (the built-ins
        skip the check: their resamples replay two to four times faster)."""
        if not self.replays_unchecked:
            return self.apply(action)
        event = self.perform(action)
        self.history.append(event)
        return event

    def shallow_copy(self) -> Self:
        """Deprecated: declare :attr:`copied`, :attr:`copied_nested` and
        :attr:`shared` and call :meth:`clone`. A new round of the same class
        sharing every attribute of this one (but core's resampling work on it
        and the seats' histories)."""
        warnings.warn(
            "Round.shallow_copy is deprecated: declare the round's copied, copied_nested and "
            "shared attributes and call Round.clone",
            DeprecationWarning,
            stacklevel=2,
        )
        return self._shared_copy()

    def _shared_copy(self) -> Self:
        new = object.__new__(type(self))
        d = self.__dict__.copy()
        d.pop(_TRACE, None)
        d.pop(_SEEN, None)
        new.__dict__.update(d)
        return new

    def clone_known(
        self, known: AbstractSet[str], lists: Iterable[str] = (), nested: Iterable[str] = ()
    ) -> Self:
        """Deprecated: declare :attr:`copied`, :attr:`copied_nested` and
        :attr:`shared` and let :meth:`clone` copy. A copy sharing every
        attribute, the lists named in ``lists`` copied, those in ``nested``
        copied two deep, and every attribute not in ``known`` deep-copied."""
        warnings.warn(
            "Round.clone_known is deprecated: declare the round's copied, copied_nested and "
            "shared attributes and call Round.clone",
            DeprecationWarning,
            stacklevel=2,
        )
        new = self._shared_copy()
        d = new.__dict__
        for name in lists:
            d[name] = d[name][:]
        for name in nested:
            d[name] = _two_deep(d[name])
        own = d.keys() - known
        if own:
            memo: dict[int, object] = {}
            for name in own:
                d[name] = copy.deepcopy(d[name], memo)
        return new

    def information(self, seat: int) -> InfoState:
        """What ``seat`` knows of this round, as frozen data holding nothing
        else (:class:`~rummykit.core.engine.resample.InfoState`): no reference to the
        round, its generator or a card the seat has not seen. Its
        ``sample(rng)`` draws full states the seat cannot tell from this one;
        a search is given this, never the round.

        Core provides it for variants whose only hidden information is where
        cards lie and whose deal is one shuffle of the deck
        (:mod:`rummykit.core.engine.resample`: re-deal, then replay the history). A
        variant whose deal does not fit raises ``NotImplementedError`` here and
        must override this method (returning its own information state with
        ``sample``)."""
        return information(self, seat)

    def resample(self, seat: int, rng: random.Random) -> Round:
        """A full state that ``seat`` cannot tell from this one: the same view
        now (every field, the history as it saw it), every card it has not seen
        re-dealt at random consistently with what it saw, using only ``rng``
        (a :class:`random.Random`): ``self.information(seat).sample(rng)``."""
        check_generator(rng)
        return self.information(seat).sample(rng)

    def why_illegal(self, action: Action) -> str | None:
        """A variant-specific one-line reason why ``action`` is illegal now (or None)."""
        return None

    def find_legal(self, action: Action) -> Action | None:
        """The legal action meaning the same move as ``action`` (the object of
        :meth:`legal_actions`), or ``None`` when it is not legal now. This
        default looks for ``action`` itself, then for an action with its
        :meth:`~rummykit.core.engine.actions.Action.key`; a variant may find it
        faster."""
        legal_now = self.legal_actions()
        # Fast path: bots and the terminal game hand back one of the legal Action
        # objects itself; an identity scan avoids building a key per legal action.
        for legal in legal_now:
            if legal is action:
                return legal
        key = action.key()
        for legal in legal_now:
            if legal.key() == key:
                return legal
        return None

    @final
    def apply(self, action: Action) -> Event:
        """Do ``action`` if it is legal; otherwise raise :class:`IllegalAction`
        (one line: :meth:`why_illegal`, or a generic reason) and change
        nothing. A legal action is carried out by :meth:`perform`, whose event
        is checked and appended to :attr:`history`."""
        if self.result is not None:
            raise IllegalAction("the round is over")
        legal = self.find_legal(action)
        if legal is None:
            reason = self.why_illegal(action) or f"'{action}' is not a legal move now"
            # One line, whatever the variant wrote: it is printed as the player's error.
            raise IllegalAction(" ".join(str(reason).split()))
        event = self.perform(legal)
        if event.__class__ is not Event and not isinstance(event, Event):
            what = f"returned {type(event).__name__} from perform({legal}), not an Event"
            raise contract_broken(self.variant, what)
        self.history.append(event)
        return event


@cache
def _inherits(cls: type, base: type, names: tuple[str, ...]) -> bool:
    return all(getattr(cls, name) is getattr(base, name) for name in names)


def inherits(cls: type, base: type, names: tuple[str, ...]) -> bool:
    """Deprecated (declare :attr:`Round.replays_unchecked` and
    :attr:`Round.legality_hooks` instead): whether ``cls`` (a subclass of
    ``base``) keeps ``base``'s ``names``, none overridden."""
    warnings.warn(
        "rummykit.core.engine.round.inherits is deprecated: declare Round.replays_unchecked "
        "and Round.legality_hooks",
        DeprecationWarning,
        stacklevel=2,
    )
    return _inherits(cls, base, names)
