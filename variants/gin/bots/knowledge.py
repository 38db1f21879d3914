"""What a Gin seat can know, read from its :class:`View` alone.

:func:`read_view` reads the seat's own history (``core/bots/seen.py``; docs/rules.md §3
"What a player sees": a stock draw shows its card only to the drawer) for the
opponent's picks and passes:

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

from rummykit.core.bots.seen import SeenReader
from rummykit.core.cards.card import FULL_DECK, to_mask
from rummykit.core.engine.round import View

__all__ = ["Knowledge", "read_view", "seen_reader"]


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


def seen_reader() -> SeenReader:
    """A seat's memory of a Gin round, for :func:`read_view`: every action with
    a card other than a draw (a knock and gin too) discards it."""
    return SeenReader(pile_kinds=None)


def read_view(view: View, reader: SeenReader | None = None) -> Knowledge:
    """What ``view``'s seat knows; ``reader`` (from :func:`seen_reader`), the
    seat's own, reads only the events since its last view."""
    me = view.seat
    opp = 1 - me if view.n_seats == 2 else (me + 1) % view.n_seats
    hand = to_mask(view.hand)
    pile = view.discard_pile
    seen = (reader if reader is not None else seen_reader()).read(view)
    opp_held = seen.held[opp]
    pile_mask = to_mask(pile)
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
        opp_took=seen.took[opp],
        opp_passed=seen.passed[opp],
        opp_discards=seen.discards[opp],
        my_discards=seen.discards[me],
        unseen=unseen,
        opp_unknown=opp_unknown,
        stock=view.stock_size,
        opp_turns=seen.turns[opp],
        my_turns=seen.turns[me],
    )
