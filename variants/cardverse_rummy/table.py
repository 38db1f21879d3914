"""Bitmask helpers for CardVerse melds on the table (ace high, after the king).

A card is ``suit * 13 + rank`` with rank 0 the ace (rummykit.core.cards.card). In
CardVerse runs the ace sits after the king only, so a run's *position* order is
2, 3, ..., K, A (positions 0..12). These helpers answer one question fast: which
cards can be added to a table meld (docs/rules.md §2 "Turn": "a run extended at an
end, a set to four")? Validity of new melds comes from rummykit.core.cards.melds.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from rummykit.core.cards.card import from_mask, pretty

ACE_HIGH = True  # CardVerse: the ace is always high in runs


def position(card: int) -> int:
    """Run position 0..12 (2 is 0, king 11, ace 12)."""
    r = card % 13
    return 12 if r == 0 else r - 1


def card_at(suit: int, pos: int) -> int:
    return suit * 13 + (0 if pos == 12 else pos + 1)


cards_of = from_mask  # the core's (table-driven) cards of a bitmask


def _suit_orders() -> tuple[tuple[int, ...], ...]:
    out = []
    for p in range(1 << 13):
        ranks = [r for r in range(1, 13) if p >> r & 1]
        if p & 1:
            ranks.append(0)
        out.append(tuple(ranks))
    return tuple(out)


_ACE_HIGH_RANKS = _suit_orders()  # 13-bit rank pattern -> its ranks, ace last


class _SuitCards(dict[int, tuple[int, ...]]):
    """One suit's cards in hand order, by the suit's 13-bit rank pattern (filled
    as patterns are met)."""

    def __init__(self, suit: int) -> None:
        super().__init__()
        self.base = 13 * suit

    def __missing__(self, pattern: int) -> tuple[int, ...]:
        cards = self[pattern] = tuple(self.base + r for r in _ACE_HIGH_RANKS[pattern])
        return cards


_CLUBS, _DIAMONDS, _HEARTS, _SPADES = (_SuitCards(s) for s in range(4))


def hand_order(mask: int) -> tuple[int, ...]:
    """The cards of ``mask`` sorted for display: by suit, then rank with the ace last
    (the same order as ``sorted_cards(..., ace_high=True)``), fast."""
    return (
        _CLUBS[mask & 0x1FFF]
        + _DIAMONDS[mask >> 13 & 0x1FFF]
        + _HEARTS[mask >> 26 & 0x1FFF]
        + _SPADES[mask >> 39 & 0x1FFF]
    )


_SUIT = 0x1FFF  # one suit of a mask


def has_meld(hand: int) -> bool:
    """Whether ``hand`` (a mask) holds a meld: a set of three, or a run of three
    with the ace high (after the king)."""
    c, d, h, s = hand & _SUIT, hand >> 13 & _SUIT, hand >> 26 & _SUIT, hand >> 39 & _SUIT
    if (c & d & (h | s)) | (h & s & (c | d)):
        return True
    for p in (c, d, h, s):
        q = (p >> 1) | (p & 1) << 12  # run order: 2 ... K, A
        if q & q >> 1 & q >> 2:
            return True
    return False


@cache
def extensions(mask: int) -> int:
    """The cards that may be added to the valid table meld ``mask`` (a mask)."""
    cards = cards_of(mask)
    first = cards[0]
    if all(c % 13 == first % 13 for c in cards):  # a set
        if len(cards) >= 4:
            return 0
        rank = first % 13
        out = 0
        for s in range(4):
            c = s * 13 + rank
            if not mask >> c & 1:
                out |= 1 << c
        return out
    suit = first // 13
    pos = sorted(position(c) for c in cards)
    out = 0
    if pos[0] > 0:
        out |= 1 << card_at(suit, pos[0] - 1)
    if pos[-1] < 12:
        out |= 1 << card_at(suit, pos[-1] + 1)
    return out


def codes_text(cards: Iterable[int]) -> str:
    """Cards as people type them, for error messages: ``7H 8H 10H``."""
    return " ".join(pretty(c, ascii=True) for c in cards)


def card_text(card: int) -> str:
    return pretty(card, ascii=True)


__all__ = [
    "card_at",
    "card_text",
    "cards_of",
    "codes_text",
    "extensions",
    "hand_order",
    "has_meld",
    "position",
]
