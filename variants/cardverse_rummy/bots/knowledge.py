"""What a CardVerse seat can know, read from its :class:`View` alone, and the
table as a bit-mask structure for fast "what can I shed" questions.

:func:`read_view` reads the seat's own history (``core/bots/seen.py``: a stock draw
shows its card only to the drawer) and keeps, for every opponent, the cards it
took from the discard pile and still holds, the upcards it passed on (it drew
from the stock instead), what it discarded, and what fitted the table after its
last discard. ``unseen`` holds every card this seat has not
seen (in the stock or in an opponent's hand).

:class:`Table` answers, for a hand: which sets of its cards could be added to
the table melds now (runs grow at either end by chains, a three-card set takes
its fourth card), and the least unmelded points left after melding and adding
(optionally after the best discard too). Runs are ace high (after the king).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product
from typing import TYPE_CHECKING

from rummykit.core.bots.seen import SeenReader
from rummykit.core.cards.card import FULL_DECK, from_mask, to_mask
from rummykit.core.engine.round import View

from ..table import card_at, position

if TYPE_CHECKING:
    from rummykit.core.cards.solver import MeldSolver

__all__ = ["Knowledge", "Table", "card_at", "position", "read_view"]


@dataclass(slots=True)
class Knowledge:
    seat: int
    n_seats: int
    hand: int
    top: int | None
    table: int  # every card in a table meld
    held: list[int]  # per seat: cards taken from the pile and still held (0 for this seat)
    took: list[int]
    passed: list[int]
    discards: list[list[int]]
    unseen: int
    unknown: list[int]  # per seat: cards in hand not known to this seat (0 for this seat)
    sizes: tuple[int, ...]
    stock: int
    turns: list[int] = field(default_factory=list)  # draws made this round, per seat


def read_view(view: View, reader: SeenReader | None = None) -> Knowledge:
    """What ``view``'s seat knows; ``reader``, the seat's own, reads only the
    events since its last view."""
    n = view.n_seats
    me = view.seat
    hand = to_mask(view.hand)
    pile = view.discard_pile
    seen = (reader if reader is not None else SeenReader()).read(view)
    held = seen.held
    table = 0
    for tm in view.table:
        table |= to_mask(tm.cards)
    pile_mask = to_mask(pile)
    known = 0
    for s in range(n):
        known |= held[s]
    unseen = FULL_DECK & ~hand & ~pile_mask & ~table & ~known
    sizes = tuple(view.hand_sizes)
    unknown = [0 if s == me else max(0, sizes[s] - held[s].bit_count()) for s in range(n)]
    return Knowledge(
        seat=me,
        n_seats=n,
        hand=hand,
        top=pile[-1] if pile else None,
        table=table,
        held=held,
        took=seen.took,
        passed=seen.passed,
        discards=seen.discards,
        unseen=unseen,
        unknown=unknown,
        sizes=sizes,
        stock=view.stock_size,
        turns=seen.turns,
    )


class Table:
    """The table melds of a view, ready for fast questions about a hand."""

    def __init__(self, melds: list[tuple[int, int]], solver: MeldSolver) -> None:
        """``melds``: (number, card mask) per table meld."""
        self.solver = solver
        # Per meld: a list of card chains (each in laying order) that could go on it.
        self.chains: list[tuple[int, list[tuple[int, ...]]]] = []
        reach = 0
        for number, mask in melds:
            cards = list(from_mask(mask))
            ranks = {c % 13 for c in cards}
            if len(ranks) == 1:  # a set
                if len(cards) >= 4:
                    continue
                r = cards[0] % 13
                missing = next(s * 13 + r for s in range(4) if not mask >> (s * 13 + r) & 1)
                self.chains.append((number, [(missing,)]))
                reach |= 1 << missing
                continue
            suit = cards[0] // 13
            pos = sorted(position(c) for c in cards)
            below = tuple(card_at(suit, p) for p in range(pos[0] - 1, -1, -1))
            above = tuple(card_at(suit, p) for p in range(pos[-1] + 1, 13))
            chains = [ch for ch in (below, above) if ch]
            if chains:
                self.chains.append((number, chains))
            for ch in chains:
                reach |= to_mask(ch)
        self.reach = reach

    def options(self, hand: int) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
        """Every way to add cards of ``hand`` to the table now: ``(mask of the cards
        added, ((card, meld number), ...) in a playable order)``; the first is
        ``(0, ())``. A card is used once."""
        if not hand & self.reach:
            return [(0, ())]
        per: list[list[tuple[int, tuple[tuple[int, int], ...]]]] = []
        for number, chains in self.chains:
            ends: list[list[tuple[int, ...]]] = []
            for ch in chains:
                k = 0
                while k < len(ch) and hand >> ch[k] & 1:
                    k += 1
                ends.append([ch[:i] for i in range(k + 1)])
            if all(len(e) == 1 for e in ends):
                continue
            opts = []
            for combo in product(*ends):
                cards = tuple(c for part in combo for c in part)
                opts.append((to_mask(cards), tuple((c, number) for c in cards)))
            per.append(opts)
        if not per:
            return [(0, ())]
        out = []
        for pick in product(*per):
            m = 0
            ok = True
            seq: tuple[tuple[int, int], ...] = ()
            for mask, s in pick:
                if m & mask:
                    ok = False
                    break
                m |= mask
                seq += s
            if ok:
                out.append((m, seq))
        return out

    def deadwood(self, hand: int) -> int:
        """Least unmelded points after melding and adding what the hand can."""
        dw = self.solver.deadwood
        if not hand & self.reach:
            return dw(hand)
        return min(dw(hand & ~m) for m, _ in self.options(hand))

    def best_discard(self, hand: int) -> int:
        """Least unmelded points after melding, adding and one discard (0: the hand
        can go out: everything melded or added but at most one card)."""
        bd = self.solver.best_discard
        if not hand & self.reach:
            return bd(hand)[1] if hand else 0
        best: int | None = None
        for m, _ in self.options(hand):
            rest = hand & ~m
            v = bd(rest)[1] if rest else 0
            if best is None or v < best:
                best = v
                if v == 0:
                    break
        assert best is not None  # options() holds at least (0, ())
        return best
