"""The action numbering of the classic Gin family for the learning
environments (docs/env.md "Actions"): Gin's (``draw stock`` 0, ``take discard``
1, then ``discard``, ``knock`` and ``gin`` of each card, 52 each) and ``pass``
last: ``n`` = 159."""

from __future__ import annotations

from typing import Any

from rummykit import DECK_SIZE, DRAW_STOCK, TAKE_DISCARD, Action, RummyError

from .round import PASS, PASS_ACTION

__all__ = ["FamilyCodec", "family_codec"]

CARD_KINDS = ("discard", "knock", "gin")
_BASE = 2


class FamilyCodec:
    """Gin's numbering with ``pass`` as the last index."""

    pile_kinds = CARD_KINDS
    n = _BASE + DECK_SIZE * len(CARD_KINDS) + 1

    def __repr__(self) -> str:
        return f"FamilyCodec(n={self.n})"

    def encode(self, action: Action) -> int:
        kind, cards = action.kind, action.cards
        if action.target is None:
            if not cards:
                if kind == DRAW_STOCK:
                    return 0
                if kind == TAKE_DISCARD:
                    return 1
                if kind == PASS:
                    return self.n - 1
            elif kind in CARD_KINDS and len(cards) == 1 and 0 <= cards[0] < DECK_SIZE:
                return _BASE + DECK_SIZE * CARD_KINDS.index(kind) + cards[0]
        raise RummyError(f"the action codec has no index for {action.notation()!r} ({self!r})")

    def decode(self, index: int) -> Action:
        if not 0 <= index < self.n:
            raise RummyError(f"action index {index} is out of range (0 to {self.n - 1})")
        if index == self.n - 1:
            return PASS_ACTION
        if index < _BASE:
            return Action(DRAW_STOCK) if index == 0 else Action(TAKE_DISCARD)
        k, card = divmod(index - _BASE, DECK_SIZE)
        return Action(CARD_KINDS[k], (card,))


def family_codec(spec: Any, n_seats: int) -> FamilyCodec:
    """``VariantSpec.action_codec`` of the family's two-seat forms."""
    return FamilyCodec()
