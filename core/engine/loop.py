"""The game loop: a game played move by move, each move asked of the seat to act.

Every game in rummykit is played through :class:`Loop`: ``rummy play``'s
session (:mod:`rummykit.core.play.session`), ``rummy simulate``
(:mod:`rummykit.core.play.simulate`), the learning environment's single-agent
driver (``rummykit.env.single``), the conformance kit's ``play_match``
(``rummykit.testing``) and the search's play-outs
(:mod:`rummykit.core.bots.search`). The game is anything with ``to_act()``
and ``apply(action)``: a :class:`~rummykit.core.engine.round.Round`, a match
(:class:`rummykit.core.play.match.Match`), an environment's table. What differs
between the drivers, each gives the loop:

* ``decide(seat)``: the move of ``seat``, the seat to act (a bot through its
  guard, a roll-out policy, a random player), or ``None`` when that seat's move
  is not the loop's to make (a person at the terminal, the learner of an
  environment): :meth:`Loop.run` then stops with :data:`WAITING`, and the
  caller applies the move it gets with :meth:`Loop.move`;
* ``refused(action, error)``: what the
  :class:`~rummykit.core.base.errors.IllegalAction` of a move the game refused
  becomes; it raises (a move the seat's decider took from the legal list is
  the variant's fault, or the roll-out policy's). Without it the
  ``IllegalAction`` is raised as it is;
* ``on_event(event)``: called with what ``apply`` returned after every move
  (computer players told what their seats saw, a record saved, a reward
  counted);
* for each :meth:`Loop.run`: the round whose end stops it (``until``, with
  ``on_end(result)`` called before ``on_event``) and the most moves it plays
  (``max_actions``).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Final, Generic, Literal, NoReturn, Protocol, TypeVar

from rummykit.core.base.errors import IllegalAction, move_refused

if TYPE_CHECKING:
    from rummykit.core.engine.actions import Action
    from rummykit.core.engine.round import Round, RoundResult

__all__ = [
    "ENDED",
    "LIMIT",
    "OVER",
    "WAITING",
    "Decide",
    "Game",
    "Loop",
    "Refused",
    "Stop",
    "blame_variant",
    "variant_refused",
]

E = TypeVar("E")
E_co = TypeVar("E_co", covariant=True)

#: Why :meth:`Loop.run` stopped: nobody is to act (the game is over); the
#: round given as ``until`` ended; the seat to act decides outside the loop
#: (:attr:`Loop.seat`); ``max_actions`` moves were played and the round goes on.
OVER: Final = "over"
ENDED: Final = "ended"
WAITING: Final = "waiting"
LIMIT: Final = "limit"
Stop = Literal["over", "ended", "waiting", "limit"]

#: ``decide(seat)``: the move of the seat to act, or ``None`` to hand it back.
Decide = Callable[[int], "Action | None"]
#: ``refused(action, error)``: raises what a refused move becomes.
Refused = Callable[["Action", IllegalAction], NoReturn]


def blame_variant(variant: str) -> Refused:
    """The ``refused`` of a loop whose deciders take their moves from the legal
    list: the game refusing one is the variant ``variant`` breaking the engine
    contract (:func:`variant_refused`). It pickles (an environment holding its
    loop is copied so)."""
    return functools.partial(variant_refused, variant)


def variant_refused(variant: str, action: Action, error: IllegalAction) -> NoReturn:
    """Raise the one-line error of ``variant`` refusing ``action``, one of the
    legal moves it had just offered (:func:`~rummykit.core.base.errors.move_refused`)."""
    raise move_refused(variant, action.notation(), error) from None


class Game(Protocol[E_co]):
    """What a loop plays: the seat to act (``None`` once over) and a move."""

    def to_act(self) -> int | None: ...

    def apply(self, action: Action) -> E_co: ...


class Loop(Generic[E]):
    """``game`` played move by move, each move asked of ``decide`` (see the
    module). After :meth:`run`, :attr:`actions` is the moves it played and
    :attr:`seat` the seat it stopped at with :data:`WAITING` (else ``None``)."""

    __slots__ = ("actions", "decide", "game", "on_event", "refused", "seat")

    def __init__(
        self,
        game: Game[E],
        decide: Decide,
        *,
        refused: Refused | None = None,
        on_event: Callable[[E], object] | None = None,
    ) -> None:
        self.game = game
        self.decide = decide
        self.refused = refused
        self.on_event = on_event
        self.actions = 0
        self.seat: int | None = None

    def move(self, action: Action) -> E:
        """Apply ``action`` to the game (``refused`` raises if it is refused),
        then tell ``on_event``; what ``apply`` returned."""
        try:
            event = self.game.apply(action)
        except IllegalAction as e:
            if self.refused is not None:
                self.refused(action, e)
            raise
        if self.on_event is not None:
            self.on_event(event)
        return event

    def run(
        self,
        until: Round | None = None,
        max_actions: int | None = None,
        on_end: Callable[[RoundResult], object] | None = None,
    ) -> Stop:
        """Play moves, each the decider's for the seat to act, until nobody is
        to act (:data:`OVER`), the round ``until`` ends (:data:`ENDED`; its
        result goes to ``on_end`` first, then the move to ``on_event``), the
        decider hands a move back (:data:`WAITING`) or ``max_actions`` moves
        were played (:data:`LIMIT`; ``None``: no bound)."""
        decide, refused, on_event = self.decide, self.refused, self.on_event
        to_act, apply = self.game.to_act, self.game.apply  # bound once: the search's play-outs run here
        self.seat = None
        limit = sys.maxsize if max_actions is None else max_actions
        for played in range(limit):
            seat = to_act()
            if seat is None:
                self.actions = played
                return OVER
            action = decide(seat)
            if action is None:
                self.actions, self.seat = played, seat
                return WAITING
            try:
                event = apply(action)
            except IllegalAction as e:
                if refused is not None:
                    refused(action, e)
                raise
            if until is not None and until.result is not None:
                if on_end is not None:
                    on_end(until.result)
                if on_event is not None:
                    on_event(event)
                self.actions = played + 1
                return ENDED
            if on_event is not None:
                on_event(event)
        self.actions = limit
        return LIMIT
