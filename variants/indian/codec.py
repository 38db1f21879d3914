"""Indian Rummy's moves as numbers, for the learning environments
(``VariantSpec.action_codec``, docs/env.md "Actions"): 0 draw stock, 1 take
discard, 2 drop, then a discard of each card as a player names it (the 52
cards, ``suit * 13 + rank``, then a printed joker: 53), then a declaration
laying each of them face down (53 more): ``n`` = 109.

Copies of a card share one index, as they are one card to a player: a legal
move names one copy of each card the hand holds (the lowest), and
:meth:`IndianCodec.decode` gives the first copy, the same move to a player.
The codec also tells the observation what it needs of the deal (docs/env.md
"Observations"): no melds on the table, the wild rank of the cut joker, the
cut card in ``extra`` as a card, and who dropped and who has drawn, seat by
seat.
"""

from __future__ import annotations

from typing import Any

from rummykit import DRAW_STOCK, TAKE_DISCARD, Action, CodecError, View

from .cards import BASE, DECK, FIRST_JOKER
from .round import DECLARE, DISCARD, DROP

__all__ = ["IndianCodec", "indian_codec"]

#: The moves without a card, in index order.
FIXED = (DRAW_STOCK, TAKE_DISCARD, DROP)
#: The moves with one card, in index order.
CARD_KINDS = (DISCARD, DECLARE)
#: The cards a player names: the 52, then a printed joker.
SLOTS = BASE + 1


class IndianCodec:
    """The action codec of ``indian`` (see the module)."""

    n = len(FIXED) + len(CARD_KINDS) * SLOTS
    pile_kinds = (DISCARD,)
    #: Indian Rummy lays no meld on the table.
    table_melds = 0
    #: The ``extra`` entry that is a card: the cut card.
    card_extras = ("cut",)
    #: The ``extra`` entries with a value per seat: who dropped, who has drawn.
    seat_extras = ("dropped", "drawn")

    def __repr__(self) -> str:
        return f"IndianCodec(n={self.n})"

    def wild_rank(self, view: View) -> int | None:
        """The rank the cut card makes wild (0 ace .. 12 king)."""
        wild = view.extra.get("wild")
        return wild if isinstance(wild, int) and not isinstance(wild, bool) else None

    def encode(self, action: Action) -> int:
        kind, cards = action.kind, action.cards
        if action.target is None:
            if not cards and kind in FIXED:
                return FIXED.index(kind)
            if kind in CARD_KINDS and len(cards) == 1 and 0 <= cards[0] < DECK:
                card = cards[0]
                slot = BASE if card >= FIRST_JOKER else card % BASE
                return len(FIXED) + SLOTS * CARD_KINDS.index(kind) + slot
        raise CodecError(f"the indian action codec has no index for {action.notation()!r}")

    def encode_all(self, actions: Any) -> list[int]:
        """The indices of a step's legal actions, in one call."""
        return [self.encode(a) for a in actions]

    def decode(self, index: int) -> Action:
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < self.n:
            raise CodecError(f"action index {index!r} is out of range (0 to {self.n - 1})")
        if index < len(FIXED):
            return Action(FIXED[index])
        k, slot = divmod(index - len(FIXED), SLOTS)
        return Action(CARD_KINDS[k], (FIRST_JOKER if slot == BASE else slot,))


def indian_codec(spec: Any, n_seats: int) -> IndianCodec:
    """``VariantSpec.action_codec`` of ``indian``."""
    return IndianCodec()
