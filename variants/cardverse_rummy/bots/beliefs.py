"""CardVerse's beliefs: core's card model (:mod:`rummykit.core.bots.beliefs`:
the neighbours of what each opponent took, passed on and threw), and with more
than two seats what the table and the opponents' choices say of a hand.

A player that adds to the table melds as soon as it can holds no card that
fits one after its turn. With three or four seats every card that fits a table
meld now is less likely in an opponent's hand (:attr:`CardVerseModel.fits_many`,
a log-odds, once the opponent has had a turn).

Whole hands (:meth:`CardVerseModel.hands`, with :attr:`CardVerseModel.hands_seats`
seats or more): a player that lays its melds down at once holds none after its
turn, and one that takes the pile's top whenever it completes a meld holds no
two cards it would have completed. Players that hold their melds back exist,
so both are likelihoods, not bans: a hand drawn for an opponent that has had a
turn is kept with chance :attr:`~CardVerseModel.meld_keep` when it holds a meld
(:attr:`~CardVerseModel.holder_keep` once the opponent is seen holding back: a
card it took from the pile stayed in its hand through its turn), and with
chance :attr:`~CardVerseModel.pass_keep` when the upcard it passed on at its
last draw completes a meld with two of its cards. A player that throws its
highest card (every built-in bot does, short of keeping a card that may still
join a meld) holds after its turn no card worth more than the one it threw: a
hand is kept with chance :attr:`~CardVerseModel.high_keep` for each card worth
more than that discard with no partner in the hand (a card of its rank, or of
its suit up to two ranks away), :attr:`~CardVerseModel.guarded_keep` for each
such card with one. The part every such card shares, ``guarded_keep``, goes
into the card's weight (log-odds), so the deal draws fewer of them to begin
with and the hand's test refuses only for the cards without a partner
(``high_keep / guarded_keep`` each). Only the seat's own view is read (its
:class:`~rummykit.core.bots.seen.Seen`: turns, cards taken and still held, the
last pass, the discards).

Every keep chance is 1 by default (no likelihood of whole hands: the deals are
the card weights' alone, draw for draw) and ``ai:hard`` uses the defaults;
:data:`HANDS` is the model with them, opt-in: it knows more of the hands
(docs/bots.md, "Beliefs") but measured no stronger.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rummykit.core.bots.beliefs import CardModel, table_fits
from rummykit.core.bots.seen import Seen
from rummykit.core.cards.card import points

from .common import completes

if TYPE_CHECKING:
    from rummykit.core.engine.round import View

__all__ = ["HANDS", "PARTNERS", "CardVerseModel", "has_meld"]

_SUIT = (1 << 13) - 1


def _partners(c: int) -> int:
    suit, rank = divmod(c, 13)
    pos = (rank - 1) % 13  # the ace after the king
    out = sum(1 << (s * 13 + rank) for s in range(4) if s != suit)
    for d in (-2, -1, 1, 2):
        if 0 <= pos + d < 13:
            out |= 1 << (suit * 13 + (pos + d + 1) % 13)
    return out


#: ``PARTNERS[c]``: the cards that may join ``c`` in a meld with one more card
#: (its rank; its suit up to two ranks away, the ace high).
PARTNERS: tuple[int, ...] = tuple(_partners(c) for c in range(52))
_POINTS = tuple(points(c) for c in range(52))


def has_meld(hand: int) -> bool:
    """Whether the cards of ``hand`` (a mask of the 52 cards) hold a meld: three
    of a rank, or three in a row of a suit with the ace high (Q-K-A, never A-2-3)."""
    a, b, c, d = (hand >> (13 * s) & _SUIT for s in range(4))
    if (a & b & (c | d)) | (c & d & (a | b)):
        return True
    for x in (a, b, c, d):
        x = x >> 1 | (x & 1) << 12  # the ace after the king
        if x & x >> 1 & x >> 2:
            return True
    return False


@dataclass(frozen=True)
class CardVerseModel(CardModel):
    """Core's :class:`CardModel`, ``fits_many`` (log-odds) for a card that fits
    a table meld with more than two seats, and the likelihood of whole hands
    (see the module) with ``hands_seats`` seats or more: every keep chance 1
    by default (none; :data:`HANDS` sets them)."""

    fits_many: float = -2.0
    #: Chance to keep a hand holding a meld, for an opponent that has had a turn ...
    meld_keep: float = 1.0
    #: ... and for one seen holding back (a card it took stayed in hand through its turn).
    holder_keep: float = 1.0
    #: Chance to keep a hand in which the upcard it passed on at its last draw completes a meld.
    pass_keep: float = 1.0
    #: Chance to keep a hand for each card worth more than the opponent's last
    #: discard with no partner in the hand ...
    high_keep: float = 1.0
    #: ... and for each such card with one.
    guarded_keep: float = 1.0
    #: Whole hands are weighed with this many seats or more.
    hands_seats: int = 3

    def scores(self, seen: Seen, opponent: int, table: Sequence[Sequence[int]] = ()) -> list[float]:
        out = super().scores(seen, opponent, table)
        if self.fits_many and len(seen.turns) > 2 and seen.turns[opponent] > 0:
            for c in table_fits(table):
                out[c] += self.fits_many
        thrown = seen.discards[opponent]
        if len(seen.turns) >= self.hands_seats and 0 < self.guarded_keep < 1 and thrown and thrown[-1] < 52:
            top, shared = _POINTS[thrown[-1]], math.log(self.guarded_keep)
            for c in range(52):
                if _POINTS[c] > top:
                    out[c] += shared
        return out

    def hands(self, seen: Seen, view: View) -> Callable[[int, list[int]], float] | None:
        chances = (self.meld_keep, self.holder_keep, self.pass_keep, self.high_keep, self.guarded_keep)
        if len(seen.turns) < self.hands_seats or min(chances) >= 1:
            return None
        turns, held, last_pass = seen.turns, seen.held, seen.last_pass
        thrown = [d[-1] if d and d[-1] < 52 else None for d in seen.discards]
        meld_keep, holder_keep, pass_keep = chances[:3]
        alone = self.high_keep / self.guarded_keep if self.guarded_keep > 0 else self.high_keep

        def keep(opponent: int, cards: list[int]) -> float:
            if not turns[opponent]:
                return 1.0
            hand = held[opponent]
            for c in cards:
                hand |= 1 << c
            p = 1.0
            if has_meld(hand):
                p = holder_keep if held[opponent] else meld_keep
            t = last_pass[opponent]
            if t is not None and t < 52 and completes(hand, t):
                p *= pass_keep
            d = thrown[opponent]
            if d is not None:
                top = _POINTS[d]
                for c in cards:
                    if _POINTS[c] > top and not hand & PARTNERS[c]:
                        p *= alone
            return p

        return keep


#: CardVerse's model with the likelihood of whole hands and the table fits of
#: melds untouched since each opponent's turn, at the chances measured in
#: docs/bots.md ("Beliefs"). Opt-in: the likelihood gain is measured, a gain in
#: strength was not (``ai:hard`` keeps :class:`CardVerseModel` with its
#: defaults; ``agent.beliefs = Beliefs(HANDS)`` gives a searching bot this one).
HANDS = CardVerseModel(
    meld_keep=0.25,
    holder_keep=0.8,
    pass_keep=0.4,
    high_keep=0.1,
    guarded_keep=0.5,
    table_since_turn=True,
)
