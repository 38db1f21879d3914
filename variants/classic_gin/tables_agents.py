"""Computer players of Gin for three and partnership Gin: the classic
family's players (:func:`family_agent_specs`: Gin's players taught the upcard
offer), each shown its own game as a two-player view.

A seat of a table round plays one two-player game. :func:`game_view` turns
its view into the view that game's round would give it: two seats (the
game's first player 0, the other 1), its hand, its game's stock, discard pile
and events, the two players' totals, the game's ``extra`` (its dealer as seat
1). So no new strategy is needed: ``ai:easy``, ``ai:normal`` and ``ai:hard``
play their game as in classic Gin (``ai:hard`` searching on the game's own
information state, ``TableRound.information``), and ``ai:search`` (core's)
plays the seat's own game out. A partnership player does not weigh the other
game's score; a player of Gin for three does not weigh the third total.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from rummykit import Action, AgentSpec, BaseAgent, Event, InfoState, MatchContext, TableMeld, View

from .bots import family_agent_specs

__all__ = ["TableAgent", "TableFactory", "game_view", "register_table_bots", "table_agent_specs"]

#: What a table round adds to a game's ``extra``.
TABLE_KEYS = ("opponent", "game", "partner", "other_game", "sitting_out")


def game_seats(view: View) -> tuple[int, int] | None:
    """The match seats of the game of ``view``'s seat (its first player
    first), or ``None`` when the seat has no game."""
    opponent = view.extra.get("opponent")
    if opponent is None:
        return None
    first = view.extra.get("first_seat")
    return (view.seat, opponent) if first == view.seat else (opponent, view.seat)


def game_view(view: View) -> View:
    """``view`` (a seat's view of a table round) as its own game's two-seat
    view; a two-seat view as it is."""
    if view.n_seats == 2:
        return view
    seats = game_seats(view)
    if seats is None:
        return view
    inv = {seats[0]: 0, seats[1]: 1}
    extra = {k: v for k, v in view.extra.items() if k not in TABLE_KEYS}
    extra["first_seat"] = 0
    extra["dealer"] = 1
    scores = tuple(view.scores[s] for s in seats) if len(view.scores) == view.n_seats else ()
    history = tuple(
        Event(inv[e.seat], e.action, e.card, e.private, e.pile_closed) for e in view.history if e.seat in inv
    )
    return View(
        variant=view.variant,
        seat=inv[view.seat],
        n_seats=2,
        to_act=inv.get(view.to_act) if view.to_act is not None else None,
        hand=view.hand,
        hand_sizes=tuple(view.hand_sizes[s] for s in seats),
        stock_size=view.stock_size,
        discard_pile=view.discard_pile,
        table=tuple(TableMeld(m.number, inv.get(m.owner, 0), m.cards) for m in view.table),
        history=history,
        legal=view.legal,
        round_index=view.round_index,
        scores=scores,
        extra=extra,
        options=view.options,
        match=MatchContext(view.round_index, 2, 1, (0, 1), (), scores) if scores else None,
    )


class TableAgent(BaseAgent):
    """A two-player player (``inner``) seated at a table round: it decides on
    its own game's view (:func:`game_view`)."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.wants_information = bool(getattr(inner, "wants_information", False))
        flag = getattr(inner, "observes", None)  # an OfferAgent knows of the player it wraps
        if flag is None:
            watch = getattr(type(inner), "observe", None)
            flag = watch is not None and watch is not BaseAgent.observe
        self.observes = bool(flag)

    def act(self, view: View, legal: Sequence[Action], info: InfoState | None = None) -> Action:
        shown = game_view(view)
        if self.wants_information:
            return self.inner.act(shown, legal, info=info)
        return self.inner.act(shown, legal)

    def observe(self, event: Event, view: View) -> None:
        """Told an event of its own game (with the game's seats); the other
        game's events are not its game's."""
        if not self.observes:
            return
        if view.n_seats == 2:
            self.inner.observe(event, view)
            return
        seats = game_seats(view)
        if seats is not None and event.seat in seats:
            moved = Event(seats.index(event.seat), event.action, event.card, event.private, event.pile_closed)
            self.inner.observe(moved, game_view(view))

    def explain(self, view: View, action: Action) -> str:
        why = getattr(self.inner, "explain", None)
        return why(game_view(view), action) if why is not None else action.notation()


class TableFactory:
    """An :class:`AgentSpec` factory making ``factory``'s player wrapped in a
    :class:`TableAgent` (picklable: a plain object)."""

    def __init__(self, factory: Callable[[int, int, Any], Any]) -> None:
        self.factory = factory

    def __call__(self, seat: int, seed: int, options: Any) -> TableAgent:
        return TableAgent(self.factory(seat, seed, options))


def table_agent_specs(variant: str) -> list[AgentSpec[Any]]:
    """The family's players for the table form ``variant``, each a
    :class:`TableAgent`."""
    return [replace(s, factory=TableFactory(s.factory)) for s in family_agent_specs(variant)]


def register_table_bots(register: Callable[[AgentSpec[Any]], None]) -> None:
    """Register the players of ``gin-3`` and ``gin-partners``."""
    for variant in ("gin-3", "gin-partners"):
        for spec in table_agent_specs(variant):
            register(spec)
