"""The engine contract every variant implements.

A round is a state machine: :meth:`Round.to_act` names the seat to act,
:meth:`Round.legal_actions` lists what it may do, :meth:`Round.apply` does one of
them (an illegal action raises :class:`IllegalAction` and leaves the state as it
was), :meth:`Round.view` gives what one seat may see, and :attr:`Round.result`
is set once the round is over.

Nothing outside the engine gets the full state: bots and the human seat receive
:class:`View` objects, which are plain frozen data with no reference back to the
round (RULES.md §3).
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .actions import Action
from .cards import code
from .errors import IllegalAction
from .names import render_text

if TYPE_CHECKING:
    from .resample import InfoState


@dataclass(frozen=True, slots=True)
class Event:
    """One action as it happened. ``card`` is the card the action moved when that
    is not already in the notation (the card taken from the discard pile, or drawn
    from the stock); ``private`` means only ``seat`` may see ``card``."""

    seat: int
    action: Action
    card: int | None = None
    private: bool = False

    def seen_by(self, viewer: int) -> Event:
        if self.private and viewer != self.seat and self.card is not None:
            return Event(self.seat, self.action, None, True)
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

    def __copy__(self) -> TableMeld:
        return self  # immutable: a copy may share it

    def __deepcopy__(self, memo: dict) -> TableMeld:
        return self


@dataclass(frozen=True, slots=True)
class HandReport:
    """One seat's hand as revealed at the end of a round."""

    seat: int
    cards: tuple[int, ...]
    melds: tuple[tuple[int, ...], ...] = ()
    layoffs: tuple[tuple[int, tuple[int, ...]], ...] = ()  # (card, meld it went onto)
    deadwood: tuple[int, ...] = ()
    points: int = 0  # deadwood points (Gin) or hand value (CardVerse)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "cards": [code(c) for c in self.cards],
            "melds": [[code(c) for c in m] for m in self.melds],
            "layoffs": [{"card": code(c), "onto": [code(x) for x in m]} for c, m in self.layoffs],
            "deadwood": [code(c) for c in self.deadwood],
            "points": self.points,
        }

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
    """

    points: tuple[int, ...]
    outcome: str
    winner: int | None
    hands: tuple[HandReport, ...] = ()
    text: tuple[str, ...] = ()  # templates with {0}, {1}, ... for seat names
    counts: Mapping[str, int] = field(default_factory=dict)

    def lines(self, names: Sequence[str], fmt: Callable[[int], str] = code) -> list[str]:
        """The outcome in words; cards in templates are written ``[[n]]`` (card ``n``).
        Names go in last (:func:`rummykit.core.names.render_text`): a name is never
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


_NO_EXTRA: Any = object()  # View's default ``extra``: a new empty dict


@dataclass(frozen=True, init=False)
class View:
    """What one seat may see. Plain data: no reference to the round.

    ``hand`` is this seat's own hand; of the others only ``hand_sizes``. The stock
    is only a size. ``history`` is this round's events as this seat sees them
    (a stock draw shows its card only to the drawer). ``legal`` is non-empty only
    for the seat to act. ``extra`` holds variant-specific public facts.
    ``revealed`` holds every hand once the round is over (they are shown then).
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
    extra: Mapping[str, Any] = field(default_factory=dict)
    result: RoundResult | None = None

    # A view is built after every action: the frozen dataclass's generated
    # __init__ (one object.__setattr__ per field) was about a tenth of a
    # simulated round. This one stores the fields straight into the instance
    # dict; it stays frozen (assignment still raises). Parameters in field order,
    # checked at import below.
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
        extra: Mapping[str, Any] = _NO_EXTRA,
        result: RoundResult | None = None,
    ) -> None:
        d = self.__dict__
        d["variant"] = variant
        d["seat"] = seat
        d["n_seats"] = n_seats
        d["to_act"] = to_act
        d["hand"] = hand
        d["hand_sizes"] = hand_sizes
        d["stock_size"] = stock_size
        d["discard_pile"] = discard_pile
        d["table"] = table
        d["history"] = history
        d["legal"] = legal
        d["round_index"] = round_index
        d["scores"] = scores
        d["extra"] = {} if extra is _NO_EXTRA else extra
        d["result"] = result

    @property
    def discard_top(self) -> int | None:
        return self.discard_pile[-1] if self.discard_pile else None

    def __copy__(self) -> View:
        return self  # frozen plain data: a copy of a round may share its views

    def __deepcopy__(self, memo: dict) -> View:
        return self


def _check_view_init() -> None:
    import inspect
    from dataclasses import fields

    params = list(inspect.signature(View.__init__).parameters)[1:]
    if params != [f.name for f in fields(View)]:  # pragma: no cover - a maintenance guard
        raise TypeError("View.__init__ must take exactly View's fields, in order")


_check_view_init()


_TRACE = "_resample_trace"  # where core.resample keeps its work on a round


def _frozen(options: Any) -> bool:
    """Whether ``options`` is a frozen pydantic model (safe to share)."""
    config = getattr(type(options), "model_config", None)
    return isinstance(config, dict) and bool(config.get("frozen"))


class Round(ABC):
    """One deal of a variant. Subclasses implement the abstract methods.

    For searches, every round also has :meth:`clone` (an independent copy),
    :meth:`information` (what one seat knows, as data that can draw states it
    cannot tell from this one) and :meth:`resample` (one such state, its unseen
    cards re-dealt); core provides them for any variant that fits
    (:mod:`rummykit.core.resample`).
    """

    n_seats: int
    variant: str = ""

    @abstractmethod
    def to_act(self) -> int | None:
        """The seat to act, or ``None`` once the round is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """What the seat to act may do now (empty once over)."""

    @abstractmethod
    def _apply(self, action: Action) -> Event:
        """Carry out a legal action (already checked) and return its event."""

    @abstractmethod
    def view(self, seat: int) -> View:
        """What ``seat`` may see now."""

    @abstractmethod
    def zones(self) -> Mapping[str, Sequence[int]]:
        """Every card by where it lies: ``"stock"`` (in the order the variant
        documents: Gin lists the top card first), ``"discard"`` (top last), ``"hand0"`` ... ``"hand{n-1}"``, and any public zones the
        variant has (``"table"``...). The conformance kit checks that all 52 cards
        are there exactly once and that views never show a hand or the stock."""

    result: RoundResult | None = None
    history: list[Event]

    #: How this round was dealt: called with a generator, deals a fresh round of
    #: the same kind the same way. Set, with :attr:`dealt`, when core deals the
    #: round (:class:`rummykit.core.match.Match`, :func:`rummykit.core.resample.deal_round`);
    #: a constructor that places chosen cards sets its own
    #: (:func:`rummykit.core.resample.record_deal`). ``None``: not known.
    dealer: Callable[[random.Random], Round] | None = None
    #: The cards as dealt (``zones()`` before the first action, as tuples).
    dealt: Mapping[str, tuple[int, ...]] | None = None

    @property
    def over(self) -> bool:
        return self.result is not None

    def clone(self) -> Round:
        """An independent copy: playing on it never changes this round (its
        history, result, cached legal actions, any generator it holds), nor the
        other way round. This default deep-copies the round, sharing what is
        immutable (events, actions, views, frozen options, the dealer and the
        deal); a variant may override it with a faster copy."""
        memo: dict[int, Any] = {}
        d = self.__dict__
        for name in ("dealer", "dealt"):
            v = d.get(name)
            if v is not None:
                memo[id(v)] = v
        options = d.get("options")
        if options is not None and _frozen(options):
            memo[id(options)] = options
        trace = d.get(_TRACE)
        if trace is not None:
            memo[id(trace)] = None  # resampling work of this round, not of the copy
        return copy.deepcopy(self, memo)

    def apply_unchecked(self, action: Action) -> Event:
        """Do ``action`` as :meth:`apply` does, but without checking that it is
        legal: core's resampling replays a history through this, on a deal
        where every card an action names is where the action needs it. This
        default checks anyway, so a replay that breaks a rule on hidden cards
        raises and another deal is drawn. A variant whose moves are legal or
        not from public facts and the cards they name alone may skip the check
        (the built-ins do: their resamples replay two to four times faster)."""
        return self.apply(action)

    def shallow_copy(self) -> Round:
        """A new round of the same class sharing every attribute of this one
        (but core's resampling work on it): where a fast :meth:`clone` starts,
        before it copies what the round changes in place."""
        new = object.__new__(type(self))
        d = self.__dict__.copy()
        d.pop(_TRACE, None)
        new.__dict__.update(d)
        return new

    def information(self, seat: int) -> InfoState:
        """What ``seat`` knows of this round, as frozen data holding nothing
        else (:class:`~rummykit.core.resample.InfoState`): no reference to the
        round, its generator or a card the seat has not seen. Its
        ``sample(rng)`` draws full states the seat cannot tell from this one;
        a search is given this, never the round.

        Core provides it for variants whose only hidden information is where
        cards lie and whose deal is one shuffle of the deck
        (:mod:`rummykit.core.resample`: re-deal, then replay the history). A
        variant whose deal does not fit raises ``NotImplementedError`` here and
        must override this method (returning its own information state with
        ``sample``)."""
        from .resample import information

        return information(self, seat)

    def resample(self, seat: int, rng: random.Random) -> Round:
        """A full state that ``seat`` cannot tell from this one: the same view
        now (every field, the history as it saw it), every card it has not seen
        re-dealt at random consistently with what it saw, using only ``rng``:
        ``self.information(seat).sample(rng)``."""
        return self.information(seat).sample(rng)

    def why_illegal(self, action: Action) -> str | None:
        """A variant-specific one-line reason why ``action`` is illegal now (or None)."""
        return None

    def apply(self, action: Action) -> Event:
        """Do ``action`` if it is legal; otherwise raise and change nothing."""
        if self.result is not None:
            raise IllegalAction("the round is over")
        legal_now = self.legal_actions()
        # Fast path: bots and the terminal game hand back one of the legal Action
        # objects itself; an identity scan avoids building a key per legal action.
        for legal in legal_now:
            if legal is action:
                event = self._apply(legal)
                self.history.append(event)
                return event
        key = action.key()
        for legal in legal_now:
            if legal.key() == key:
                event = self._apply(legal)
                self.history.append(event)
                return event
        reason = self.why_illegal(action) or f"'{action}' is not a legal move now"
        raise IllegalAction(reason)
