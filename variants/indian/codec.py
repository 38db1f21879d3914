"""Indian Rummy's moves as numbers, for the learning environments
(``VariantSpec.action_codec``): 0 draw stock, 1 take discard, 2 drop, then a
discard of each of the 106 cards, then a declaration laying each card down."""

from __future__ import annotations

from typing import Any

from rummykit.core.base.errors import RummyError
from rummykit.core.engine.actions import DRAW_STOCK, TAKE_DISCARD, Action

from .cards import DECK
from .round import DECLARE, DISCARD, DROP

FIXED = (DRAW_STOCK, TAKE_DISCARD, DROP)


class IndianCodec:
    """The action codec of ``indian`` (see the module)."""

    n = len(FIXED) + 2 * DECK
    pile_kinds = (DISCARD,)

    def encode(self, action: Action) -> int:
        if action.kind in FIXED and not action.cards:
            return FIXED.index(action.kind)
        if action.kind in (DISCARD, DECLARE) and len(action.cards) == 1 and 0 <= action.cards[0] < DECK:
            return len(FIXED) + (DECK if action.kind == DECLARE else 0) + action.cards[0]
        raise RummyError(f"the indian action codec has no index for {action.kind!r}")

    def decode(self, index: int) -> Action:
        if not isinstance(index, int) or not 0 <= index < self.n:
            raise RummyError(f"the indian action codec has no action {index!r}")
        if index < len(FIXED):
            return Action(FIXED[index])
        index -= len(FIXED)
        return Action(DECLARE if index >= DECK else DISCARD, (index % DECK,))


def indian_codec(spec: Any, n_seats: int) -> IndianCodec:
    return IndianCodec()
