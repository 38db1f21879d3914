"""What a seat has seen of every seat's dealings with the discard pile, read from
its :class:`View` alone: the ground the bots of every variant build their memory
on (docs/rules.md §3 "What a player sees": a stock draw shows its card only to the
drawer, a pick from the pile and a discard show their card to all).

:func:`read_seen` undoes the view's history to find the pile as dealt, then
replays it forwards, so that each draw from the stock is known to have passed on
the upcard of that moment and each pick to have taken it. Cards are int bitmasks
(bit ``card``) unless said otherwise.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from .actions import DRAW_STOCK, TAKE_DISCARD
from .engine import View

__all__ = ["Seen", "read_seen"]


@dataclass(slots=True)
class Seen:
    """Per seat (lists indexed by seat):

    * ``took`` – every card it took from the pile this round;
    * ``held`` – those it still holds (always 0 for the viewing seat);
    * ``passed`` – upcards it passed on (it drew from the stock instead);
    * ``last_pass`` – the upcard it passed on at its last draw (None: it took the
      upcard, or the pile was empty, or it has not drawn);
    * ``discards`` – the cards it put on the pile, in order (a list per seat);
    * ``last_discard_at`` – where its last discard stands in the history (-1: none);
    * ``turns`` – the draws it has made this round.
    """

    took: list[int]
    held: list[int]
    passed: list[int]
    last_pass: list[int | None]
    discards: list[list[int]]
    last_discard_at: list[int]
    turns: list[int]


def read_seen(view: View, pile_kinds: Collection[str] | None = ("discard",)) -> Seen:
    """Replay ``view.history``. ``pile_kinds``: the action kinds that put their
    (first) card on the discard pile; every other action with cards moves them from
    the hand to the table. ``None``: every action with cards other than a draw is a
    discard (Gin, where a knock and gin discard too)."""
    n = view.n_seats
    history = view.history
    # The pile as dealt: undo the picks (their card back on top) and the discards.
    start = list(view.discard_pile)
    for e in reversed(history):
        kind = e.action.kind
        if kind == TAKE_DISCARD:
            if e.card is not None:
                start.append(e.card)
        elif e.action.cards and (pile_kinds is None or kind in pile_kinds) and start:
            start.pop()
    pile = start
    took = [0] * n
    held = [0] * n
    passed = [0] * n
    last_pass: list[int | None] = [None] * n
    discards: list[list[int]] = [[] for _ in range(n)]
    last_discard_at = [-1] * n
    turns = [0] * n
    for i, e in enumerate(history):
        kind = e.action.kind
        s = e.seat
        if kind == DRAW_STOCK:
            turns[s] += 1
            up = pile[-1] if pile else None
            last_pass[s] = up
            if up is not None:
                passed[s] |= 1 << up
        elif kind == TAKE_DISCARD:
            turns[s] += 1
            last_pass[s] = None
            card = pile.pop() if pile else e.card
            if card is not None:
                took[s] |= 1 << card
                held[s] |= 1 << card
        elif e.action.cards and (pile_kinds is None or kind in pile_kinds):
            card = e.action.cards[0]
            pile.append(card)
            discards[s].append(card)
            last_discard_at[s] = i
            held[s] &= ~(1 << card)
        else:  # melds, additions: the cards leave the hand for the table
            for c in e.action.cards:
                held[s] &= ~(1 << c)
    held[view.seat] = 0
    return Seen(took, held, passed, last_pass, discards, last_discard_at, turns)
