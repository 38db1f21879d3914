"""What a Gin seat can know, read from its :class:`View` alone.

:func:`read_view` replays the seat's own history (RULES.md §3: a stock draw shows
its card only to the drawer) and keeps track of the opponent's picks and passes:

* ``opp_held`` – cards the opponent took from the discard pile and still holds;
* ``opp_took`` – every card it took from the pile (held or not);
* ``opp_passed`` – upcards it declined (it drew from the stock instead);
* ``opp_discards`` – cards it discarded, in order;
* ``dead`` – discard-pile cards under the top: nobody can ever draw them;
* ``unseen`` – every card this seat has not seen: in the stock or in the
  opponent's hand (``opp_unknown`` of them are in the hand).

Everything is an int bitmask (bit ``card``) unless said otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

from rummykit.core.actions import DRAW_STOCK, TAKE_DISCARD
from rummykit.core.cards import FULL_DECK
from rummykit.core.engine import View

__all__ = ["Knowledge", "read_view", "mask_of"]


def mask_of(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


@dataclass(slots=True)
class Knowledge:
    seat: int
    opp: int
    hand: int
    top: int | None
    dead: int
    opp_held: int
    opp_took: int
    opp_passed: int
    opp_discards: list[int]
    my_discards: list[int]
    unseen: int
    opp_unknown: int
    stock: int
    opp_turns: int  # draws the opponent has made this round
    my_turns: int


def read_view(view: View) -> Knowledge:
    me = view.seat
    opp = 1 - me if view.n_seats == 2 else (me + 1) % view.n_seats
    hand = mask_of(view.hand)
    pile = list(view.discard_pile)
    history = view.history
    # Undo the history to find the pile as dealt, then replay it forwards.
    start = list(pile)
    for e in reversed(history):
        kind = e.action.kind
        if kind == TAKE_DISCARD:
            if e.card is not None:
                start.append(e.card)
        elif kind != DRAW_STOCK and e.action.cards:
            if start:
                start.pop()
    cur = start
    opp_held = opp_took = opp_passed = 0
    opp_discards: list[int] = []
    my_discards: list[int] = []
    opp_turns = my_turns = 0
    for e in history:
        kind = e.action.kind
        if kind == DRAW_STOCK:
            if e.seat == opp:
                opp_turns += 1
                if cur:
                    opp_passed |= 1 << cur[-1]
            else:
                my_turns += 1
        elif kind == TAKE_DISCARD:
            card = cur.pop() if cur else e.card
            if e.seat == opp:
                opp_turns += 1
                opp_took |= 1 << card
                opp_held |= 1 << card
            else:
                my_turns += 1
        elif e.action.cards:
            card = e.action.cards[0]
            cur.append(card)
            if e.seat == opp:
                opp_discards.append(card)
                opp_held &= ~(1 << card)
            else:
                my_discards.append(card)
    pile_mask = mask_of(pile)
    top = pile[-1] if pile else None
    dead = pile_mask & ~(1 << top) if top is not None else 0
    unseen = FULL_DECK & ~hand & ~pile_mask & ~opp_held
    opp_size = view.hand_sizes[opp] if len(view.hand_sizes) > opp else 10
    opp_unknown = max(0, opp_size - opp_held.bit_count())
    return Knowledge(
        seat=me,
        opp=opp,
        hand=hand,
        top=top,
        dead=dead,
        opp_held=opp_held,
        opp_took=opp_took,
        opp_passed=opp_passed,
        opp_discards=opp_discards,
        my_discards=my_discards,
        unseen=unseen,
        opp_unknown=opp_unknown,
        stock=view.stock_size,
        opp_turns=opp_turns,
        my_turns=my_turns,
    )
